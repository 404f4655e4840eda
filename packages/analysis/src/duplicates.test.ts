import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDelta } from './delta.js';
import { deltaInput, type DefinitionSpec, type SideSpec } from './testing/side-builder.js';

const helper: DefinitionSpec = { name: 'helper', fingerprint: 'H', nodeCount: 40, branches: ['b1', 'b2', 'b3', 'b4', 'b5'] };

function duplicates(before: SideSpec, after: SideSpec, reparsed: string[]) {
  return computeDelta(deltaInput(before, after, { reparsed })).newDuplicates;
}

test('a helper pasted under a new name is an exact duplicate of the existing one', () => {
  assert.deepEqual(duplicates(
    { 'lib.ts': { definitions: [helper] } },
    { 'lib.ts': { definitions: [helper] }, 'copy.ts': { definitions: [{ ...helper, name: 'assist' }] } },
    ['copy.ts'],
  ), [{ symbol: 'copy.ts#assist', original: 'lib.ts#helper', similarity: 1, kind: 'exact' }]);
});

test('a near copy (branch sets with Jaccard >= 0.8) is similar; a looser one is not', () => {
  const near: DefinitionSpec = { name: 'near', fingerprint: 'N', nodeCount: 40, branches: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'] };
  const loose: DefinitionSpec = { name: 'loose', fingerprint: 'L', nodeCount: 40, branches: ['b1', 'b2', 'b3', 'x1', 'x2'] };
  assert.deepEqual(duplicates(
    { 'lib.ts': { definitions: [helper] } },
    { 'lib.ts': { definitions: [helper] }, 'new.ts': { definitions: [near, loose] } },
    ['new.ts'],
  ), [{ symbol: 'new.ts#near', original: 'lib.ts#helper', similarity: 0.8333, kind: 'similar' }]);
});

test('functions under 15 nodes, and single-branch sets, are no evidence', () => {
  const small: DefinitionSpec = { name: 'small', fingerprint: 'S', nodeCount: 10, branches: ['b1', 'b2'] };
  const oneBranch: DefinitionSpec = { name: 'one', fingerprint: 'O', nodeCount: 40, branches: ['z'] };
  assert.deepEqual(duplicates(
    { 'lib.ts': { definitions: [small, oneBranch] } },
    {
      'lib.ts': { definitions: [small, oneBranch] },
      'new.ts': { definitions: [{ ...small, name: 'small2' }, { ...oneBranch, name: 'one2', fingerprint: 'O2' }] },
    },
    ['new.ts'],
  ), []);
});

test('two new copies of each other are reported once, the smaller id as the original', () => {
  const body: DefinitionSpec = { name: 'x', fingerprint: 'Q', nodeCount: 20 };
  assert.deepEqual(duplicates(
    {},
    { 'new.ts': { definitions: [{ ...body, name: 'second' }, { ...body, name: 'first' }] } },
    ['new.ts'],
  ), [{ symbol: 'new.ts#second', original: 'new.ts#first', similarity: 1, kind: 'exact' }]);
});

test('an existing function is preferred as the original over another new one', () => {
  assert.deepEqual(duplicates(
    { 'z.ts': { definitions: [helper] } },
    { 'z.ts': { definitions: [helper] }, 'new.ts': { definitions: [{ ...helper, name: 'a' }, { ...helper, name: 'b' }] } },
    ['new.ts'],
  ), [
    { symbol: 'new.ts#a', original: 'z.ts#helper', similarity: 1, kind: 'exact' },
    { symbol: 'new.ts#b', original: 'z.ts#helper', similarity: 1, kind: 'exact' },
  ]);
});

test('a changed function that now copies another is a duplicate; its own overloads are not', () => {
  assert.deepEqual(duplicates(
    { 'lib.ts': { definitions: [helper, { name: 'work', fingerprint: 'W', nodeCount: 40 }, { name: 'f', fingerprint: 'F', nodeCount: 30 }] } },
    { 'lib.ts': { definitions: [
      helper, { name: 'work', fingerprint: 'H', nodeCount: 40 },
      { name: 'f', fingerprint: 'F', nodeCount: 30 }, { name: 'f~2', fingerprint: 'F', nodeCount: 30 },
    ] } },
    ['lib.ts'],
  ), [{ symbol: 'lib.ts#work', original: 'lib.ts#helper', similarity: 1, kind: 'exact' }]);
});

test('a renamed function is not a duplicate of anything', () => {
  assert.deepEqual(duplicates(
    { 'lib.ts': { definitions: [helper] } },
    { 'lib.ts': { definitions: [{ ...helper, name: 'renamed' }] } },
    ['lib.ts'],
  ), []);
});
