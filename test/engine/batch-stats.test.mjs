// The watcher's batch reaches the engine as it is (changed and removed split, with the lstat the
// watcher took of each changed path): a refresh from such a batch does not stat those paths
// again, so a saved file is lstat'ed once between the watcher and its publication (the read
// then fstat's its open descriptor, which is what makes the read safe). Counted by wrapping
// node:fs/promises' lstat for the duration of one refresh.
import assert from 'node:assert/strict';
import { lstatSync, rmSync, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathStatOf } from '../../packages/engine/dist/index.js';
import { freshDigest, suiteRepository } from '../helpers/engine.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

/** Runs `run` while counting lstat calls per absolute path. */
async function countingLstat(run) {
  const original = fsPromises.lstat;
  const counts = new Map();
  fsPromises.lstat = (path, ...rest) => {
    counts.set(String(path), (counts.get(String(path)) ?? 0) + 1);
    return original(path, ...rest);
  };
  syncBuiltinESMExports();
  try {
    return { result: await run(), counts };
  } finally {
    fsPromises.lstat = original;
    syncBuiltinESMExports();
  }
}

describe('a refresh from a watcher batch', () => {
  const suite = suiteRepository(sampleProject);

  test('uses the batch stats instead of stat-ing again, and equals a fresh build', async () => {
    const path = 'src/shapes/circle.ts';
    const absolute = suite.path(path);
    writeFileSync(absolute, `${'// saved\n'}${sampleProject[path]}`);
    const removed = 'src/gone.ts';
    const stats = new Map([[path, pathStatOf(lstatSync(absolute))]]);
    const { result, counts } = await countingLstat(() =>
      suite.repository.refresh('default', { batch: { changed: [path], removed: [removed], stats } }));
    assert.equal(counts.get(absolute) ?? 0, 0, `${path} is not stat'ed again: ${JSON.stringify([...counts])}`);
    assert.equal(counts.get(join(suite.root, removed)) ?? 0, 0, 'a removed path is known to be gone');
    assert.deepEqual(result.change.reparsed, [path]);
    assert.equal(result.digest, await freshDigest(suite.root));
  });

  test('without stats (a path found in a new folder) the path is stat\'ed once', async () => {
    const path = 'src/fresh.ts';
    const absolute = suite.path(path);
    writeFileSync(absolute, 'export function fresh(): number {\n  return 1;\n}\n');
    const { result, counts } = await countingLstat(() =>
      suite.repository.refresh('default', { batch: { changed: [path], removed: [] } }));
    assert.equal(counts.get(absolute), 1);
    assert.deepEqual(result.change.reparsed, [path]);
    rmSync(absolute);
    const gone = await suite.repository.refresh('default', { batch: { changed: [], removed: [path] } });
    assert.deepEqual(gone.change.removedFiles, [path]);
    assert.equal(gone.digest, await freshDigest(suite.root));
  });
});
