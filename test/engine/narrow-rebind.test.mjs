// Re-binding after a change whose imports stayed the same (narrow-rebind.ts): appending or
// renaming a declaration of a module many files import re-binds that module alone when nothing
// looks the changed names up, and otherwise the files that do, then those that look up what they
// declare (a chain through an inferred type); each result equals a fresh build. A change of
// imports still re-binds every transitive dependent.
// TypeScript, Python and Go; real git, LMDB and the worker pool.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { freshDigest, suiteRepository } from '../helpers/engine.mjs';

/**
 * Opens `files` as a repository; `step(path, text)` writes and refreshes, checking against a
 * fresh build; `calleesOf(id)` reads what a symbol calls.
 */
function session(files) {
  const suite = suiteRepository(files);
  return {
    async step(path, text) {
      writeFileSync(suite.path(path), text);
      const result = await suite.repository.refresh('default', { paths: [path] });
      assert.equal(result.bind.mode, 'incremental', `${path}: bound incrementally`);
      assert.equal(result.digest, await freshDigest(suite.root), `${path}: equal to a fresh build`);
      return result;
    },
    /** The ids `id` calls, read from the published generation. */
    calleesOf(id) {
      const query = suite.repository.query('default');
      try {
        return query.callees({ id }).callees.map((c) => c.symbol.id);
      } finally {
        query.close();
      }
    },
    path: suite.path,
  };
}

const importers = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [
  `src/use${i}.ts`, `import { base } from './core';\nexport function use${i}(): number {\n  return base() + ${i};\n}\n`,
]));

describe('TypeScript: additions to a widely imported module', () => {
  const core = 'export function base(): number {\n  return 1;\n}\n';
  const files = {
    'package.json': '{"name": "narrow", "version": "1.0.0"}\n',
    'src/core.ts': core,
    ...importers,
    // later() does not exist yet: its call is unresolved, and so is z's type.
    'src/pending.ts': "import { later } from './core';\nexport const z = later();\nexport function viaLater(): number {\n  return later().size;\n}\n",
    'src/chain.ts': "import { z } from './pending';\nexport function useZ(): number {\n  return z.open();\n}\n",
    'src/base.ts': 'export class Base {}\n',
    'src/child.ts': "import { Base } from './base';\nexport class Child extends Base {\n  run(): number {\n    return this.helper();\n  }\n}\n",
  };
  const s = session(files);

  test('a new function nobody looks up re-binds its own file only', async () => {
    const result = await s.step('src/core.ts', `${core}\nexport function fresh(): number {\n  return 2;\n}\n`);
    assert.deepEqual(result.bind.files, 1);
  });

  test('a new name others already used re-binds them, and the files using what they declare', async () => {
    const text = `${core}\nexport function fresh(): number {\n  return 2;\n}\nexport class Box {\n  size = 1;\n  open(): number {\n    return this.size;\n  }\n}\nexport function later(): Box {\n  return new Box();\n}\n`;
    const result = await s.step('src/core.ts', text);
    assert.deepEqual(result.change.paths.filter((p) => p !== 'src/core.ts').sort(), ['src/chain.ts', 'src/pending.ts']);
    assert.equal(result.bind.files, 3, 'core, pending (uses later) and chain (uses z, which pending declares)');
    assert.deepEqual(s.calleesOf('src/chain.ts#useZ'), ['src/core.ts#Box.open'], 'z.open() resolves through the type later() now returns');
  });

  test('a method added to a base class re-binds the subclass that already called it through this', async () => {
    const result = await s.step('src/base.ts', 'export class Base {\n  helper(): number {\n    return 1;\n  }\n}\n');
    assert.deepEqual(result.change.paths.sort(), ['src/base.ts', 'src/child.ts']);
    assert.deepEqual(s.calleesOf('src/child.ts#Child.run'), ['src/base.ts#Base.helper']);
  });

  test('a rename re-binds the files that used the old name (or use the new one), not the others', async () => {
    const current = readFileSync(s.path('src/core.ts'), 'utf8');
    const result = await s.step('src/core.ts', current.replace('export function fresh()', 'export function renewed()'));
    assert.equal(result.bind.files, 1, 'nobody used fresh or renewed');
    const renamedBase = await s.step('src/core.ts', current.replace('export function base()', 'export function base2()'));
    assert.equal(renamedBase.bind.files, 7, 'core and the six importers of base');
  });

  test('a change of imports re-binds every transitive dependent', async () => {
    const current = readFileSync(s.path('src/core.ts'), 'utf8');
    const result = await s.step('src/core.ts', `import { z } from './pending';\n${current}export const again = z;\n`);
    assert.ok(result.bind.files >= 9, `every dependent re-bound (${result.bind.files})`);
  });
});

describe('Python: additions to a module others import from', () => {
  const util = 'def total(items):\n    return sum(items)\n';
  const files = {
    'pkg/__init__.py': '',
    'pkg/util.py': util,
    'pkg/a.py': 'from .util import total\n\n\ndef a():\n    return total([1])\n',
    'pkg/b.py': 'from . import util\n\n\ndef b():\n    return util.average([1])\n',
  };
  const s = session(files);

  test('a new function re-binds only the module that already called it', async () => {
    const result = await s.step('pkg/util.py', `${util}\n\ndef average(items):\n    return total(items) / len(items)\n`);
    assert.equal(result.bind.files, 2, 'util and b (which calls util.average)');
  });
});

describe('Go: additions to a package', () => {
  const files = {
    'go.mod': 'module example.com/app\n\ngo 1.21\n',
    'geom/point.go': 'package geom\n\ntype Point struct{ X int }\n\nfunc NewPoint(x int) Point { return Point{X: x} }\n',
    'geom/use.go': 'package geom\n\nfunc Use() int { return NewPoint(1).X }\n',
    'app/main.go': 'package app\n\nimport "example.com/app/geom"\n\nfunc Main() int { return geom.Use() + geom.Twice(2) }\n',
  };
  const s = session(files);

  test('a new exported function re-binds the files that call it, not the whole package tree', async () => {
    const result = await s.step('geom/point.go', `${files['geom/point.go']}\nfunc Twice(v int) int { return 2 * v }\n`);
    assert.equal(result.bind.files, 2, `point.go and app/main.go (which calls geom.Twice): ${result.change.paths}`);
  });
});
