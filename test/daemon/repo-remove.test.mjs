// index.removeRepo through the real daemon: a dry run (the default) lists the store folder, its
// workspaces, baselines and size and removes nothing; a real removal is refused with
// WorkspaceInUse while another connection uses a workspace; once it is alone, the daemon answers,
// stops, and deletes its store folder and nothing else (the worktree, a workspace's worktree,
// another repository's store and other files of the data root stay); the next daemon indexes
// from scratch. A store folder that is not a real folder of the data root is never removed.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { rejection, scope, within } from '../helpers/daemon-scope.mjs';
import { git, gitRepo, indexJson } from '../helpers/repo.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib';\nexport function use(): number {\n  return shared();\n}\n",
};

test('index.removeRepo lists on a dry run, waits for other clients, then removes the store alone and stops', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  git(repo, 'tag', 'old');
  writeFileSync(join(repo, 'src/extra.ts'), 'export const extra = 1;\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'extra');
  const tree = join(s.dir, 'second');
  git(repo, 'worktree', 'add', '-q', '-b', 'second', tree);
  // Beside the store: another repository's store and a file of the data root.
  const other = join(s.dir, 'other');
  mkdirSync(other);
  gitRepo(other, { 'a.ts': 'export const a = 1;\n' });
  indexJson(other, s.home);
  writeFileSync(join(s.home, 'keep.txt'), 'keep');
  const storesBefore = new Set(readdirNames(join(s.home, 'stores')));

  const daemon = await s.daemon(repo);
  const admin = await daemon.client('admin');
  await call(admin, 'index.status', { sync: true });
  await call(admin, 'workspace.create', { id: 'second', root: tree });
  await call(admin, 'index.ensureBaseline', { commit: 'old' });

  const dry = await call(admin, 'index.removeRepo', {});
  assert.equal(dry.dryRun, true);
  assert.equal(dry.daemon, 'running');
  assert.ok(dry.store.startsWith(join(s.home, 'stores')), dry.store);
  assert.ok(existsSync(dry.store));
  assert.deepEqual(dry.workspaces, ['default', 'second']);
  assert.equal(dry.baselines.length, 2);
  assert.ok(dry.bytes > 0);
  assert.deepEqual(dry.inUse, []);
  assert.equal(typeof dry.meta.generation, 'number');
  const explicitDry = await call(admin, 'index.removeRepo', { dryRun: true });
  assert.deepEqual(explicitDry.workspaces, dry.workspaces);
  const bad = await rejection(call(admin, 'index.removeRepo', { dryRun: 'no' }));
  assert.deepEqual([bad.codeName, bad.data.field], ['InvalidParams', 'dryRun']);

  // Another agent holds the worktree's workspace: refused, and the dry run says who.
  const agent = await daemon.client('agent');
  await call(agent, 'symbols.search', { query: 'shared', workspace: 'second' });
  const refused = await rejection(call(admin, 'index.removeRepo', { dryRun: false }));
  assert.equal(refused.codeName, 'WorkspaceInUse');
  assert.deepEqual(refused.data.workspaces, ['second']);
  assert.deepEqual((await call(admin, 'index.removeRepo', {})).inUse, [{ workspace: 'second', clients: 1 }]);
  assert.ok(existsSync(dry.store), 'nothing removed');
  agent.close();
  await waitFor(async () => (await call(admin, 'index.removeRepo', {})).inUse.length === 0, 'the agent to leave');

  const removed = await call(admin, 'index.removeRepo', { dryRun: false });
  assert.deepEqual([removed.dryRun, removed.daemon, removed.store], [false, 'stopping', dry.store]);
  const exit = await within(daemon.exited, 60_000, 'the daemon to stop after the removal');
  assert.equal(exit.code, 0, daemon.output());
  assert.ok(!existsSync(dry.store), 'the store folder is gone');
  assert.ok(!existsSync(daemon.endpoint.socket) && !existsSync(daemon.endpoint.lock), 'socket and lock released');
  assert.deepEqual(new Set(readdirNames(join(s.home, 'stores'))), new Set([...storesBefore].filter((name) => join(s.home, 'stores', name) !== dry.store)));
  assert.equal(readFileSync(join(s.home, 'keep.txt'), 'utf8'), 'keep');
  assert.equal(readFileSync(join(repo, 'src/lib.ts'), 'utf8'), FILES['src/lib.ts'], 'the worktree is untouched');
  assert.ok(existsSync(join(tree, 'src/lib.ts')), 'the second workspace\'s worktree is untouched');
  assert.match(daemon.output(), /index\.removeRepo removed the store/);

  // The next daemon starts on an empty store and indexes everything again.
  const next = await s.daemon(repo);
  const fresh = await next.client('fresh');
  const status = await call(fresh, 'index.status', { sync: true });
  assert.equal(status.state, 'idle');
  assert.equal(status.files, 3);
  assert.equal(status.lastReport.materials.cached, 0, 'no fact survived the removal');
  assert.deepEqual((await call(fresh, 'workspace.list', {})).workspaces.map((workspace) => workspace.id), ['default']);
  assert.deepEqual((await call(fresh, 'symbols.search', { query: 'shared' })).symbols.map((symbol) => symbol.id), ['src/lib.ts#shared']);
});

test('index.removeRepo refuses a store folder reached through a symbolic link, and the daemon goes on', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const outside = join(s.dir, 'outside-stores');
  mkdirSync(outside);
  mkdirSync(s.home, { recursive: true });
  symlinkSync(outside, join(s.home, 'stores'));
  const daemon = await s.daemon(repo);
  const client = await daemon.client('admin');
  await call(client, 'index.status', { sync: true });
  const contents = readdirNames(outside);
  assert.equal(contents.length, 1, 'the store was opened through the link');
  for (const dryRun of [true, false]) {
    const error = await rejection(call(client, 'index.removeRepo', { dryRun }));
    assert.equal(error.codeName, 'StoreError', error.message);
    assert.match(error.message, /not a real folder/);
  }
  assert.deepEqual(readdirNames(outside), contents, 'nothing outside the data root was removed');
  assert.equal((await call(client, 'index.status', {})).state, 'idle', 'the daemon goes on');
});

function readdirNames(folder) {
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}
