import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DeclarationFact, FileFacts, ValueExpr } from '@repograph/core';
import { makeFileUnit, type FileUnit } from '../program.js';
import { createGoBinder } from './binder.js';

// Facts written by hand, in the shapes the Go extractor writes: types A and B with one method
// each (`A.OnlyA`, `B.OnlyB`), a type T whose method `M` returns *T, and whatever locals a test adds.
const RANGE = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

function declaration(kind: DeclarationFact['kind'], name: string, extra: Partial<DeclarationFact> = {}): DeclarationFact {
  return {
    kind, name, qualifiedName: name, range: RANGE, selection: RANGE, parent: -1, scope: 'module', published: true,
    exported: true, ...extra,
  };
}

const A = 0;
const B = 1;
const T = 2;
const F = 6;

function unitWith(locals: DeclarationFact[]): { unit: FileUnit; first: number } {
  const declarations = [
    declaration('struct', 'A'),
    declaration('struct', 'B'),
    declaration('struct', 'T'),
    declaration('method', 'OnlyA', { receiver: 'A', qualifiedName: 'A.OnlyA' }),
    declaration('method', 'OnlyB', { receiver: 'B', qualifiedName: 'B.OnlyB' }),
    declaration('method', 'M', { receiver: 'T', qualifiedName: 'T.M', returnType: { k: 'decl', decl: T } }),
    // func F() (A, B)
    declaration('function', 'F', { returnType: { k: 'decl', decl: A }, results: [{ k: 'decl', decl: A }, { k: 'decl', decl: B }] }),
    declaration('function', 'f'),
  ];
  const first = declarations.length;
  for (const local of locals) declarations.push({ ...local, parent: 7, scope: 'local', published: false });
  const facts: FileFacts = {
    path: 'p/p.go', language: 'go', extractorVersion: 0, generated: false, partial: false, lineCount: 1,
    declarations, imports: [], exports: [], references: [], diagnostics: [], packageName: 'p',
  };
  return { unit: makeFileUnit(facts), first };
}

const local = (name: string, extra: Partial<DeclarationFact>): DeclarationFact => declaration('variable', name, extra);
const member = (object: ValueExpr, name: string): ValueExpr => ({ k: 'member', object, name });
const call = (callee: ValueExpr, result?: number): ValueExpr => (result === undefined ? { k: 'call', callee } : { k: 'call', callee, result });
const decl = (index: number): ValueExpr => ({ k: 'decl', decl: index });

/** The declaration a call reference resolves to (its qualified name), or null. */
function resolveCall(unit: FileUnit, target: ValueExpr, binder = createGoBinder([unit], [], [])): string | null {
  const resolution = binder.resolve(unit, target, 'call');
  if (resolution?.entity.t !== 'decl') return null;
  assert.equal(resolution.confidence, 'typed');
  return resolution.entity.unit.facts.declarations[resolution.entity.index]!.qualifiedName;
}

test('a method chain binds at any length: its links cost neither depth nor stack', () => {
  const { unit, first } = unitWith([local('x', { valueType: decl(T) })]);
  let chain: ValueExpr = decl(first);
  for (let i = 0; i < 20_000; i++) chain = call(member(chain, 'M'));
  assert.equal(resolveCall(unit, member(chain, 'M')), 'T.M');
});

test('declarations followed below one question are bounded, the same way whatever order asks', () => {
  // x0 *T; x1 := x0.M(); x2 := x1.M(); ... x29 := x28.M()
  const locals = [local('x0', { valueType: decl(T) })];
  for (let i = 1; i < 30; i++) locals.push(local(`x${i}`, { init: call(member(decl(0), 'M')) }));
  const { unit, first } = unitWith(locals);
  for (let i = 1; i < 30; i++) unit.facts.declarations[first + i]!.init = call(member(decl(first + i - 1), 'M'));
  const ask = (order: number[]): Array<string | null> => {
    const binder = createGoBinder([unit], [], []);
    const answers: Array<string | null> = [];
    for (const i of order) answers[i] = resolveCall(unit, member(decl(first + i), 'M'), binder);
    return answers;
  };
  const ascending = ask([...Array(30).keys()]);
  assert.deepEqual(ask([...Array(30).keys()].reverse()), ascending);
  assert.deepEqual(ask([17, 3, 29, 0, 12, 25, 8, 21, 1, 14, 28, 5, 19, 10, 26, 2, 23, 7, 16, 27, 4, 11, 22, 9, 18, 6, 24, 13, 20, 15]), ascending);
  assert.equal(ascending[10], 'T.M', 'a chain of ten locals binds');
  assert.equal(ascending[29], null, 'beyond the declaration budget: no edge, never a guess');
});

test('each name of a multi-value call gets its own result', () => {
  const { unit, first } = unitWith([local('a', { init: call(decl(F)) }), local('b', { init: call(decl(F), 1) })]);
  assert.equal(resolveCall(unit, member(decl(first), 'OnlyA')), 'A.OnlyA');
  assert.equal(resolveCall(unit, member(decl(first + 1), 'OnlyB')), 'B.OnlyB');
  assert.equal(resolveCall(unit, member(decl(first + 1), 'OnlyA')), null);
  assert.equal(resolveCall(unit, member(call(decl(F), 2), 'OnlyB')), null, 'no third result');
});

test('range variables: a map key, a channel element, and nothing for a slice index', () => {
  const { unit, first } = unitWith([
    local('m', { valueType: { k: 'array', element: decl(A), key: decl(B) } }),
    local('ch', { valueType: { k: 'array', element: decl(A), channel: true } }),
    local('s', { valueType: { k: 'array', element: decl(A) } }),
  ]);
  const [m, ch, s] = [first, first + 1, first + 2];
  assert.equal(resolveCall(unit, member({ k: 'element', of: decl(m), key: true }, 'OnlyB')), 'B.OnlyB');
  assert.equal(resolveCall(unit, member({ k: 'element', of: decl(m) }, 'OnlyA')), 'A.OnlyA');
  assert.equal(resolveCall(unit, member({ k: 'element', of: decl(ch), key: true }, 'OnlyA')), 'A.OnlyA');
  assert.equal(resolveCall(unit, member({ k: 'element', of: decl(s), key: true }, 'OnlyA')), null);
  assert.equal(resolveCall(unit, member({ k: 'element', of: decl(s) }, 'OnlyA')), 'A.OnlyA');
});

test('calls of function values: a function literal, a field of function type, a list of functions', () => {
  const { unit, first } = unitWith([
    // next := func() (B, A) {...}: the literal is a local function declaration.
    declaration('function', '', { returnType: decl(B), results: [decl(B), decl(A)] }),
    local('next', {}),
    local('handlers', { valueType: { k: 'array', element: { k: 'fn', params: [], returns: decl(A) } } }),
  ]);
  unit.facts.declarations[first + 1]!.init = decl(first);
  assert.equal(resolveCall(unit, member(call(decl(first + 1)), 'OnlyB')), 'B.OnlyB');
  assert.equal(resolveCall(unit, member(call(decl(first + 1), 1), 'OnlyA')), 'A.OnlyA');
  // `handlers[0]()`: the grammar reads `F[T]()`, so the callee written is `handlers`.
  assert.equal(resolveCall(unit, member(call(decl(first + 2)), 'OnlyA')), 'A.OnlyA');
  // Calling the variable itself is not a call of a declaration.
  assert.equal(createGoBinder([unit], [], []).resolve(unit, decl(first + 1), 'call'), null);
});
