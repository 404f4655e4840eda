/**
 * Rule cases for endpoints and parameters: for each rule a small base and head document whose
 * diff is exactly that rule. Test data only.
 */
import { oas30, withOperation, withParameters, type Doc, type RuleCase } from './test-fixtures.js';

const OK = { '200': { description: 'ok' } };
const get = (fields: Doc = {}): Doc => ({ responses: OK, ...fields });
const twoPaths = (second: Doc | null): Doc => oas30({ '/pets': { get: get() }, ...(second ? { '/owners': { get: second } } : {}) });
const query = (fields: Doc = {}): Doc => ({ name: 'limit', in: 'query', schema: { type: 'integer' }, ...fields });

export const PATH_RULE_CASES: RuleCase[] = [
  { rule: 'endpoint-added', severity: 'non-breaking', base: twoPaths(null), head: twoPaths(get()) },
  { rule: 'endpoint-removed', severity: 'breaking', base: twoPaths(get()), head: twoPaths(null) },
  { rule: 'deprecated-endpoint-removed', severity: 'breaking', base: twoPaths(get({ deprecated: true })), head: twoPaths(null) },
  { rule: 'endpoint-deprecated', severity: 'informational', base: withOperation({}), head: withOperation({ deprecated: true }) },
  { rule: 'endpoint-deprecation-removed', severity: 'informational', base: withOperation({ deprecated: true }), head: withOperation({}) },
  { rule: 'operation-id-added', severity: 'informational', base: withOperation({}), head: withOperation({ operationId: 'listPets' }) },
  { rule: 'operation-id-removed', severity: 'breaking', base: withOperation({ operationId: 'listPets' }), head: withOperation({}) },
  { rule: 'operation-id-changed', severity: 'breaking', base: withOperation({ operationId: 'listPets' }), head: withOperation({ operationId: 'getPets' }) },
  { rule: 'endpoint-summary-changed', severity: 'informational', base: withOperation({ summary: 'List pets' }), head: withOperation({ summary: 'List all pets' }) },
  { rule: 'endpoint-description-changed', severity: 'informational', base: withOperation({}), head: withOperation({ description: 'Lists pets.' }) },
  { rule: 'endpoint-tag-added', severity: 'informational', base: withOperation({ tags: ['pets'] }), head: withOperation({ tags: ['pets', 'store'] }) },
  { rule: 'endpoint-tag-removed', severity: 'informational', base: withOperation({ tags: ['pets', 'store'] }), head: withOperation({ tags: ['pets'] }) },
  { rule: 'endpoint-external-docs-changed', severity: 'informational', base: withOperation({}), head: withOperation({ externalDocs: { url: 'https://example.com/pets' } }) },
  {
    rule: 'endpoint-server-added', severity: 'non-breaking',
    base: withOperation({ servers: [{ url: 'https://a.example.com' }] }), head: withOperation({ servers: [{ url: 'https://a.example.com' }, { url: 'https://b.example.com' }] }),
  },
  { rule: 'endpoint-server-removed', severity: 'breaking', base: withOperation({ servers: [{ url: 'https://a.example.com' }, { url: 'https://b.example.com' }] }), head: withOperation({ servers: [{ url: 'https://a.example.com' }] }) },
  { rule: 'endpoint-other-changed', severity: 'non-breaking', base: withOperation({ 'x-rate-limit': 10 }), head: withOperation({ 'x-rate-limit': 20 }) },
];

export const PARAMETER_RULE_CASES: RuleCase[] = [
  { rule: 'request-parameter-removed', severity: 'breaking', base: withParameters(query()), head: withParameters() },
  { rule: 'request-required-parameter-added', severity: 'breaking', base: withParameters(), head: withParameters(query({ required: true })) },
  { rule: 'request-optional-parameter-added', severity: 'non-breaking', base: withParameters(), head: withParameters(query()) },
  { rule: 'request-parameter-became-required', severity: 'breaking', base: withParameters(query()), head: withParameters(query({ required: true })) },
  { rule: 'request-parameter-became-optional', severity: 'non-breaking', base: withParameters(query({ required: true })), head: withParameters(query()) },
  { rule: 'request-parameter-serialization-changed', severity: 'breaking', base: withParameters(query({ style: 'form' })), head: withParameters(query({ style: 'spaceDelimited' })) },
  { rule: 'request-parameter-empty-value-disallowed', severity: 'breaking', base: withParameters(query({ allowEmptyValue: true })), head: withParameters(query()) },
  { rule: 'request-parameter-empty-value-allowed', severity: 'non-breaking', base: withParameters(query()), head: withParameters(query({ allowEmptyValue: true })) },
  { rule: 'request-parameter-deprecated', severity: 'informational', base: withParameters(query()), head: withParameters(query({ deprecated: true })) },
  { rule: 'request-parameter-deprecation-removed', severity: 'informational', base: withParameters(query({ deprecated: true })), head: withParameters(query()) },
  { rule: 'request-parameter-description-changed', severity: 'informational', base: withParameters(query({ description: 'Page size.' })), head: withParameters(query({ description: 'How many.' })) },
  { rule: 'request-parameter-example-changed', severity: 'informational', base: withParameters(query({ example: 10 })), head: withParameters(query({ example: 20 })) },
  {
    rule: 'request-path-parameter-renamed', severity: 'informational',
    base: withOperation({ parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] }, { path: '/pets/{id}' }),
    head: withOperation({ parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }] }, { path: '/pets/{petId}' }),
  },
  { rule: 'request-parameter-other-changed', severity: 'non-breaking', base: withParameters(query({ 'x-internal': false })), head: withParameters(query({ 'x-internal': true })) },
];
