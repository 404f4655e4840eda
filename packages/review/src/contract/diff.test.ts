import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffContracts } from './diff.js';
import type { ContractChange } from './model.js';
import { oas30, oas31, specText, swagger20, type Doc } from './test-fixtures.js';

/** Compact rows: "operation location ruleId severity". */
function rows(changes: ContractChange[]): string[] {
  return changes.map((change) => `${change.operation ?? '-'} ${change.location} ${change.ruleId} ${change.severity}`);
}

async function diffDocs(base: Doc | null, head: Doc | null, path = 'openapi.json'): Promise<ReturnType<typeof diffContracts>> {
  return diffContracts([{ path, before: base && specText(base), after: head && specText(head) }]);
}

interface Petstore2Options {
  maximum?: number;
  produces?: string[];
  withTag?: boolean;
  withNote?: boolean;
}

function petstore2({ maximum = 100, produces = ['application/json', 'application/xml'], withTag = true, withNote = false }: Petstore2Options = {}): Doc {
  const form: Doc[] = [{ name: 'file', in: 'formData', type: 'file' }, ...(withNote ? [{ name: 'note', in: 'formData', type: 'string', required: true }] : [])];
  return swagger20({
    '/pets/{id}': {
      get: {
        produces,
        parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }, { name: 'limit', in: 'query', type: 'integer', maximum }],
        responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Pet' } } },
      },
    },
    '/pets': { post: { parameters: [{ name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }], responses: { '201': { description: 'made' } } } },
    '/upload': { post: { consumes: ['multipart/form-data'], parameters: form, responses: { '200': { description: 'ok' } } } },
  }, { definitions: { Pet: { type: 'object', properties: { name: { type: 'string' }, ...(withTag ? { tag: { type: 'string' } } : {}) } } } });
}

test('Swagger 2.0: parameters, body, formData and produces read in the 3.x shape', async () => {
  const head = petstore2({ maximum: 50, produces: ['application/json'], withTag: false, withNote: true });
  const diff = await diffDocs(petstore2(), head, 'swagger.json');
  assert.deepEqual(diff.problems, []);
  assert.deepEqual(rows(diff.changes), [
    'GET /pets/{id} /parameters/query/limit/schema/maximum request-schema-max-tightened breaking',
    'GET /pets/{id} /responses/200/content/application~1json/schema/properties/tag response-property-removed breaking',
    'GET /pets/{id} /responses/200/content/application~1xml response-media-type-removed breaking',
    'POST /pets /requestBody/content/application~1json/schema/properties/tag request-property-removed breaking',
    'POST /upload /requestBody request-body-became-required breaking',
    'POST /upload /requestBody/content/multipart~1form-data/schema/properties/note request-required-property-added breaking',
  ]);
});

test('a Swagger 2.0 spec and its OpenAPI 3.0 translation differ only in the spec version', async () => {
  const three = oas30({
    '/pets/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } }, 'application/xml': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
    },
    '/pets': { post: { requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: { '201': { description: 'made' } } } },
    '/upload': { post: { requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'file' } } } } } }, responses: { '200': { description: 'ok' } } } },
  }, { components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' }, tag: { type: 'string' } } } } } });
  const diff = await diffDocs(petstore2(), three);
  assert.deepEqual(rows(diff.changes), ['- /swagger spec-version-changed informational']);
});

test('OpenAPI 3.1: type lists with null, numeric exclusive bounds', async () => {
  const schema = (fields: Doc): Doc => oas31({ '/pets': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: fields } } } } } } });
  const nullable = await diffDocs(schema({ type: ['string', 'null'] }), schema({ type: 'string' }));
  assert.deepEqual(rows(nullable.changes), ['GET /pets /responses/200/content/application~1json/schema/nullable response-schema-became-not-nullable breaking']);
  const widened = await diffDocs(schema({ type: ['string'] }), schema({ type: ['string', 'integer'] }));
  assert.deepEqual(rows(widened.changes), ['GET /pets /responses/200/content/application~1json/schema/type response-schema-type-widened breaking']);
  const inclusive = await diffDocs(schema({ type: 'number', exclusiveMaximum: 10 }), schema({ type: 'number', maximum: 10 }));
  assert.deepEqual(rows(inclusive.changes), ['GET /pets /responses/200/content/application~1json/schema/maximum response-schema-max-loosened breaking']);
  const same = await diffDocs(schema({ type: 'number', exclusiveMaximum: 10 }), schema({ type: 'number', maximum: 12, exclusiveMaximum: 10 }));
  assert.deepEqual(rows(same.changes), []);
});

test('OpenAPI 3.0: a boolean exclusiveMaximum tightens the bound', async () => {
  const doc = (fields: Doc): Doc => oas30({ '/pets': { get: { parameters: [{ name: 'n', in: 'query', schema: { type: 'number', maximum: 10, ...fields } }], responses: { '200': { description: 'ok' } } } } });
  const diff = await diffDocs(doc({}), doc({ exclusiveMaximum: true }));
  assert.deepEqual(rows(diff.changes), ['GET /pets /parameters/query/n/schema/maximum request-schema-max-tightened breaking']);
});

function treeDoc(valueType: string): Doc {
  return oas30({ '/trees': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } } }, {
    components: {
      schemas: {
        Node: { type: 'object', properties: { value: { type: valueType }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } }, peer: { $ref: '#/components/schemas/Peer' } } },
        Peer: { type: 'object', properties: { back: { $ref: '#/components/schemas/Node' } } },
      },
    },
  });
}

test('circular $refs: the diff terminates and reports the change once, where it is written', async () => {
  const diff = await diffDocs(treeDoc('string'), treeDoc('integer'));
  assert.deepEqual(diff.problems, []);
  assert.deepEqual(rows(diff.changes), ['GET /trees /responses/200/content/application~1json/schema/properties/value/type response-schema-type-changed breaking']);
  const line = specText(treeDoc('integer')).split('\n').findIndex((text) => text.includes('"integer"')) + 1;
  assert.equal(diff.changes[0]?.line, line);
});

test('a spec added or removed as a whole: each endpoint added or removed', async () => {
  const doc = oas30({ '/pets': { get: { responses: {} }, post: { responses: {} } }, '/owners': { get: { responses: {} } } });
  const added = await diffDocs(null, doc);
  assert.deepEqual(rows(added.changes), ['GET /owners  endpoint-added non-breaking', 'GET /pets  endpoint-added non-breaking', 'POST /pets  endpoint-added non-breaking']);
  const removed = await diffDocs(doc, null);
  assert.deepEqual(removed.changes.map((change) => `${change.operation} ${change.ruleId} ${change.line}`), ['GET /owners endpoint-removed 17', 'GET /pets endpoint-removed 9', 'POST /pets endpoint-removed 12']);
});

test('a shared component change is reported for each operation using it, at the component line', async () => {
  const doc = (properties: Doc): Doc => oas30({
    '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
    '/b': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
  }, { components: { schemas: { Pet: { type: 'object', properties } } } });
  const diff = await diffDocs(doc({ name: { type: 'string' }, tag: { type: 'string' } }), doc({ name: { type: 'string' } }));
  assert.deepEqual(diff.changes.map((change) => `${change.operation} ${change.ruleId}`), ['GET /a response-property-removed', 'GET /b response-property-removed']);
  assert.notEqual(diff.changes[0]?.id, diff.changes[1]?.id);
  assert.equal(diff.changes[0]?.line, diff.changes[1]?.line);
});

test('matching: renamed path parameters, header case and reordered parameters are no removal', async () => {
  const doc = (path: string, parameters: Doc[]): Doc => oas30({ [path]: { get: { parameters, responses: { '200': { description: 'ok' } } } } });
  const id = (name: string): Doc => ({ name, in: 'path', required: true, schema: { type: 'string' } });
  const base = doc('/pets/{id}', [id('id'), { name: 'X-Trace', in: 'header', schema: { type: 'string' } }, { name: 'q', in: 'query', schema: { type: 'string' } }]);
  const head = doc('/pets/{petId}', [{ name: 'q', in: 'query', schema: { type: 'string' } }, { name: 'x-trace', in: 'header', schema: { type: 'string' } }, id('petId')]);
  const diff = await diffDocs(base, head);
  assert.deepEqual(rows(diff.changes), ['GET /pets/{petId} /parameters/path/petId request-path-parameter-renamed informational']);
});

/** The 1-based line of the first line of `text` holding `needle`. */
function lineHolding(text: string, needle: string): number {
  return text.split('\n').findIndex((line) => line.includes(needle)) + 1;
}

test('Swagger 2.0 lines: a response example at its examples entry, a media type at its response, not at the $ref target', async () => {
  const doc = (example: string, produces: string[]): Doc => swagger20({
    '/pets/{id}': {
      get: {
        produces,
        responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Pet' }, examples: { 'application/json': { name: example } } } },
      },
    },
  }, { definitions: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } });
  const head = doc('Tom', ['application/json']);
  const diff = await diffDocs(doc('Rex', ['application/json', 'application/xml']), head, 'swagger.json');
  assert.deepEqual(rows(diff.changes), [
    'GET /pets/{id} /responses/200/content/application~1json/example media-type-example-changed informational',
    'GET /pets/{id} /responses/200/content/application~1xml response-media-type-removed breaking',
  ]);
  const [example, removed] = diff.changes;
  assert.equal(example?.line, lineHolding(specText(head), '"application/json": {'), 'the line of examples/application~1json');
  assert.equal(removed?.line, lineHolding(specText(doc('Rex', ['application/json', 'application/xml'])), '"200": {'), 'the line of the response');
});

test('a document-level field is reported at its own line, not the first line of the file', async () => {
  const doc = (summary: string): Doc => oas31({}, { webhooks: { petAdopted: { post: { summary, responses: { '200': { description: 'ok' } } } } }, externalDocs: { url: `https://example.com/${summary}` } });
  const head = doc('b');
  const diff = await diffDocs(doc('a'), head);
  assert.deepEqual(diff.changes.map((change) => `${change.ruleId} ${change.line}`), [
    `external-docs-changed ${lineHolding(specText(head), '"externalDocs"')}`,
    `document-other-changed ${lineHolding(specText(head), '"webhooks"')}`,
  ]);
});

test('an OAuth scope a scheme offers or drops is reported at its line in its flow', async () => {
  const doc = (scopes: Doc): Doc => oas30({}, { components: { securitySchemes: { oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://example.com/token', scopes } } } } } });
  const [before, after] = [doc({ read: 'Read', write: 'Write' }), doc({ read: 'Read', admin: 'Administer' })];
  const diff = await diffDocs(before, after);
  assert.deepEqual(diff.changes.map((change) => `${change.ruleId} ${change.line}`), [
    `security-scheme-scope-added ${lineHolding(specText(after), '"admin"')}`,
    `security-scheme-scope-removed ${lineHolding(specText(before), '"write"')}`,
  ]);
});
