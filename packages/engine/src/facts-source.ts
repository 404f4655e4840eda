/**
 * Facts for a set of blobs: from the fact cache by (blob id, language, extractor version), the
 * rest extracted in the worker pool and written back to the cache in one batch. Owns the cache
 * key. A blob is parsed once, ever; callers re-base the facts onto each path that holds it.
 */
import type { FileFacts, LanguageId } from '@repograph/core';
import { EXTRACTOR_VERSION } from '@repograph/extract';
import type { FactsEntry, RepoStore } from '@repograph/store';
import type { ExtractionPool } from './pool.js';

/** One blob whose facts are wanted. */
export interface FactsRequest {
  /** factsCacheKey(blobId, language). */
  key: string;
  blobId: string;
  language: LanguageId;
  /** A path that holds the blob (extraction diagnostics name it). */
  path: string;
  /** Produces the blob's bytes when the cache misses; null when it vanished. */
  load: () => Promise<Uint8Array | null>;
}

export interface FactsOutcome {
  /** Facts by cache key. */
  facts: Map<string, FileFacts>;
  cached: number;
  extracted: number;
  /** Blobs whose bytes could not be loaded, by the path that asked. */
  failed: Array<{ path: string; error: string }>;
}

/** Facts written to the cache per transaction while extraction runs. */
const CACHE_WRITE_BATCH = 64;

/** The fact-cache key: the blob, and the grammar it is read with. */
export function factsCacheKey(blobId: string, language: LanguageId): string {
  return `${blobId}:${language}`;
}

/** True when the cache holds facts for the blob read as `language`. */
export function hasCachedFacts(store: RepoStore, blobId: string, language: LanguageId): boolean {
  return store.getFacts(blobId, EXTRACTOR_VERSION, language) !== undefined;
}

/** Fetches or extracts facts for every request (requests with equal keys are asked once). */
export async function collectFacts(
  requests: FactsRequest[],
  store: RepoStore,
  getPool: () => ExtractionPool,
  onProgress?: (done: number, total: number) => void,
  /** False: nothing is written to the cache (a dry run writes nothing). */
  writeCache = true,
): Promise<FactsOutcome> {
  const outcome: FactsOutcome = { facts: new Map(), cached: 0, extracted: 0, failed: [] };
  const misses = new Map<string, FactsRequest>();
  for (const request of requests) {
    if (outcome.facts.has(request.key) || misses.has(request.key)) continue;
    const cached = store.getFacts(request.blobId, EXTRACTOR_VERSION, request.language);
    if (cached) {
      outcome.facts.set(request.key, cached);
      outcome.cached++;
    } else {
      misses.set(request.key, request);
    }
  }
  if (misses.size === 0) return outcome;

  const jobs: Array<{ path: string; bytes: Uint8Array }> = [];
  const requestByPath = new Map<string, FactsRequest>();
  await forEachLimited([...misses.values()], 32, async (request) => {
    try {
      const bytes = await request.load();
      if (!bytes) {
        outcome.failed.push({ path: request.path, error: 'it vanished while indexing' });
        return;
      }
      jobs.push({ path: request.path, bytes });
      requestByPath.set(request.path, request);
    } catch (error) {
      outcome.failed.push({ path: request.path, error: String((error as NodeJS.ErrnoException).code ?? error) });
    }
  });
  // Largest first, so the last batches are small and both threads finish together.
  jobs.sort((a, b) => b.bytes.byteLength - a.bytes.byteLength || (a.path < b.path ? -1 : 1));

  // Facts are written to the cache in small batches as they arrive, so their encoding overlaps
  // with extraction (the main thread is otherwise idle while the workers parse).
  let toCache: FactsEntry[] = [];
  const writes: Array<Promise<void>> = [];
  await getPool().extract(jobs, (facts) => {
    const request = requestByPath.get(facts.path);
    if (request === undefined) return;
    outcome.facts.set(request.key, facts);
    outcome.extracted++;
    onProgress?.(outcome.extracted, jobs.length);
    if (!writeCache) return;
    toCache.push({ blobId: request.blobId, extractorVersion: EXTRACTOR_VERSION, variant: request.language, facts });
    if (toCache.length >= CACHE_WRITE_BATCH) {
      writes.push(store.putFacts(toCache));
      toCache = [];
    }
  });
  if (writeCache) writes.push(store.putFacts(toCache));
  await Promise.all(writes);
  return outcome;
}

/** Runs `task` over items with at most `limit` in flight. */
export async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
