// Baselines offered before they are stored (baseline-publications.ts), on a real store: an offer
// is readable in memory until its publication commits; a hold delays the whole baselines offered
// while it is in force (and what is queued after them), and only those; publications run in the order offered; a holder waiting
// for the startup index is woken by an offer made before it started waiting (the race that hung
// a review); a failed publication reaches its awaiter, leaves no offer behind and does not stop
// the next; closing settles every publication, releasing the holds.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { BuildReport } from '@repograph/core';
import { openRepoStore, type PublishInput, type RepoStore } from '@repograph/store';
import {
  holdPublications, offerBaseline, offeredPublication, offeredReader, publicationsSettled, whenPublicationWaits,
} from './baseline-publications.js';

const roots: string[] = [];
const stores: RepoStore[] = [];
after(async () => {
  for (const store of stores) await store.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function freshStore(): Promise<RepoStore> {
  const root = mkdtempSync(join(tmpdir(), 'rg-offers-'));
  roots.push(root);
  const store = await openRepoStore({ dataRoot: root, repoId: 'offers' });
  stores.push(store);
  return store;
}

const report = { repoRoot: '/repo', commit: null, generation: 0 } as unknown as BuildReport;

/** A one-file baseline `key` whose function is `name`. */
function input(key: string, name: string): PublishInput {
  const path = 'src/a.ts';
  return {
    key, base: null, report, digest: `digest of ${name}`, meta: {},
    files: [{ path, blobId: 'a'.repeat(40), size: 10, mtimeMs: 0, ino: 0, language: 'typescript', status: 'parsed', generated: false, groupHash: name }],
    groups: [{
      path, removed: false, relations: [],
      symbols: [{
        id: `${path}#${name}`, kind: 'function', name, qualifiedName: name, path, exported: true, generated: false,
        range: { start: { line: 1, column: 1 }, end: { line: 1, column: 9 } }, selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
      }],
    }],
  };
}

/** Offers `key` (complete unless `complete` is false) and records when its publication runs. */
function offer(store: RepoStore, key: string, name: string, log: string[], fail = false, complete = true): Promise<number> {
  const made = input(key, name);
  return offerBaseline(store, made, async () => {
    log.push(`publish ${key}`);
    if (fail) throw new Error(`${key} could not be written`);
    return store.publishSnapshot(made);
  }, { complete });
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('an offer is read in memory until stored; without a hold it is stored at once', { timeout: 20_000 }, async () => {
  const store = await freshStore();
  const log: string[] = [];
  const published = offer(store, 'baseline:one', 'one', log);
  const reader = offeredReader(store, 'baseline:one');
  assert.ok(reader, 'readable as soon as it is offered');
  assert.equal(reader.getSymbol('src/a.ts#one')?.name, 'one');
  reader.close();
  assert.ok(offeredPublication(store, 'baseline:one'));
  await published;
  assert.deepEqual(log, ['publish baseline:one']);
  assert.equal(offeredReader(store, 'baseline:one'), null, 'gone once stored');
  assert.equal(offeredPublication(store, 'baseline:one'), null);
  assert.ok(store.hasSnapshot('baseline:one'));
});

test('a hold delays the publications offered under it, in order, and not those offered after it ends', { timeout: 20_000 }, async () => {
  const store = await freshStore();
  const log: string[] = [];
  const release = holdPublications(store);
  const first = offer(store, 'baseline:first', 'first', log);
  const second = offer(store, 'baseline:second', 'second', log);
  for (let index = 0; index < 5; index++) await turn();
  assert.deepEqual(log, [], 'nothing is stored while the hold is in force');
  assert.equal(offeredReader(store, 'baseline:second')?.info.digest, 'digest of second');
  // A hold taken after an offer does not delay it.
  const later = holdPublications(store);
  release();
  release();
  await Promise.all([first, second]);
  assert.deepEqual(log, ['publish baseline:first', 'publish baseline:second'], 'in the order offered');
  const third = offer(store, 'baseline:third', 'third', log);
  for (let index = 0; index < 5; index++) await turn();
  assert.equal(log.length, 2, 'offered under the later hold: it waits');
  later();
  await third;
  assert.equal(log.length, 3);
});

test('a delta is held only behind a held whole baseline: a pushed head is written at once', { timeout: 20_000 }, async () => {
  const store = await freshStore();
  const log: string[] = [];
  const release = holdPublications(store);
  const pushed = offer(store, 'baseline:pushed', 'pushed', log, false, false);
  assert.equal(offeredPublication(store, 'baseline:pushed')?.held, false);
  await pushed;
  assert.deepEqual(log, ['publish baseline:pushed'], 'written while the hold is in force');
  const whole = offer(store, 'baseline:whole', 'whole', log);
  const delta = offer(store, 'baseline:delta', 'delta', log, false, false);
  assert.equal(offeredPublication(store, 'baseline:whole')?.held, true);
  assert.equal(offeredPublication(store, 'baseline:delta')?.held, true, 'queued after a held whole baseline');
  for (let index = 0; index < 5; index++) await turn();
  assert.equal(log.length, 1);
  release();
  await Promise.all([whole, delta]);
  assert.deepEqual(log.slice(1), ['publish baseline:whole', 'publish baseline:delta']);
});

test('a holder is woken by an offer made before it started waiting, and by the wait it gives up on', { timeout: 20_000 }, async () => {
  const store = await freshStore();
  const log: string[] = [];
  const release = holdPublications(store);
  const published = offer(store, 'baseline:early', 'early', log);
  await turn();
  // The startup index offered its tree before the review began to wait: the review must not wait
  // for the index to be stored (that waits on the review's own hold).
  const never = new Promise<void>(() => undefined);
  await whenPublicationWaits(store, never);
  release();
  await published;
  // Nothing waits now: the wait ends with `until`.
  await whenPublicationWaits(store, Promise.resolve());
});

test('a failed publication reaches its awaiter, leaves no offer, and the next one still runs', { timeout: 20_000 }, async () => {
  const store = await freshStore();
  const log: string[] = [];
  const release = holdPublications(store);
  const failing = offer(store, 'baseline:bad', 'bad', log, true);
  const next = offer(store, 'baseline:next', 'next', log);
  release();
  await assert.rejects(failing, /could not be written/);
  await next;
  assert.deepEqual(log, ['publish baseline:bad', 'publish baseline:next']);
  assert.equal(offeredReader(store, 'baseline:bad'), null);
  assert.equal(store.hasSnapshot('baseline:bad'), false);
  assert.ok(store.hasSnapshot('baseline:next'));
});

test('closing settles every publication, releasing the holds in force', { timeout: 20_000 }, async () => {
  const store = await freshStore();
  const log: string[] = [];
  holdPublications(store);
  const published = offer(store, 'baseline:held', 'held', log);
  await publicationsSettled(store);
  await published;
  assert.ok(store.hasSnapshot('baseline:held'));
});
