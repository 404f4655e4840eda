// Dry runs at the engine level (LiveWorkspace.dryRun), per language: the delta a dry run answers
// equals the delta of then writing the same text and refreshing, the dry run's digest is the one
// the refresh publishes (which equals a fresh build, invariant 2), and the dry run leaves the
// bound tree and the store as they were: a refresh of the path right after re-reads nothing and
// publishes nothing. A created file too (a full re-bind), and a cold workspace (bound from
// scratch and thrown away).
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { computeDelta } from '../../packages/analysis/dist/index.js';
import { goModule } from '../helpers/go-project.mjs';
import { pythonProject } from '../helpers/python-project.mjs';
import { freshDigest, suiteRepository } from '../helpers/engine.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

const analyze = async (input) => computeDelta(input);

/** A delta without its timings. */
const untimed = ({ reingestMs: _r, deltaMs: _d, ...rest }) => rest;

const cases = [
  { name: 'TypeScript and CommonJS', files: sampleProject, path: 'src/shapes/circle.ts', edit: (t) => t.replace('grow(by: number)', 'enlarge(by: number)') },
  { name: 'Python', files: pythonProject, path: 'src/shop/util.py', edit: (t) => t.replace('def total(', 'def total2(') },
  { name: 'Go', files: goModule, path: 'geom/util.go', edit: (t) => t.replace('func abs(', 'func absolute(') },
];

for (const { name, files, path, edit } of cases) {
  describe(`dry runs of ${name}`, () => {
    const suite = suiteRepository(files);

    test('a dry run answers the delta of the real edit and changes nothing', async (t) => {
      const workspace = suite.repository.workspace('default');
      const generation = suite.repository.generation();
      const absolute = join(suite.root, path);
      const before = readFileSync(absolute, 'utf8');
      const after = edit(before);
      assert.notEqual(after, before);

      const dryStarted = performance.now();
      const dry = await workspace.dryRun(new Map([[path, after]]), analyze);
      const dryMs = performance.now() - dryStarted;
      assert.equal(readFileSync(absolute, 'utf8'), before, 'nothing is written');
      assert.equal(suite.repository.generation(), generation, 'nothing is published');
      assert.deepEqual(dry.indexed, [path]);
      assert.ok(dry.analysis, 'the delta is computed');
      assert.ok(dry.analysis.symbols.added.length + dry.analysis.symbols.renamed.length > 0, JSON.stringify(dry.analysis.symbols));

      const unchanged = await suite.repository.refresh('default', { paths: [path] });
      assert.equal(unchanged.published, false, 'the bound tree is the published one');
      assert.deepEqual(unchanged.change.reparsed, []);

      writeFileSync(absolute, after);
      const realStarted = performance.now();
      const real = await suite.repository.refresh('default', { paths: [path], analyze });
      const realMs = performance.now() - realStarted;
      assert.equal(real.published, true);
      assert.equal(dry.digest, real.digest, 'the dry run bound the tree the edit publishes');
      assert.deepEqual(untimed(dry.analysis), untimed(real.analysis));
      assert.deepEqual(dry.bind, real.bind);
      assert.equal(real.digest, await freshDigest(suite.root), 'incremental equals fresh after a dry run');
      t.diagnostic(`${name}: dry run ${dryMs.toFixed(1)} ms, the real refresh ${realMs.toFixed(1)} ms`);
    });

    test('a dry run that creates a file, then a cold one', async () => {
      const [first] = Object.keys(files).filter((p) => !p.endsWith('.toml') && !p.endsWith('.mod') && !p.endsWith('.json'));
      const copy = first.replace(/(\.\w+)$/, '_copy$1');
      const text = readFileSync(join(suite.root, first), 'utf8');
      const workspace = suite.repository.workspace('default');
      const dry = await workspace.dryRun(new Map([[copy, text]]), analyze);
      assert.equal(dry.bind.mode, 'incremental');
      assert.deepEqual(dry.analysis.reparsed, [copy]);

      // Cold: bound from scratch with the edit, then thrown away; the workspace stays cold.
      workspace.forget();
      const cold = await workspace.dryRun(new Map([[copy, text]]), analyze);
      assert.equal(cold.coldStart, true);
      assert.equal(workspace.warm, false);
      assert.equal(cold.digest, dry.digest);
      assert.deepEqual(cold.analysis.reparsed, [copy]);

      writeFileSync(join(suite.root, copy), text);
      const real = await suite.repository.refresh('default', { analyze });
      assert.equal(real.digest, dry.digest);
      assert.deepEqual(untimed(cold.analysis).symbols, untimed(real.analysis).symbols);
      rmSync(join(suite.root, copy));
      await suite.repository.refresh('default', { paths: [copy] });
    });
  });
}
