/**
 * Small spec builders for the contract tests, and the rule-case shape the rule tables use: a
 * base and a head document, the one rule the change must be classified by, and its severity.
 * Test support only; nothing in the axis imports it.
 */
import type { ContractSeverity } from './model.js';

export type Doc = Record<string, unknown>;

/** One rule's test: diffing base and head gives exactly `rule` (plus `also`), with `severity`. */
export interface RuleCase {
  rule: string;
  severity: ContractSeverity;
  base: Doc;
  head: Doc;
  /** Other rule ids the same pair is expected to give (rarely needed). */
  also?: string[];
}

export const INFO: Doc = { title: 'Pets', version: '1.0.0' };
const OK = { '200': { description: 'ok' } };

export function oas30(paths: Doc, extra: Doc = {}): Doc {
  return { openapi: '3.0.3', info: INFO, paths, ...extra };
}

export function oas31(paths: Doc, extra: Doc = {}): Doc {
  return { openapi: '3.1.0', info: INFO, paths, ...extra };
}

export function swagger20(paths: Doc, extra: Doc = {}): Doc {
  return { swagger: '2.0', info: INFO, paths, ...extra };
}

/** A 3.0 document with one operation (GET /pets unless said), `responses` defaulting to a 200. */
export function withOperation(operation: Doc, options: { method?: string; path?: string; extra?: Doc } = {}): Doc {
  return oas30({ [options.path ?? '/pets']: { [options.method ?? 'get']: { responses: OK, ...operation } } }, options.extra ?? {});
}

/** A 3.0 document whose POST /pets takes a required JSON body with this schema. */
export function requestSchemaDoc(schema: Doc): Doc {
  return withOperation({ requestBody: { required: true, content: { 'application/json': { schema } } } }, { method: 'post' });
}

/** A 3.0 document whose GET /pets answers 200 with a JSON body of this schema. */
export function responseSchemaDoc(schema: Doc): Doc {
  return withOperation({ responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } });
}

/** A parameter list document: GET /pets with these parameters. */
export function withParameters(...parameters: Doc[]): Doc {
  return withOperation({ parameters });
}

/** A document whose GET /pets 200 response has these headers. */
export function withHeaders(headers: Doc): Doc {
  return withOperation({ responses: { '200': { description: 'ok', headers } } });
}

/** A document with GET /pets secured as given, and these security schemes. */
export function withSecurity(security: unknown[] | undefined, schemes: Doc = { key: { type: 'apiKey', in: 'header', name: 'X-Key' } }): Doc {
  return withOperation(security === undefined ? {} : { security }, { extra: { components: { securitySchemes: schemes } } });
}

/** The text of a document as a JSON spec file (pretty, so each field has its own line). */
export function specText(doc: Doc): string {
  return JSON.stringify(doc, null, 2);
}
