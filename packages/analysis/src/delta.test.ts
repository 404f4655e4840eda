import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDelta } from './delta.js';
import { deltaInput, type SideSpec } from './testing/side-builder.js';
import type { StructuralDelta } from './shapes.js';

const before: SideSpec = {
  'src/lib.ts': {
    definitions: [
      { name: 'parse', fingerprint: 'P', nodeCount: 30, params: ['text'] },
      { name: 'format', fingerprint: 'F', nodeCount: 30, params: ['value'], signature: 'format(value)' },
      { name: 'unused', fingerprint: 'U', nodeCount: 5 },
    ],
    imports: ['src/util.ts'],
  },
  'src/util.ts': { definitions: [{ name: 'clamp', fingerprint: 'C', nodeCount: 20, params: ['x', 'lo', 'hi'] }] },
  'src/app.ts': { definitions: [{ name: 'main' }], relations: [
    { from: 'main', to: 'src/lib.ts#parse', line: 3, column: 7, args: 1 },
    { from: 'main', to: 'src/lib.ts#format', line: 4, column: 7, args: 1 },
    { from: 'main', to: 'src/lib.ts#unused', line: 5, column: 7, args: 0 },
  ] },
  'src/app.test.ts': { relations: [{ to: 'src/app.ts#main', line: 2, args: 0 }] },
};

const after: SideSpec = {
  'src/lib.ts': {
    definitions: [
      { name: 'parseText', fingerprint: 'P', nodeCount: 30, params: ['text'] },
      { name: 'format', fingerprint: 'F', nodeCount: 30, params: ['value', 'style'], signature: 'format(value, style)' },
      { name: 'clampCopy', fingerprint: 'C', nodeCount: 20, params: ['x', 'lo', 'hi'] },
    ],
    imports: ['src/util.ts'],
  },
  'src/util.ts': { definitions: [{ name: 'clamp', fingerprint: 'C', nodeCount: 20, params: ['x', 'lo', 'hi'] }], imports: ['src/lib.ts'] },
  'src/app.ts': { definitions: [{ name: 'main' }], relations: [
    { from: 'main', to: null, name: 'parse', line: 3, column: 7, args: 1 },
    { from: 'main', to: 'src/lib.ts#format', line: 4, column: 7, args: 1 },
    { from: 'main', to: null, name: 'unused', line: 5, column: 7, args: 0 },
  ] },
  'src/app.test.ts': { relations: [{ to: 'src/app.ts#main', line: 2, args: 0 }] },
};

function run(): StructuralDelta {
  return computeDelta(deltaInput(before, after, { reparsed: ['src/util.ts', 'src/lib.ts'] }));
}

test('one edit, every finding', () => {
  const delta = run();
  assert.deepEqual({ ...delta, deltaMs: 0 }, {
    paths: ['src/lib.ts', 'src/util.ts'],
    reparsed: ['src/lib.ts', 'src/util.ts'],
    affected: [],
    removedFiles: [],
    symbols: {
      added: ['src/lib.ts#clampCopy'],
      removed: ['src/lib.ts#unused'],
      renamed: [{ old: 'src/lib.ts#parse', new: 'src/lib.ts#parseText', path: 'src/lib.ts' }],
      changed: ['src/lib.ts#format'],
    },
    danglingCallers: [
      { caller: 'src/app.ts#main', path: 'src/app.ts', line: 3, column: 7, target: 'src/lib.ts#parse', renamedTo: 'src/lib.ts#parseText' },
      { caller: 'src/app.ts#main', path: 'src/app.ts', line: 5, column: 7, target: 'src/lib.ts#unused' },
    ],
    signatureChanges: [{ id: 'src/lib.ts#format', before: 'format(value)', after: 'format(value, style)' }],
    arityFindings: [{ site: { path: 'src/app.ts', line: 4, column: 7 }, callee: 'src/lib.ts#format', verdict: 'too_few' }],
    newDuplicates: [{ symbol: 'src/lib.ts#clampCopy', original: 'src/util.ts#clamp', similarity: 1, kind: 'exact' }],
    newImportCycles: [['src/lib.ts', 'src/util.ts']],
    testsReaching: [{ id: 'src/app.test.ts', path: 'src/app.test.ts', depth: 2, through: ['src/lib.ts#format'] }],
    surfaces: { added: [], removed: [] },
    reingestMs: 7,
    deltaMs: 0,
  });
  assert.equal(typeof delta.deltaMs, 'number');
  assert.ok(delta.deltaMs >= 0);
});

test('the same input gives the same output', () => {
  const first = run();
  const second = run();
  assert.deepEqual({ ...first, deltaMs: 0 }, { ...second, deltaMs: 0 });
});

test('an empty change is an empty delta', () => {
  const delta = computeDelta(deltaInput(before, before, {}));
  assert.deepEqual(delta.symbols, { added: [], removed: [], renamed: [], changed: [] });
  assert.deepEqual(delta.danglingCallers, []);
  assert.deepEqual(delta.arityFindings, []);
  assert.deepEqual(delta.newDuplicates, []);
  assert.deepEqual(delta.newImportCycles, []);
  assert.deepEqual(delta.testsReaching, []);
  assert.deepEqual(delta.surfaces, { added: [], removed: [] });
});
