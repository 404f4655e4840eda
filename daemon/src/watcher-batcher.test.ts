import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Batcher, type BatcherOptions } from './watcher-batcher.js';

function batcher(overrides: Partial<BatcherOptions> = {}): { batcher: Batcher; delivered: string[][]; next: () => Promise<string[]> } {
  const delivered: string[][] = [];
  let wake: (() => void) | null = null;
  const b = new Batcher({
    settleMs: 20, maxSettleMs: 100, lockHoldMaxMs: 10_000, isLocked: () => false,
    deliver: async (paths) => { delivered.push(paths.sort()); wake?.(); },
    onError: (error) => { throw error; },
    ...overrides,
  });
  const next = async (): Promise<string[]> => {
    const count = delivered.length;
    while (delivered.length === count) await new Promise<void>((resolve) => { wake = resolve; });
    return delivered[delivered.length - 1]!;
  };
  return { batcher: b, delivered, next };
}

test('a steady stream of events still flushes (maxSettleMs)', { timeout: 30_000 }, async () => {
  const { batcher: b, delivered } = batcher();
  let i = 0;
  // Events every 5 ms for at least 600 ms: never 20 ms of quiet (unless the machine stalls), so
  // only the 100 ms cap can deliver batches while the stream lasts.
  const started = Date.now();
  while (Date.now() - started < 600) {
    b.touch(`f${i++}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.ok(delivered.length >= 2, `${delivered.length} batches during the stream`);
  await b.flush();
  assert.equal(delivered.flat().length, i, 'every path delivered once');
  await b.close();
});

test('a lock older than lockHoldMaxMs stops holding; flush() ignores the lock', { timeout: 30_000 }, async () => {
  const { batcher: b, next } = batcher({ isLocked: () => true, lockHoldMaxMs: 200 });
  b.touch('a');
  assert.deepEqual(await next(), ['a']);
  b.touch('b');
  assert.deepEqual(await next(), ['b'], 'the same stale lock does not hold again');
  const { batcher: held, delivered } = batcher({ isLocked: () => true, lockHoldMaxMs: 600_000 });
  held.touch('c');
  await held.flush();
  assert.deepEqual(delivered, [['c']]);
  await b.close();
  await held.close();
});

test('one delivery at a time; events during it form the next batch', { timeout: 30_000 }, async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let active = 0;
  let maxActive = 0;
  const { batcher: b, delivered } = batcher({
    deliver: async (paths) => {
      active++;
      maxActive = Math.max(maxActive, active);
      delivered.push(paths.sort());
      if (paths.includes('first')) await gate;
      active--;
    },
  });
  b.touch('first');
  while (delivered.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  b.touch('second');
  b.touch('third');
  const flushed = b.flush();
  release();
  await flushed;
  assert.deepEqual(delivered, [['first'], ['second', 'third']]);
  assert.equal(maxActive, 1);
  await b.close();
});
