import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecursionMemo } from './recursion-memo.js';

test('an answer is computed once and remembered, null included', () => {
  const memo = new RecursionMemo<number>();
  let runs = 0;
  assert.equal(memo.answer('a', () => { runs++; return 7; }), 7);
  assert.equal(memo.answer('a', () => { runs++; return 8; }), 7);
  assert.equal(memo.answer('b', () => { runs++; return null; }), null);
  assert.equal(memo.answer('b', () => { runs++; return 9; }), null);
  assert.equal(runs, 2);
});

test('a question met again while it is being answered answers null (a cycle)', () => {
  const memo = new RecursionMemo<string>();
  const ask = (key: string, next: string): string | null => memo.answer(key, () => ask(next, key) ?? `end at ${key}`);
  assert.equal(ask('a', 'b'), 'end at b');
  assert.equal(memo.answer('b', () => 'other'), 'end at b');
});

test('a depth limit answers null without remembering it', () => {
  const memo = new RecursionMemo<number>();
  assert.equal(memo.answer('a', () => 1, false), null);
  assert.equal(memo.answer('a', () => 2), 2);
});
