// edit.apply and the other ways a delta reaches a client, through the real daemon: a path the
// index does not admit (a binary-looking document, a file under node_modules) is written but has
// no delta (`indexed: false`); a graph.delta subscriber receives the same delta as the edit.apply
// result of that change; workspace.refresh with the same change as unsaved buffers, in a
// workspace of its own, answers the same delta too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { brief, deltaSession, RICH_EDIT, RICH_FILES, withoutTimings, write } from '../helpers/delta.mjs';

const FILES = RICH_FILES;

/** The delta fields of an edit.apply result. */
function deltaOfApply(result) {
  const { dryRun: _d, written: _w, indexed: _i, rebind: _r, meta: _m, ...delta } = result;
  return delta;
}

test('an edit of a path the index does not admit is written, and has no delta (indexed: false)', { timeout: 60_000 }, async (t) => {
  const { apply, client, repo } = await deltaSession(t, FILES);
  for (const [path, content] of [['notes/readme.bin', 'not source\n'], ['node_modules/pkg/index.js', 'export function vendored() {\n  return 1;\n}\n']]) {
    const result = await apply([write(path, content)]);
    assert.equal(readFileSync(join(repo, path), 'utf8'), content, `${path} is written`);
    assert.equal(result.indexed, false, JSON.stringify(result));
    assert.deepEqual(result.written, [path]);
    assert.match(result.noDelta, /not indexed/);
    assert.ok(result.noDelta.includes(path), result.noDelta);
    assert.deepEqual(result.reparsed, [], JSON.stringify(result));
    assert.deepEqual(result.symbols, { added: [], removed: [], renamed: [], changed: [] }, JSON.stringify(result));
  }
  const vendored = await call(client, 'symbols.search', { query: 'vendored', sync: true });
  assert.deepEqual(vendored.symbols, [], 'node_modules stays out of the index');

  // With an indexed file in the same edit, the delta is that file's.
  const mixed = await apply([write('notes/other.bin', 'x\n'), write('src/extra.ts', 'export function extra(): number {\n  return 1;\n}\n')]);
  assert.equal(mixed.indexed, true, brief(mixed));
  assert.deepEqual(mixed.written, ['notes/other.bin', 'src/extra.ts']);
  assert.deepEqual(mixed.reparsed, ['src/extra.ts'], brief(mixed));
  assert.deepEqual(mixed.symbols.added, ['src/extra.ts', 'src/extra.ts#extra'], brief(mixed));
});

test('a graph.delta subscriber receives the same delta as the edit.apply result', { timeout: 60_000 }, async (t) => {
  const { apply, client } = await deltaSession(t, FILES);
  const events = [];
  await client.subscribe('graph.delta', undefined, (event) => events.push(event));

  const result = await apply([write('src/lib.ts', RICH_EDIT)]);
  const delta = deltaOfApply(result);
  // Every list has something, so the comparison below compares something.
  assert.equal(delta.symbols.renamed.length, 1, brief(result));
  assert.equal(delta.danglingCallers.length, 1, brief(result));
  assert.equal(delta.signatureChanges.length, 1, brief(result));
  assert.equal(delta.arityFindings.length, 1, brief(result));
  assert.equal(delta.newDuplicates.length, 1, brief(result));
  assert.equal(delta.testsReaching.length, 1, brief(result));

  const event = await waitFor(() => events.find((e) => e.payload.generation === result.meta.generation), `the graph.delta event of generation ${result.meta.generation}`);
  const { workspace, generation, ...payload } = event.payload;
  assert.equal(workspace, 'default');
  assert.equal(generation, result.meta.generation);
  assert.equal(event.isFreshInstance, false);
  assert.deepEqual(payload, delta);
});

test('workspace.refresh with the same change as unsaved buffers answers the same delta as edit.apply', { timeout: 60_000 }, async (t) => {
  const { apply, client } = await deltaSession(t, FILES);
  await call(client, 'workspace.create', { id: 'buffers' });
  // The buffer first: the edit on disk afterwards does not reach a path the buffer overrides.
  const refreshed = await call(client, 'workspace.refresh', { id: 'buffers', contents: { 'src/lib.ts': RICH_EDIT } });
  const applied = await apply([write('src/lib.ts', RICH_EDIT)]);
  const { rebind: _r, ...fromRefresh } = withoutTimings(refreshed);
  assert.equal(refreshed.meta.workspace, 'buffers');
  assert.deepEqual(fromRefresh, withoutTimings(deltaOfApply(applied)));
});
