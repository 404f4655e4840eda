/**
 * Tests of runOffThread: the dependency diff of a large lockfile pair answers from a worker
 * exactly as inline, while the event loop keeps turning; a worker that cannot start rejects.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffDependencies } from './dependencies/diff.js';
import { runOffThread, sidesBytes } from './off-thread.js';

function lock(count: number, patch: number): string {
  const packages: Record<string, unknown> = { '': { name: 'app', dependencies: { 'pkg-0': '^1.0.0' } } };
  for (let index = 0; index < count; index++) packages[`node_modules/pkg-${index}`] = { version: `1.0.${index % 7 === 0 ? patch : 0}` };
  return JSON.stringify({ name: 'app', lockfileVersion: 3, packages }, null, 2);
}

test('a large lockfile pair is diffed in a worker with the inline answer', async () => {
  const files = [{ path: 'package-lock.json', before: lock(20_000, 0), after: lock(20_000, 1) }];
  assert.ok(sidesBytes(files) > 512 * 1024);
  let ticks = 0;
  const timer = setInterval(() => { ticks++; }, 5);
  const offThread = await runOffThread<{ files: typeof files; imports: [] }, ReturnType<typeof diffDependencies>>(
    new URL('./dependencies-worker-main.js', import.meta.url), { files, imports: [] });
  clearInterval(timer);
  assert.deepEqual(offThread, diffDependencies(files, []));
  assert.ok(offThread.changes.length > 2000);
  assert.ok(ticks > 2, `the event loop turned (${ticks} ticks)`);
});

test('a worker that cannot start rejects with an error naming it', async () => {
  await assert.rejects(runOffThread(new URL('./no-such-worker-main.js', import.meta.url), {}), (error: Error) => /no-such-worker-main|Cannot find module/.test(error.message));
});
