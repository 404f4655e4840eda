/**
 * resolveRefFromFiles against git's own answer (the store's resolveRefFollowing, one `rev-parse`):
 * for every spelling of a ref in a repository with loose and packed branches, tags (light and
 * annotated), a tag and a branch of one name, remote-tracking branches and their HEAD, expressions,
 * commit ids, attached and detached HEAD and a linked worktree, the files give git's answer or
 * leave the question to git (null), never another answer; and the plain spellings are answered.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { resolveRefFollowing } from '@repograph/store';
import { resolveRefFromFiles } from './ref-files.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'repograph-ref-files-')));
const linked = `${root}-linked`;
after(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(linked, { recursive: true, force: true });
});
const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' }).trim();

/** Asserts the files agree with git on every spelling, and answer the ones in `answered`. */
async function agree(cwd: string, spellings: string[], answered: string[]): Promise<void> {
  for (const spelling of spellings) {
    const fromFiles = await resolveRefFromFiles(cwd, spelling);
    const fromGit = await resolveRefFollowing(cwd, spelling);
    if (fromFiles !== null) assert.deepEqual(fromFiles, fromGit, `${spelling} in ${cwd}`);
    if (answered.includes(spelling)) assert.notEqual(fromFiles, null, `${spelling} is answered from the files`);
  }
}

test('the files give git\'s answer for every spelling, or leave it to git', async () => {
  git(root, 'init', '-q');
  writeFileSync(join(root, 'a.txt'), 'a\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'one');
  writeFileSync(join(root, 'a.txt'), 'b\n');
  git(root, 'commit', '-qam', 'two');
  const head = git(root, 'rev-parse', 'HEAD');
  git(root, 'branch', 'release', 'HEAD~1');
  git(root, 'branch', 'feature/x');
  git(root, 'branch', 'dup');
  git(root, 'tag', 'dup', 'HEAD~1');
  git(root, 'tag', 'v1');
  git(root, 'tag', '-a', 'v2', '-m', 'annotated');
  git(root, 'update-ref', 'refs/remotes/origin/main', 'HEAD~1');
  git(root, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
  const spellings = [
    'HEAD', 'main', 'release', 'feature/x', 'refs/heads/release', 'heads/release', 'dup', 'v1', 'v2', 'tags/v1',
    'origin/main', 'origin', 'refs/remotes/origin/main', 'remotes/origin/main', 'release~0', 'release^0', 'main~1',
    head, head.slice(0, 12), 'nope', 'refs/heads/nope', 'HEAD@{0}', 'ORIG_HEAD',
  ];
  const plain = ['HEAD', 'main', 'release', 'feature/x', 'refs/heads/release', 'heads/release', 'origin/main', head];
  await agree(root, spellings, plain);
  git(root, 'pack-refs', '--all');
  await agree(root, spellings, plain);
  git(root, 'checkout', '-q', '--detach');
  await agree(root, spellings, plain);
  git(root, 'checkout', '-q', 'main');
  git(root, 'worktree', 'add', '-q', linked, 'release');
  await agree(linked, spellings, plain);
});
