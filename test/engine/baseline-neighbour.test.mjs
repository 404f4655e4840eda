// A baseline bound incrementally from the last commit bound (the next push of a reviewed branch)
// equals one bound from scratch (invariant 2 for baselines): the same digest, file and symbol
// counts, for a content edit, a new file, a removed file and a changed manifest, each a commit of
// its own, built in a row by one repository and each rebuilt in a fresh store. Real git, LMDB
// and the worker pool.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { openRepository } from '../../packages/engine/dist/index.js';
import { git, gitRepo, tempDir, writeFiles } from '../helpers/repo.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

async function baselineDigest(root, commit, home) {
  const repository = await openRepository({ repoRoot: root, dataRoot: home, threads: 1 });
  try {
    const built = await repository.ensureBaseline(commit);
    return { digest: built.report.digest, fileCount: built.report.files?.total ?? null };
  } finally {
    await repository.close();
  }
}

test('baselines bound from their neighbour commit equal baselines bound from scratch', { timeout: 120_000 }, async (t) => {
  const repoDir = tempDir('repograph-neighbour-');
  const shared = tempDir('repograph-neighbour-home-');
  t.after(() => { repoDir.cleanup(); shared.cleanup(); });
  const root = repoDir.dir;
  gitRepo(root, sampleProject);
  const commits = [git(root, 'rev-parse', 'HEAD').trim()];
  const steps = [
    () => writeFiles(root, { 'src/shapes/circle.ts': sampleProject['src/shapes/circle.ts'].replace('grow(by: number)', 'enlarge(by: number)') }),
    () => writeFiles(root, { 'src/shapes/extra.ts': "import { Circle } from './circle.js';\n\nexport function unit(): Circle {\n  return new Circle(1);\n}\n" }),
    () => rmSync(join(root, 'src/shapes/extra.ts')),
    () => writeFiles(root, { 'package.json': JSON.stringify({ name: 'sample', type: 'module', version: '2.0.0' }) }),
  ];
  for (const step of steps) {
    step();
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'step');
    commits.push(git(root, 'rev-parse', 'HEAD').trim());
  }
  // One repository builds them in a row: each after the first is bound from its neighbour.
  const repository = await openRepository({ repoRoot: root, dataRoot: shared.dir, threads: 1 });
  const inRow = [];
  try {
    for (const commit of commits) inRow.push((await repository.ensureBaseline(commit)).report.digest);
  } finally {
    await repository.close();
  }
  for (const [index, commit] of commits.entries()) {
    const fresh = tempDir('repograph-neighbour-fresh-');
    try {
      const { digest } = await baselineDigest(root, commit, fresh.dir);
      assert.equal(inRow[index], digest, `commit ${index}: the incremental baseline's digest equals a fresh build's`);
    } finally {
      fresh.cleanup();
    }
  }
  assert.notEqual(inRow[1], inRow[0], 'the edit changed the graph');
  assert.notEqual(inRow[2], inRow[1], 'the new file changed the graph');
  assert.equal(inRow[3], inRow[1], 'removing the new file again gives the earlier graph');
});
