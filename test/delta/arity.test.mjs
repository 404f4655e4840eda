// Arity findings through the real daemon: a two-argument call to a function that now takes one
// is too_many (TypeScript, Python, Go); extra positionals into Python keyword-only parameters
// are too_many; a variadic callee is never too_many; a Python keyword argument counts once; a
// missing required argument is too_few in TypeScript, Python and Go, but never for plain
// JavaScript (a JS caller or a JS callee).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { brief, deltaSession, replace, siteOf, write } from '../helpers/delta.mjs';

const FILES = {
  'go.mod': 'module example.com/app\n\ngo 1.21\n',
  'src/math.ts': [
    'export function scale(value: number, factor: number): number {',
    '  return value * factor;',
    '}',
    '',
    'export function pair(left: number, right: number): number {',
    '  return left + right;',
    '}',
    '',
    'export function total(...values: number[]): number {',
    '  return values.reduce((sum, value) => sum + value, 0);',
    '}',
    '',
    'export function label(prefix: string, ...parts: string[]): string {',
    "  return prefix + parts.join('-');",
    '}',
    '',
  ].join('\n'),
  'src/report.ts': "import { scale } from './math.js';\n\nexport function doubled(value: number): number {\n  return scale(value, 2);\n}\n",
  'js/legacy.js': 'export function pair(left, right) {\n  return left + right;\n}\n',
  'app/__init__.py': '',
  'app/mathx.py': [
    'def scale(value, factor):',
    '    return value * factor',
    '',
    '',
    'def pair(left, right):',
    '    return left + right',
    '',
    '',
    'def total(*values):',
    '    return sum(values)',
    '',
    '',
    'def label(prefix, *parts):',
    '    return prefix + "-".join(parts)',
    '',
    '',
    'def area(width, height):',
    '    return width * height',
    '',
    '',
    'def configure(*, verbose):',
    '    return {"verbose": verbose}',
    '',
    '',
    'def connect(host, *, timeout):',
    '    return (host, timeout)',
    '',
  ].join('\n'),
  'app/report.py': 'from .mathx import scale\n\n\ndef doubled(value):\n    return scale(value, 2)\n',
  'calc/calc.go': [
    'package calc',
    '',
    'import "strings"',
    '',
    'func Scale(value, factor int) int {',
    '\treturn value * factor',
    '}',
    '',
    'func Pair(left, right int) int {',
    '\treturn left + right',
    '}',
    '',
    'func Triple(a, b, c int) int {',
    '\treturn a + b + c',
    '}',
    '',
    'func Total(values ...int) int {',
    '\tsum := 0',
    '\tfor _, v := range values {',
    '\t\tsum += v',
    '\t}',
    '\treturn sum',
    '}',
    '',
    'func Label(prefix string, parts ...string) string {',
    '\treturn prefix + strings.Join(parts, "-")',
    '}',
    '',
  ].join('\n'),
  'report/report.go': 'package report\n\nimport "example.com/app/calc"\n\nfunc Doubled(value int) int {\n\treturn calc.Scale(value, 2)\n}\n',
};

/** One finding as the delta lists it. */
const finding = (site, callee, verdict) => ({ site, callee, verdict });

test('a two-argument call to a function that now takes one argument is too_many (TypeScript, Python, Go)', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);
  const cases = [
    ['src/math.ts', 'scale(value: number, factor: number): number {\n  return value * factor;', 'scale(value: number): number {\n  return value * 2;',
      'src/math.ts#scale', 'src/report.ts', 'scale(value, 2)'],
    ['app/mathx.py', 'def scale(value, factor):\n    return value * factor', 'def scale(value):\n    return value * 2',
      'app/mathx.py#scale', 'app/report.py', 'scale(value, 2)'],
    ['calc/calc.go', 'func Scale(value, factor int) int {\n\treturn value * factor', 'func Scale(value int) int {\n\treturn value * 2',
      'calc/calc.go#Scale', 'report/report.go', 'Scale(value, 2)'],
  ];
  for (const [path, old, now, callee, callerPath, callText] of cases) {
    const delta = await apply([replace(path, old, now)]);
    assert.ok(delta.symbols.changed.includes(callee), brief(delta));
    assert.deepEqual(delta.signatureChanges.map((change) => change.id), [callee], brief(delta));
    assert.ok(!delta.reparsed.includes(callerPath), `the caller is not edited: ${brief(delta)}`);
    assert.deepEqual(delta.arityFindings, [finding(siteOf(callerPath, FILES[callerPath], callText), callee, 'too_many')], brief(delta));
  }
});

test('extra positionals into Python keyword-only parameters are too_many', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);
  const text = [
    'from .mathx import configure, connect',
    '',
    '',
    'def setup():',
    '    quiet = configure(True, False)',
    '    db = connect("db", 30)',
    '    fine = configure(verbose=True)',
    '    also_fine = connect("db", timeout=30)',
    '    return quiet, db, fine, also_fine',
    '',
  ].join('\n');
  const delta = await apply([write('app/setup.py', text)]);
  assert.deepEqual(delta.arityFindings, [
    finding(siteOf('app/setup.py', text, 'configure(True, False)'), 'app/mathx.py#configure', 'too_many'),
    finding(siteOf('app/setup.py', text, 'connect("db", 30)'), 'app/mathx.py#connect', 'too_many'),
  ], brief(delta));
});

test('a variadic callee is never too_many (TypeScript ...rest, Python *args, Go ...T)', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);
  // Each file also holds one call with an argument too many into a plain function: the control
  // that shows the file's call sites were checked.
  const cases = [
    ['src/sums.ts', [
      "import { label, pair, total } from './math.js';",
      '',
      'export function sums(): string {',
      "  return label('a', 'b', 'c', 'd', 'e') + total(1, 2, 3, 4, 5, 6) + total() + pair(1, 2, 3);",
      '}',
      '',
    ].join('\n'), 'pair(1, 2, 3)', 'src/math.ts#pair'],
    ['app/sums.py', [
      'from .mathx import label, pair, total',
      '',
      '',
      'def sums():',
      '    return label("a", "b", "c", "d", "e"), total(1, 2, 3, 4, 5, 6), total(), pair(1, 2, 3)',
      '',
    ].join('\n'), 'pair(1, 2, 3)', 'app/mathx.py#pair'],
    ['calc/sums.go', [
      'package calc',
      '',
      'func Sums() (string, int) {',
      '\treturn Label("a", "b", "c", "d", "e"), Total(1, 2, 3, 4, 5, 6) + Total() + Pair(1, 2, 3)',
      '}',
      '',
    ].join('\n'), 'Pair(1, 2, 3)', 'calc/calc.go#Pair'],
  ];
  for (const [path, text, control, controlCallee] of cases) {
    const delta = await apply([write(path, text)]);
    assert.deepEqual(delta.arityFindings, [finding(siteOf(path, text, control), controlCallee, 'too_many')], brief(delta));
  }
});

test('a Python keyword argument counts once', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);
  const text = [
    'from .mathx import area',
    '',
    '',
    'def rooms():',
    '    hall = area(1, height=2)',
    '    porch = area(height=2, width=1)',
    '    kitchen = area(1, 2, height=3)',
    '    return hall + porch + kitchen',
    '',
  ].join('\n');
  const delta = await apply([write('app/rooms.py', text)]);
  // area(1, height=2) and area(height=2, width=1) fit. area(1, 2, height=3) gives `height` twice,
  // positionally and by keyword (Python: "got multiple values for argument 'height'"): the
  // keyword counts as that parameter, once, so the call has three arguments for two parameters
  // (too_many), and it never reads as a missing argument.
  assert.deepEqual(delta.arityFindings, [
    finding(siteOf('app/rooms.py', text, 'area(1, 2, height=3)'), 'app/mathx.py#area', 'too_many'),
  ], brief(delta));
  assert.ok(!delta.arityFindings.some((f) => f.verdict === 'too_few'), brief(delta));
});

test('a missing argument is too_few in TypeScript, Python and Go, never for plain JavaScript', { timeout: 60_000 }, async (t) => {
  const { apply, client } = await deltaSession(t, FILES);

  const ts = [
    "import { pair } from './math.js';",
    "import { pair as legacyPair } from '../js/legacy.js';",
    '',
    'export function halves(): number {',
    '  return pair(1) + legacyPair(1);',
    '}',
    '',
  ].join('\n');
  const tsDelta = await apply([write('src/halves.ts', ts)]);
  // The JavaScript callee may be called with fewer arguments: only the TypeScript one is too_few.
  assert.deepEqual(tsDelta.arityFindings, [finding(siteOf('src/halves.ts', ts, 'pair(1)'), 'src/math.ts#pair', 'too_few')], brief(tsDelta));

  const py = 'from .mathx import connect, pair\n\n\ndef halves():\n    return pair(1), connect("db")\n';
  const pyDelta = await apply([write('app/halves.py', py)]);
  // connect's keyword-only `timeout` has no default: it must be given, by keyword.
  assert.deepEqual(pyDelta.arityFindings, [
    finding(siteOf('app/halves.py', py, 'pair(1)'), 'app/mathx.py#pair', 'too_few'),
    finding(siteOf('app/halves.py', py, 'connect("db")'), 'app/mathx.py#connect', 'too_few'),
  ], brief(pyDelta));

  const go = 'package calc\n\nfunc Halves() int {\n\treturn Triple(1, 2) + Pair(1)\n}\n';
  const goDelta = await apply([write('calc/halves.go', go)]);
  // Go: one argument into two parameters may be a multi-value call `Pair(two())`, so it is only
  // possibly_missing; two arguments into three parameters are too_few.
  assert.deepEqual(goDelta.arityFindings, [
    finding(siteOf('calc/halves.go', go, 'Triple(1, 2)'), 'calc/calc.go#Triple', 'too_few'),
    finding(siteOf('calc/halves.go', go, 'Pair(1)'), 'calc/calc.go#Pair', 'possibly_missing'),
  ], brief(goDelta));

  const js = [
    "import { pair } from './legacy.js';",
    "import { pair as typedPair } from '../src/math.js';",
    '',
    'export function halves() {',
    '  return pair(1) + typedPair(1);',
    '}',
    '',
  ].join('\n');
  const jsDelta = await apply([write('js/halves.js', js)]);
  assert.deepEqual(jsDelta.arityFindings, [], brief(jsDelta));

  // Both JavaScript calls were bound (so they were judged, and let through).
  const callersOf = async (id) => (await call(client, 'graph.callers', { id })).callers.map((c) => c.symbol.id).sort();
  assert.deepEqual(await callersOf('js/legacy.js#pair'), ['js/halves.js#halves', 'src/halves.ts#halves']);
  assert.ok((await callersOf('src/math.ts#pair')).includes('js/halves.js#halves'));
});
