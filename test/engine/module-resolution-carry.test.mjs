// The JS module resolver carried over a change of the file set (GraphSession's files-came-or-went
// update starts each binder from the last one's resolutions): over seeded random trees, additions
// and removals (sources, their JS-extension spellings, index files, declaration files, a
// workspace package's sources, tsconfig paths and baseUrl), a carried resolver answers every
// import exactly as a fresh resolver over the new files; and a file no import probes for drops
// nothing, while one an import probes for drops that import's folder only. A failure names its
// seed and step.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModuleResolver, readManifests } from '../../packages/graph/dist/index.js';
import { random } from '../helpers/random.mjs';

test('a resolver carried over files that came or went answers as a fresh one, and keeps what they cannot change', () => {
  const manifests = [
    { path: 'tsconfig.json', text: '{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/*"] } } }' },
    { path: 'packages/kit/package.json', text: '{ "name": "kit", "exports": { ".": "./dist/index.js", "./*": "./dist/*.js" } }' },
  ];
  const { packages, tsconfigs } = readManifests(manifests);
  const stems = ['src/a', 'src/b', 'src/b/index', 'src/c/index', 'src/deep/d', 'index', 'packages/kit/src/index', 'packages/kit/src/tool', 'lib/e'];
  const exts = ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.mts'];
  const universe = stems.flatMap((stem) => exts.map((ext) => stem + ext));
  const specifiers = ['./a', './a.js', './b', './b.js', './c', './deep/d', '../src/a', '.', '..', '@app/a', '@app/b', '@app/c', 'src/deep/d', 'kit', 'kit/tool', 'lodash', './e.mjs'];
  const fromPaths = ['src/x.ts', 'src/deep/y.ts', 'z.ts', 'lib/w.ts'];
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const next = random(seed);
    let files = new Set(universe.filter(() => next() < 0.3));
    let resolver = new ModuleResolver(files, packages, tsconfigs);
    for (let step = 0; step < 12; step++) {
      for (const from of fromPaths) for (const specifier of specifiers) resolver.resolve(from, specifier);
      const changed = universe.filter(() => next() < 0.08);
      const nextFiles = new Set(files);
      for (const path of changed) {
        if (nextFiles.has(path)) nextFiles.delete(path);
        else nextFiles.add(path);
      }
      const carried = ModuleResolver.carriedOver(resolver, nextFiles, changed);
      const fresh = new ModuleResolver(nextFiles, packages, tsconfigs);
      for (const from of fromPaths) {
        for (const specifier of specifiers) {
          assert.deepEqual(carried.resolve(from, specifier), fresh.resolve(from, specifier), `seed ${seed} step ${step}: ${specifier} from ${from}`);
        }
      }
      files = nextFiles;
      resolver = carried;
    }
  }
  // A file no import probes for drops nothing; one an import probes for (found or not) drops
  // the resolutions of that import's folder only.
  const base = new ModuleResolver(new Set(['src/a.ts', 'lib/e.ts']), packages, tsconfigs);
  base.resolve('src/x.ts', './a');
  base.resolve('lib/w.ts', './e');
  assert.deepEqual([...ModuleResolver.carriedOver(base, new Set(['src/a.ts', 'lib/e.ts', 'src/new.ts']), ['src/new.ts']).movedFolders], []);
  assert.deepEqual([...ModuleResolver.carriedOver(base, new Set(['src/a.ts', 'lib/e.ts', 'lib/e/index.ts']), ['lib/e/index.ts']).movedFolders], ['lib']);
  assert.deepEqual([...ModuleResolver.carriedOver(base, new Set(['lib/e.ts']), ['src/a.ts']).movedFolders], ['src']);
  assert.equal(new ModuleResolver(new Set(), packages, tsconfigs).movedFolders, undefined);
});
