import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inheritKeys, overlapOf } from './inherit.js';
import { assignFreshKeys, keyOfAnchor } from './keys.js';
import type { CohortMembers } from './group.js';

type Keyed = CohortMembers & { key: string };

const graph = (files: string[], symbols: string[], key?: string): Keyed => {
  const members: CohortMembers = { basis: 'graph', files, symbols, tests: [] };
  return { ...members, key: key ?? assignFreshKeys([members])[0]!.key };
};

test('a push adding files to a cohort keeps its key', () => {
  const old = graph(['a.ts', 'b.ts'], ['a.ts#f', 'b.ts#g'], 'c-old000000001');
  const grown = graph(['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'], ['a.ts#f', 'b.ts#g', 'c.ts#h', 'd.ts#i', 'e.ts#j']);
  const [carried] = inheritKeys([old], [grown]);
  assert.equal(carried!.key, 'c-old000000001');
});

test('a split gives the old key to the part sharing the most, even when the smaller part lies wholly inside', () => {
  const old = graph(['a.ts', 'b.ts', 'c.ts', 'd.ts'], ['a.ts#f', 'b.ts#g', 'c.ts#h', 'd.ts#i'], 'c-old000000001');
  const larger = graph(['a.ts', 'b.ts', 'c.ts', 'x.ts'], ['a.ts#f', 'b.ts#g', 'c.ts#h', 'x.ts#new']);
  const smaller = graph(['d.ts'], ['d.ts#i']);
  const result = inheritKeys([old], [smaller, larger]);
  assert.equal(result[1]!.key, 'c-old000000001');
  assert.equal(result[0]!.key, smaller.key);
});

test('each old key goes to at most one cohort and below the threshold nothing carries over', () => {
  const old = graph(['a.ts', 'b.ts', 'c.ts', 'd.ts'], ['a.ts#f', 'b.ts#g', 'c.ts#h', 'd.ts#i'], 'c-old000000001');
  const faint = graph(['a.ts', 'p.ts', 'q.ts'], ['p.ts#1', 'q.ts#2', 'q.ts#3']);
  assert.ok(overlapOf(old, faint).coefficient < 0.5);
  assert.equal(inheritKeys([old], [faint])[0]!.key, faint.key);
  assert.equal(inheritKeys([old], [faint], 0.1)[0]!.key, 'c-old000000001');
});

test('a fresh key equal to an inherited one is re-derived', () => {
  // The old cohort's key is the fresh key of the smaller part (same smallest symbol), and the
  // larger part inherits it: the smaller part must take another key.
  const smaller = graph(['a.ts'], ['a.ts#f']);
  const old = graph(['a.ts', 'b.ts', 'c.ts'], ['a.ts#f', 'b.ts#g', 'c.ts#h'], smaller.key);
  const larger = graph(['b.ts', 'c.ts'], ['b.ts#g', 'c.ts#h']);
  const [small, large] = inheritKeys([old], [smaller, larger]);
  assert.equal(large!.key, smaller.key);
  assert.equal(small!.key, keyOfAnchor('graph\na.ts#f', 2));
});

test('a merge keeps the key of the old cohort it shares the most with', () => {
  const left = graph(['a.ts'], ['a.ts#f'], 'c-left00000001');
  const right = graph(['b.ts', 'c.ts'], ['b.ts#g', 'c.ts#h'], 'c-right0000001');
  const merged = graph(['a.ts', 'b.ts', 'c.ts'], ['a.ts#f', 'b.ts#g', 'c.ts#h']);
  assert.equal(inheritKeys([left, right], [merged])[0]!.key, 'c-right0000001');
  assert.equal(inheritKeys([right, left], [merged])[0]!.key, 'c-right0000001');
});
