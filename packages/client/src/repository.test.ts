// findRepository resolves worktrees of one repository to one id, and dataRootFrom validates REPOGRAPH_HOME.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { repoIdFor } from '@repograph/protocol';
import { dataRootFrom, findRepository } from './repository.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'repograph-client-repo-')));
after(() => rmSync(temp, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'ignore' });
}

test('a git repository and a worktree of it share one repoId and keep their own roots', async () => {
  const main = join(temp, 'main');
  mkdirSync(join(main, 'src'), { recursive: true });
  writeFileSync(join(main, 'src', 'a.ts'), 'export const a = 1;\n');
  git(main, 'init', '-q');
  git(main, 'add', '.');
  git(main, 'commit', '-q', '-m', 'first');
  const worktree = join(temp, 'feature');
  git(main, 'worktree', 'add', '-q', '-b', 'feature', worktree);

  const fromMain = await findRepository(main);
  const fromSubdir = await findRepository(join(main, 'src'));
  const fromWorktree = await findRepository(worktree);
  assert.equal(fromMain.root, main);
  assert.equal(fromSubdir.root, main);
  assert.equal(fromWorktree.root, worktree);
  assert.equal(fromMain.commonDir, join(main, '.git'));
  assert.equal(fromWorktree.commonDir, fromMain.commonDir);
  assert.equal(fromWorktree.repoId, fromMain.repoId);
  assert.equal(fromMain.repoId, repoIdFor(join(main, '.git')));
  assert.match(fromMain.repoId, /^main-[0-9a-f]{16}$/);
});

test('a directory outside git is its own root and common dir', async () => {
  const plain = join(temp, 'plain');
  mkdirSync(plain);
  const identity = await findRepository(plain);
  assert.deepEqual(identity, { root: plain, commonDir: plain, repoId: repoIdFor(plain) });
});

test('a missing directory is NotARepository', async () => {
  await assert.rejects(findRepository(join(temp, 'missing')), (error: { data?: { code?: string } }) => error.data?.code === 'NotARepository');
});

test('dataRootFrom: REPOGRAPH_HOME must be absolute; the default is ~/.repograph', () => {
  assert.equal(dataRootFrom({ REPOGRAPH_HOME: '/srv/repograph' }), '/srv/repograph');
  assert.equal(dataRootFrom({}), join(homedir(), '.repograph'));
  assert.throws(() => dataRootFrom({ REPOGRAPH_HOME: 'relative/home' }), /REPOGRAPH_HOME must be an absolute path, not 'relative\/home'/);
});
