// Incremental refresh equals a fresh build (invariant 2) at the engine level, per language: a
// content edit re-binds only the changed file and its dependents (bind mode `incremental`;
// Java packages and syntax-tier languages are dependency groups, graph-session.ts), a new or
// removed file what depends on the file set (incremental too), and either way the digest equals a from-scratch
// build of the same tree in a fresh store. Unsaved buffers (`contents`) give the digest of the
// same text written to disk, without writing it. Real git, LMDB and the worker pool.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { goModule } from '../helpers/go-project.mjs';
import { javaProject } from '../helpers/java-project.mjs';
import { pythonProject } from '../helpers/python-project.mjs';
import { freshDigest, suiteRepository } from '../helpers/engine.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

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
  {
    name: 'Java',
    files: javaProject,
    edits: [
      ['src/main/java/com/ex/geom/Shape.java', (t) => t.replace('public String describe()', 'public String explain()')],
      // SquareTest sees Square through its package only (no import): re-bound through the package group.
      ['src/main/java/com/ex/geom/Square.java', (t) => t.replace('@Override public double area()', 'public double size()')],
      ['src/main/java/com/ex/geom/Square.java', (t) => t.replace('public double size()', '@Override public double area()')],
      ['src/main/java/com/ex/geom/Shape.java', (t) => t.replace('public String explain()', 'public String describe()')],
    ],
  },
  {
    name: 'the syntax tier (Ruby and Rust)',
    files: {
      'lib/format.rb': 'def render_table(rows)\n  rows.join("\\n")\nend\n\ndef render_row(row)\n  row.to_s\nend\n',
      'lib/report.rb': 'require_relative "format"\n\ndef report(rows)\n  render_table(rows) + render_row(rows.first)\nend\n',
      'app/main.rb': 'def main\n  report([1, 2])\n  render_row(3)\nend\n',
      'src/codec.rs': 'pub fn encode(x: u8) -> u8 { x }\npub fn decode(x: u8) -> u8 { x }\n',
      'src/store.rs': 'use crate::codec::encode;\npub fn put() { encode(1); decode(2); }\n',
    },
    edits: [
      ['lib/format.rb', (t) => t.replace('def render_row(row)', 'def render_line(row)')],
      ['src/codec.rs', (t) => t.replace('pub fn decode(', 'pub fn unpack(')],
      ['lib/format.rb', (t) => t.replace('def render_line(row)', 'def render_row(row)')],
    ],
  },
];

for (const { name, files, edits } of cases) {
  describe(`incremental refresh of ${name}`, () => {
    const suite = suiteRepository(files);

    test('each content edit re-binds only its dependents and equals a fresh build', async () => {
      for (const [path, edit] of edits) {
        const absolute = join(suite.root, path);
        const before = readFileSync(absolute, 'utf8');
        const after = edit(before);
        assert.notEqual(after, before, `the edit of ${path} changes the file`);
        writeFileSync(absolute, after);
        const result = await suite.repository.refresh('default', { paths: [path] });
        assert.equal(result.bind.mode, 'incremental', `${path}: a content edit is bound incrementally`);
        assert.ok(result.bind.files < Object.keys(files).length + 1, `${path}: not every file is re-bound`);
        assert.equal(result.digest, await freshDigest(suite.root), `${path}: incremental equals fresh`);
      }
    });

    test('a created and a removed file re-bind what depends on them and still equal a fresh build', async () => {
      const [first] = Object.keys(files).filter((p) => !p.endsWith('.toml') && !p.endsWith('.mod') && !p.endsWith('.json'));
      const copy = first.replace(/(\.\w+)$/, '_copy$1');
      writeFileSync(join(suite.root, copy), readFileSync(join(suite.root, first)));
      let result = await suite.repository.refresh('default', { paths: [copy] });
      assert.equal(result.bind.mode, 'incremental', 'a new file does not re-bind the tree');
      assert.equal(result.digest, await freshDigest(suite.root));
      rmSync(join(suite.root, copy));
      result = await suite.repository.refresh('default', { paths: [copy] });
      assert.equal(result.bind.mode, 'incremental', 'nor does a removed one');
      assert.equal(result.digest, await freshDigest(suite.root));
    });

    test('unsaved contents give the digest of the same text on disk, and disk stays untouched', async () => {
      const [path, edit] = edits[0];
      const absolute = join(suite.root, path);
      const onDisk = readFileSync(absolute, 'utf8');
      const unsaved = edit(onDisk) === onDisk ? `${onDisk}\n` : edit(onDisk);
      const { workspace } = await suite.repository.createWorkspace({ id: 'buffers' });
      const result = await workspace.refresh({ contents: { [path]: unsaved } });
      assert.equal(readFileSync(absolute, 'utf8'), onDisk, 'the file on disk is unchanged');
      writeFileSync(absolute, unsaved);
      try {
        assert.equal(result.digest, await freshDigest(suite.root));
      } finally {
        writeFileSync(absolute, onDisk);
      }
      const reset = await suite.repository.resetWorkspace('buffers');
      assert.equal(reset.digest, (await suite.repository.refresh('default')).digest, 'reset drops the buffers');
      await suite.repository.deleteWorkspace('buffers');
    });
  });
}
