// Incremental refresh equals a fresh build (invariant 2) at the engine level, per language: a
// content edit re-binds only the changed file and its dependents (bind mode `incremental`), a
// new or removed file re-binds everything, and either way the digest equals a from-scratch
// build of the same tree in a fresh store. Unsaved buffers (`contents`) give the digest of the
// same text written to disk, without writing it. Real git, LMDB and the worker pool.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openRepository } from '../../packages/engine/dist/index.js';
import { goModule } from '../helpers/go-project.mjs';
import { pythonProject } from '../helpers/python-project.mjs';
import { gitRepo, tempDir } from '../helpers/repo.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

/** The digest of a from-scratch build of `root` in a fresh data root. */
async function freshDigest(root) {
  const home = tempDir();
  const repository = await openRepository({ repoRoot: root, dataRoot: home.dir, threads: 1 });
  try {
    return (await repository.refresh('default')).digest;
  } finally {
    await repository.close();
    home.cleanup();
  }
}

const cases = [
  {
    name: 'TypeScript and CommonJS',
    files: sampleProject,
    edits: [
      ['src/shapes/circle.ts', (t) => t.replace('grow(by: number)', 'enlarge(by: number)')],
      ['src/shapes/base.ts', (t) => t.replace('describe(): string', 'explain(): string')],
      ['src/shapes/base.ts', (t) => t.replace('explain(): string', 'describe(): string')],
    ],
  },
  {
    name: 'Python',
    files: pythonProject,
    edits: [
      ['src/shop/util.py', (t) => t.replace('def total(', 'def total2(')],
      ['src/shop/base.py', (t) => t.replace('def validate(self)', 'def check(self)')],
      ['src/shop/util.py', (t) => t.replace('def total2(', 'def total(')],
    ],
  },
  {
    name: 'Go',
    files: goModule,
    edits: [
      ['geom/util.go', (t) => t.replace('func abs(', 'func absolute(')],
      ['shapes/shape.go', (t) => t.replace('func (b *Base) Describe()', 'func (b *Base) Explain()')],
      ['geom/util.go', (t) => t.replace('func absolute(', 'func abs(')],
    ],
  },
];

for (const { name, files, edits } of cases) {
  describe(`incremental refresh of ${name}`, () => {
    const repo = tempDir();
    const home = tempDir();
    let repository;

    before(async () => {
      gitRepo(repo.dir, files);
      repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
      await repository.refresh('default');
    });
    after(async () => {
      await repository?.close();
      repo.cleanup();
      home.cleanup();
    });

    test('each content edit re-binds only its dependents and equals a fresh build', async () => {
      for (const [path, edit] of edits) {
        const absolute = join(repo.dir, path);
        const before = readFileSync(absolute, 'utf8');
        const after = edit(before);
        assert.notEqual(after, before, `the edit of ${path} changes the file`);
        writeFileSync(absolute, after);
        const result = await repository.refresh('default', { paths: [path] });
        assert.equal(result.bind.mode, 'incremental', `${path}: a content edit is bound incrementally`);
        assert.ok(result.bind.files < Object.keys(files).length + 1, `${path}: not every file is re-bound`);
        assert.equal(result.digest, await freshDigest(repo.dir), `${path}: incremental equals fresh`);
      }
    });

    test('a created and a removed file re-bind everything and still equal a fresh build', async () => {
      const [first] = Object.keys(files).filter((p) => !p.endsWith('.toml') && !p.endsWith('.mod') && !p.endsWith('.json'));
      const copy = first.replace(/(\.\w+)$/, '_copy$1');
      writeFileSync(join(repo.dir, copy), readFileSync(join(repo.dir, first)));
      let result = await repository.refresh('default', { paths: [copy] });
      assert.equal(result.bind.mode, 'full');
      assert.equal(result.digest, await freshDigest(repo.dir));
      rmSync(join(repo.dir, copy));
      result = await repository.refresh('default', { paths: [copy] });
      assert.equal(result.digest, await freshDigest(repo.dir));
    });

    test('unsaved contents give the digest of the same text on disk, and disk stays untouched', async () => {
      const [path, edit] = edits[0];
      const absolute = join(repo.dir, path);
      const onDisk = readFileSync(absolute, 'utf8');
      const unsaved = edit(onDisk) === onDisk ? `${onDisk}\n` : edit(onDisk);
      const { workspace } = await repository.createWorkspace({ id: 'buffers' });
      const result = await workspace.refresh({ contents: { [path]: unsaved } });
      assert.equal(readFileSync(absolute, 'utf8'), onDisk, 'the file on disk is unchanged');
      writeFileSync(absolute, unsaved);
      try {
        assert.equal(result.digest, await freshDigest(repo.dir));
      } finally {
        writeFileSync(absolute, onDisk);
      }
      const reset = await repository.resetWorkspace('buffers');
      assert.equal(reset.digest, (await repository.refresh('default')).digest, 'reset drops the buffers');
      await repository.deleteWorkspace('buffers');
    });
  });
}
