/**
 * fresh-runs.ts: one run under way per key, callers during a run share the next one (started
 * after they asked), failures reach only their own callers, and nothing is kept once runs end.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FreshRuns } from './fresh-runs.js';

/** A run function whose runs the test ends by hand, recording when each started. */
function manualRuns(): { runs: FreshRuns<string, string>; started: Array<{ key: string; end(value: string): void; fail(error: Error): void }> } {
  const started: Array<{ key: string; end(value: string): void; fail(error: Error): void }> = [];
  const runs = new FreshRuns<string, string>((key) => new Promise<string>((resolve, reject) => {
    started.push({ key, end: resolve, fail: reject });
  }));
  return { runs, started };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('callers during a run share one new run, started after the first ends', async () => {
  const { runs, started } = manualRuns();
  const first = runs.get('root');
  assert.equal(started.length, 1);
  const late = [runs.get('root'), runs.get('root'), runs.get('root')];
  await turn();
  assert.equal(started.length, 1, 'nothing else starts while a run is under way');
  started[0]!.end('before the edit');
  assert.equal(await first, 'before the edit');
  await turn();
  assert.equal(started.length, 2, 'one more run for all three late callers');
  started[1]!.end('after the edit');
  assert.deepEqual(await Promise.all(late), ['after the edit', 'after the edit', 'after the edit']);
  assert.equal(runs.size, 0, 'nothing is kept once the runs ended');
});

test('sequential callers each get a run of their own; keys do not share', async () => {
  const { runs, started } = manualRuns();
  const a = runs.get('a');
  const b = runs.get('b');
  assert.equal(started.length, 2);
  started[0]!.end('a1');
  started[1]!.end('b1');
  assert.deepEqual(await Promise.all([a, b]), ['a1', 'b1']);
  const again = runs.get('a');
  assert.equal(started.length, 3);
  started[2]!.end('a2');
  assert.equal(await again, 'a2');
});

test('a failed run rejects its own callers; those queued behind it get the next run', async () => {
  const { runs, started } = manualRuns();
  const first = runs.get('root');
  const queued = runs.get('root');
  started[0]!.fail(new Error('git timed out'));
  await assert.rejects(first, /git timed out/);
  await turn();
  assert.equal(started.length, 2);
  started[1]!.end('fine');
  assert.equal(await queued, 'fine');
  assert.equal(runs.size, 0);
});

test('a run function that throws at once rejects, and the key is free again', async () => {
  let calls = 0;
  const runs = new FreshRuns<string, number>(() => {
    calls++;
    if (calls === 1) throw new Error('bad root');
    return Promise.resolve(calls);
  });
  await assert.rejects(runs.get('x'), /bad root/);
  assert.equal(await runs.get('x'), 2);
  assert.equal(runs.size, 0);
});
