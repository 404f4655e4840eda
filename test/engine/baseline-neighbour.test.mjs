// A baseline bound incrementally from the last commit bound (the next push of a reviewed branch)
// equals one bound from scratch (invariant 2 for baselines): the same digest, the same stored
// manifest (every file's blob, language, status and group hash) and the same excluded material,
// for a content edit, a new file, a removed file, a changed manifest and excluded material
// added, each a commit of its own, built in a row by one repository (each commit's listing then
// derives from the last one's, its unchanged entries admitted once) and each rebuilt in a fresh
// store. Real git, LMDB and the worker pool.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { openRepository } from '../../packages/engine/dist/index.js';
import { git, gitRepo, tempDir, writeFiles } from '../helpers/repo.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

/** What a baseline holds: its digest, its stored manifest and the material it excluded. */
async function builtBaseline(repository, commit) {
  const built = await repository.ensureBaseline(commit);
  const manifest = await repository.headReader({ commit }, (reader) => [...reader.files()]);
  return { digest: built.report.digest, manifest, excluded: built.report.materials?.excluded ?? null };
}

async function freshBaseline(root, commit, home) {
  const repository = await openRepository({ repoRoot: root, dataRoot: home, threads: 1 });
  try {
    return await builtBaseline(repository, commit);
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
    () => writeFiles(root, {
      'node_modules/left-pad/index.js': 'module.exports = (s) => s;\n',
      'src/shapes/bundle.min.js': `var a=${'1+'.repeat(400)}1;\n`,
      'docs/notes.md': '# Notes\n',
    }),
  ];
  for (const step of steps) {
    step();
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'step');
    commits.push(git(root, 'rev-parse', 'HEAD').trim());
  }
  // One repository builds them in a row: each after the first is bound from its neighbour.
  const repository = await openRepository({ repoRoot: root, dataRoot: shared.dir, threads: 1 });
  const built = [];
  try {
    for (const commit of commits) built.push(await builtBaseline(repository, commit));
  } finally {
    await repository.close();
  }
  const inRow = built.map((baseline) => baseline.digest);
  for (const [index, commit] of commits.entries()) {
    const fresh = tempDir('repograph-neighbour-fresh-');
    try {
      const scratch = await freshBaseline(root, commit, fresh.dir);
      assert.equal(inRow[index], scratch.digest, `commit ${index}: the incremental baseline's digest equals a fresh build's`);
      assert.deepEqual(built[index].manifest, scratch.manifest, `commit ${index}: the stored manifest equals a fresh build's`);
      assert.deepEqual(built[index].excluded, scratch.excluded, `commit ${index}: the excluded material equals a fresh build's`);
    } finally {
      fresh.cleanup();
    }
  }
  const last = built.at(-1);
  assert.ok(Object.values(last.excluded ?? {}).some((count) => count > 0), 'the last commit excludes material');
  assert.ok(!last.manifest.some((entry) => entry.path.startsWith('node_modules/')), 'nothing under node_modules is in the manifest');
  assert.notEqual(inRow[1], inRow[0], 'the edit changed the graph');
  assert.notEqual(inRow[2], inRow[1], 'the new file changed the graph');
  assert.equal(inRow[3], inRow[1], 'removing the new file again gives the earlier graph');
});
