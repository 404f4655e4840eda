// A FIFO (or any special file) is never opened for reading: code.span, edit.apply's replace, the
// policy file and the indexer all check for a regular file first, so no request can block the
// daemon's thread waiting for a writer that never comes. Each case runs while a second client
// polls index.status, which must keep answering.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { rejection, scope, within } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/tracked.ts': 'export function tracked(): number {\n  return 2;\n}\n',
};

function mkfifo(path) {
  const result = spawnSync('mkfifo', [path]);
  assert.equal(result.status, 0, `mkfifo ${path}: ${result.stderr}`);
}

test('FIFOs are never read: spans, edits, the policy file and the indexer', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  mkfifo(join(repo, 'src/pipe.ts'));
  // A tracked file replaced by a FIFO: git lists it, the indexer must not open it.
  rmSync(join(repo, 'src/tracked.ts'));
  mkfifo(join(repo, 'src/tracked.ts'));

  const daemon = await s.daemon(repo);
  const client = await daemon.client('fifo-reader');
  const watcher = await daemon.client('status');
  const status = await within(call(watcher, 'index.status', { sync: true }), 30_000, 'the first index with a FIFO in the tree');
  assert.equal(status.state, 'idle');
  const report = await call(watcher, 'index.report', {});
  const special = report.diagnostics.filter((d) => d.path === 'src/tracked.ts');
  assert.deepEqual(special.map((d) => [d.code, d.data?.reason]), [['excluded_material', 'special_file']], JSON.stringify(special));

  for (const path of ['src/pipe.ts', 'src/tracked.ts']) {
    const read = await within(rejection(call(client, 'code.span', { path, startLine: 1, endLine: 1 })), 5_000, `code.span ${path}`);
    assert.equal(read.data.code, 'UsageError', read.message);
    assert.match(read.message, /not a regular file/);
    for (const edit of [{ replace: { old: 'a', new: 'b' } }, { content: 'export const a = 1;\n' }]) {
      const error = await within(rejection(call(client, 'edit.apply', { edits: [{ path, ...edit }] })), 5_000, `edit.apply ${path}`);
      assert.equal(error.data.code, 'InvalidParams', error.message);
      assert.match(error.message, /not a regular file/);
    }
    // A buffer over a FIFO is indexed from memory, and the FIFO is still not opened.
    const searched = await within(call(client, 'code.searchText', { pattern: 'shared' }), 5_000, 'text search with FIFOs in the tree');
    assert.deepEqual(searched.matches.map((m) => m.path), ['src/lib.ts']);
  }

  // The policy file replaced by a FIFO: reported, never opened, the policy in force stays.
  mkfifo(join(repo, '.repograph.json'));
  await waitFor(async () => (await call(watcher, 'index.status', {})).state === 'error', 'the FIFO policy file to be reported');
  const refused = await call(watcher, 'index.status', {});
  assert.equal(refused.errorCode, 'UsageError');
  assert.match(refused.error, /not a regular file/);
  assert.equal((await within(call(client, 'symbols.search', { query: 'shared' }), 5_000, 'a query after the FIFO policy')).symbols.length, 1);
  rmSync(join(repo, '.repograph.json'));
  writeFileSync(join(repo, '.repograph.json'), '{}\n');
  await waitFor(async () => (await call(watcher, 'index.status', {})).state === 'idle', 'the policy to be readable again');
  assert.equal(daemon.child.exitCode, null);
});

test('a folder that is not a repository: a FIFO gets an excluded_material diagnostic', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const plain = join(s.dir, 'plain');
  mkdirSync(join(plain, 'src'), { recursive: true });
  writeFileSync(join(plain, 'src/lib.ts'), FILES['src/lib.ts']);
  mkfifo(join(plain, 'src/pipe.ts'));
  const daemon = await s.daemon(plain);
  const client = await daemon.client('plain');
  await within(call(client, 'index.status', { sync: true }), 30_000, 'indexing a folder with a FIFO');
  const report = await call(client, 'index.report', {});
  const special = report.diagnostics.filter((d) => d.path === 'src/pipe.ts');
  assert.deepEqual(special.map((d) => [d.code, d.data?.reason]), [['excluded_material', 'special_file']]);
  assert.equal((await call(client, 'symbols.search', { query: 'shared' })).symbols.length, 1);
});
