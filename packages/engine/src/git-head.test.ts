/**
 * Tests of readRef and readHead on a real repository: a loose branch, a packed one (after `git pack-refs`),
 * HEAD, a branch that is gone, and names that try to leave the refs folder.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readHead, readRef } from './git-head.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'repograph-git-head-')));
after(() => rmSync(root, { recursive: true, force: true }));
const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', '-c', 'init.defaultBranch=main', ...args], { cwd: root, encoding: 'utf8' }).trim();

test('readRef reads loose and packed branches, HEAD, and nothing outside the refs', async () => {
  git('init', '-q');
  writeFileSync(join(root, 'a.txt'), 'a\n');
  git('add', '-A');
  git('commit', '-qm', 'one');
  const first = git('rev-parse', 'HEAD');
  git('branch', 'feature');
  const commonDir = join(root, '.git');
  assert.equal(await readRef(root, commonDir, 'refs/heads/feature'), first, 'a loose ref');
  writeFileSync(join(root, 'a.txt'), 'b\n');
  git('commit', '-qam', 'two');
  const second = git('rev-parse', 'HEAD');
  assert.equal(await readRef(root, commonDir, 'HEAD'), second);
  git('pack-refs', '--all');
  assert.equal(await readRef(root, commonDir, 'refs/heads/feature'), first, 'a packed ref');
  assert.equal(await readRef(root, commonDir, 'refs/heads/main'), second);
  git('branch', '-D', 'feature');
  assert.equal(await readRef(root, commonDir, 'refs/heads/feature'), null, 'a branch that is gone');
  for (const bad of ['refs/heads/../../config', 'refs/tags/v1', 'config', 'refs/heads/', 'refs/heads/a b']) {
    assert.equal(await readRef(root, commonDir, bad), null, bad);
  }
});

test('readHead follows HEAD to its branch, loose or packed, and never reads a ref that leaves the git dir', async () => {
  const repo = realpathSync(mkdtempSync(join(tmpdir(), 'repograph-read-head-')));
  after(() => rmSync(repo, { recursive: true, force: true }));
  const run = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', '-c', 'init.defaultBranch=main', ...args], { cwd: repo, encoding: 'utf8' }).trim();
  const commonDir = join(repo, '.git');
  assert.equal(await readHead(repo, commonDir), null, 'an unborn branch has no commit');
  run('init', '-q');
  assert.equal(await readHead(repo, commonDir), null, 'an unborn branch has no commit');
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  run('add', '-A');
  run('commit', '-qm', 'one');
  const first = run('rev-parse', 'HEAD');
  assert.equal(await readHead(repo, commonDir), first, 'a loose branch');
  run('pack-refs', '--all');
  assert.equal(await readHead(repo, commonDir), first, 'a packed branch');
  run('checkout', '-q', '--detach');
  assert.equal(await readHead(repo, commonDir), first, 'a detached HEAD');

  // A HEAD whose ref climbs out of the git dir: the file there is not read (git is asked, and refuses it).
  const planted = 'f'.repeat(40);
  writeFileSync(join(repo, 'outside'), `${planted}\n`);
  writeFileSync(join(commonDir, 'HEAD'), 'ref: refs/../../outside\n');
  assert.notEqual(await readHead(repo, commonDir), planted);
});
