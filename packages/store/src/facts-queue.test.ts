// The fact cache's write-behind: queued facts are found at once and written later, in one
// transaction, when the store is quiet, when the queue is long, on flushFacts() and before close;
// a bad entry queues nothing; a failed write drops its entries and says why. The store runs on a
// real LMDB environment; the queue's own timing is checked with a recording writer and short spans.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FactsEntry } from './types.js';
import { FactsQueue } from './facts-queue.js';
import { syntheticFacts } from './fixtures-graph.js';
import { cleanupTempDirs } from './fixtures-git.js';
import { openTestStore } from './fixtures-store.js';
import { openRepoStore } from './repo-store.js';

after(cleanupTempDirs);

const blob = (n: number): string => n.toString(16).padStart(40, '0');
const entry = (n: number): FactsEntry => ({ blobId: blob(n), extractorVersion: 3, variant: 'typescript', facts: syntheticFacts(`f${n}.ts`, 2, 1, n) });

test('queued facts are read at once and written on flushFacts, in one go', async () => {
  const { store, dataRoot, repoId } = await openTestStore();
  const entries = [1, 2, 3].map(entry);
  store.queueFacts(entries);
  assert.equal(store.getFacts(blob(2), 3, 'typescript'), entries[1]!.facts, 'a queued entry is found before it is written');
  assert.equal(store.stats().factsQueued, 3);
  assert.equal(store.stats().factCount, 0, 'nothing is written yet');
  await store.flushFacts();
  assert.equal(store.stats().factsQueued, 0);
  assert.equal(store.stats().factCount, 3);
  assert.equal(store.stats().factsWriteError, null);
  await store.close();
  const reopened = await openRepoStore({ dataRoot, repoId });
  assert.deepEqual(reopened.getFacts(blob(3), 3, 'typescript'), entries[2]!.facts);
  await reopened.close();
});

test('closing the store writes what is queued', async () => {
  const { store, dataRoot, repoId } = await openTestStore();
  store.queueFacts([entry(7), entry(8)]);
  await store.close();
  const reopened = await openRepoStore({ dataRoot, repoId });
  assert.equal(reopened.stats().factCount, 2);
  assert.deepEqual(reopened.getFacts(blob(8), 3, 'typescript'), entry(8).facts);
  await reopened.close();
});

test('a quiet store writes its queue by itself', async () => {
  const { store } = await openTestStore();
  store.queueFacts([entry(4)]);
  // The store waits for a quiet second; well after it, the entry is on disk and out of the queue
  // (the queue lets go of it once the write's commit has come back, a moment after LMDB counts it).
  const settled = (): boolean => store.stats().factCount === 1 && store.stats().factsQueued === 0;
  for (let waited = 0; !settled() && waited < 10_000; waited += 100) await sleep(100);
  assert.equal(store.stats().factCount, 1);
  assert.equal(store.stats().factsQueued, 0);
  await store.close();
});

test('a bad entry queues none of its batch; a read-only store queues nothing', async () => {
  const { store, dataRoot, repoId } = await openTestStore();
  assert.throws(() => store.queueFacts([entry(5), { ...entry(6), blobId: '' }]), (error: Error & { code?: string }) => error.code === 'InvalidParams');
  assert.equal(store.stats().factsQueued, 0);
  assert.equal(store.getFacts(blob(5), 3, 'typescript'), undefined);
  await store.putFacts([entry(9)]);
  await store.close();
  const readOnly = await openRepoStore({ dataRoot, repoId, readOnly: true });
  assert.throws(() => readOnly.queueFacts([entry(10)]), (error: Error & { code?: string }) => error.code === 'StoreError' && /read-only/.test(error.message));
  await readOnly.close();
});

test('the queue waits for quiet, flushes when long, keeps what came during a write, and drops a failed write', async () => {
  const writes: string[][] = [];
  let fail = false;
  let release: (() => void) | null = null;
  const queue = new FactsQueue(1_000, 4);
  queue.writeWith(async (entries) => {
    if (release === null && writes.length === 1) await new Promise<void>((resolve) => { release = resolve; });
    if (fail) throw new Error('disk full');
    writes.push(entries.map((e) => e.blobId));
  });
  const add = (n: number): void => queue.add([{ key: blob(n), entry: entry(n) }]);

  add(1);
  // Touched again and again (far more often than the 1 s quiet span), it does not write.
  for (let touches = 0; touches < 30; touches++) {
    await sleep(20);
    queue.touch();
  }
  assert.equal(writes.length, 0, 'touched within every quiet span: not written yet');
  for (let waited = 0; writes.length === 0 && waited < 5_000; waited += 10) await sleep(10);
  assert.deepEqual(writes, [[blob(1)]]);

  // The second write blocks until released; what is queued meanwhile stays for the next one.
  add(2);
  const second = queue.flush();
  await sleep(10);
  add(3);
  assert.deepEqual(queue.get(blob(2)), entry(2).facts, 'found while its write runs');
  release!();
  await second;
  assert.deepEqual(writes[1], [blob(2)]);
  assert.equal(queue.size, 1);

  // Four queued: written at once, without waiting for quiet.
  add(4); add(5); add(6);
  for (let waited = 0; writes.length < 3 && waited < 5_000; waited += 5) await sleep(5);
  assert.deepEqual(writes[2], [blob(3), blob(4), blob(5), blob(6)]);

  fail = true;
  add(7);
  await queue.flush();
  assert.match(queue.lastError ?? '', /disk full/);
  assert.equal(queue.size, 0, 'a failed write drops its entries');
  fail = false;
  add(8);
  await queue.stop();
  assert.equal(queue.lastError, null);
  assert.throws(() => add(9), /closing/);
});
