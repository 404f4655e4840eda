import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDelta } from './delta.js';
import { deltaInput, type SideSpec } from './testing/side-builder.js';

const libBefore: SideSpec['x'] = { definitions: [{ name: 'parse', fingerprint: 'F', params: ['s'] }] };
const libAfter: SideSpec['x'] = { definitions: [{ name: 'parseText', fingerprint: 'F', params: ['s'] }] };

test('a rename without updating callers reports each caller with renamedTo', () => {
  const delta = computeDelta(deltaInput(
    {
      'lib.ts': libBefore,
      'main.ts': { definitions: [{ name: 'main' }], relations: [{ from: 'main', to: 'lib.ts#parse', line: 3, column: 5, args: 1 }] },
      'cli.ts': { relations: [{ to: 'lib.ts#parse', line: 9, column: 2, args: 1 }] },
    },
    {
      'lib.ts': libAfter,
      'main.ts': { definitions: [{ name: 'main' }], relations: [{ from: 'main', to: null, name: 'parse', line: 3, column: 5, args: 1 }] },
      'cli.ts': { relations: [{ to: 'lib.ts#parse', line: 9, column: 2, args: 1 }] },
    },
    { reparsed: ['lib.ts'] },
  ));
  assert.deepEqual(delta.symbols.renamed, [{ old: 'lib.ts#parse', new: 'lib.ts#parseText', path: 'lib.ts' }]);
  assert.deepEqual(delta.danglingCallers, [
    { caller: 'cli.ts', path: 'cli.ts', line: 9, column: 2, target: 'lib.ts#parse', renamedTo: 'lib.ts#parseText' },
    { caller: 'main.ts#main', path: 'main.ts', line: 3, column: 5, target: 'lib.ts#parse', renamedTo: 'lib.ts#parseText' },
  ]);
});

test('a caller updated in the same edit is not dangling; one left behind in an edited file is', () => {
  const delta = computeDelta(deltaInput(
    {
      'lib.ts': libBefore,
      'main.ts': { definitions: [{ name: 'main' }, { name: 'other' }], relations: [
        { from: 'main', to: 'lib.ts#parse', line: 3, column: 5, args: 1 },
        { from: 'other', to: 'lib.ts#parse', line: 13, column: 5, args: 1 },
      ] },
    },
    {
      'lib.ts': libAfter,
      'main.ts': { definitions: [{ name: 'main' }, { name: 'other' }], relations: [
        { from: 'main', to: 'lib.ts#parseText', line: 4, column: 5, args: 1 },
        { from: 'other', to: null, name: 'parse', line: 14, column: 5, args: 1 },
      ] },
    },
    { reparsed: ['lib.ts', 'main.ts'] },
  ));
  assert.deepEqual(delta.danglingCallers, [
    { caller: 'main.ts#other', path: 'main.ts', line: 14, column: 5, target: 'lib.ts#parse', renamedTo: 'lib.ts#parseText' },
  ]);
});

test('every updated caller: nothing dangles', () => {
  const delta = computeDelta(deltaInput(
    { 'lib.ts': libBefore, 'main.ts': { relations: [{ to: 'lib.ts#parse', line: 3, args: 1 }] } },
    { 'lib.ts': libAfter, 'main.ts': { relations: [{ to: 'lib.ts#parseText', line: 3, args: 1 }] } },
    { reparsed: ['lib.ts', 'main.ts'] },
  ));
  assert.deepEqual(delta.danglingCallers, []);
});

test('a removed function: untouched callers dangle without renamedTo; a re-bound site does not', () => {
  const delta = computeDelta(deltaInput(
    {
      'lib.py': { definitions: [{ name: 'gone', fingerprint: 'G' }] },
      'other.py': { definitions: [{ name: 'gone', fingerprint: 'X' }] },
      'a.py': { relations: [{ to: 'lib.py#gone', line: 1, args: 0 }, { to: 'lib.py#gone', line: 2, args: 0 }] },
    },
    {
      'lib.py': {},
      'other.py': { definitions: [{ name: 'gone', fingerprint: 'X' }] },
      'a.py': { relations: [{ to: null, name: 'gone', line: 1, args: 0 }, { to: 'other.py#gone', line: 2, args: 0 }] },
    },
    { reparsed: ['lib.py'] },
  ));
  assert.deepEqual(delta.danglingCallers, [{ caller: 'a.py', path: 'a.py', line: 1, column: 1, target: 'lib.py#gone' }]);
});

test('an untouched site still naming the vanished id dangles', () => {
  const delta = computeDelta(deltaInput(
    { 'lib.ts': { definitions: [{ name: 'f', fingerprint: 'F' }] }, 'a.ts': { relations: [{ to: 'lib.ts#f', line: 5, args: 0 }] } },
    { 'lib.ts': {}, 'a.ts': { relations: [{ to: 'lib.ts#f', line: 5, args: 0 }] } },
    { reparsed: ['lib.ts'] },
  ));
  assert.deepEqual(delta.danglingCallers?.map((d) => `${d.path}:${d.line}`), ['a.ts:5']);
});

test('an unresolved site of the same name that was unresolved before stays quiet', () => {
  const delta = computeDelta(deltaInput(
    {
      'cache.py': { definitions: [{ name: 'Cache', kind: 'class' }, { name: 'Cache.get', fingerprint: 'G' }] },
      'use.py': { definitions: [{ name: 'run' }], relations: [
        { from: 'run', to: null, name: 'get', line: 2, args: 1 },
        { from: 'run', to: 'cache.py#Cache.get', line: 3, args: 1 },
      ] },
    },
    {
      'cache.py': { definitions: [{ name: 'Cache', kind: 'class' }] },
      'use.py': { definitions: [{ name: 'run' }], relations: [
        { from: 'run', to: null, name: 'get', line: 2, args: 1 },
      ] },
    },
    { reparsed: ['cache.py', 'use.py'] },
  ));
  assert.deepEqual(delta.symbols.removed, ['cache.py#Cache.get']);
  assert.deepEqual(delta.danglingCallers, []);
});

test('each site is reported once, for the smallest target', () => {
  const delta = computeDelta(deltaInput(
    {
      'lib.ts': { definitions: [{ name: 'f', fingerprint: 'A' }, { name: 'f~2', fingerprint: 'B' }] },
      'a.ts': { relations: [{ to: 'lib.ts#f', line: 5, args: 0 }, { to: 'lib.ts#f~2', line: 5, kind: 'references' }] },
    },
    { 'lib.ts': {}, 'a.ts': { relations: [{ to: null, name: 'f', line: 5, args: 0 }, { to: null, name: 'f', line: 5, kind: 'references' }] } },
    { reparsed: ['lib.ts'] },
  ));
  assert.deepEqual(delta.danglingCallers, [{ caller: 'a.ts', path: 'a.ts', line: 5, column: 1, target: 'lib.ts#f' }]);
});
