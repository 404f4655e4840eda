// Extractions under way (facts-flights.ts) with a real worker pool and a real store: facts
// started ahead are picked up by collectFacts without loading the bytes again, and are in the
// fact cache when collectFacts returns; a blob asked for by two builds at once is extracted once;
// a failed flight nobody waits on is silent, and the next build extracts the blob itself.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { EXTRACTOR_VERSION } from '@repograph/extract';
import { openRepoStore, type RepoStore } from '@repograph/store';
import { extractAhead, flightOf, type FlightFile } from './facts-flights.js';
import { collectFacts, factsCacheKey, type FactsRequest } from './facts-source.js';
import { ExtractionPool } from './pool.js';

const roots: string[] = [];
const pools: ExtractionPool[] = [];
after(async () => {
  for (const pool of pools) await pool.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function freshStore(): Promise<RepoStore> {
  const root = mkdtempSync(join(tmpdir(), 'rg-flights-'));
  roots.push(root);
  return openRepoStore({ dataRoot: root, repoId: 'flights' });
}

/** A real pool that counts the files it is asked to extract. */
class CountingPool extends ExtractionPool {
  files = 0;
  override extract(...args: Parameters<ExtractionPool['extract']>): ReturnType<ExtractionPool['extract']> {
    this.files += args[0].length;
    return super.extract(...args);
  }
}

function pool(): CountingPool {
  const made = new CountingPool({ threads: 1 });
  pools.push(made);
  return made;
}

/** Bytes whose buffer was handed elsewhere: the pool cannot send them, and fails the batch. */
function detachedBytes(): Uint8Array {
  const bytes = new TextEncoder().encode('export const x = 1;\n');
  structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  return bytes;
}

function source(name: string): { path: string; bytes: Uint8Array; blobId: string } {
  const text = `export function ${name}(a: number): number {\n  return helper(a) + 1;\n}\nfunction helper(x: number) { return x; }\n`;
  const bytes = new TextEncoder().encode(text);
  return { path: `src/${name}.ts`, bytes, blobId: createHash('sha1').update(text).digest('hex') };
}

const flightFile = (file: ReturnType<typeof source>): FlightFile =>
  ({ key: factsCacheKey(file.blobId, 'typescript'), blobId: file.blobId, language: 'typescript', path: file.path, bytes: new Uint8Array(file.bytes) });

function request(file: ReturnType<typeof source>, load: () => Promise<Uint8Array | null>): FactsRequest {
  return { key: factsCacheKey(file.blobId, 'typescript'), blobId: file.blobId, language: 'typescript', path: file.path, load };
}

test('facts extracted ahead are collected without loading the bytes, and cached when collectFacts returns', async () => {
  const store = await freshStore();
  const extraction = pool();
  const files = ['alpha', 'beta', 'gamma'].map(source);
  extractAhead(files.map(flightFile), store, () => extraction);
  for (const file of files) assert.ok(flightOf(store, factsCacheKey(file.blobId, 'typescript')), `${file.path} is under way`);
  const outcome = await collectFacts(files.map((file) => request(file, async () => { throw new Error(`${file.path} was loaded again`); })), store, () => extraction);
  assert.deepEqual(outcome.failed, []);
  assert.equal(outcome.extracted, 3);
  for (const file of files) {
    const facts = outcome.facts.get(factsCacheKey(file.blobId, 'typescript'));
    assert.ok(facts?.declarations.some((d) => d.name === file.path.slice(4, -3)), `${file.path} has its function`);
    assert.deepEqual(store.getFacts(file.blobId, EXTRACTOR_VERSION, 'typescript'), facts, `${file.path} is in the cache`);
  }
  await store.close();
});

test('two builds asking for the same blob at once extract it once', async () => {
  const store = await freshStore();
  const extraction = pool();
  const file = source('shared');
  const load = async (): Promise<Uint8Array> => new Uint8Array(file.bytes);
  const [first, second] = await Promise.all([
    collectFacts([request(file, load)], store, () => extraction),
    collectFacts([request(file, load)], store, () => extraction),
  ]);
  assert.equal(extraction.files, 1, 'the second build waited on the first one\'s flight');
  const key = factsCacheKey(file.blobId, 'typescript');
  assert.ok(first.facts.get(key)?.declarations.some((d) => d.name === 'shared'));
  assert.deepEqual(first.facts.get(key), second.facts.get(key));
  await store.close();
});

test('a failed flight nobody waits on is silent, and the next build extracts the blob itself', async () => {
  const store = await freshStore();
  const extraction = pool();
  const file = source('later');
  extractAhead([{ ...flightFile(file), bytes: detachedBytes() }], store, () => extraction);
  const key = factsCacheKey(file.blobId, 'typescript');
  // The flight fails (its bytes cannot be sent) and leaves the registry.
  for (let turn = 0; turn < 100 && flightOf(store, key); turn++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(flightOf(store, key), undefined);
  assert.equal(store.getFacts(file.blobId, EXTRACTOR_VERSION, 'typescript'), undefined, 'nothing was cached');
  const outcome = await collectFacts([request(file, async () => new Uint8Array(file.bytes))], store, () => extraction);
  assert.ok(outcome.facts.get(key)?.declarations.some((d) => d.name === 'later'));
  await store.close();
});

test('a build waiting on a flight whose batch failed fails with that error', async () => {
  const store = await freshStore();
  const extraction = pool();
  const file = source('failing');
  extractAhead([{ ...flightFile(file), bytes: detachedBytes() }], store, () => extraction);
  await assert.rejects(
    collectFacts([request(file, async () => new Uint8Array(file.bytes))], store, () => extraction),
    /extraction worker failed on a batch of 1 files \(src\/failing\.ts\)/,
  );
  await store.close();
});
