import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DepthBudget, RecursionMemo } from './recursion-memo.js';

test('an answer is computed once and remembered, null included', () => {
  const memo = new RecursionMemo<number>(new DepthBudget(8));
  let runs = 0;
  assert.equal(memo.answer('a', 0, () => { runs++; return 7; }), 7);
  assert.equal(memo.answer('a', 3, () => { runs++; return 8; }), 7);
  assert.equal(memo.answer('b', 0, () => { runs++; return null; }), null);
  assert.equal(memo.answer('b', 0, () => { runs++; return 9; }), null);
  assert.equal(runs, 2);
});

test('a cycle answers null, and nothing computed across it is remembered', () => {
  const memo = new RecursionMemo<string>(new DepthBudget(8));
  const ask = (key: string, next: string, depth: number): string | null => memo.answer(key, depth, () => ask(next, key, depth + 1) ?? `end at ${key}`);
  assert.equal(ask('a', 'b', 0), 'end at b');
  // Asked first, b ends at a: the same question answers the same wherever it is asked first.
  assert.equal(ask('b', 'a', 0), 'end at a');
  assert.equal(ask('a', 'b', 0), 'end at b');
});

test('an answer cut by the depth limit is not remembered; a remembered one is reused only where its depth fits', () => {
  const budget = new DepthBudget(4);
  const memo = new RecursionMemo<number>(budget);
  // `chain(n)` needs n levels below it.
  const chain = (key: number, depth: number): number | null => memo.answer(`c${key}`, depth, () => (key === 0 ? 0 : (chain(key - 1, depth + 1) ?? -100) + 1));
  assert.equal(chain(3, 2), -97, 'cut at the limit: 2 + 3 levels do not fit in 4');
  assert.equal(chain(3, 0), 3, 'the cut answer was not remembered');
  assert.equal(chain(3, 1), 3, 'reused: 1 + 3 fits');
  assert.equal(chain(3, 2), -97, 'not reused where it does not fit: the same answer as computing it there');
});
