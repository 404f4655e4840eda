import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffContracts } from './diff.js';
import { oas30, specText } from './test-fixtures.js';

const BASE = `openapi: 3.0.3
info: {title: Pets, version: '1'}
paths:
  /pets:
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer, maximum: 100}}
      responses:
        '200': {description: ok}
`;

test('fingerprints are stable when unrelated lines move; lines follow the text', async () => {
  const head = BASE.replace('maximum: 100', 'maximum: 50');
  const moved = `# A comment.\n# Another.\n${head.replace("paths:\n", "tags:\n  - name: pets\npaths:\n")}`;
  const first = await diffContracts([{ path: 'api/openapi.yaml', before: BASE, after: head }]);
  const second = await diffContracts([{ path: 'api/openapi.yaml', before: BASE, after: moved }]);
  const limit = (changes: typeof first.changes) => changes.find((change) => change.ruleId === 'request-schema-max-tightened');
  assert.ok(limit(first.changes) && limit(second.changes));
  assert.equal(limit(first.changes)?.id, limit(second.changes)?.id);
  assert.equal(limit(first.changes)?.line, 7);
  assert.equal(limit(second.changes)?.line, 11);
  assert.deepEqual(second.changes.map((change) => change.ruleId), ['tag-added', 'request-schema-max-tightened']);
  const elsewhere = await diffContracts([{ path: 'other/openapi.yaml', before: BASE, after: head }]);
  assert.notEqual(elsewhere.changes[0]?.id, first.changes[0]?.id, 'the spec path is part of the fingerprint');
});

test('output is deterministic and sorted whatever the order of the files', async () => {
  const a = { path: 'a/openapi.yaml', before: BASE, after: BASE.replace('maximum: 100', 'maximum: 10').replace("'200'", "'201'") };
  const b = { path: 'b/swagger.json', before: specText(oas30({ '/x': { get: { responses: {} } } })), after: specText(oas30({ '/y': { get: { responses: {} } } })) };
  const forward = await diffContracts([a, b]);
  const backward = await diffContracts([b, a]);
  assert.deepEqual(forward, backward);
  assert.deepEqual(forward.changes.map((change) => `${change.path} ${change.operation} ${change.location} ${change.ruleId}`), [
    'a/openapi.yaml GET /pets /parameters/query/limit/schema/maximum request-schema-max-tightened',
    'a/openapi.yaml GET /pets /responses/200 response-success-status-removed',
    'a/openapi.yaml GET /pets /responses/201 response-success-status-added',
    'b/swagger.json GET /x  endpoint-removed',
    'b/swagger.json GET /y  endpoint-added',
  ]);
});

test('problems: a bad side is located and leaves the other files alone; non-specs are skipped', async () => {
  const diff = await diffContracts([
    { path: 'openapi.yaml', before: BASE, after: `${BASE}  /broken: [\n` },
    { path: 'docs/swagger-ui-config.json', before: '{"url": "/a"}', after: '{"url": "/b"}' },
    { path: 'svc/openapi.json', before: '{"name": "not a spec"}', after: '{"name": "still not"}' },
    { path: 'good/openapi.yaml', before: BASE, after: BASE.replace('maximum: 100', 'maximum: 200') },
    { path: 'same/openapi.yaml', before: 'not: [valid', after: 'not: [valid' },
  ]);
  assert.deepEqual(diff.changes.map((change) => `${change.path} ${change.ruleId}`), ['good/openapi.yaml request-schema-max-loosened']);
  assert.deepEqual(diff.problems.map((problem) => [problem.path, problem.line !== undefined]), [['openapi.yaml', true], ['svc/openapi.json', true], ['svc/openapi.json', true]]);
  assert.match(diff.problems[0]?.message ?? '', /^the head side is not valid YAML or JSON/);
  assert.match(diff.problems[1]?.message ?? '', /^the base side is not an OpenAPI or Swagger document \(it has no `openapi` or `swagger` field\)/);
  assert.match(diff.problems[2]?.message ?? '', /^the head side /);
});

test('a file named like a spec that becomes one adds its endpoints', async () => {
  const diff = await diffContracts([{ path: 'api/petstore-openapi.json', before: '{"draft": true}', after: specText(oas30({ '/pets': { get: { responses: {} } } })) }]);
  assert.deepEqual(diff.problems, []);
  assert.deepEqual(diff.changes.map((change) => `${change.operation} ${change.ruleId}`), ['GET /pets endpoint-added']);
});
