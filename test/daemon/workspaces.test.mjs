// Two agents in two workspaces of one daemon never see each other's edits: each workspace is its
// own overlay over one shared baseline, whether it reads another git worktree (edits on disk)
// or holds unsaved buffers (workspace.refresh with `contents`).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { connect } from '../../packages/client/dist/index.js';
import { call, endpointOf } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { git } from '../helpers/repo.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib.js';\n\nexport function user(): number {\n  return shared();\n}\n",
};

const ids = (answer) => answer.symbols.map((s) => s.id);
const callerIds = (answer) => answer.callers.map((c) => c.symbol.id).sort();

test('agents in two git worktrees see only their own edits, over one baseline in one daemon', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  // One worktree beside the repository, one nested inside it (as agent tools often make them).
  git(repo, 'worktree', 'add', '-q', '-b', 'agent-a', join(s.dir, 'wt-a'));
  git(repo, 'worktree', 'add', '-q', '-b', 'agent-b', join(repo, '.worktrees', 'b'));
  const rootA = realpathSync(join(s.dir, 'wt-a'));
  const rootB = realpathSync(join(repo, '.worktrees', 'b'));

  const daemon = await s.daemon(repo);
  const client = await daemon.client('agents');
  await call(client, 'index.status', { sync: true });
  const a = await call(client, 'workspace.create', { id: 'agent-a', root: rootA });
  const b = await call(client, 'workspace.create', { id: 'agent-b', root: rootB });
  const head = git(repo, 'rev-parse', 'HEAD').trim();
  assert.equal(a.baseCommit, head);
  assert.equal(b.baseCommit, head);

  // Agent A edits its worktree on disk: a new caller of shared() and a new function.
  writeFileSync(join(rootA, 'src/use.ts'), `${FILES['src/use.ts']}\nexport function onlyInA(): number {\n  return shared() + 1;\n}\n`);
  // Agent B edits its own worktree differently.
  writeFileSync(join(rootB, 'src/lib.ts'), `${FILES['src/lib.ts']}\nexport function onlyInB(): number {\n  return 2;\n}\n`);

  const searchIn = (workspace, query) => call(client, 'symbols.search', { query, workspace, sync: true });
  assert.deepEqual(ids(await searchIn('agent-a', 'onlyInA')), ['src/use.ts#onlyInA']);
  assert.deepEqual(ids(await searchIn('agent-b', 'onlyInB')), ['src/lib.ts#onlyInB']);
  for (const [workspace, foreign] of [['agent-b', 'onlyInA'], ['default', 'onlyInA'], ['agent-a', 'onlyInB'], ['default', 'onlyInB']]) {
    const answer = await searchIn(workspace, foreign);
    assert.ok(!ids(answer).some((id) => id.endsWith(`#${foreign}`)), `${workspace} must not see ${foreign}: ${ids(answer)}`);
    assert.equal(answer.meta.workspace, workspace);
  }
  const callersIn = (workspace) => call(client, 'graph.callers', { id: 'src/lib.ts#shared', workspace, sync: true });
  assert.deepEqual(callerIds(await callersIn('agent-a')), ['src/use.ts#onlyInA', 'src/use.ts#user']);
  assert.deepEqual(callerIds(await callersIn('agent-b')), ['src/use.ts#user']);
  assert.deepEqual(callerIds(await callersIn('default')), ['src/use.ts#user']);

  // One baseline (the common commit), used by all three workspaces.
  const { baselines } = await call(client, 'index.listBaselines', {});
  assert.equal(baselines.length, 1, JSON.stringify(baselines));
  assert.equal(baselines[0].commit, head);
  assert.deepEqual([...baselines[0].usedBy].sort(), ['agent-a', 'agent-b', 'default']);

  // One daemon for the repository, whichever worktree a client starts from.
  assert.equal((await endpointOf(rootA, s.home)).socket, daemon.endpoint.socket);
  assert.equal((await endpointOf(rootB, s.home)).socket, daemon.endpoint.socket);
  const fromWorktree = await connect({ repoRoot: rootA, dataRoot: s.home, clientName: 'from-worktree' });
  s.defer(() => fromWorktree.close());
  const stats = await call(fromWorktree, 'daemon.stats', {});
  assert.equal(stats.pid, daemon.child.pid);
  assert.equal(stats.workspaces, 3);
  const { workspaces } = await call(fromWorktree, 'workspace.list', {});
  assert.deepEqual(workspaces.map((w) => [w.id, w.root]), [['default', repo], ['agent-a', rootA], ['agent-b', rootB]]);
});

test('unsaved buffers (workspace.refresh contents) stay in their workspace and off the disk', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('editor');
  await call(client, 'index.status', { sync: true });
  // A workspace over the same worktree as `default`: only its buffers set it apart.
  await call(client, 'workspace.create', { id: 'editor' });

  const edited = `${FILES['src/lib.ts']}\nexport function unsavedHelper(): number {\n  return shared();\n}\n`;
  const delta = await call(client, 'workspace.refresh', {
    id: 'editor',
    contents: { 'src/lib.ts': edited, 'src/scratch.ts': 'export function scratchOnly(): void {}\n' },
  });
  assert.ok(delta.symbols.added.includes('src/lib.ts#unsavedHelper'), JSON.stringify(delta.symbols));
  assert.ok(delta.symbols.added.includes('src/scratch.ts#scratchOnly'), JSON.stringify(delta.symbols));
  assert.equal(delta.meta.workspace, 'editor');

  // Visible in the workspace, with the buffer's text...
  const found = await call(client, 'symbols.search', { query: 'unsavedHelper', workspace: 'editor' });
  assert.deepEqual(ids(found), ['src/lib.ts#unsavedHelper']);
  const span = await call(client, 'code.span', { path: 'src/lib.ts', startLine: 5, endLine: 7, workspace: 'editor' });
  assert.match(JSON.stringify(span), /unsavedHelper/);
  assert.deepEqual(callerIds(await call(client, 'graph.callers', { id: 'src/lib.ts#shared', workspace: 'editor' })),
    ['src/lib.ts#unsavedHelper', 'src/use.ts#user']);
  const { workspaces } = await call(client, 'workspace.list', {});
  assert.deepEqual(workspaces.find((w) => w.id === 'editor').unsavedFiles, ['src/lib.ts', 'src/scratch.ts']);

  // ...but not on disk...
  assert.equal(readFileSync(join(repo, 'src/lib.ts'), 'utf8'), FILES['src/lib.ts']);
  assert.equal(existsSync(join(repo, 'src/scratch.ts')), false);

  // ...and not in the default workspace, even after it syncs with the disk.
  for (const query of ['unsavedHelper', 'scratchOnly']) {
    const answer = await call(client, 'symbols.search', { query, sync: true });
    assert.ok(!ids(answer).some((id) => id.endsWith(`#${query}`)), `default must not see ${query}: ${ids(answer)}`);
  }
  assert.deepEqual(callerIds(await call(client, 'graph.callers', { id: 'src/lib.ts#shared' })), ['src/use.ts#user']);
  const defaultSpan = await call(client, 'code.span', { path: 'src/lib.ts', startLine: 1, endLine: 10 });
  assert.doesNotMatch(JSON.stringify(defaultSpan), /unsavedHelper/);

  // Resetting the workspace drops its buffers.
  await call(client, 'workspace.reset', { id: 'editor' });
  assert.deepEqual(ids(await call(client, 'symbols.search', { query: 'unsavedHelper', workspace: 'editor' })), []);
});
