// A cold index keeps the import edges of the baseline it publishes (engine layer-imports.ts,
// seedLayerImports), so the first review's new-cycle search walks them from memory. What is kept
// must be what the store holds: for every file of the baseline, the kept imports equal the ones
// read back from the stored relations, and none of them is read from the store (the read function
// here throws). TypeScript, Python and Go, with a cycle. Real git, LMDB and the worker pool.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openRepository } from '../../packages/engine/dist/index.js';
import { importTargets, layerImports } from '../../packages/engine/dist/layer-imports.js';
import { gitRepoInfo, openRepoStore, repoIdFor } from '../../packages/store/dist/index.js';
import { gitRepo, tempDir } from '../helpers/repo.mjs';

const FILES = {
  'go.mod': 'module example.com/app\n\ngo 1.21\n',
  'src/a.ts': "import { b } from './b.js';\nimport { c } from './c.js';\n\nexport function a(): number {\n  return b() + c();\n}\n",
  'src/b.ts': "import { a } from './a.js';\n\nexport function b(): number {\n  return 2;\n}\n\nexport const twice = () => a();\n",
  'src/c.ts': 'export function c(): number {\n  return 3;\n}\n',
  'src/lone.ts': 'export const lone = 1;\n',
  'app/__init__.py': '',
  'app/one.py': 'from .two import two\n\n\ndef one():\n    return two()\n',
  'app/two.py': 'from . import three\n\n\ndef two():\n    return three.three()\n',
  'app/three.py': 'def three():\n    return 3\n',
  'one/one.go': 'package one\n\nimport "example.com/app/two"\n\nfunc One() int {\n\treturn two.Two() + 1\n}\n',
  'two/two.go': 'package two\n\nfunc Two() int {\n\treturn 2\n}\n',
  'README.md': '# app\n',
};

test('a cold index keeps its baseline\'s import edges, equal to the stored ones', { timeout: 60_000 }, async (t) => {
  const repo = tempDir('repograph-seed-');
  const home = tempDir('repograph-seed-home-');
  t.after(() => { repo.cleanup(); home.cleanup(); });
  gitRepo(repo.dir, FILES);
  const repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
  try {
    await repository.index();
  } finally {
    await repository.close();
  }
  const git = await gitRepoInfo(repo.dir);
  const store = await openRepoStore({ dataRoot: home.dir, repoId: repoIdFor(git.commonDir) });
  try {
    const key = store.listSnapshots().map((snapshot) => snapshot.key).find((name) => name.startsWith('baseline:'));
    assert.ok(key, 'the cold index published a baseline');
    const reader = store.reader(key);
    try {
      const kept = layerImports(reader, (path) => { throw new Error(`${path}'s imports were read from the store`); });
      const paths = [...reader.files()].map((entry) => entry.path);
      assert.ok(paths.length >= 10, paths.join(', '));
      let importing = 0;
      for (const path of paths) {
        const stored = importTargets(reader.relationsInFile(path));
        assert.deepEqual(kept(path), stored, path);
        if (stored.length > 0) importing++;
      }
      assert.ok(importing >= 5, `files with imports: ${importing}`);
      assert.deepEqual(kept('src/a.ts'), importTargets(reader.relationsInFile('src/a.ts')));
      assert.ok(kept('src/a.ts').length === 2 && kept('src/b.ts').length === 1, 'the cycle a <-> b and a -> c are there');
    } finally {
      reader.close();
    }
  } finally {
    await store.close();
  }
});
