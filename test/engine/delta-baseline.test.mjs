// Baselines stored as deltas (engine baseline-delta.ts): the baselines of a branch's commits,
// built after the worktree's own (their base), are stored as the few groups that differ from it,
// and read like any baseline: the same digest as a build from scratch in a fresh store, the same
// committed-mode answers. A workspace that moves onto such a commit gets it stored complete
// (nothing sits on a delta), and cleanup removes deltas before the baselines they sit on. Real
// git, LMDB and the worker pool.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { openRepository } from '../../packages/engine/dist/index.js';
import { git, gitRepo, tempDir, writeFiles } from '../helpers/repo.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

/** The sample project with enough modules that a few changed files are a small share. */
function project() {
  const files = { ...sampleProject, 'README.md': '# sample\n' };
  for (let index = 0; index < 40; index++) {
    files[`src/extra/m${index}.ts`] = `import { note } from '../util';\n\nexport function m${index}(): void {\n  note('m${index}');\n}\n`;
  }
  return files;
}

async function freshDigest(root, commit) {
  const home = tempDir('repograph-delta-fresh-');
  const repository = await openRepository({ repoRoot: root, dataRoot: home.dir, threads: 1 });
  try {
    return (await repository.ensureBaseline(commit)).report.digest;
  } finally {
    await repository.close();
    home.cleanup();
  }
}

test('a branch\'s baselines are stored as deltas over the base, read as the commits, made complete when a workspace moves onto one, cleaned up first', { timeout: 180_000 }, async (t) => {
  const repo = tempDir('repograph-delta-baseline-');
  const home = tempDir('repograph-delta-home-');
  t.after(() => { repo.cleanup(); home.cleanup(); });
  const root = repo.dir;
  gitRepo(root, project());
  const base = git(root, 'rev-parse', 'HEAD').trim();
  git(root, 'checkout', '-qb', 'release');
  writeFiles(root, {
    'src/shapes/circle.ts': sampleProject['src/shapes/circle.ts'].replace('grow(by: number)', 'enlarge(by: number)'),
    'src/extra/added.ts': "import { Circle } from '../shapes/circle';\n\nexport function unit(): Circle {\n  return new Circle(1);\n}\n",
  });
  rmSync(join(root, 'src/extra/m0.ts'));
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'release');
  const head = git(root, 'rev-parse', 'HEAD').trim();
  writeFiles(root, { 'src/extra/m1.ts': "import { note } from '../util';\n\nexport function m1(): void {\n  note('pushed');\n}\n" });
  git(root, 'commit', '-qam', 'push');
  const pushed = git(root, 'rev-parse', 'HEAD').trim();
  git(root, 'checkout', '-q', 'main');

  const repository = await openRepository({ repoRoot: root, dataRoot: home.dir, threads: 1 });
  try {
    await repository.index();
    const digests = [];
    for (const commit of [head, pushed]) digests.push((await repository.ensureBaseline(commit)).report.digest);
    const listed = new Map(repository.listBaselines().map((baseline) => [baseline.commit, baseline]));
    const complete = listed.get(base);
    assert.deepEqual(complete.usedBy, ['default']);
    for (const commit of [head, pushed]) {
      const delta = listed.get(commit);
      assert.ok(delta.bytes * 4 < complete.bytes, `${commit.slice(0, 8)} is stored as a delta (${delta.bytes} bytes against ${complete.bytes})`);
      assert.equal(delta.fileCount, complete.fileCount, 'one file added, one removed: the merged count');
      assert.deepEqual(delta.usedBy, []);
    }
    assert.deepEqual(digests, [await freshDigest(root, head), await freshDigest(root, pushed)], 'the same graphs as builds from scratch');

    // Committed mode reads a delta as the commit: the added function is there, the removed module is not.
    const { session } = await repository.commitQuery(head);
    try {
      const ids = (query) => session.search({ query }).symbols.map((symbol) => symbol.id);
      assert.ok(ids('unit').includes('src/extra/added.ts#unit'));
      assert.ok(!ids('m0').includes('src/extra/m0.ts#m0'), 'the removed module is gone');
      assert.ok(ids('m10').includes('src/extra/m10.ts#m10'), 'an unchanged module is read from the base');
      assert.ok(ids('enlarge').includes('src/shapes/circle.ts#Circle.enlarge'));
      assert.ok(!ids('grow').includes('src/shapes/circle.ts#Circle.grow'));
    } finally {
      session.close();
    }

    // The worktree moves onto the pushed commit: its baseline is stored complete, the workspace sits on it.
    git(root, 'checkout', '-q', 'release');
    const moved = await repository.index();
    assert.equal(moved.digest, digests[1], 'the worktree is the pushed commit');
    const after = new Map(repository.listBaselines().map((baseline) => [baseline.commit, baseline]));
    assert.deepEqual(after.get(pushed).usedBy, ['default']);
    assert.ok(after.get(pushed).bytes * 2 > complete.bytes, 'stored complete now');

    // Back on main: cleanup removes the deltas, then what no workspace sits on.
    git(root, 'checkout', '-q', 'main');
    await repository.index();
    const cleaned = await repository.cleanup(false);
    assert.deepEqual(cleaned.skippedInUse, [base]);
    assert.deepEqual([...cleaned.removed].sort(), [head, pushed].sort());
    assert.deepEqual(repository.listBaselines().map((baseline) => baseline.commit), [base]);
    assert.equal((await repository.ensureBaseline(head)).report.digest, digests[0], 'rebuilt on demand');
  } finally {
    await repository.close();
  }
});
