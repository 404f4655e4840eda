// index.status's `git` through the real daemon: the dirty file count of the workspace's root
// (tracked files changed, untracked files git does not ignore; ignored ones never), the branch,
// and ahead/behind of its upstream (null without one); read without writing into `.git` (the
// index file is byte for byte and mtime the same after a status of a stat-dirty tree, where a
// plain `git status` would refresh it). A pinned workspace of another worktree reports that root.
import assert from 'node:assert/strict';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { git } from '../helpers/repo.mjs';

const FILES = {
  '.gitignore': 'build/\n*.log\n',
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': 'export const b = 2;\n',
};

test('index.status reports the root\'s dirty files and ahead/behind of its upstream, without touching .git', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('status');

  const clean = await call(client, 'index.status', { sync: true });
  assert.deepEqual(clean.git, { dirtyFiles: 0, branch: 'main', upstream: null, ahead: null, behind: null });

  writeFileSync(join(repo, 'src/a.ts'), 'export const a = 10;\n');
  writeFileSync(join(repo, 'src/new.ts'), 'export const n = 1;\n');
  writeFileSync(join(repo, 'debug.log'), 'ignored\n');
  writeFileSync(join(repo, 'notes.md'), 'untracked\n');
  git(repo, 'rm', '-q', '--cached', 'src/b.ts');
  const dirty = await call(client, 'index.status', { sync: true });
  // a.ts modified, b.ts deleted from the index (and now untracked), new.ts and notes.md untracked; debug.log ignored.
  assert.equal(dirty.git.dirtyFiles, 5, JSON.stringify(dirty.git));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'second');

  // A branch that tracks main: one commit ahead, then one behind as well.
  git(repo, 'checkout', '-qb', 'feature');
  git(repo, 'branch', '-q', '--set-upstream-to=main');
  writeFileSync(join(repo, 'src/a.ts'), 'export const a = 11;\n');
  git(repo, 'commit', '-qam', 'ahead');
  git(repo, 'update-ref', 'refs/heads/main', git(repo, 'commit-tree', '-p', 'main', '-m', 'behind', 'main^{tree}').trim());
  const tracking = await call(client, 'index.status', { sync: true });
  assert.deepEqual(tracking.git, { dirtyFiles: 0, branch: 'feature', upstream: 'main', ahead: 1, behind: 1 });

  // A stat-dirty tree: plain `git status` would rewrite the index; the daemon's status never does.
  const index = join(repo, '.git/index');
  const bytes = readFileSync(index);
  const mtime = statSync(index).mtimeMs;
  const later = new Date(Date.now() + 5000);
  utimesSync(join(repo, 'src/b.ts'), later, later);
  const touched = await call(client, 'index.status', {});
  assert.equal(touched.git.dirtyFiles, 0, 'a touched file with the same content is not dirty');
  assert.deepEqual(readFileSync(index), bytes, 'the index file is unchanged');
  assert.equal(statSync(index).mtimeMs, mtime);

  // Detached HEAD: no branch, no upstream.
  git(repo, 'checkout', '-q', '--detach');
  const detached = await call(client, 'index.status', { sync: true });
  assert.deepEqual([detached.git.branch, detached.git.upstream, detached.git.ahead], [null, null, null]);

  // Another worktree's workspace reports its own root.
  const tree = join(s.dir, 'second');
  git(repo, 'worktree', 'add', '-q', '-b', 'second', tree, 'main');
  await call(client, 'workspace.create', { id: 'second', root: tree });
  writeFileSync(join(tree, 'extra.txt'), 'x\n');
  const second = await call(client, 'index.status', { workspace: 'second' });
  assert.deepEqual([second.git.branch, second.git.dirtyFiles], ['second', 1]);
});
