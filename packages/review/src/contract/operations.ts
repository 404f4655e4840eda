/**
 * A loaded spec to the diff's view of it (spec-view.ts): every operation of `paths`, keyed by
 * method and path template, with path-level parameters merged under the operation's own (the
 * operation's win, by location and name). OpenAPI 3.x parts are read here; Swagger 2.0 parts by
 * swagger2.ts. Owns the reading of operations; nothing here compares.
 */
import { arrayAt, isObject, isTrue, objectAt, stringAt, type JsonObject } from './json-value.js';
import type { LoadedSpec } from './load.js';
import { joinPointer } from './pointer.js';
import { effectiveSecurity } from './security-view.js';
import { HTTP_METHODS, parameterKey, sourceOf, type SpecBody, type SpecHeader, type SpecMedia, type SpecOperation, type SpecParameter, type SpecResponse, type SpecView } from './spec-view.js';
import { swagger2Parts } from './swagger2.js';

/** A parameter met in a path item or an operation, before it is keyed. */
export interface RawParameter {
  node: JsonObject;
  source: string;
}

/** What a version-specific reader makes of one operation. */
export interface OperationParts {
  parameters: Map<string, SpecParameter>;
  requestBody: SpecBody | undefined;
  responses: Map<string, SpecResponse>;
}

export type PartsReader = (spec: LoadedSpec, path: string, parameters: RawParameter[], operation: JsonObject, source: string) => OperationParts;

function mergedParameters(spec: LoadedSpec, pathItem: JsonObject, pathItemSource: string, operation: JsonObject, source: string): RawParameter[] {
  const byPlace = new Map<string, RawParameter>();
  const add = (list: unknown[], holder: string): void => {
    list.forEach((node, index) => {
      if (!isObject(node)) return;
      const place = `${stringAt(node, 'in') ?? ''}:${stringAt(node, 'name') ?? ''}`;
      byPlace.set(place, { node, source: sourceOf(spec, node, joinPointer(holder, 'parameters', index)) });
    });
  };
  add(arrayAt(pathItem, 'parameters'), pathItemSource);
  add(arrayAt(operation, 'parameters'), source);
  return [...byPlace.values()];
}

/** The schema of a 3.x parameter or header: its own, or that of its one `content` media type. */
export function schemaOfParameter(node: JsonObject): JsonObject | undefined {
  const own = objectAt(node, 'schema');
  if (own) return own;
  const first = Object.values(objectAt(node, 'content') ?? {}).find(isObject);
  return first ? objectAt(first, 'schema') : undefined;
}

function mediaMap(spec: LoadedSpec, content: JsonObject | undefined, holder: string): Map<string, SpecMedia> {
  const media = new Map<string, SpecMedia>();
  for (const [type, node] of Object.entries(content ?? {})) {
    if (isObject(node)) media.set(type, { node, schema: objectAt(node, 'schema'), source: sourceOf(spec, node, joinPointer(holder, type)) });
  }
  return media;
}

function openApi3Parts(spec: LoadedSpec, path: string, parameters: RawParameter[], operation: JsonObject, source: string): OperationParts {
  const keyed = new Map<string, SpecParameter>();
  for (const { node, source: parameterSource } of parameters) {
    const location = stringAt(node, 'in') ?? '';
    const name = stringAt(node, 'name') ?? '';
    const key = parameterKey(path, location, name);
    keyed.set(key, { key, in: location, name, node, schema: schemaOfParameter(node), required: isTrue(node, 'required'), source: parameterSource });
  }
  const bodyNode = objectAt(operation, 'requestBody');
  const bodySource = sourceOf(spec, bodyNode, joinPointer(source, 'requestBody'));
  const requestBody = bodyNode && { node: bodyNode, required: isTrue(bodyNode, 'required'), content: mediaMap(spec, objectAt(bodyNode, 'content'), joinPointer(bodySource, 'content')), source: bodySource };
  const responses = new Map<string, SpecResponse>();
  for (const [status, node] of Object.entries(objectAt(operation, 'responses') ?? {})) {
    if (!isObject(node)) continue;
    const responseSource = sourceOf(spec, node, joinPointer(source, 'responses', status));
    const headers = new Map<string, SpecHeader>();
    for (const [name, header] of Object.entries(objectAt(node, 'headers') ?? {})) {
      if (!isObject(header)) continue;
      const headerSource = sourceOf(spec, header, joinPointer(responseSource, 'headers', name));
      headers.set(name.toLowerCase(), { name, node: header, schema: schemaOfParameter(header), required: isTrue(header, 'required'), source: headerSource });
    }
    const content = mediaMap(spec, objectAt(node, 'content'), joinPointer(responseSource, 'content'));
    responses.set(status.toUpperCase(), { node, content, headers, source: responseSource });
  }
  return { parameters: keyed, requestBody, responses };
}

function serverUrls(list: unknown[]): string[] {
  return list.filter(isObject).map((server) => stringAt(server, 'url')).filter((url): url is string => url !== undefined);
}

/** Builds the diff's view of a loaded spec. */
export function buildSpecView(spec: LoadedSpec, positions: (pointer: string) => number): SpecView {
  const operations = new Map<string, SpecOperation>();
  const paths = objectAt(spec.document, 'paths') ?? {};
  const readParts: PartsReader = spec.version === '2.0' ? swagger2Parts : openApi3Parts;
  for (const path of Object.keys(paths).sort()) {
    const pathItem = paths[path];
    if (!isObject(pathItem)) continue;
    const pathItemSource = sourceOf(spec, pathItem, joinPointer('/paths', path));
    for (const method of HTTP_METHODS) {
      const node = objectAt(pathItem, method);
      if (!node) continue;
      const key = `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
      if (operations.has(key)) continue;
      const source = sourceOf(spec, node, joinPointer(pathItemSource, method));
      const parts = readParts(spec, path, mergedParameters(spec, pathItem, pathItemSource, node, source), node, source);
      const ownServers = serverUrls(arrayAt(node, 'servers'));
      operations.set(key, {
        key,
        label: `${method.toUpperCase()} ${path}`,
        node,
        pathItem,
        source,
        pathItemSource,
        ...parts,
        security: effectiveSecurity(node, spec.document),
        servers: ownServers.length > 0 ? ownServers : serverUrls(arrayAt(pathItem, 'servers')),
      });
    }
  }
  return { spec, positions, operations };
}
