import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDelta } from './delta.js';
import { deltaInput, type SideSpec } from './testing/side-builder.js';
import { stronglyConnected } from './strongly-connected.js';

function cycles(before: SideSpec, after: SideSpec, reparsed: string[]): string[][] | undefined {
  return computeDelta(deltaInput(before, after, { reparsed })).newImportCycles;
}

test('a new import cycle is reported once, along the cycle from the smallest path', () => {
  assert.deepEqual(cycles(
    { 'a.ts': { imports: ['c.ts'] }, 'c.ts': { imports: ['b.ts'] }, 'b.ts': {} },
    { 'a.ts': { imports: ['c.ts'] }, 'c.ts': { imports: ['b.ts'] }, 'b.ts': { imports: ['a.ts'] } },
    ['b.ts', 'c.ts'],
  ), [['a.ts', 'c.ts', 'b.ts']]);
});

test('a cycle that existed before is not new', () => {
  const side: SideSpec = { 'a.ts': { imports: ['b.ts'] }, 'b.ts': { imports: ['a.ts'] }, 'x.ts': { imports: ['a.ts'] } };
  assert.deepEqual(cycles(side, side, ['a.ts', 'x.ts']), []);
});

test('a cycle that grew is a new set of modules; one without an edited module is not reported', () => {
  assert.deepEqual(cycles(
    {
      'a.ts': { imports: ['b.ts'] }, 'b.ts': { imports: ['a.ts'] }, 'c.ts': {},
      'p.ts': { imports: ['q.ts'] }, 'q.ts': {},
    },
    {
      'a.ts': { imports: ['b.ts'] }, 'b.ts': { imports: ['a.ts', 'c.ts'] }, 'c.ts': { imports: ['b.ts', 'p.ts'] },
      'p.ts': { imports: ['q.ts'] }, 'q.ts': { imports: ['p.ts'] },
    },
    ['c.ts'],
  ), [['a.ts', 'b.ts', 'c.ts']]);
});

test('a module importing itself is a cycle of one', () => {
  assert.deepEqual(cycles({ 'a.py': {} }, { 'a.py': { imports: ['a.py'] } }, ['a.py']), [['a.py']]);
});

test('a component with no cycle through all its modules is given sorted', () => {
  assert.deepEqual(cycles(
    { 'hub.ts': {}, 'x.ts': {}, 'y.ts': {} },
    { 'hub.ts': { imports: ['x.ts', 'y.ts'] }, 'x.ts': { imports: ['hub.ts'] }, 'y.ts': { imports: ['hub.ts'] } },
    ['hub.ts'],
  ), [['hub.ts', 'x.ts', 'y.ts']]);
});

test('Tarjan is iterative: a 200,000-module chain closing into one cycle does not overflow', () => {
  const count = 200_000;
  const name = (index: number) => `m${String(index).padStart(6, '0')}`;
  const components = stronglyConnected([name(0)], (node) => {
    const index = Number(node.slice(1));
    return [name((index + 1) % count)];
  });
  assert.equal(components.length, 1);
  assert.equal(components[0]!.nodes.length, count);
});

test('an edit that keeps every import of the touched files walks nothing and finds nothing new', () => {
  const side: SideSpec = { 'a.ts': { imports: ['b.ts'] }, 'b.ts': { imports: ['c.ts'] }, 'c.ts': { imports: ['a.ts'] } };
  const input = deltaInput(side, side, { reparsed: ['a.ts'] });
  for (const which of [input.before, input.after]) {
    const read = which.importsOf.bind(which);
    which.importsOf = (path) => {
      if (path !== 'a.ts') throw new Error(`the import graph was walked to ${path}`);
      return read(path);
    };
  }
  assert.deepEqual(computeDelta(input).newImportCycles, []);
});

test('an edit that drops an import still compares the components (a cycle split in two is new)', () => {
  assert.deepEqual(cycles(
    { 'a.ts': { imports: ['b.ts', 'c.ts'] }, 'b.ts': { imports: ['a.ts'] }, 'c.ts': { imports: ['a.ts'] } },
    { 'a.ts': { imports: ['b.ts'] }, 'b.ts': { imports: ['a.ts'] }, 'c.ts': { imports: ['a.ts'] } },
    ['a.ts'],
  ), [['a.ts', 'b.ts']]);
});
