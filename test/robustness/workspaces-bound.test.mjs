// Workspaces have a bound and give their memory back (issue 11, defect 15): workspace.create
// past `budgets.workspaces.count` fails with BudgetExceeded naming what to do, and a deleted
// workspace leaves nothing behind: it is gone from every listing, its heap is given back soon
// after the delete (an idle daemon does not wait for allocation pressure), and many
// create/delete cycles do not grow the daemon's heap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib';\nexport function use(): number {\n  return shared();\n}\n",
};

/** A small tree with some weight per workspace (each keeps its own bound tree in memory). */
function sampleFiles(count) {
  const files = { ...FILES };
  for (let i = 0; i < count; i++) {
    files[`src/m${i}.ts`] = `import { shared } from './lib';\n${Array.from({ length: 20 }, (_, j) => `export function f${i}_${j}(a: number, b: string): number {\n  return shared() + a + b.length + ${j};\n}\n`).join('')}`;
  }
  return files;
}

test('workspace.create past budgets.workspaces.count fails with BudgetExceeded; a delete makes room', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', { ...FILES, '.repograph.json': JSON.stringify({ budgets: { workspaces: { count: 2 } } }) });
  const daemon = await s.daemon(repo);
  const client = await daemon.client('budget');
  await call(client, 'index.status', { sync: true });
  await call(client, 'workspace.create', { id: 'one' });
  await call(client, 'workspace.create', { id: 'two' });

  const error = await rejection(call(client, 'workspace.create', { id: 'three' }), 'a third workspace over a budget of 2');
  assert.equal(error.data?.code, 'BudgetExceeded', error.message);
  assert.deepEqual({ ...error.data, code: undefined }, { code: undefined, stage: 'workspaces', unit: 'count', used: 2, adding: 1, limit: 2 });
  assert.match(error.message, /budgets\.workspaces\.count/);
  assert.match(error.message, /workspace\.delete/);
  const listed = (await call(client, 'workspace.list', {})).workspaces.map((w) => w.id);
  assert.deepEqual(listed, ['default', 'one', 'two'], 'the refused workspace was not created');

  await call(client, 'workspace.delete', { id: 'one' });
  await call(client, 'workspace.create', { id: 'three' });
  assert.deepEqual((await call(client, 'workspace.list', {})).workspaces.map((w) => w.id), ['default', 'three', 'two']);
});

test('deleting workspaces gives their memory back, without waiting for allocation pressure', { timeout: 240_000 }, async (t) => {
  const s = scope(t);
  // 120 files: since workspaces share decoded facts (store shared-facts.ts), a smaller tree holds too little to measure.
  const repo = s.repo('repo', sampleFiles(120));
  const daemon = await s.daemon(repo);
  const client = await daemon.client('alive');
  await call(client, 'index.status', { sync: true });
  const mib = (bytes) => Math.round(bytes / 1024 / 1024);
  const start = await call(client, 'daemon.stats', {});
  // Eight: as many as stay bound in memory at once, so each holds its whole tree.
  for (let i = 0; i < 8; i++) await call(client, 'workspace.create', { id: `alive-${i}` });
  const peak = await call(client, 'daemon.stats', {});
  const held = peak.heapUsedBytes - start.heapUsedBytes;
  for (let i = 0; i < 8; i++) await call(client, 'workspace.delete', { id: `alive-${i}` });
  // The daemon is idle now: nothing but the deletes themselves may return the memory.
  const settled = await waitFor(async () => {
    const stats = await call(client, 'daemon.stats', {});
    return stats.heapUsedBytes - start.heapUsedBytes < held / 3 ? stats : null;
  }, 'the heap to come back after the deletes', 10_000).catch(() => null);
  const end = settled ?? await call(client, 'daemon.stats', {});
  process.stderr.write(`8 workspaces alive then deleted: heap ${mib(start.heapUsedBytes)} -> ${mib(peak.heapUsedBytes)} -> ${mib(end.heapUsedBytes)} MiB, rss ${mib(start.rssBytes)} -> ${mib(peak.rssBytes)} -> ${mib(end.rssBytes)} MiB\n`);
  assert.ok(held > 12 * 1024 * 1024, `the workspaces held memory while they existed (the test measures something): ${mib(held)} MiB`);
  assert.ok(settled, `the heap stayed at ${mib(end.heapUsedBytes)} MiB after every workspace was deleted (it was ${mib(start.heapUsedBytes)} MiB before they were created, ${mib(peak.heapUsedBytes)} MiB with them)`);
});

test('deleted workspaces are gone everywhere and 100 create/delete cycles do not grow the heap', { timeout: 240_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', sampleFiles(40));
  const daemon = await s.daemon(repo);
  const client = await daemon.client('cycles');
  await call(client, 'index.status', { sync: true });

  const cycle = async (id) => {
    await call(client, 'workspace.create', { id });
    // Use it as an agent would: a query session, an unsaved buffer, a failed refresh.
    await call(client, 'symbols.search', { query: 'f1_', workspace: id });
    await call(client, 'workspace.refresh', { id, contents: { 'src/extra.ts': 'export function extra(): number {\n  return 2;\n}\n' } });
    await call(client, 'symbols.search', { query: 'extra', workspace: id });
    await call(client, 'workspace.delete', { id });
  };
  // Each reading a moment after the last delete, once the daemon has given the memory back.
  const settledStats = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return call(client, 'daemon.stats', {});
  };
  for (let i = 0; i < 10; i++) await cycle(`warm-${i}`);
  const before = await settledStats();
  for (let i = 0; i < 100; i++) await cycle(`cycle-${i}`);
  const after = await settledStats();
  const mib = (bytes) => Math.round(bytes / 1024 / 1024);
  process.stderr.write(`100 create/delete cycles: heap ${mib(before.heapUsedBytes)} -> ${mib(after.heapUsedBytes)} MiB, rss ${mib(before.rssBytes)} -> ${mib(after.rssBytes)} MiB\n`);

  const { workspaces } = await call(client, 'workspace.list', {});
  assert.deepEqual(workspaces.map((w) => w.id), ['default'], 'no deleted workspace is listed');
  assert.equal(after.workspaces, 1);
  const { baselines } = await call(client, 'index.listBaselines', {});
  assert.deepEqual(baselines.flatMap((b) => b.usedBy), ['default'], 'no deleted workspace sits on a baseline');
  const gone = await rejection(call(client, 'index.status', { workspace: 'cycle-99' }), 'index.status of a deleted workspace');
  assert.equal(gone.data?.code, 'WorkspaceNotFound');
  assert.equal(typeof after.heapUsedBytes, 'number', 'daemon.stats reports heapUsedBytes');
  // A workspace of this tree holds a few MiB: 100 kept would be hundreds.
  assert.ok(after.heapUsedBytes - before.heapUsedBytes < 32 * 1024 * 1024,
    `the heap grew from ${mib(before.heapUsedBytes)} to ${mib(after.heapUsedBytes)} MiB over 100 create/delete cycles`);
});
