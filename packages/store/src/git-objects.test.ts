/**
 * Tests of the long-lived object reader and what reads through it, against real repositories:
 * pipelined reads of every kind of name, missing and malformed names, a reader whose git process
 * was killed (the next read starts another), and isAncestor's walk against git's own answer,
 * across a merge, an unrelated history and a history longer than the walk reads.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { cleanupTempDirs, git, makeRepo, writeFile } from './fixtures-git.js';
import { gitObjects } from './git-objects.js';
import { isAncestor, readFileAtCommit } from './git.js';

after(cleanupTempDirs);

/** git's own answer to "is a an ancestor of b". */
function gitSays(root: string, a: string, b: string): boolean {
  try {
    git(root, 'merge-base', '--is-ancestor', a, b);
    return true;
  } catch {
    return false;
  }
}

describe('gitObjects', () => {
  test('answers pipelined reads in order, by id, revision and path', async () => {
    const { root, commit } = makeRepo({ 'a.txt': 'alpha\n', 'dir/b.txt': 'beta\n', 'empty.txt': '' });
    const objects = gitObjects(root);
    const names = [commit, 'main^{commit}', `${commit}:a.txt`, 'HEAD:dir/b.txt', `${commit}:empty.txt`, 'HEAD^{tree}', 'nope', `${commit}:missing.txt`];
    const read = await Promise.all(names.map((name) => objects.read(name)));
    assert.equal(read[0]!.type, 'commit');
    assert.equal(read[0]!.oid, commit);
    assert.equal(read[1]!.oid, commit);
    assert.equal(read[2]!.bytes.toString(), 'alpha\n');
    assert.equal(read[3]!.bytes.toString(), 'beta\n');
    assert.equal(read[4]!.bytes.length, 0);
    assert.equal(read[5]!.type, 'tree');
    assert.equal(read[6], null);
    assert.equal(read[7], null);
    assert.equal(await readFileAtCommit(root, commit, 'dir/b.txt').then((bytes) => bytes?.toString()), 'beta\n');
    assert.equal(await readFileAtCommit(root, commit, 'dir'), null, 'a tree is not a file');
  });

  test('names that could break the framing name nothing', async () => {
    const { root } = makeRepo({ 'a.txt': 'alpha\n' });
    const objects = gitObjects(root);
    for (const name of ['', 'HEAD\nHEAD', 'HEAD\0', 'x'.repeat(10_000), 'HEAD\r']) assert.equal(await objects.read(name), null);
    assert.equal((await objects.read('HEAD'))!.type, 'commit', 'and the reader still answers');
  });

  test('a reader whose process was closed or killed starts another', async () => {
    const { root, commit } = makeRepo({ 'a.txt': 'alpha\n' });
    const objects = gitObjects(root);
    assert.equal((await objects.read(commit))!.oid, commit);
    objects.close();
    assert.equal((await objects.read(commit))!.oid, commit);
    const child = (objects as unknown as { child: { kill: (signal: string) => void } }).child;
    child.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await objects.read(`${commit}:a.txt`))!.bytes.toString(), 'alpha\n');
  });
});

describe('isAncestor', () => {
  test('agrees with git across branches, a merge and an unrelated history', async () => {
    const { root } = makeRepo({ 'a.txt': '1\n' });
    const commits: Record<string, string> = { root: git(root, 'rev-parse', 'HEAD') };
    git(root, 'checkout', '-q', '-b', 'side');
    for (const index of [1, 2, 3]) {
      writeFile(root, 'side.txt', `${index}\n`);
      git(root, 'commit', '-qam', `side ${index}`, '--allow-empty');
    }
    commits.side = git(root, 'rev-parse', 'HEAD');
    git(root, 'checkout', '-q', 'main');
    writeFile(root, 'main.txt', 'm\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'main');
    commits.main = git(root, 'rev-parse', 'HEAD');
    git(root, 'merge', '-q', '--no-edit', 'side');
    commits.merge = git(root, 'rev-parse', 'HEAD');
    git(root, 'checkout', '-q', '--orphan', 'other');
    git(root, 'commit', '-qm', 'unrelated', '--allow-empty');
    commits.other = git(root, 'rev-parse', 'HEAD');
    const ids = Object.values(commits);
    for (const a of ids) {
      for (const b of ids) assert.equal(await isAncestor(root, a, b), gitSays(root, a, b), `${a} ancestor of ${b}`);
    }
  });

  test('a history longer than the walk reads is left to git, with the same answer', async () => {
    const { root } = makeRepo({ 'a.txt': '1\n' });
    const first = git(root, 'rev-parse', 'HEAD');
    const tree = git(root, 'rev-parse', 'HEAD^{tree}');
    let head = first;
    for (let index = 0; index < 300; index++) head = git(root, 'commit-tree', tree, '-p', head, '-m', `c${index}`);
    assert.equal(await isAncestor(root, first, head), true);
    assert.equal(await isAncestor(root, head, first), false);
  });
});
