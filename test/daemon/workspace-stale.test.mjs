// workspace.list `stale`, as supervisors read it: true once a workspace's root HEAD has moved off
// the commit the workspace is built on and it has not caught up (a workspace that follows HEAD
// until it is refreshed onto the new commit; a pinned one, created with `baseCommit`, until it is
// reset), false again after; index.status says the same (`stale`, and `head` as git has it now).
// And index.listBaselines says when each baseline was published and
// how large its data is.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { git } from '../helpers/repo.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib';\nexport function use(): number {\n  return shared();\n}\n",
};

test('stale follows the root HEAD: a moved ref until refreshed, a pinned workspace until reset', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('supervisor');
  const head = () => git(repo, 'rev-parse', 'HEAD').trim();
  const listed = async (id) => (await call(client, 'workspace.list', {})).workspaces.find((w) => w.id === id);
  await call(client, 'index.status', { sync: true });
  const first = head();
  assert.deepEqual(await listed('default').then((w) => [w.baseCommit, w.stale]), [first, false]);

  // A ref file rewritten without git: git itself takes HEAD.lock to move the checked-out branch,
  // which the watcher hears; a bare write of the loose ref does not, so the workspace still sits
  // on the old commit.
  const branch = git(repo, 'symbolic-ref', 'HEAD').trim();
  const moved = git(repo, 'commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', 'moved by plumbing').trim();
  writeFileSync(join(repo, '.git', branch), `${moved}\n`);
  const behind = await listed('default');
  assert.equal(behind.baseCommit, first, 'the workspace still sits on the old commit');
  assert.equal(behind.stale, true, 'HEAD moved off baseCommit: stale');
  const status = await call(client, 'index.status', {});
  assert.deepEqual([status.head, status.baseline, status.stale], [moved, first, true], 'index.status says the same: the root\'s HEAD now, the baseline answered from');

  await call(client, 'workspace.refresh', { id: 'default' });
  assert.deepEqual(await listed('default').then((w) => [w.baseCommit, w.stale]), [moved, false], 'refreshed onto the new HEAD');

  // A workspace pinned to today's HEAD goes stale when the root moves on, until it is reset.
  await call(client, 'workspace.create', { id: 'pinned', baseCommit: 'HEAD' });
  assert.deepEqual(await listed('pinned').then((w) => [w.baseCommit, w.stale]), [moved, false]);
  git(repo, 'commit', '-q', '--allow-empty', '-m', 'next');
  const next = head();
  await waitFor(async () => (await listed('default')).baseCommit === next, 'the default workspace to follow the commit');
  assert.equal((await listed('default')).stale, false, 'the following workspace caught up');
  const pinned = await listed('pinned');
  assert.equal(pinned.baseCommit, moved, 'a pinned workspace keeps its commit');
  assert.equal(pinned.stale, true, 'its root moved off it');
  const pinnedStatus = await call(client, 'index.status', { workspace: 'pinned' });
  assert.deepEqual([pinnedStatus.head, pinnedStatus.baseline, pinnedStatus.stale], [next, moved, true], 'not the pinned commit as HEAD');
  await call(client, 'workspace.reset', { id: 'pinned' });
  assert.equal((await listed('pinned')).stale, false, 'reset: not stale until the root moves again');
});

test('index.listBaselines tells when each baseline was published and the size of its data', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const before = Date.now();
  const daemon = await s.daemon(repo);
  const client = await daemon.client('baselines');
  await call(client, 'index.status', { sync: true });
  const { baselines } = await call(client, 'index.listBaselines', {});
  const baseline = baselines.find((b) => b.commit === git(repo, 'rev-parse', 'HEAD').trim());
  assert.ok(baseline, `the HEAD baseline is listed: ${JSON.stringify(baselines)}`);
  assert.match(baseline.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const created = Date.parse(baseline.createdAt);
  assert.ok(created >= before - 1000 && created <= Date.now(), `published during the test: ${baseline.createdAt}`);
  assert.ok(Number.isInteger(baseline.bytes) && baseline.bytes > 0, `bytes: ${baseline.bytes}`);
  assert.deepEqual(baseline.usedBy, ['default']);
  assert.equal(baseline.fileCount, 2);

  // A bigger tree's baseline has more data.
  git(repo, 'commit', '-q', '--allow-empty', '-m', 'same tree');
  // Once the workspace sits on the new commit, its baseline is stored complete (a baseline built
  // before that, from a neighbour, may be a small delta until the workspace replaces it).
  const moved = git(repo, 'rev-parse', 'HEAD').trim();
  await waitFor(async () => {
    const status = await call(client, 'index.status', {});
    return status.head === moved && status.baseline === moved && status.state === 'idle';
  }, 'the workspace to sit on the new commit');
  await call(client, 'index.ensureBaseline', { commit: 'HEAD' });
  const again = (await call(client, 'index.listBaselines', {})).baselines.find((b) => b.commit === git(repo, 'rev-parse', 'HEAD').trim());
  assert.ok(again && Math.abs(again.bytes - baseline.bytes) < baseline.bytes, 'the same tree, about the same size');
});
