// Params are validated once, before anything waits: a query with `sync: true` and a missing or
// bad field is refused with InvalidParams naming the field at once, even while the workspace is
// busy with a long refresh (before, symbols.search waited for the sync barrier and the refresh
// before it noticed the missing `query`). Errors carry the band's numbers, outside JSON-RPC's
// reserved range, with their stable names. A path outside the repository is one of those bad
// params: refused at once, even while a first index runs (before, only after it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ERROR_BAND } from '../../protocol/dist/index.js';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
};

/** Enough unsaved buffers that their refresh takes a while (extraction and binding of each). */
function manyBuffers(count) {
  const contents = {};
  for (let index = 0; index < count; index++) {
    contents[`src/gen/file${index}.ts`] = `import { shared } from '../lib';\nexport function f${index}(a: number): number {\n  return shared() + a * ${index};\n}\n`;
  }
  return contents;
}

test('a bad query is refused before it waits for sync or a refresh in flight', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('params');
  await call(client, 'index.status', { sync: true });

  const order = [];
  const refresh = call(client, 'workspace.refresh', { id: 'default', contents: manyBuffers(1500) }).then(() => order.push('refresh'));
  const bad = [
    ['symbols.search', { sync: true }, 'query'],
    ['symbols.search', { sync: true, query: 'x', limit: 0 }, 'limit'],
    ['graph.callers', { sync: true }, 'id'],
    ['code.span', { sync: true, path: 'src/lib.ts', startLine: 1 }, 'endLine'],
    ['refs.find', { sync: true, id: 'src/lib.ts#shared', kinds: ['nope'] }, 'kinds'],
    ['symbols.search', { sync: 'yes', query: 'x' }, 'sync'],
  ];
  const errors = await Promise.all(bad.map(([method, params]) => rejection(call(client, method, params), method).then((error) => {
    order.push(method);
    return error;
  })));
  await refresh;
  for (const [index, [method, , field]] of bad.entries()) {
    assert.equal(errors[index].codeName, 'InvalidParams', method);
    assert.equal(errors[index].data.field, field, `${method} names ${field}`);
    assert.equal(errors[index].code, ERROR_BAND.InvalidParams);
  }
  assert.equal(order.at(-1), 'refresh', `every bad query was answered before the refresh finished: ${order.join(', ')}`);
  assert.equal(ERROR_BAND.InvalidParams, -33010, 'the band starts at -33000, outside -32768..-32000');

  const missing = await rejection(call(client, 'symbols.card', { id: 'src/lib.ts#nothing' }));
  assert.equal(missing.codeName, 'SymbolNotFound');
  assert.equal(missing.code, -33002);
  const renames = await rejection(call(client, 'edit.apply', { edits: [{ path: 'src/lib.ts', content: 'x' }], renames: 'shared' }));
  assert.deepEqual([renames.codeName, renames.data.field], ['InvalidParams', 'renames']);
});

test('a path outside the repository is refused before the first index ends', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const files = { ...FILES };
  for (let index = 0; index < 2000; index++) files[`src/gen/file${index}.ts`] = `export const v${index} = ${index};\n`;
  const repo = s.repo('repo', files);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('paths');
  const bad = [
    ['code.span', { path: '../../etc/passwd', startLine: 1, endLine: 2 }],
    ['symbols.outline', { path: '/etc/passwd' }],
    ['code.searchText', { pattern: 'x', path: '../up' }],
    ['symbols.search', { query: 'x', path: 'src/../../b' }],
    ['surfaces.endpoints', { path: '/abs' }],
  ];
  const errors = await Promise.all(bad.map(([method, params]) => rejection(call(client, method, params), method)));
  const status = await call(client, 'index.status', {});
  for (const [index, [method]] of bad.entries()) {
    assert.deepEqual([errors[index].codeName, errors[index].data.field], ['PathOutsideRepo', 'path'], method);
  }
  assert.equal(status.state, 'indexing', 'every bad path was refused while the first index still ran');
  // Paths inside the repository, '.' among them, are answered as before once it is indexed.
  const found = await call(client, 'symbols.search', { query: 'shared', path: '.' });
  assert.deepEqual(found.symbols.map((symbol) => symbol.id), ['src/lib.ts#shared']);
  const span = await call(client, 'code.span', { path: './src/lib.ts', startLine: 1, endLine: 1 });
  assert.match(span.text, /export function shared/);
});
