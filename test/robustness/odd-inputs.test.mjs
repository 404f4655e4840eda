// Long and odd inputs get typed answers that name the real reason, the same way in every method:
// over-long commit-ishes, ids and paths are InvalidParams (never a spawn E2BIG or a key-size
// failure answered as Internal), a file too large to read says so, and absolute paths are
// refused by every method that takes a path. Ids that UTF-16 and the store's byte order sort
// differently are found through the store's binary searches, and a lone surrogate finds nothing.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
};

test('long and odd inputs answer with typed errors naming the reason', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  writeFileSync(join(repo, 'big.txt'), 'x'.repeat(9 * 1024 * 1024));
  const daemon = await s.daemon(repo);
  const client = await daemon.client('odd');
  await call(client, 'index.status', { sync: true });
  const expect = async (method, params, code, what) => {
    const error = await rejection(call(client, method, params), `${method} ${what}`);
    assert.equal(error.data.code, code, `${method} ${what}: ${error.data.code} ${error.message.slice(0, 300)}`);
    return error;
  };

  const MiB = 'a'.repeat(1024 * 1024);
  await expect('index.ensureBaseline', { commit: MiB }, 'InvalidParams', 'a 1 MiB commit-ish');
  await expect('delta.since', { base: MiB }, 'InvalidParams', 'a 1 MiB base');
  await expect('workspace.create', { id: 'w', baseCommit: MiB }, 'InvalidParams', 'a 1 MiB baseCommit');
  await expect('workspace.create', { id: 'w', root: `/${'r'.repeat(5000)}` }, 'InvalidParams', 'a 5,000-character root');
  for (const method of ['symbols.card', 'refs.find', 'graph.callers', 'graph.callees', 'symbols.context']) {
    // Long enough for the store's key limit (an id no symbol can have), short of the param bound.
    await expect(method, { id: `src/lib.ts#${'é'.repeat(30_000)}` }, 'SymbolNotFound', 'a 30,000-character id');
    await expect(method, { id: MiB }, 'InvalidParams', 'a 1 MiB id');
  }
  for (const [method, params] of [
    ['code.span', { path: `src/${'p'.repeat(5000)}.ts`, startLine: 1, endLine: 1 }],
    ['edit.apply', { edits: [{ path: `src/${'p'.repeat(5000)}.ts`, content: 'x' }] }],
    ['code.searchText', { pattern: 'x', path: `src/${'p'.repeat(5000)}` }],
    ['symbols.search', { query: 'x', path: `src/${'p'.repeat(5000)}` }],
  ]) await expect(method, params, 'InvalidParams', 'a 5,000-character path');
  // A long but legal name: edit.apply writes it, and reading it back works.
  const longName = `src/${'n'.repeat(200)}.ts`;
  assert.deepEqual((await call(client, 'edit.apply', { edits: [{ path: longName, content: 'export const longOne = 1;\n' }] })).written, [longName]);
  assert.equal((await call(client, 'code.span', { path: longName, startLine: 1, endLine: 1 })).text, 'export const longOne = 1;');

  const big = await expect('code.span', { path: 'big.txt', startLine: 1, endLine: 1 }, 'UsageError', 'a 9 MiB file');
  assert.match(big.message, /bytes, over the \d+-byte limit/);
  assert.equal(big.data.reason, 'too_large');
  await expect('code.span', { path: 'nothing-here.ts', startLine: 1, endLine: 1 }, 'FileNotFound', 'a missing file');

  for (const [method, params] of [
    ['symbols.search', { query: 'shared', path: '/etc' }],
    ['code.searchText', { pattern: 'root', path: '/etc' }],
    ['code.span', { path: '/etc/passwd', startLine: 1, endLine: 1 }],
    ['edit.apply', { edits: [{ path: '/tmp/x.ts', content: 'x' }] }],
    ['workspace.refresh', { id: 'default', paths: ['/etc'] }],
  ]) await expect(method, params, 'PathOutsideRepo', 'an absolute path');
  assert.equal(daemon.child.exitCode, null);
});

test('ids that sort apart in UTF-16 and code-point order find their callers across many blocks, and a lone surrogate is an answer of nothing', { timeout: 120_000 }, async (t) => {
  // Paths starting with U+FFFD and with a supplementary character (UTF-16 puts the second first,
  // the store's byte order the first), enough of them that the incoming index spans many blocks
  // and the lookups load and binary-search the run's block keys, each function with one caller.
  const s = scope(t);
  const files = {};
  const ids = [];
  for (let index = 0; index < 100; index++) {
    const pad = String(index).padStart(3, '0');
    files[`src/\uFFFD${pad}.ts`] = `export function r${pad}(): number {\n  return ${index};\n}\n`;
    files[`src/😀${pad}.ts`] = `export function s${pad}(): number {\n  return ${index};\n}\n`;
    files[`src/use${pad}.ts`] = `import { r${pad} } from './\uFFFD${pad}.js';\nimport { s${pad} } from './😀${pad}.js';\n\nexport function both${pad}(): number {\n  return r${pad}() + s${pad}();\n}\n`;
    ids.push([`src/\uFFFD${pad}.ts#r${pad}`, `src/use${pad}.ts#both${pad}`], [`src/😀${pad}.ts#s${pad}`, `src/use${pad}.ts#both${pad}`]);
  }
  const repo = s.repo('order', files);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('order');
  await call(client, 'index.status', { sync: true });
  for (const [id, caller] of ids) {
    const callers = await call(client, 'graph.callers', { id });
    assert.deepEqual(callers.callers.map((node) => node.symbol.id), [caller], id);
  }
  for (const id of ['src/\uD800.ts#lone', 'src/\uDFFF\uD800#x', '\uFFFF', 'src/\uFFFD000.ts#r000\uD83D']) {
    const error = await rejection(call(client, 'graph.callers', { id }), JSON.stringify(id));
    assert.ok(['SymbolNotFound', 'InvalidParams'].includes(error.data.code), `${JSON.stringify(id)}: ${error.data.code} ${error.message.slice(0, 200)}`);
  }
  assert.equal(daemon.child.exitCode, null);
});
