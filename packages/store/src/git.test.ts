/**
 * Tests of git.ts against real repositories: identity across worktrees, empty and non-repos,
 * ls-tree and ls-files parsing with awkward file names, ref resolution and the blob hash.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cleanupTempDirs, git, makeRepo, makeTempDir, writeFile } from './fixtures-git.js';
import { gitRepoInfo, hashBlob, listTree, listWorktreeFiles, resolveCommit } from './git.js';

after(cleanupTempDirs);

const AWKWARD = ['with space.ts', 'new\nline.ts', 'ünïcödé/数据.ts', 'tab\there.ts', 'quote"and\\backslash.ts', '-dash.ts'];

describe('gitRepoInfo', () => {
  test('describes a repository, its subdirectory and a linked worktree with one commonDir', async () => {
    const { root, commit } = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const info = await gitRepoInfo(root);
    assert.deepEqual(info, { root, commonDir: join(root, '.git'), head: commit, objectFormat: 'sha1' });
    assert.deepEqual(await gitRepoInfo(join(root, 'src')), info);

    const worktree = join(makeTempDir(), 'wt');
    git(root, 'worktree', 'add', '-q', '-b', 'feature', worktree);
    writeFile(worktree, 'src/b.ts', 'export const b = 2;\n');
    git(worktree, 'add', '-A');
    git(worktree, 'commit', '-q', '-m', 'feature');
    const linked = await gitRepoInfo(worktree);
    assert.equal(linked?.root, worktree);
    assert.equal(linked?.commonDir, info?.commonDir, 'all worktrees share the common dir');
    assert.equal(linked?.head, git(worktree, 'rev-parse', 'HEAD'));
    assert.notEqual(linked?.head, commit);
  });

  test('reports a null head in a repository without commits', async () => {
    const root = makeTempDir();
    git(root, 'init', '-q');
    const info = await gitRepoInfo(root);
    assert.equal(info?.root, root);
    assert.equal(info?.head, null);
  });

  test('describes a repository whose path holds a line break, and a sha256 one', async () => {
    const parent = makeTempDir();
    const odd = join(parent, 'line\nbreak');
    mkdirSync(join(odd, 'src'), { recursive: true });
    git(odd, 'init', '-q');
    assert.deepEqual(await gitRepoInfo(join(odd, 'src')), { root: odd, commonDir: join(odd, '.git'), head: null, objectFormat: 'sha1' });
    writeFile(odd, 'a.ts', 'a');
    git(odd, 'add', '-A');
    git(odd, 'commit', '-q', '-m', 'one');
    assert.equal((await gitRepoInfo(odd))?.head, git(odd, 'rev-parse', 'HEAD'));

    const wide = makeTempDir();
    git(wide, 'init', '-q', '--object-format=sha256');
    writeFile(wide, 'a.ts', 'a');
    git(wide, 'add', '-A');
    git(wide, 'commit', '-q', '-m', 'one');
    const info = await gitRepoInfo(wide);
    assert.equal(info?.objectFormat, 'sha256');
    assert.equal(info?.head, git(wide, 'rev-parse', 'HEAD'));
    assert.equal(info?.head?.length, 64);
  });

  test('returns null outside git, inside .git and for a missing directory', async () => {
    assert.equal(await gitRepoInfo(makeTempDir()), null);
    const { root } = makeRepo({ 'a.ts': 'a' });
    assert.equal(await gitRepoInfo(join(root, '.git')), null);
    assert.equal(await gitRepoInfo(join(root, 'no-such-dir')), null);
  });
});

describe('listTree', () => {
  test('lists blobs with ids and sizes, reporting symlinks and submodules', async () => {
    const files: Record<string, string> = { 'src/a.ts': 'export const a = 1;\n', 'empty.txt': '' };
    for (const name of AWKWARD) files[name] = `// ${name}\n`;
    const { root } = makeRepo(files);
    symlinkSync('src/a.ts', join(root, 'link.ts'));
    const sub = makeRepo({ 'x.ts': 'x' });
    git(root, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub.root, 'vendor/sub');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'more');
    const listing = await listTree(root, git(root, 'rev-parse', 'HEAD'));

    const byPath = new Map(listing.entries.map((entry) => [entry.path, entry]));
    for (const name of [...AWKWARD, 'src/a.ts', 'empty.txt', '.gitmodules']) assert.ok(byPath.has(name), name);
    assert.equal(byPath.size, AWKWARD.length + 3);
    const a = byPath.get('src/a.ts')!;
    assert.equal(a.blobId, git(root, 'rev-parse', 'HEAD:src/a.ts'));
    assert.equal(a.size, 'export const a = 1;\n'.length);
    assert.equal(a.mode, '100644');
    assert.equal(byPath.get('empty.txt')?.size, 0);
    assert.deepEqual(listing.skipped.map(({ path, reason }) => [path, reason]).sort(),
      [['link.ts', 'symlink'], ['vendor/sub', 'submodule']]);
  });

  test('lists the full tree from a subdirectory and rejects an unknown commit', async () => {
    const { root, commit } = makeRepo({ 'top.ts': 't', 'dir/inner.ts': 'i' });
    const listing = await listTree(join(root, 'dir'), commit);
    assert.deepEqual(listing.entries.map((entry) => entry.path).sort(), ['dir/inner.ts', 'top.ts']);
    await assert.rejects(listTree(root, 'f'.repeat(40)), { code: 'BaseNotACommit' });
    await assert.rejects(listTree(root, '--output=x'), { code: 'InvalidParams' });
  });
});

describe('listWorktreeFiles', () => {
  test('lists tracked and untracked files, not ignored ones; a tracked file deleted from disk stays listed (the scan drops it)', async () => {
    const files: Record<string, string> = { '.gitignore': 'ignored/\n*.log\n', 'keep.ts': 'k', 'gone.ts': 'g' };
    for (const name of AWKWARD) files[name] = name;
    const { root } = makeRepo(files);
    rmSync(join(root, 'gone.ts'));
    writeFile(root, 'new file.ts', 'n');
    writeFile(root, 'nested/deep/új.ts', 'u');
    writeFile(root, 'ignored/x.ts', 'x');
    writeFile(root, 'debug.log', 'l');
    symlinkSync('keep.ts', join(root, 'tracked-link.ts'));
    git(root, 'add', 'tracked-link.ts');
    const nested = join(root, 'inner-repo');
    mkdirSync(nested);
    git(nested, 'init', '-q');
    writeFile(nested, 'f.ts', 'f');
    git(nested, 'add', '-A');
    git(nested, 'commit', '-q', '-m', 'x');

    const listing = await listWorktreeFiles(root);
    const expected = ['.gitignore', 'gone.ts', 'keep.ts', 'new file.ts', 'nested/deep/új.ts', ...AWKWARD];
    assert.deepEqual([...listing.paths].sort(), expected.sort());
    assert.deepEqual(listing.skipped.map(({ path, reason }) => [path, reason]).sort(),
      [['inner-repo', 'nested-repository'], ['tracked-link.ts', 'symlink']]);
    const sorted = [...listing.paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    assert.deepEqual(listing.paths, sorted, 'paths come in byte (git) order');
  });

  test('works in an empty repository', async () => {
    const root = makeTempDir();
    git(root, 'init', '-q');
    writeFile(root, 'a.ts', 'a');
    assert.deepEqual((await listWorktreeFiles(root)).paths, ['a.ts']);
  });
});

describe('resolveCommit and hashBlob', () => {
  test('resolves refs to commits and rejects what is not one', async () => {
    const { root, commit } = makeRepo({ 'a.ts': 'a' });
    git(root, 'tag', 'v1');
    assert.equal(await resolveCommit(root, 'HEAD'), commit);
    assert.equal(await resolveCommit(root, 'v1'), commit);
    assert.equal(await resolveCommit(root, 'main'), commit);
    assert.equal(await resolveCommit(root, 'no-such-branch'), null);
    assert.equal(await resolveCommit(root, '--all'), null);
    assert.equal(await resolveCommit(root, git(root, 'rev-parse', 'HEAD^{tree}')), null);
  });

  test('computes the ids git computes', async () => {
    const { root } = makeRepo({ 'a.ts': 'export const x = "ünïcödé";\n', 'empty.txt': '' });
    assert.equal(hashBlob(Buffer.from('export const x = "ünïcödé";\n')), git(root, 'rev-parse', 'HEAD:a.ts'));
    assert.equal(hashBlob(new Uint8Array(0)), 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    assert.equal(hashBlob(Buffer.alloc(0), 'sha256'),
      '473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813');
  });
});
