// New import cycles through the real daemon: an edit that closes a cycle reports it once, as the
// modules along it (TypeScript, Python, Go, Python's `from . import sub`), also when the edit touches several of its modules;
// editing a module of a cycle that was already there reports nothing new.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brief, deltaSession, write } from '../helpers/delta.mjs';

const FILES = {
  'go.mod': 'module example.com/app\n\ngo 1.21\n',
  // TypeScript: a -> b (no cycle); x -> y -> z (no cycle); old1 <-> old2 (a cycle at the base).
  'src/a.ts': "import { b } from './b.js';\n\nexport function a(): number {\n  return b() + 1;\n}\n",
  'src/b.ts': 'export function b(): number {\n  return 2;\n}\n',
  'src/x.ts': "import { y } from './y.js';\n\nexport function x(): number {\n  return y();\n}\n",
  'src/y.ts': "import { z } from './z.js';\n\nexport function y(): number {\n  return z();\n}\n",
  'src/z.ts': 'export function z(): number {\n  return 3;\n}\n',
  'src/old1.ts': "import { old2 } from './old2.js';\n\nexport function old1(): number {\n  return 1;\n}\n\nexport function viaOld2(): number {\n  return old2();\n}\n",
  'src/old2.ts': "import { old1 } from './old1.js';\n\nexport function old2(): number {\n  return old1();\n}\n",
  // Python: a -> b.
  'app/__init__.py': '',
  'app/a.py': 'from .b import b\n\n\ndef a():\n    return b() + 1\n',
  'app/b.py': 'def b():\n    return 2\n',
  // Python, relative submodule imports: c -> d through `from . import d`.
  'app/c.py': 'from . import d\n\n\ndef c():\n    return d.d() + 1\n',
  'app/d.py': 'def d():\n    return 4\n',
  // Go: package one imports package two.
  'one/one.go': 'package one\n\nimport "example.com/app/two"\n\nfunc One() int {\n\treturn two.Two() + 1\n}\n',
  'two/two.go': 'package two\n\nfunc Two() int {\n\treturn 2\n}\n',
};

test('an edit that closes an import cycle reports it once (TypeScript, Python, Go)', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);

  const ts = await apply([write('src/b.ts', "import { a } from './a.js';\n\nexport function b(): number {\n  return 2;\n}\n\nexport function viaA(): number {\n  return a();\n}\n")]);
  assert.deepEqual(ts.newImportCycles, [['src/a.ts', 'src/b.ts']], brief(ts));

  const py = await apply([write('app/b.py', 'from .a import a\n\n\ndef b():\n    return 2\n\n\ndef via_a():\n    return a()\n')]);
  assert.deepEqual(py.newImportCycles, [['app/a.py', 'app/b.py']], brief(py));

  // `from . import c` loads app/c.py (app/__init__.py defines no `c`): a cycle through submodules.
  const submodules = await apply([write('app/d.py', 'from . import c\n\n\ndef d():\n    return 4\n\n\ndef via_c():\n    return c.c()\n')]);
  assert.deepEqual(submodules.newImportCycles, [['app/c.py', 'app/d.py']], brief(submodules));

  const go = await apply([write('two/two.go', 'package two\n\nimport "example.com/app/one"\n\nfunc Two() int {\n\treturn 2\n}\n\nfunc ViaOne() int {\n\treturn one.One()\n}\n')]);
  assert.deepEqual(go.newImportCycles, [['one/one.go', 'two/two.go']], brief(go));

  // One edit to two modules of a new three-module cycle: still one cycle, along its modules.
  const ring = await apply([
    write('src/z.ts', "import { x } from './x.js';\n\nexport function z(): number {\n  return 3;\n}\n\nexport function back(): number {\n  return x();\n}\n"),
    write('src/y.ts', "import { z } from './z.js';\n\nexport function y(): number {\n  return z() * 2;\n}\n"),
  ]);
  assert.deepEqual(ring.newImportCycles, [['src/x.ts', 'src/y.ts', 'src/z.ts']], brief(ring));

  // The next, unrelated edit of a module in that cycle does not report it again.
  const again = await apply([write('src/y.ts', "import { z } from './z.js';\n\nexport function y(): number {\n  return z() * 3;\n}\n\nexport function extra(): number {\n  return 4;\n}\n")]);
  assert.deepEqual(again.symbols.added, ['src/y.ts#extra'], brief(again));
  assert.deepEqual(again.newImportCycles, [], brief(again));
});

test('editing a module already in an old cycle reports no new cycle', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);
  const body = await apply([write('src/old1.ts', FILES['src/old1.ts'].replace('return 1;', 'return 10;').concat('\nexport function more(): number {\n  return old2() + 1;\n}\n'))]);
  assert.deepEqual(body.symbols.added, ['src/old1.ts#more'], brief(body));
  assert.deepEqual(body.newImportCycles, [], brief(body));
  // Both modules of the old cycle at once, with a new import that closes no other cycle.
  const both = await apply([
    write('src/old1.ts', `import { z } from './z.js';\n${FILES['src/old1.ts']}\nexport function viaZ(): number {\n  return z();\n}\n`),
    write('src/old2.ts', FILES['src/old2.ts'].replace('return old1();', 'return old1() + 2;')),
  ]);
  assert.deepEqual(both.reparsed, ['src/old1.ts', 'src/old2.ts'], brief(both));
  assert.deepEqual(both.newImportCycles, [], brief(both));
});
