import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDelta } from './delta.js';
import { deltaInput } from './testing/side-builder.js';

test('added and removed ids include the file symbols of files that appear or disappear', () => {
  const delta = computeDelta(deltaInput(
    { 'src/old.ts': { definitions: [{ name: 'gone', fingerprint: 'G' }] }, 'src/keep.ts': {} },
    { 'src/new.ts': { definitions: [{ name: 'fresh', fingerprint: 'N' }] }, 'src/keep.ts': {} },
    { reparsed: ['src/new.ts'], removedFiles: ['src/old.ts'] },
  ));
  assert.deepEqual(delta.symbols.added, ['src/new.ts', 'src/new.ts#fresh']);
  assert.deepEqual(delta.symbols.removed, ['src/old.ts', 'src/old.ts#gone']);
  assert.deepEqual(delta.symbols.renamed, []);
});

test('changed: fingerprint or parameters differ; a literal-only edit (same fingerprint) is no change', () => {
  const before = {
    'a.py': { definitions: [
      { name: 'body', fingerprint: 'B1', params: ['x'] },
      { name: 'literal', fingerprint: 'L', params: ['x'] },
      { name: 'params', fingerprint: 'P', params: ['x'], signature: 'params(x)' },
      { name: 'typed', fingerprint: 'T', params: ['x'] },
    ] },
  };
  const after = {
    'a.py': { definitions: [
      { name: 'body', fingerprint: 'B2', params: ['x'] },
      { name: 'literal', fingerprint: 'L', params: ['x'] },
      { name: 'params', fingerprint: 'P', params: ['x', 'y='], signature: 'params(x, y=1)' },
      { name: 'typed', fingerprint: 'T', params: ['x'] },
    ] },
  };
  const delta = computeDelta(deltaInput(before, after, { reparsed: ['a.py'] }));
  assert.deepEqual(delta.symbols.changed, ['a.py#body', 'a.py#params']);
  assert.deepEqual(delta.signatureChanges, [{ id: 'a.py#params', before: 'params(x)', after: 'params(x, y=1)' }]);
});

test('parameters compare by shape, not by annotation text', () => {
  const input = deltaInput(
    { 'a.ts': { definitions: [{ name: 'f', fingerprint: 'F', params: ['x'] }] } },
    { 'a.ts': { definitions: [{ name: 'f', fingerprint: 'F', params: ['x'] }] } },
    { reparsed: ['a.ts'] },
  );
  const definition = input.after.definition('a.ts#f')!;
  definition.symbol.params![0]!.typeText = 'number';
  const delta = computeDelta(input);
  assert.deepEqual(delta.symbols.changed, []);
  assert.deepEqual(delta.signatureChanges, []);
});

test('a keyword-only flag is a parameter change', () => {
  const delta = computeDelta(deltaInput(
    { 'a.py': { definitions: [{ name: 'f', fingerprint: 'F', params: ['a', 'b'] }] } },
    { 'a.py': { definitions: [{ name: 'f', fingerprint: 'F', params: ['a', '*', 'b'] }] } },
    { reparsed: ['a.py'] },
  ));
  assert.deepEqual(delta.symbols.changed, ['a.py#f']);
  assert.equal(delta.signatureChanges?.length, 1);
});
