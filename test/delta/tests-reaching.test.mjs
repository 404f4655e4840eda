// testsReaching through the real daemon: an edit of a function lists the tests that call a
// function that calls it (depth 2) by each language's convention: a TypeScript `*.test.ts` file
// whose describe/it blocks call it, a Python `test_*` function in a `test_*.py` file, a Go
// `TestXxx` in a `_test.go` file. Helpers in test files that are not tests are not listed. The
// edit is a body edit that leaves the published graph as it was, and then one that does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brief, deltaSession, replace } from '../helpers/delta.mjs';

const FILES = {
  'go.mod': 'module example.com/app\n\ngo 1.21\n',
  'src/core.ts': 'export function base(x: number): number {\n  return x * 2;\n}\n',
  'src/service.ts': "import { base } from './core.js';\n\nexport function compute(x: number): number {\n  return base(x) + 1;\n}\n",
  'src/service.test.ts': [
    "import { describe, it } from 'node:test';",
    "import assert from 'node:assert/strict';",
    "import { compute } from './service.js';",
    '',
    "describe('compute', () => {",
    "  it('adds one to the double', () => {",
    '    assert.equal(compute(1), 3);',
    '  });',
    '});',
    '',
  ].join('\n'),
  'app/__init__.py': '',
  'app/core.py': 'def base(x):\n    return x * 2\n',
  'app/service.py': 'from .core import base\n\n\ndef compute(x):\n    return base(x) + 1\n',
  'tests/test_service.py': [
    'from app.service import compute',
    '',
    '',
    'def make_input():',
    '    return compute(0)',
    '',
    '',
    'def test_compute():',
    '    assert compute(1) == 3',
    '',
  ].join('\n'),
  'calc/core.go': 'package calc\n\nfunc Base(x int) int {\n\treturn x * 2\n}\n',
  'calc/service.go': 'package calc\n\nfunc Compute(x int) int {\n\treturn Base(x) + 1\n}\n',
  'calc/service_test.go': [
    'package calc',
    '',
    'import "testing"',
    '',
    'func helperInput() int {',
    '\treturn Compute(0)',
    '}',
    '',
    'func TestCompute(t *testing.T) {',
    '\tif Compute(1) != 3 {',
    '\t\tt.Fatal("Compute(1) is not 3")',
    '\t}',
    '}',
    '',
  ].join('\n'),
};

const CASES = [
  {
    language: 'TypeScript', path: 'src/core.ts', edited: 'src/core.ts#base',
    tests: [{ id: 'src/service.test.ts', path: 'src/service.test.ts' }],
    sameGraph: ['x * 2;', 'x * 2 + 0;'],
    newGraph: ['  return x * 2 + 0;\n', '  const doubled = x * 2;\n  return doubled + 0;\n'],
  },
  {
    language: 'Python', path: 'app/core.py', edited: 'app/core.py#base',
    tests: [{ id: 'tests/test_service.py#test_compute', path: 'tests/test_service.py' }],
    sameGraph: ['x * 2', 'x + x'],
    newGraph: ['    return x + x\n', '    doubled = x * 2\n    return doubled + 0\n'],
  },
  {
    language: 'Go', path: 'calc/core.go', edited: 'calc/core.go#Base',
    tests: [{ id: 'calc/service_test.go#TestCompute', path: 'calc/service_test.go' }],
    sameGraph: ['x * 2', 'x*2 + 0'],
    newGraph: ['\treturn x*2 + 0\n', '\tdoubled := x * 2\n\treturn doubled + 0\n'],
  },
];

test('the tests that reach an edited function through another function are listed at depth 2 (TypeScript, Python, Go)', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);
  for (const c of CASES) {
    const expected = c.tests.map((reaching) => ({ ...reaching, depth: 2, through: [c.edited] }));
    const sameGraph = await apply([replace(c.path, ...c.sameGraph)]);
    assert.deepEqual(sameGraph.reparsed, [c.path], `${c.language}: ${brief(sameGraph)}`);
    assert.deepEqual(sameGraph.symbols.changed, [c.edited], `${c.language}, a body edit: ${brief(sameGraph)}`);
    assert.deepEqual(sameGraph.testsReaching, expected, `${c.language}, a body edit: ${brief(sameGraph)}`);
    const newGraph = await apply([replace(c.path, ...c.newGraph)]);
    assert.deepEqual(newGraph.testsReaching, expected, `${c.language}, a body edit with a new local: ${brief(newGraph)}`);
  }
});
