/**
 * listTreeFrom against listTree on real repositories: for commits that edit, add and remove
 * files, add and remove whole folders, turn a file into a folder and back, add a symlink, change
 * a mode, and touch names with spaces and non-ASCII letters, the derived listing equals git's,
 * order included; past its bounds it gives up (null) instead of answering.
 */
import assert from 'node:assert/strict';
import { chmodSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cleanupTempDirs, git, makeRepo, writeFile } from './fixtures-git.js';
import { listTree } from './git.js';
import { listTreeFrom } from './git-tree-diff.js';

after(cleanupTempDirs);

function commitAll(root: string, message: string): string {
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '--allow-empty', '-m', message);
  return git(root, 'rev-parse', 'HEAD');
}

test('a listing derived from a nearby commit equals git\'s, step after step', async () => {
  const files: Record<string, string> = { 'README.md': '# r\n', 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'src/deep/c.ts': 'c\n', 'lib/x.js': 'x\n', 'a.txt': 't\n' };
  for (let index = 0; index < 40; index++) files[`pkg/m${index}/index.js`] = `module.exports = ${index};\n`;
  const { root, commit } = makeRepo(files);
  const steps: Array<() => void> = [
    () => writeFile(root, 'src/a.ts', 'a changed\n'),
    () => { writeFile(root, 'src/new/d.ts', 'd\n'); writeFile(root, 'src/new/e.ts', 'e\n'); },
    () => rmSync(join(root, 'src/deep'), { recursive: true }),
    () => { rmSync(join(root, 'a.txt')); writeFile(root, 'a.txt/inner.txt', 'now a folder\n'); },
    () => { rmSync(join(root, 'a.txt'), { recursive: true }); writeFile(root, 'a.txt', 'a file again\n'); },
    () => symlinkSync('src/a.ts', join(root, 'link.ts')),
    () => chmodSync(join(root, 'lib/x.js'), 0o755),
    () => { writeFile(root, 'name with space.ts', 's\n'); writeFile(root, 'ünï/çødé.ts', 'u\n'); },
    () => rmSync(join(root, 'pkg'), { recursive: true }),
    () => writeFile(root, 'empty.ts', ''),
  ];
  let previous = commit;
  let previousListing = await listTree(root, commit);
  for (const [index, step] of steps.entries()) {
    step();
    const next = commitAll(root, `step ${index}`);
    const derived = await listTreeFrom(root, previous, previousListing, next);
    const listed = await listTree(root, next);
    assert.deepEqual(derived, listed, `step ${index}`);
    // Far apart too: from the first commit.
    assert.deepEqual(await listTreeFrom(root, commit, await listTree(root, commit), next), listed, `step ${index} from the first commit`);
    previous = next;
    previousListing = listed;
  }
});

test('past its bounds, or given something that is not a commit, it gives up', async () => {
  const files: Record<string, string> = {};
  for (let index = 0; index < 30; index++) files[`f${index}.ts`] = `${index}\n`;
  const { root, commit } = makeRepo(files);
  for (let index = 0; index < 30; index++) writeFile(root, `f${index}.ts`, `${index} changed\n`);
  const next = commitAll(root, 'all');
  const listing = await listTree(root, commit);
  assert.equal(await listTreeFrom(root, commit, listing, next, { maxChangedEntries: 10, maxTreeReads: 100 }), null);
  assert.equal(await listTreeFrom(root, commit, listing, next, { maxChangedEntries: 100, maxTreeReads: 1 }), null);
  assert.equal(await listTreeFrom(root, commit, listing, 'f'.repeat(40)), null);
  assert.deepEqual(await listTreeFrom(root, commit, listing, next), await listTree(root, next));
});
