import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDelta } from './delta.js';
import { deltaInput, type SideSpec } from './testing/side-builder.js';
import { isTest } from './test-conventions.js';

test('tests reaching through two levels get the shortest depth and every origin at that depth', () => {
  const side: SideSpec = {
    'src/core.ts': { definitions: [{ name: 'parse' }, { name: 'format' }] },
    'src/mid.ts': { definitions: [{ name: 'run' }, { name: 'far1' }, { name: 'far2' }], relations: [
      { from: 'run', to: 'src/core.ts#parse', line: 1 },
      { from: 'run', to: 'src/core.ts#format', line: 2 },
      { from: 'far1', to: 'src/mid.ts#far2', line: 3 },
      { from: 'far2', to: 'src/mid.ts#run', line: 4 },
    ] },
    'src/mid.test.ts': { relations: [{ to: 'src/mid.ts#run', line: 5 }, { to: 'src/mid.ts#far1', line: 6 }] },
    'tests/test_api.py': { definitions: [{ name: 'test_api' }, { name: 'helper' }], relations: [
      { from: 'test_api', to: 'src/mid.ts#far1', line: 1 },
      { from: 'helper', to: 'src/core.ts#parse', line: 2 },
    ] },
    'pkg/x_test.go': { definitions: [{ name: 'TestX' }, { name: 'Testify' }], relations: [
      { from: 'TestX', to: 'src/core.ts#format', line: 1 },
      { from: 'Testify', to: 'src/core.ts#format', line: 2 },
    ] },
  };
  const delta = computeDelta(deltaInput(side, side, { reparsed: ['src/core.ts'] }));
  assert.deepEqual(delta.testsReaching, [
    { id: 'pkg/x_test.go#TestX', path: 'pkg/x_test.go', depth: 1, through: ['src/core.ts#format'] },
    { id: 'src/mid.test.ts', path: 'src/mid.test.ts', depth: 2, through: ['src/core.ts#format', 'src/core.ts#parse'] },
    { id: 'tests/test_api.py#test_api', path: 'tests/test_api.py', depth: 4, through: ['src/core.ts#format', 'src/core.ts#parse'] },
  ]);
});

test('a test inside an edited file reaches at depth 0', () => {
  const side: SideSpec = { 'test_a.py': { definitions: [{ name: 'test_one' }, { name: 'fixture' }] } };
  const delta = computeDelta(deltaInput(side, side, { reparsed: ['test_a.py'] }));
  assert.deepEqual(delta.testsReaching, [{ id: 'test_a.py#test_one', path: 'test_a.py', depth: 0, through: ['test_a.py#test_one'] }]);
});

test('the search stops at depth 12', () => {
  const definitions = Array.from({ length: 14 }, (_, index) => ({ name: `f${index}` }));
  const relations = Array.from({ length: 13 }, (_, index) => ({ from: `f${index + 1}`, to: `chain.go#f${index}`, line: index + 1 }));
  const side: SideSpec = {
    'edit.go': { definitions: [{ name: 'Root' }] },
    'chain.go': { definitions, relations: [{ from: 'f0', to: 'edit.go#Root', line: 99 }, ...relations] },
    'chain_test.go': { definitions: [{ name: 'TestNear' }, { name: 'TestFar' }], relations: [
      { from: 'TestNear', to: 'chain.go#f10', line: 1 },
      { from: 'TestFar', to: 'chain.go#f11', line: 2 },
    ] },
  };
  const delta = computeDelta(deltaInput(side, side, { reparsed: ['edit.go'] }));
  assert.deepEqual(delta.testsReaching?.map((t) => `${t.id}@${t.depth}`), ['chain_test.go#TestNear@12']);
});

test('test conventions per language', () => {
  const symbol = (path: string, name: string, kind: 'file' | 'function' | 'method' = 'function') => ({
    id: kind === 'file' ? path : `${path}#${name}`, kind, name, qualifiedName: name, path,
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, exported: true, generated: false,
  });
  assert.equal(isTest(symbol('a/b_test.go', 'TestParse')), true);
  assert.equal(isTest(symbol('a/b_test.go', 'Testify')), false);
  assert.equal(isTest(symbol('a/b.go', 'TestParse')), false);
  assert.equal(isTest(symbol('pkg/test_io.py', 'test_read')), true);
  assert.equal(isTest(symbol('pkg/io_test.py', 'test_write', 'method')), true);
  assert.equal(isTest(symbol('tests/helpers.py', 'test_x')), true);
  assert.equal(isTest(symbol('pkg/io.py', 'test_read')), false);
  assert.equal(isTest(symbol('pkg/test_io.py', 'helper')), false);
  assert.equal(isTest(symbol('src/a.test.ts', '', 'file')), true);
  assert.equal(isTest(symbol('src/a.spec.mjs', '', 'file')), true);
  assert.equal(isTest(symbol('src/a.ts', '', 'file')), false);
  assert.equal(isTest(symbol('src/a.test.ts', 'helper')), false);
});

test('origins merged into one caller do not leak into another that shares them', () => {
  const side: SideSpec = {
    'e.go': { definitions: [{ name: 'A' }, { name: 'B' }] },
    'm.go': { definitions: [{ name: 'x' }, { name: 'y' }], relations: [
      { from: 'x', to: 'e.go#A', line: 1 },
      { from: 'y', to: 'e.go#A', line: 2 },
      { from: 'y', to: 'e.go#B', line: 3 },
      { from: 'x', to: 'e.go#B', line: 4, kind: 'references' },
    ] },
    'm_test.go': { definitions: [{ name: 'TestX' }, { name: 'TestY' }], relations: [
      { from: 'TestX', to: 'm.go#x', line: 1 },
      { from: 'TestY', to: 'm.go#y', line: 2 },
    ] },
  };
  const delta = computeDelta(deltaInput(side, side, { reparsed: ['e.go'] }));
  assert.deepEqual(delta.testsReaching?.map((t) => `${t.id}@${t.depth}:${t.through.join(',')}`), [
    'm_test.go#TestX@2:e.go#A',
    'm_test.go#TestY@2:e.go#A,e.go#B',
  ]);
});
