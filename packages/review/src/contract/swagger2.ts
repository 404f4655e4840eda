/**
 * Swagger 2.0 operations read in the 3.x shape, so one comparison serves both versions:
 *   - A non-body parameter's (and a header's) schema keywords sit on the parameter itself
 *     (type, format, items, enum, bounds...): they are gathered into a schema object, registered
 *     under the parameter's pointer for line positions.
 *   - The `in: body` parameter is the request body, with one media type per `consumes` entry
 *     (the operation's, else the document's, else application/json).
 *   - formData parameters together are one request body: an object schema with a property per
 *     parameter, under multipart/form-data or application/x-www-form-urlencoded as `consumes`
 *     says (urlencoded by default).
 *   - A response's `schema` is its content, one media type per `produces` entry; `examples` by
 *     media type become that media type's example.
 * Owns the 2.0 reading only.
 */
import { arrayAt, isObject, isTrue, objectAt, stringAt, type JsonObject } from './json-value.js';
import type { LoadedSpec } from './load.js';
import type { OperationParts, RawParameter } from './operations.js';
import { joinPointer } from './pointer.js';
import { parameterKey, sourceOf, type SpecBody, type SpecHeader, type SpecMedia, type SpecParameter, type SpecResponse } from './spec-view.js';

/** The schema keywords a 2.0 parameter, header or items object carries on itself. */
export const SWAGGER2_SCHEMA_KEYS: readonly string[] = [
  'type', 'format', 'items', 'enum', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf', 'x-nullable',
];

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/** Gathers the schema keywords of a 2.0 parameter, header or items object into a schema. */
export function swagger2Schema(spec: LoadedSpec, node: JsonObject, source: string): JsonObject {
  const schema: JsonObject = {};
  for (const key of SWAGGER2_SCHEMA_KEYS) {
    if (node[key] === undefined) continue;
    const items = node[key];
    schema[key] = key === 'items' && isObject(items) ? swagger2Schema(spec, items, sourceOf(spec, items, joinPointer(source, 'items'))) : node[key];
  }
  spec.pointers.set(schema, source);
  return schema;
}

function mediaTypes(operation: JsonObject, document: JsonObject, key: 'consumes' | 'produces'): string[] {
  const own = arrayAt(operation, key).filter((type): type is string => typeof type === 'string');
  if (own.length > 0) return own;
  const inherited = arrayAt(document, key).filter((type): type is string => typeof type === 'string');
  return inherited.length > 0 ? inherited : ['application/json'];
}

function synthesized(spec: LoadedSpec, node: JsonObject, source: string): JsonObject {
  spec.pointers.set(node, source);
  return node;
}

function formBody(spec: LoadedSpec, form: RawParameter[], consumes: string[]): SpecBody | undefined {
  const first = form[0];
  if (!first) return undefined;
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const { node, source } of form) {
    const name = stringAt(node, 'name') ?? '';
    properties[name] = swagger2Schema(spec, node, source);
    if (isTrue(node, 'required')) required.push(name);
  }
  const schema = synthesized(spec, { type: 'object', properties, ...(required.length > 0 ? { required } : {}) }, first.source);
  const types = consumes.filter((type) => FORM_TYPES.includes(type));
  const content = new Map<string, SpecMedia>();
  for (const type of types.length > 0 ? types : ['application/x-www-form-urlencoded']) {
    content.set(type, { node: synthesized(spec, { schema }, first.source), schema, source: first.source });
  }
  return { node: synthesized(spec, { required: required.length > 0 }, first.source), required: required.length > 0, content, source: first.source };
}

// A media type made from a 2.0 body parameter or response is written where they are: its
// source is theirs (so `<source>/schema` is where the schema is written), never the schema's
// $ref target, and a response's example is its `examples/<media type>`.
function bodyOf(spec: LoadedSpec, body: RawParameter, consumes: string[]): SpecBody {
  const schema = objectAt(body.node, 'schema');
  const content = new Map<string, SpecMedia>();
  for (const type of consumes) content.set(type, { node: synthesized(spec, schema ? { schema } : {}, body.source), schema, source: body.source });
  return { node: body.node, required: isTrue(body.node, 'required'), content, source: body.source };
}

function responseOf(spec: LoadedSpec, node: JsonObject, source: string, produces: string[]): SpecResponse {
  const schema = objectAt(node, 'schema');
  const examples = objectAt(node, 'examples');
  const content = new Map<string, SpecMedia>();
  if (schema) {
    for (const type of produces) {
      const example = examples?.[type];
      const media = synthesized(spec, example === undefined ? { schema } : { schema, example }, source);
      content.set(type, { node: media, schema, source, exampleSource: joinPointer(source, 'examples', type) });
    }
  }
  const headers = new Map<string, SpecHeader>();
  for (const [name, header] of Object.entries(objectAt(node, 'headers') ?? {})) {
    if (!isObject(header)) continue;
    const headerSource = sourceOf(spec, header, joinPointer(source, 'headers', name));
    headers.set(name.toLowerCase(), { name, node: header, schema: swagger2Schema(spec, header, headerSource), required: false, source: headerSource });
  }
  return { node, content, headers, source };
}

/** Reads one 2.0 operation's parameters, body and responses in the 3.x shape. */
export function swagger2Parts(spec: LoadedSpec, path: string, parameters: RawParameter[], operation: JsonObject, source: string): OperationParts {
  const keyed = new Map<string, SpecParameter>();
  const form: RawParameter[] = [];
  let body: RawParameter | undefined;
  for (const parameter of parameters) {
    const location = stringAt(parameter.node, 'in') ?? '';
    const name = stringAt(parameter.node, 'name') ?? '';
    if (location === 'body') body = parameter;
    else if (location === 'formData') form.push(parameter);
    else {
      const key = parameterKey(path, location, name);
      const schema = swagger2Schema(spec, parameter.node, parameter.source);
      keyed.set(key, { key, in: location, name, node: parameter.node, schema, required: isTrue(parameter.node, 'required'), source: parameter.source });
    }
  }
  const consumes = mediaTypes(operation, spec.document, 'consumes');
  const requestBody = body ? bodyOf(spec, body, consumes) : formBody(spec, form, consumes);
  const produces = mediaTypes(operation, spec.document, 'produces');
  const responses = new Map<string, SpecResponse>();
  for (const [status, node] of Object.entries(objectAt(operation, 'responses') ?? {})) {
    if (isObject(node)) responses.set(status.toUpperCase(), responseOf(spec, node, sourceOf(spec, node, joinPointer(source, 'responses', status)), produces));
  }
  return { parameters: keyed, requestBody, responses };
}
