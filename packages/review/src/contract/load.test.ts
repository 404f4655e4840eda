import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSpec } from './load.js';
import { SPEC_SIZE_LIMIT_BYTES } from './source-text.js';
import { isDefaultSpecName, isSpecFile } from './spec-files.js';
import { oas30, oas31, specText, swagger20 } from './test-fixtures.js';

const PETS_YAML = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
      properties:
        name:
          type: string
        parent:
          $ref: '#/components/schemas/Pet'
`;

test('isSpecFile: the six default names anywhere, other openapi/swagger names only when changed', () => {
  for (const path of ['openapi.yaml', 'api/openapi.yml', 'a/b/openapi.json', 'swagger.yaml', 'docs/swagger.yml', 'Swagger.JSON']) {
    assert.ok(isSpecFile(path, false), path);
    assert.ok(isDefaultSpecName(path), path);
  }
  for (const path of ['api/petstore-openapi.yaml', 'v2.swagger.json', 'specs/OpenAPI-v3.yml']) {
    assert.ok(isSpecFile(path, true), path);
    assert.ok(!isSpecFile(path, false), path);
  }
  for (const path of ['openapi.ts', 'schema.graphql', 'openapi.yaml.bak', 'api.yaml', 'docs/openapi.md', 'swagger-ui.html']) assert.ok(!isSpecFile(path, true), path);
});

test('loads Swagger 2.0, OpenAPI 3.0 and 3.1, JSON and YAML', async () => {
  const paths = { '/pets': { get: { responses: { '200': { description: 'ok' } } } } };
  for (const [doc, version] of [[swagger20(paths), '2.0'], [oas30(paths), '3.0'], [oas31(paths), '3.1']] as const) {
    const loaded = await loadSpec('openapi.json', specText(doc));
    assert.ok(loaded.ok, JSON.stringify(loaded));
    assert.equal(loaded.spec.version, version);
  }
  const yaml = await loadSpec('openapi.yaml', PETS_YAML);
  assert.ok(yaml.ok);
  assert.equal(yaml.spec.version, '3.0');
});

test('a circular $ref loads as a cycle, and positions name written lines (nearest ancestor otherwise)', async () => {
  const loaded = await loadSpec('openapi.yaml', PETS_YAML);
  assert.ok(loaded.ok);
  const pet = (loaded.spec.document.components as { schemas: { Pet: { properties: { parent: unknown } } } }).schemas.Pet;
  assert.equal(pet.properties.parent, pet);
  assert.equal(loaded.spec.pointers.get(pet), '/components/schemas/Pet');
  assert.equal(loaded.positions('/components/schemas/Pet/properties/name'), 20);
  assert.equal(loaded.positions('/components/schemas/Pet/properties/name/type'), 21);
  assert.equal(loaded.positions('/components/schemas/Pet/properties/name/maxLength'), 20);
  assert.equal(loaded.positions('/paths/~1pets/get/responses/200'), 9);
  assert.equal(loaded.positions('/nothing/here'), 1);
  const json = await loadSpec('openapi.json', specText(oas30({ '/pets': { get: { responses: { '200': { description: 'ok' } } } } })));
  assert.ok(json.ok);
  assert.equal(json.positions('/paths/~1pets/get/responses/200/description'), 12);
  assert.equal(json.positions('/paths/~1pets/get/summary'), 9);
});

test('malformed YAML and JSON are problems with their line', async () => {
  const yaml = await loadSpec('openapi.yaml', 'openapi: 3.0.3\ninfo:\n  title: [unclosed\n  version: 1\npaths: {}\n');
  assert.ok(!yaml.ok);
  assert.equal(yaml.problem.path, 'openapi.yaml');
  assert.match(yaml.problem.message, /^is not valid YAML or JSON \(Flow sequence .* at line 4, column 3\)$/);
  assert.equal(yaml.problem.line, 4);
  const json = await loadSpec('openapi.json', '{\n  "openapi": "3.0.3",\n  "info": {\n    "title": "x",,\n  }\n}\n');
  assert.ok(!json.ok);
  assert.equal(json.problem.line, 4);
  const duplicate = await loadSpec('openapi.yaml', 'openapi: 3.0.3\ninfo: {title: a, version: "1"}\npaths: {}\npaths: {}\n');
  assert.ok(!duplicate.ok);
  assert.equal(duplicate.problem.line, 4);
});

test('a spec over 20 MB is a problem naming the limit, refused before parsing', async () => {
  const filler = 'x'.repeat(1000);
  const text = `openapi: 3.0.3\ninfo: {title: big, version: "1"}\npaths: {}\nx-padding:\n${`  - ${filler}\n`.repeat(Math.ceil(SPEC_SIZE_LIMIT_BYTES / 1000) + 10)}`;
  const loaded = await loadSpec('openapi.yaml', text);
  assert.ok(!loaded.ok);
  assert.match(loaded.problem.message, /over the 20\.0 MB limit/);
  const justUnder = await loadSpec('openapi.json', specText(oas30({}, { 'x-padding': 'é'.repeat(1000) })));
  assert.ok(justUnder.ok);
});

test('an external URL $ref is a problem naming the ref, and nothing is fetched', async () => {
  const realFetch = globalThis.fetch;
  let fetched = 0;
  globalThis.fetch = (async () => {
    fetched++;
    throw new Error('no network in tests');
  }) as typeof fetch;
  try {
    const doc = oas30({ '/pets': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: 'http://192.0.2.1/x.yaml' } } } } } } } });
    const loaded = await loadSpec('openapi.json', specText(doc));
    assert.equal(fetched, 0);
    assert.ok(!loaded.ok);
    assert.match(loaded.problem.message, /external \$ref "http:\/\/192\.0\.2\.1\/x\.yaml".*never fetched/);
    assert.equal(loaded.problem.line, 15);
    const file = await loadSpec('openapi.json', specText(oas30({}, { components: { schemas: { A: { $ref: './other.yaml#/A' } } } })));
    assert.ok(!file.ok);
    assert.match(file.problem.message, /external \$ref ".\/other.yaml#\/A"/);
  } finally {
    globalThis.fetch = realFetch;
  }
});

test('an unresolvable $ref is a problem with its location; several are counted', async () => {
  const text = specText(oas30({}, { components: { schemas: { A: { $ref: '#/components/schemas/Missing' }, B: { $ref: '#/components/schemas/Gone' }, C: { $ref: '#Anchor' } } } }));
  const loaded = await loadSpec('openapi.json', text);
  assert.ok(!loaded.ok);
  assert.match(loaded.problem.message, /unresolvable \$ref "#\/components\/schemas\/Missing".* at \/components\/schemas\/A \(and 2 more \$ref problems\)/);
  assert.equal(loaded.problem.line, 10);
  const through = await loadSpec('openapi.json', specText(oas30({}, { components: { schemas: { A: { $ref: '#/components/schemas/B/properties/x' }, B: { $ref: '#/components/schemas/C' }, C: { properties: { x: { type: 'string' } } } } } })));
  assert.ok(through.ok, JSON.stringify(through));
});

test('versions and documents that are not specs', async () => {
  const unsupported = await loadSpec('openapi.yaml', 'openapi: 3.2.0\ninfo: {title: a, version: "1"}\npaths: {}\n');
  assert.ok(!unsupported.ok);
  assert.match(unsupported.problem.message, /unsupported version \("3\.2\.0"\)/);
  assert.equal(unsupported.notASpec, false);
  const other = await loadSpec('swagger-config.json', '{"url": "/api"}');
  assert.ok(!other.ok);
  assert.equal(other.notASpec, true);
  const list = await loadSpec('openapi.json', '[1, 2]');
  assert.ok(!list.ok);
  assert.equal(list.notASpec, true);
});

test('YAML anchors and merge keys read as their values; merged keys take the nearest written line', async () => {
  const text = `openapi: 3.0.3
info: {title: Pets, version: '1'}
x-defs:
  page: &page {type: integer, minimum: 1}
paths:
  /pets:
    get:
      parameters:
        - name: page
          in: query
          schema:
            <<: *page
            maximum: 50
      responses: {'200': {description: ok}}
`;
  const loaded = await loadSpec('openapi.yaml', text);
  assert.ok(loaded.ok, JSON.stringify(loaded));
  const parameters = ((loaded.spec.document.paths as Record<string, Record<string, { parameters: Array<{ schema: unknown }> }>>)['/pets']?.get?.parameters) ?? [];
  assert.deepEqual(parameters[0]?.schema, { type: 'integer', minimum: 1, maximum: 50 });
  assert.equal(loaded.positions('/paths/~1pets/get/parameters/0/schema/maximum'), 13);
  assert.equal(loaded.positions('/paths/~1pets/get/parameters/0/schema/minimum'), 11);
});
