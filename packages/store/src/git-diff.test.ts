/**
 * Tests of diffFiles on real repositories: status, blob ids, lines and binary content between two
 * commits, and against the worktree with untracked files (ignored ones left out).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cleanupTempDirs, git, makeRepo, writeFile } from './fixtures-git.js';
import { diffFiles } from './git-diff.js';

after(cleanupTempDirs);

describe('diffFiles', () => {
  test('between two commits: added, removed, modified, binary, a name with spaces and no renames', async () => {
    const { root, commit: base } = makeRepo({ 'a.ts': 'one\ntwo\n', 'old name.ts': 'x\n', 'img.bin': Buffer.from([0, 1, 2]) });
    writeFile(root, 'a.ts', 'one\nthree\nfour\n');
    writeFile(root, 'new file.ts', 'y\n');
    writeFile(root, 'img.bin', Buffer.from([0, 3, 4, 5]));
    git(root, 'mv', 'old name.ts', 'moved.ts');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'head');
    const head = git(root, 'rev-parse', 'HEAD').trim();
    const entries = await diffFiles(root, base, head);
    assert.deepEqual(entries.map((e) => [e.path, e.status, e.linesAdded, e.linesRemoved, e.binary]), [
      ['a.ts', 'modified', 2, 1, false],
      ['img.bin', 'modified', 0, 0, true],
      ['moved.ts', 'added', 1, 0, false],
      ['new file.ts', 'added', 1, 0, false],
      ['old name.ts', 'removed', 0, 1, false],
    ]);
    const a = entries[0]!;
    assert.equal(a.oldBlob, git(root, 'rev-parse', `${base}:a.ts`).trim());
    assert.equal(a.newBlob, git(root, 'rev-parse', `${head}:a.ts`).trim());
    assert.equal(entries[4]!.newBlob, null);
    assert.deepEqual(a.hunks, [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 2 }], 'two -> three, four');
    assert.deepEqual(entries[3]!.hunks, [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 1 }], 'a name with a space is matched to its hunks');
    assert.deepEqual(entries[4]!.hunks, [{ oldStart: 1, oldLines: 1, newStart: 0, newLines: 0 }]);
    assert.deepEqual(await diffFiles(root, head, head), [], 'a commit against itself differs in nothing');
  });

  test('against the worktree: tracked edits, deletions and untracked files, not ignored ones', async () => {
    const { root, commit: base } = makeRepo({ 'a.ts': 'one\n', 'b.ts': 'two\n', '.gitignore': 'build/\n' });
    writeFile(root, 'a.ts', 'one\nmore\n');
    rmSync(join(root, 'b.ts'));
    writeFile(root, 'c.ts', 'new\n');
    writeFile(root, 'build/out.js', 'ignored\n');
    writeFile(root, 'tab\tname.ts', 'x\n');
    git(root, 'add', 'tab\tname.ts');
    git(root, 'commit', '-qm', 'tab');
    const withTab = git(root, 'rev-parse', 'HEAD').trim();
    writeFile(root, 'tab\tname.ts', 'x\ny\n');
    const tabbed = (await diffFiles(root, withTab, null)).find((e) => e.path === 'tab\tname.ts')!;
    assert.deepEqual(tabbed.hunks, [{ oldStart: 1, oldLines: 0, newStart: 2, newLines: 1 }], 'a quoted name is unquoted');
    const entries = (await diffFiles(root, base, null)).filter((e) => e.path !== 'tab\tname.ts');
    assert.deepEqual(entries.map((e) => [e.path, e.status, e.linesAdded, e.linesRemoved]), [
      ['a.ts', 'modified', 1, 0], ['b.ts', 'removed', 0, 1], ['c.ts', 'added', 0, 0],
    ]);
    assert.equal(entries[0]!.newBlob, null, 'a worktree file git has not hashed has no blob id');
  });
});
