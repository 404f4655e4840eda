// Invariant 6 for workspace roots: a workspace is served only on a folder git itself lists as a
// worktree of this repository, so no client can point the daemon's reads and writes at a folder
// of its choosing (a forged `.git` file naming this repository's git dir is not enough).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
};

test('workspace.create refuses roots that are not worktrees of this repository', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const other = s.repo('other', { 'src/other.ts': 'export function otherRepo(): void {}\n' });
  git(other, 'worktree', 'add', '-q', '-b', 'side', join(s.dir, 'other-wt'));
  mkdirSync(join(s.dir, 'plain'));
  symlinkSync(other, join(s.dir, 'link-to-other'));

  const daemon = await s.daemon(repo);
  const client = await daemon.client('creator');
  await call(client, 'index.status', { sync: true });
  const roots = [
    other, // another repository
    join(s.dir, 'other-wt'), // a worktree of another repository
    join(s.dir, 'link-to-other'), // a link to another repository
    join(s.dir, 'plain'), // not a repository at all
    join(repo, 'src'), // inside this repository, but not a worktree's top
    join(repo, '.git'),
    '/',
  ];
  for (const [index, root] of roots.entries()) {
    const error = await rejection(call(client, 'workspace.create', { id: `bad-${index}`, root }), root);
    assert.ok(['PathOutsideRepo', 'FileNotFound'].includes(error.data.code), `${root}: ${error.data.code} ${error.message}`);
  }
  const missing = await rejection(call(client, 'workspace.create', { id: 'missing', root: join(s.dir, 'nowhere') }));
  assert.equal(missing.data.code, 'FileNotFound');
  const relative = await rejection(call(client, 'workspace.create', { id: 'relative', root: '../other' }));
  assert.equal(relative.data.code, 'InvalidParams');
  assert.equal(relative.data.field, 'root');

  const { workspaces } = await call(client, 'workspace.list', {});
  assert.deepEqual(workspaces.map((w) => w.id), ['default'], 'no workspace was created');
  assert.deepEqual((await call(client, 'symbols.search', { query: 'otherRepo' })).symbols, []);

  // A real worktree of this repository is accepted (through a link to it, too).
  git(repo, 'worktree', 'add', '-q', '-b', 'mine', join(s.dir, 'mine'));
  symlinkSync(join(s.dir, 'mine'), join(s.dir, 'link-to-mine'));
  const created = await call(client, 'workspace.create', { id: 'mine', root: join(s.dir, 'link-to-mine') });
  assert.equal(created.root, join(s.dir, 'mine'));
});

test('a folder whose .git file names this repository is not a worktree', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  // The attack: any folder, a `.git` file pointing at the repository's git dir (or at one of its
  // real worktrees' admin folders), then reads and writes through that "workspace".
  const forged = join(s.dir, 'forged');
  writeFiles(forged, { 'secret.ts': 'export function secretElsewhere(): void {}\n' });
  writeFileSync(join(forged, '.git'), `gitdir: ${join(repo, '.git')}\n`);
  git(repo, 'worktree', 'add', '-q', '-b', 'real', join(s.dir, 'real'));
  const impostor = join(s.dir, 'impostor');
  mkdirSync(impostor);
  writeFileSync(join(impostor, '.git'), `gitdir: ${join(repo, '.git/worktrees/real')}\n`);

  const daemon = await s.daemon(repo);
  const client = await daemon.client('forger');
  await call(client, 'index.status', { sync: true });
  for (const root of [forged, impostor]) {
    const error = await rejection(call(client, 'workspace.create', { id: 'forged', root }), root);
    assert.equal(error.data.code, 'PathOutsideRepo', `${root}: ${error.message}`);
  }
  const { workspaces } = await call(client, 'workspace.list', {});
  assert.deepEqual(workspaces.map((w) => w.id), ['default']);
  const write = await rejection(call(client, 'edit.apply', { workspace: 'forged', edits: [{ path: 'evil.ts', content: 'x' }] }));
  assert.equal(write.data.code, 'WorkspaceNotFound');
  assert.equal(existsSync(join(forged, 'evil.ts')), false);
  // The real worktree is accepted.
  const created = await call(client, 'workspace.create', { id: 'real', root: join(s.dir, 'real') });
  assert.equal(created.root, join(s.dir, 'real'));
});
