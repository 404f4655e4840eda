import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDelta } from './delta.js';
import { deltaInput } from './testing/side-builder.js';

test('a function renamed in its file is one rename, not an addition and a removal', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'parse', fingerprint: 'F' }, { name: 'other', fingerprint: 'O' }] } },
    { 'a.ts': { definitions: [{ name: 'parseText', fingerprint: 'F' }, { name: 'other', fingerprint: 'O' }] } },
    { reparsed: ['a.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed, [{ old: 'a.ts#parse', new: 'a.ts#parseText', path: 'a.ts' }]);
  assert.deepEqual(delta.symbols.added, []);
  assert.deepEqual(delta.symbols.removed, []);
});

test('a function moved to another file under the same name is a rename to its new id', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'helper', fingerprint: 'H' }] }, 'b.ts': {} },
    { 'a.ts': {}, 'b.ts': { definitions: [{ name: 'helper', fingerprint: 'H' }] } },
    { reparsed: ['a.ts', 'b.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed, [{ old: 'a.ts#helper', new: 'b.ts#helper', path: 'b.ts' }]);
});

test('a same-body function under another name in another file is not a move', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'helper', fingerprint: 'H' }] }, 'b.ts': {} },
    { 'a.ts': {}, 'b.ts': { definitions: [{ name: 'assist', fingerprint: 'H' }] } },
    { reparsed: ['a.ts', 'b.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed, []);
  assert.deepEqual(delta.symbols.added, ['b.ts#assist']);
  assert.deepEqual(delta.symbols.removed, ['a.ts#helper']);
});

test('two identical bodies removed and two added pair one-to-one in sorted order', () => {
  const delta = computeDelta(deltaInput(
    { 'a.py': { definitions: [{ name: 'beta', fingerprint: 'S' }, { name: 'alpha', fingerprint: 'S' }] } },
    { 'a.py': { definitions: [{ name: 'zeta', fingerprint: 'S' }, { name: 'gamma', fingerprint: 'S' }, { name: 'delta', fingerprint: 'S' }] } },
    { reparsed: ['a.py'] },
  ));
  assert.deepEqual(delta.symbols.renamed, [
    { old: 'a.py#alpha', new: 'a.py#delta', path: 'a.py' },
    { old: 'a.py#beta', new: 'a.py#gamma', path: 'a.py' },
  ]);
  assert.deepEqual(delta.symbols.added, ['a.py#zeta']);
  assert.deepEqual(delta.symbols.removed, []);
});

test('an unrelated empty class is not a rename, even with the same fingerprint', () => {
  const delta = computeDelta(deltaInput(
    { 'a.py': { definitions: [{ name: 'Old', kind: 'class', fingerprint: 'EMPTY' }] } },
    { 'a.py': { definitions: [{ name: 'Unrelated', kind: 'class', fingerprint: 'EMPTY' }] } },
    { reparsed: ['a.py'] },
  ));
  assert.deepEqual(delta.symbols.renamed, []);
  assert.deepEqual(delta.symbols.added, ['a.py#Unrelated']);
  assert.deepEqual(delta.symbols.removed, ['a.py#Old']);
});

test('an empty container pairs only when the caller declared the rename', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'Old', kind: 'class' }] } },
    { 'a.ts': { definitions: [{ name: 'New', kind: 'class' }] } },
    { reparsed: ['a.ts'], declaredRenames: [{ old: 'a.ts#Old', new: 'a.ts#New' }] },
  ));
  assert.deepEqual(delta.symbols.renamed, [{ old: 'a.ts#Old', new: 'a.ts#New', path: 'a.ts' }]);
});

test('a class renamed with all its methods is one container rename plus member renames', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [
      { name: 'Store', kind: 'class' },
      { name: 'Store.get', fingerprint: 'G' },
      { name: 'Store.put', fingerprint: 'P' },
      { name: 'Store.constructor', kind: 'constructor', fingerprint: 'C' },
    ] } },
    { 'a.ts': { definitions: [
      { name: 'Cache', kind: 'class' },
      { name: 'Cache.get', fingerprint: 'G' },
      { name: 'Cache.put', fingerprint: 'P' },
      { name: 'Cache.constructor', kind: 'constructor', fingerprint: 'C' },
    ] } },
    { reparsed: ['a.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed, [
    { old: 'a.ts#Store', new: 'a.ts#Cache', path: 'a.ts' },
    { old: 'a.ts#Store.constructor', new: 'a.ts#Cache.constructor', path: 'a.ts' },
    { old: 'a.ts#Store.get', new: 'a.ts#Cache.get', path: 'a.ts' },
    { old: 'a.ts#Store.put', new: 'a.ts#Cache.put', path: 'a.ts' },
  ]);
  assert.deepEqual(delta.symbols.added, []);
  assert.deepEqual(delta.symbols.removed, []);
});

test('a class whose methods split between two new classes is not renamed', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'Both', kind: 'class' }, { name: 'Both.read', fingerprint: 'R' }, { name: 'Both.write', fingerprint: 'W' }] } },
    { 'a.ts': { definitions: [
      { name: 'Reader', kind: 'class' }, { name: 'Reader.read', fingerprint: 'R' },
      { name: 'Writer', kind: 'class' }, { name: 'Writer.write', fingerprint: 'W' },
    ] } },
    { reparsed: ['a.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed.map((r) => r.old), ['a.ts#Both.read', 'a.ts#Both.write']);
  assert.deepEqual(delta.symbols.removed, ['a.ts#Both']);
  assert.deepEqual(delta.symbols.added, ['a.ts#Reader', 'a.ts#Writer']);
});

test('nested containers follow their members outward', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'NS', kind: 'namespace' }, { name: 'NS.C', kind: 'class' }, { name: 'NS.C.m', fingerprint: 'M' }] } },
    { 'a.ts': { definitions: [{ name: 'Space', kind: 'namespace' }, { name: 'Space.C', kind: 'class' }, { name: 'Space.C.m', fingerprint: 'M' }] } },
    { reparsed: ['a.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed.map((r) => `${r.old}>${r.new}`), [
    'a.ts#NS>a.ts#Space', 'a.ts#NS.C>a.ts#Space.C', 'a.ts#NS.C.m>a.ts#Space.C.m',
  ]);
});

test('definitions without a fingerprint, and different kinds, are never guessed', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'x', kind: 'variable' }, { name: 'f', fingerprint: 'F' }] } },
    { 'a.ts': { definitions: [{ name: 'y', kind: 'variable' }, { name: 'g', kind: 'method', container: 'K', fingerprint: 'F' }] } },
    { reparsed: ['a.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed, []);
});

test('a declared rename whose old id still exists is ignored', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'f', fingerprint: 'F' }] } },
    { 'a.ts': { definitions: [{ name: 'f', fingerprint: 'F' }, { name: 'g', fingerprint: 'X' }] } },
    { reparsed: ['a.ts'], declaredRenames: [{ old: 'a.ts#f', new: 'a.ts#g' }] },
  ));
  assert.deepEqual(delta.symbols.renamed, []);
  assert.deepEqual(delta.symbols.added, ['a.ts#g']);
});

test('the fields of a renamed class follow it by name and kind; a changed method body too', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [
      { name: 'Store', kind: 'class' },
      { name: 'Store.size', kind: 'property' },
      { name: 'Store.items', kind: 'property' },
      { name: 'Store.get', fingerprint: 'G' },
      { name: 'Store.put', fingerprint: 'P' },
    ] } },
    { 'a.ts': { definitions: [
      { name: 'Cache', kind: 'class' },
      { name: 'Cache.size', kind: 'property' },
      { name: 'Cache.entries', kind: 'property' },
      { name: 'Cache.get', fingerprint: 'G' },
      { name: 'Cache.put', fingerprint: 'P2' },
    ] } },
    { reparsed: ['a.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed.map((r) => `${r.old}>${r.new}`), [
    'a.ts#Store>a.ts#Cache', 'a.ts#Store.get>a.ts#Cache.get', 'a.ts#Store.put>a.ts#Cache.put', 'a.ts#Store.size>a.ts#Cache.size',
  ]);
  assert.deepEqual(delta.symbols.removed, ['a.ts#Store.items'], 'a field under another name is not guessed');
  assert.deepEqual(delta.symbols.added, ['a.ts#Cache.entries']);
});

test('members of a class that was not renamed never follow by name alone', () => {
  const delta = computeDelta(deltaInput(
    { 'a.ts': { definitions: [{ name: 'A', kind: 'class' }, { name: 'A.size', kind: 'property' }] } },
    { 'a.ts': { definitions: [{ name: 'B', kind: 'class' }, { name: 'B.size', kind: 'property' }] } },
    { reparsed: ['a.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed, []);
});
