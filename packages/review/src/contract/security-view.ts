/**
 * Security requirements to alternatives (security-view of spec-view.ts's SecurityAlternative),
 * and a document's security schemes by name, for both spec versions. Owns the reading only.
 */
import { isObject, objectAt, type JsonObject } from './json-value.js';
import type { LoadedSpec } from './load.js';
import { joinPointer } from './pointer.js';
import { sourceOf, type SecurityAlternative } from './spec-view.js';

/** The alternatives of a requirement list; an empty list is one anonymous alternative. */
export function securityAlternatives(requirements: unknown[]): SecurityAlternative[] {
  const alternatives = new Map<string, SecurityAlternative>();
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    const schemes = new Map<string, string[]>();
    for (const name of Object.keys(requirement).sort()) {
      const scopes = requirement[name];
      schemes.set(name, Array.isArray(scopes) ? scopes.filter((scope): scope is string => typeof scope === 'string').sort() : []);
    }
    const key = [...schemes.keys()].join('+');
    if (!alternatives.has(key)) alternatives.set(key, { key, schemes });
  }
  if (alternatives.size === 0) alternatives.set('', { key: '', schemes: new Map() });
  return [...alternatives.values()];
}

/** The effective requirements of an operation: its own list when it has one, else the document's. */
export function effectiveSecurity(operation: JsonObject, document: JsonObject): SecurityAlternative[] {
  const own = operation.security;
  const inherited = document.security;
  return securityAlternatives(Array.isArray(own) ? own : Array.isArray(inherited) ? inherited : []);
}

export interface SecuritySchemeEntry {
  node: JsonObject;
  source: string;
}

/** A document's security schemes by name (3.x components.securitySchemes, 2.0 securityDefinitions). */
export function securitySchemes(spec: LoadedSpec): Map<string, SecuritySchemeEntry> {
  const base = spec.version === '2.0' ? '/securityDefinitions' : '/components/securitySchemes';
  const holder = spec.version === '2.0' ? objectAt(spec.document, 'securityDefinitions') : objectAt(objectAt(spec.document, 'components'), 'securitySchemes');
  const schemes = new Map<string, SecuritySchemeEntry>();
  for (const [name, node] of Object.entries(holder ?? {})) {
    if (isObject(node)) schemes.set(name, { node, source: sourceOf(spec, node, joinPointer(base, name)) });
  }
  return schemes;
}

/**
 * The OAuth scopes a scheme offers (all flows together, 3.x; the `scopes` map, 2.0), each with
 * the pointer, relative to the scheme, of the first place it is written.
 */
export function offeredScopes(scheme: JsonObject): Map<string, string> {
  const scopes = new Map<string, string>();
  const add = (holder: unknown, ...at: string[]): void => {
    for (const scope of Object.keys(isObject(holder) ? holder : {})) if (!scopes.has(scope)) scopes.set(scope, joinPointer('', ...at, scope));
  };
  add(scheme.scopes, 'scopes');
  for (const [name, flow] of Object.entries(objectAt(scheme, 'flows') ?? {})) {
    if (isObject(flow)) add(flow.scopes, 'flows', name, 'scopes');
  }
  return scopes;
}

/** A scheme without its description and scopes: what must stay equal for clients to authenticate. */
export function schemeMechanics(scheme: JsonObject): JsonObject {
  const { description: _description, scopes: _scopes, flows, ...rest } = scheme;
  if (!isObject(flows)) return rest;
  const bareFlows: JsonObject = {};
  for (const [name, flow] of Object.entries(flows)) {
    if (!isObject(flow)) continue;
    const { scopes: _flowScopes, ...flowRest } = flow;
    bareFlows[name] = flowRest;
  }
  return { ...rest, flows: bareFlows };
}
