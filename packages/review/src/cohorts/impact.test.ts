import { test } from 'node:test';
import assert from 'node:assert/strict';
import { impactOf, orderCohorts, scoreOf } from './impact.js';
import { changed, deltaOf, fileSymbols, graphOf, reviewOf, sym } from './fixtures.js';
import type { Cohort, ImpactParts } from '../types.js';

const noParts: ImpactParts = {
  removedExported: 0, renamedExported: 0, danglingCallers: 0, arityFindings: 0,
  radius: 0, testsReaching: 0, generatedFiles: 0, changedLines: 0,
};

test('the parts count the cohort findings only', () => {
  const base = graphOf([...fileSymbols('a.ts', 'b.ts'), sym('a.ts#gone', { exported: true }), sym('a.ts#local'),
    sym('a.ts#old', { exported: true }), sym('b.ts#other', { exported: true })]);
  const head = graphOf([...fileSymbols('a.ts', 'b.ts'), sym('a.ts#fresh', { exported: true }), sym('a.ts#C', { kind: 'class' }),
    sym('a.ts#C.constructor', { kind: 'constructor', container: 'a.ts#C' })]);
  const input = reviewOf({
    files: [changed('a.ts', { linesAdded: 10, linesRemoved: 5 }), changed('gen/a.pb.ts', { generated: true, linesAdded: 100 }), changed('b.ts')],
    delta: deltaOf(
      { removed: ['a.ts#gone', 'a.ts#local', 'b.ts#other'], renamed: [{ old: 'a.ts#old', new: 'a.ts#fresh', path: 'a.ts' }], changed: ['a.ts#C'] },
      {
        danglingCallers: [
          { caller: 'x.ts#u', path: 'x.ts', line: 1, column: 1, target: 'a.ts#gone' },
          { caller: 'x.ts#v', path: 'x.ts', line: 2, column: 1, target: 'a.ts#old', renamedTo: 'a.ts#fresh' },
          { caller: 'x.ts#w', path: 'x.ts', line: 3, column: 1, target: 'b.ts#other' },
        ],
        arityFindings: [{ site: { path: 'x.ts', line: 4, column: 1 }, callee: 'a.ts#C.constructor', verdict: 'too_many' }],
      },
    ),
    base,
    head,
  });
  const members = { basis: 'graph' as const, files: ['a.ts', 'gen/a.pb.ts'], symbols: ['a.ts#C', 'a.ts#fresh', 'a.ts#gone', 'a.ts#local'], tests: ['t.test.ts'] };
  let radiusAsked: string[] = [];
  const impact = impactOf(input, members, (symbols) => { radiusAsked = symbols; return 7; });
  assert.deepEqual(impact.parts, {
    removedExported: 1, renamedExported: 1, danglingCallers: 2, arityFindings: 1,
    radius: 7, testsReaching: 1, generatedFiles: 1, changedLines: 115,
  });
  assert.deepEqual(radiusAsked, members.symbols);
  // 10 + 6 + 16 + 5 + 3·log2(8) + log2(1 + 15 + 10) = 46 + log2(26)
  assert.equal(impact.score, Math.round((46 + Math.log2(26)) * 100) / 100);
});

test('generated lines weigh a tenth, and an untested cohort weighs a little more', () => {
  const lines = { ...noParts, testsReaching: 1 };
  assert.equal(scoreOf(lines, 15), scoreOf(lines, 10 * 1.5));
  assert.equal(scoreOf({ ...noParts, testsReaching: 0 }, 0) - scoreOf({ ...noParts, testsReaching: 3 }, 0), 2);
});

test('cohorts are ordered by score descending, then key', () => {
  const cohort = (key: string, score: number): Cohort => ({
    key, basis: 'path', files: [key], symbols: [], tests: [], impact: { score, parts: noParts },
  });
  const ordered = orderCohorts([cohort('c-b', 1), cohort('c-c', 9), cohort('c-a', 1)]);
  assert.deepEqual(ordered.map((c) => c.key), ['c-c', 'c-a', 'c-b']);
});
