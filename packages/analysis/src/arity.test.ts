import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDelta } from './delta.js';
import { deltaInput, type DefinitionSpec, type RelationSpec } from './testing/side-builder.js';

/** Arity findings for calls sited in one edited file into callees of another (untouched) file. */
function findings(calleePath: string, callees: DefinitionSpec[], callerPath: string, calls: RelationSpec[]): string[] {
  const side = { [calleePath]: { definitions: callees }, [callerPath]: { relations: calls } };
  const delta = computeDelta(deltaInput(side, side, { reparsed: [callerPath] }));
  return (delta.arityFindings ?? []).map((f) => `${f.site.line}:${f.callee.slice(f.callee.indexOf('#') + 1)}:${f.verdict}`);
}

test('a two-argument call to a one-argument function is too_many', () => {
  assert.deepEqual(findings('lib.ts', [{ name: 'f', params: ['a'] }], 'main.ts', [
    { to: 'lib.ts#f', line: 1, args: 2 },
    { to: 'lib.ts#f', line: 2, args: 1 },
  ]), ['1:f:too_many']);
});

test('an extra positional argument to a keyword-only callee is too_many', () => {
  assert.deepEqual(findings('lib.py', [{ name: 'f', params: ['a', '*', 'b'] }, { name: 'g', params: ['a', '**kw'] }], 'main.py', [
    { to: 'lib.py#f', line: 1, args: 2 },
    { to: 'lib.py#f', line: 2, args: { positional: 1, keywords: ['b'] } },
    { to: 'lib.py#g', line: 3, args: 2 },
  ]), ['1:f:too_many', '3:g:too_many']);
});

test('a variadic callee is never too_many', () => {
  assert.deepEqual(findings('lib.ts', [{ name: 'f', params: ['a', '...rest'] }], 'main.ts', [{ to: 'lib.ts#f', line: 1, args: 9 }]), []);
  assert.deepEqual(findings('lib.py', [{ name: 'f', params: ['*args', 'k='] }], 'main.py', [{ to: 'lib.py#f', line: 1, args: 9 }]), []);
  assert.deepEqual(findings('lib.go', [{ name: 'F', params: ['a', '...b'] }], 'main.go', [{ to: 'lib.go#F', line: 1, args: 9 }]), []);
});

test('keyword arguments naming positional parameters count once', () => {
  assert.deepEqual(findings('lib.py', [{ name: 'f', params: ['a', 'b'] }], 'main.py', [
    { to: 'lib.py#f', line: 1, args: { positional: 1, keywords: ['b'] } },
    { to: 'lib.py#f', line: 2, args: { positional: 0, keywords: ['a', 'b'] } },
    { to: 'lib.py#f', line: 3, args: { positional: 2, keywords: ['b'] } },
  ]), ['3:f:too_many']);
});

test('too_few for TypeScript, TSX, Python and Go, never for JavaScript', () => {
  const two = ['a', 'b'];
  assert.deepEqual(findings('lib.ts', [{ name: 'f', params: two }], 'main.ts', [{ to: 'lib.ts#f', line: 1, args: 1 }]), ['1:f:too_few']);
  assert.deepEqual(findings('lib.tsx', [{ name: 'f', params: two }], 'main.tsx', [{ to: 'lib.tsx#f', line: 1, args: 1 }]), ['1:f:too_few']);
  assert.deepEqual(findings('lib.py', [{ name: 'f', params: two }], 'main.py', [{ to: 'lib.py#f', line: 1, args: 1 }]), ['1:f:too_few']);
  assert.deepEqual(findings('lib.go', [{ name: 'F', params: ['a', 'b', 'c'] }], 'main.go', [{ to: 'lib.go#F', line: 1, args: 2 }]), ['1:F:too_few']);
  assert.deepEqual(findings('lib.js', [{ name: 'f', params: two }], 'main.js', [{ to: 'lib.js#f', line: 1, args: 1 }]), []);
  assert.deepEqual(findings('lib.ts', [{ name: 'f', params: two }], 'main.js', [{ to: 'lib.ts#f', line: 1, args: 1 }]), []);
});

test('optional and defaulted parameters are not required', () => {
  assert.deepEqual(findings('lib.ts', [{ name: 'f', params: ['a', 'b?', 'c='] }], 'main.ts', [{ to: 'lib.ts#f', line: 1, args: 1 }]), []);
});

test('a required Python keyword-only parameter must be given by keyword', () => {
  assert.deepEqual(findings('lib.py', [{ name: 'f', params: ['a', '*', 'b', 'c='] }], 'main.py', [
    { to: 'lib.py#f', line: 1, args: 1 },
    { to: 'lib.py#f', line: 2, args: { positional: 1, keywords: ['b'] } },
  ]), ['1:f:too_few']);
});

test('a spread that could fill the missing arguments is possibly_missing', () => {
  assert.deepEqual(findings('lib.ts', [{ name: 'f', params: ['a', 'b', 'c'] }], 'main.ts', [
    { to: 'lib.ts#f', line: 1, args: { positional: 1, spread: true } },
    { to: 'lib.ts#f', line: 2, args: { positional: 5, spread: true } },
  ]), ['1:f:possibly_missing']);
});

test('a Go call with one argument into a multi-parameter callee is possibly_missing', () => {
  assert.deepEqual(findings('lib.go', [{ name: 'F', params: ['a', 'b'] }], 'main.go', [{ to: 'lib.go#F', line: 1, args: 1 }]), ['1:F:possibly_missing']);
});

test('a function whose parameters are not known is unknown; other kinds are skipped', () => {
  assert.deepEqual(findings('lib.ts', [{ name: 'f' }, { name: 'v', kind: 'variable' }], 'main.ts', [
    { to: 'lib.ts#f', line: 1, args: 1 },
    { to: 'lib.ts#v', line: 2, args: 1 },
  ]), ['1:f:unknown']);
});

test('a class is checked against its constructor; without one it takes nothing unless it extends', () => {
  assert.deepEqual(findings('lib.ts', [
    { name: 'C', kind: 'class', signature: 'class C' },
    { name: 'C.constructor', kind: 'constructor', params: ['a'] },
    { name: 'D', kind: 'class', signature: 'class D' },
    { name: 'E', kind: 'class', signature: 'class E extends Base' },
  ], 'main.ts', [
    { to: 'lib.ts#C', kind: 'instantiates', line: 1, args: 2 },
    { to: 'lib.ts#D', kind: 'instantiates', line: 2, args: 1 },
    { to: 'lib.ts#E', kind: 'instantiates', line: 3, args: 4 },
    { to: 'lib.ts#D', kind: 'instantiates', line: 4, args: 0 },
  ]), ['1:C.constructor:too_many', '2:D:too_many']);
});

test('a Python class is checked against __init__; without one only when nothing may supply it', () => {
  assert.deepEqual(findings('lib.py', [
    { name: 'P', kind: 'class' },
    { name: 'P.__init__', params: ['a'] },
    { name: 'Unseen', kind: 'class' },
    { name: 'Plain', kind: 'class', signature: 'class Plain:' },
    { name: 'Derived', kind: 'class', signature: 'class Derived(Base):' },
    { name: 'Data', kind: 'class', signature: 'class Data:' },
    { name: 'Data.x', kind: 'property' },
  ], 'main.py', [
    { to: 'lib.py#P', line: 1, args: 0 },
    { to: 'lib.py#Unseen', line: 2, args: 3 },
    { to: 'lib.py#Plain', line: 3, args: 1 },
    { to: 'lib.py#Derived', line: 4, args: 1 },
    { to: 'lib.py#Data', line: 5, args: 1 },
  ]), ['1:P.__init__:too_few', '3:Plain:too_many']);
});

test('overloaded callees get no finding', () => {
  assert.deepEqual(findings('lib.ts', [{ name: 'f', params: ['a'] }, { name: 'f~2', params: ['a', 'b'] }], 'main.ts', [
    { to: 'lib.ts#f', line: 1, args: 2 },
    { to: 'lib.ts#f~2', line: 2, args: 3 },
  ]), []);
});

test('a Python method may receive self explicitly; two extra are too_many', () => {
  assert.deepEqual(findings('lib.py', [{ name: 'K', kind: 'class' }, { name: 'K.m', params: ['a'] }], 'main.py', [
    { to: 'lib.py#K.m', line: 1, args: 2 },
    { to: 'lib.py#K.m', line: 2, args: 3 },
  ]), ['2:K.m:too_many']);
});

test('a decorated Python callee is never too_few', () => {
  assert.deepEqual(findings('lib.py', [{ name: 'cli', params: ['name'], decorated: true }], 'main.py', [
    { to: 'lib.py#cli', line: 1, args: 0 },
    { to: 'lib.py#cli', line: 2, args: 2 },
  ]), ['2:cli:too_many']);
});

test('callers in untouched files are checked when the callee\'s parameters change', () => {
  const delta = computeDelta(deltaInput(
    {
      'lib.ts': { definitions: [{ name: 'f', params: ['a'] }, { name: 'g', params: ['a'] }] },
      'use.ts': { relations: [{ to: 'lib.ts#f', line: 1, args: 1 }, { to: 'lib.ts#g', line: 2, args: 3 }] },
    },
    {
      'lib.ts': { definitions: [{ name: 'f', params: ['a', 'b'] }, { name: 'g', params: ['a'] }] },
      'use.ts': { relations: [{ to: 'lib.ts#f', line: 1, args: 1 }, { to: 'lib.ts#g', line: 2, args: 3 }] },
    },
    { reparsed: ['lib.ts'] },
  ));
  assert.deepEqual(delta.arityFindings, [{ site: { path: 'use.ts', line: 1, column: 1 }, callee: 'lib.ts#f', verdict: 'too_few' }]);
});

test('a constructor that appears makes existing instantiations of its class checked', () => {
  const delta = computeDelta(deltaInput(
    {
      'lib.ts': { definitions: [{ name: 'C', kind: 'class', signature: 'class C' }] },
      'use.ts': { relations: [{ to: 'lib.ts#C', kind: 'instantiates', line: 1, args: 0 }] },
    },
    {
      'lib.ts': { definitions: [{ name: 'C', kind: 'class', signature: 'class C' }, { name: 'C.constructor', kind: 'constructor', params: ['a'] }] },
      'use.ts': { relations: [{ to: 'lib.ts#C', kind: 'instantiates', line: 1, args: 0 }] },
    },
    { reparsed: ['lib.ts'] },
  ));
  assert.deepEqual(delta.arityFindings, [{ site: { path: 'use.ts', line: 1, column: 1 }, callee: 'lib.ts#C.constructor', verdict: 'too_few' }]);
});
