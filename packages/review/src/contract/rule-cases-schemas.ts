/**
 * Rule cases for the schema rules: each row is a base and a head schema and what the change is
 * in a request body and in a response body (the same edit is often breaking one way only).
 * Test data only.
 */
import type { ContractSeverity } from './model.js';
import { requestSchemaDoc, responseSchemaDoc, type Doc, type RuleCase } from './test-fixtures.js';

type Expected = [rule: string, severity: ContractSeverity] | null;

interface SchemaRow {
  base: Doc;
  head: Doc;
  request: Expected;
  response: Expected;
}

const B = 'breaking';
const N = 'non-breaking';
const I = 'informational';
const str = { type: 'string' };
const readOnly = { type: 'string', readOnly: true };
const writeOnly = { type: 'string', writeOnly: true };
const obj = (properties: Doc, required: string[] = []): Doc => ({ type: 'object', properties, ...(required.length > 0 ? { required } : {}) });
const both = (suffix: string, request: ContractSeverity, response: ContractSeverity): Pick<SchemaRow, 'request' | 'response'> => ({
  request: [`request-${suffix}`, request],
  response: [`response-${suffix}`, response],
});
const plain = (rule: string, severity: ContractSeverity): Pick<SchemaRow, 'request' | 'response'> => ({ request: [rule, severity], response: [rule, severity] });

const BOUND_PAIRS: Array<[kind: string, loose: Doc, tight: Doc]> = [
  ['max', { type: 'integer', maximum: 10 }, { type: 'integer', maximum: 5 }],
  ['min', { type: 'integer', minimum: 1 }, { type: 'integer', minimum: 5 }],
  ['max-length', { type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 }],
  ['min-length', { type: 'string', minLength: 1 }, { type: 'string', minLength: 3 }],
  ['max-items', { type: 'array', items: str, maxItems: 10 }, { type: 'array', items: str, maxItems: 5 }],
  ['min-items', { type: 'array', items: str, minItems: 1 }, { type: 'array', items: str, minItems: 2 }],
  ['max-properties', { type: 'object', maxProperties: 10 }, { type: 'object', maxProperties: 5 }],
  ['min-properties', { type: 'object', minProperties: 1 }, { type: 'object', minProperties: 2 }],
];

const BOUND_ROWS: SchemaRow[] = BOUND_PAIRS.flatMap(([kind, loose, tight]) => [
  { base: loose, head: tight, ...both(`schema-${kind}-tightened`, B, N) },
  { base: tight, head: loose, ...both(`schema-${kind}-loosened`, N, B) },
]);

const ROWS: SchemaRow[] = [
  { base: str, head: { type: 'integer' }, ...both('schema-type-changed', B, B) },
  { base: { type: 'integer' }, head: { type: 'number' }, ...both('schema-type-widened', N, B) },
  { base: { type: 'number' }, head: { type: 'integer' }, ...both('schema-type-narrowed', B, N) },
  { base: { type: 'string', format: 'date' }, head: { type: 'string', format: 'date-time' }, ...both('schema-format-changed', B, B) },
  { base: str, head: { type: 'string', format: 'email' }, ...both('schema-format-added', B, N) },
  { base: { type: 'string', format: 'email' }, head: str, ...both('schema-format-removed', N, B) },
  { base: { type: 'string', enum: ['a', 'b'] }, head: { type: 'string', enum: ['a'] }, ...both('schema-enum-value-removed', B, N) },
  { base: { type: 'string', enum: ['a'] }, head: { type: 'string', enum: ['a', 'b'] }, ...both('schema-enum-value-added', N, B) },
  { base: str, head: { type: 'string', enum: ['a'] }, ...both('schema-enum-added', B, N) },
  { base: { type: 'string', enum: ['a'] }, head: str, ...both('schema-enum-removed', N, B) },
  ...BOUND_ROWS,
  { base: { type: 'integer', multipleOf: 2 }, head: { type: 'integer', multipleOf: 4 }, ...both('schema-multiple-of-tightened', B, N) },
  { base: { type: 'integer', multipleOf: 4 }, head: { type: 'integer', multipleOf: 2 }, ...both('schema-multiple-of-loosened', N, B) },
  { base: { type: 'integer', multipleOf: 2 }, head: { type: 'integer', multipleOf: 3 }, ...both('schema-multiple-of-changed', B, B) },
  { base: str, head: { type: 'string', pattern: '^a' }, ...both('schema-pattern-added', B, N) },
  { base: { type: 'string', pattern: '^a' }, head: str, ...both('schema-pattern-removed', N, B) },
  { base: { type: 'string', pattern: '^a' }, head: { type: 'string', pattern: '^b' }, ...both('schema-pattern-changed', B, B) },
  { base: { type: 'array', items: str }, head: { type: 'array', items: str, uniqueItems: true }, ...both('schema-unique-items-enabled', B, N) },
  { base: { type: 'array', items: str, uniqueItems: true }, head: { type: 'array', items: str }, ...both('schema-unique-items-disabled', N, B) },
  { base: str, head: { type: 'string', nullable: true }, ...both('schema-became-nullable', N, B) },
  { base: { type: 'string', nullable: true }, head: str, ...both('schema-became-not-nullable', B, B) },
  { base: obj({ a: str }), head: obj({ a: str, b: str }), ...both('property-added', N, N) },
  { base: obj({ a: str }), head: obj({ a: str, b: str }, ['b']), request: ['request-required-property-added', B], response: ['response-property-added', N] },
  { base: obj({ a: str, b: str }), head: obj({ a: str }), ...both('property-removed', B, B) },
  { base: obj({ a: str }), head: obj({ a: str }, ['a']), ...both('property-became-required', B, N) },
  { base: obj({ a: str }, ['a']), head: obj({ a: str }), ...both('property-became-optional', N, B) },
  // readOnly properties do not travel in requests, writeOnly ones in responses.
  { base: obj({ a: str, b: readOnly }), head: obj({ a: str }), request: ['request-read-only-property-removed', N], response: ['response-property-removed', B] },
  { base: obj({ a: str, b: writeOnly }), head: obj({ a: str }), request: ['request-property-removed', B], response: ['response-write-only-property-removed', N] },
  { base: obj({ a: readOnly }), head: obj({ a: readOnly }, ['a']), request: ['request-read-only-property-became-required', N], response: ['response-property-became-required', N] },
  { base: obj({ a: writeOnly }, ['a']), head: obj({ a: writeOnly }), request: ['request-property-became-optional', N], response: ['response-write-only-property-became-optional', N] },
  { base: { type: 'object' }, head: { type: 'object', additionalProperties: false }, ...both('schema-additional-properties-restricted', B, N) },
  { base: { type: 'object', additionalProperties: false }, head: { type: 'object' }, ...both('schema-additional-properties-allowed', N, N) },
  { base: { oneOf: [str] }, head: { oneOf: [str, { type: 'integer' }] }, ...both('schema-variant-added', N, B) },
  { base: { anyOf: [str, { type: 'integer' }] }, head: { anyOf: [str] }, ...both('schema-variant-removed', B, N) },
  { base: { allOf: [obj({ a: str })] }, head: { allOf: [obj({ a: str }), { required: ['a'] }] }, ...both('schema-all-of-added', B, N) },
  { base: { allOf: [obj({ a: str }), { required: ['a'] }] }, head: { allOf: [obj({ a: str })] }, ...both('schema-all-of-removed', N, B) },
  { base: { type: 'object', discriminator: { propertyName: 'kind' } }, head: { type: 'object', discriminator: { propertyName: 'type' } }, ...both('schema-discriminator-changed', B, B) },
  { base: str, head: { type: 'string', not: { enum: ['x'] } }, ...both('schema-constraint-changed', B, B) },
  { base: { type: 'string', default: 'a' }, head: { type: 'string', default: 'b' }, ...plain('schema-default-changed', N) },
  { base: { type: 'string', description: 'A name.' }, head: { type: 'string', description: 'The name.' }, ...plain('schema-description-changed', I) },
  { base: { type: 'string', title: 'Name' }, head: { type: 'string', title: 'Label' }, ...plain('schema-title-changed', I) },
  { base: { type: 'string', example: 'Rex' }, head: { type: 'string', example: 'Tom' }, ...plain('schema-example-changed', I) },
  { base: str, head: { type: 'string', deprecated: true }, ...plain('schema-deprecated', I) },
  { base: { type: 'string', deprecated: true }, head: str, ...plain('schema-deprecation-removed', I) },
  { base: { type: 'string', 'x-order': 1 }, head: { type: 'string', 'x-order': 2 }, ...plain('schema-annotation-changed', I) },
];

/** Every row as a request case and a response case. */
export const SCHEMA_RULE_CASES: RuleCase[] = ROWS.flatMap((row) => {
  const cases: RuleCase[] = [];
  if (row.request) cases.push({ rule: row.request[0], severity: row.request[1], base: requestSchemaDoc(row.base), head: requestSchemaDoc(row.head) });
  if (row.response) cases.push({ rule: row.response[0], severity: row.response[1], base: responseSchemaDoc(row.base), head: responseSchemaDoc(row.head) });
  return cases;
});
