/**
 * Facts for a set of blobs: from the fact cache by (blob id, language, extractor version), from
 * an extraction already under way, the rest extracted in the worker pool and queued for the
 * cache, which the store writes behind (facts-flights.ts). Owns the cache key. A blob is parsed
 * once, ever; callers re-base the facts onto each path that holds it.
 */
import type { FileFacts, LanguageId } from '@repograph/core';
import { EXTRACTOR_VERSION } from '@repograph/extract';
import type { RepoStore } from '@repograph/store';
import { flightOf, launchFlights, type Flight, type FlightFile } from './facts-flights.js';
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

/** The fact-cache key: the blob, and the grammar it is read with. */
export function factsCacheKey(blobId: string, language: LanguageId): string {
  return `${blobId}:${language}`;
}

/** True when the cache holds facts for the blob read as `language`. */
export function hasCachedFacts(store: RepoStore, blobId: string, language: LanguageId): boolean {
  return store.getFacts(blobId, EXTRACTOR_VERSION, language) !== undefined;
}

/**
 * Fetches or extracts facts for every request (requests with equal keys are asked once): from the
 * cache, from an extraction already under way (facts-flights.ts), else extracted now. Returns
 * once every fact is queued for the cache (when `writeCache`), so a reader after this finds them
 * through getFacts (the store writes them behind).
 */
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
  const flights = new Map<string, Flight>();
  for (const request of requests) {
    if (outcome.facts.has(request.key) || misses.has(request.key) || flights.has(request.key)) continue;
    const flying = flightOf(store, request.key);
    if (flying) {
      flights.set(request.key, flying);
      continue;
    }
    const cached = store.getFacts(request.blobId, EXTRACTOR_VERSION, request.language);
    if (cached) {
      outcome.facts.set(request.key, cached);
      outcome.cached++;
    } else {
      misses.set(request.key, request);
    }
  }
  if (misses.size === 0 && flights.size === 0) return outcome;

  const files: FlightFile[] = [];
  await forEachLimited([...misses.values()], 32, async (request) => {
    try {
      const bytes = await request.load();
      if (!bytes) {
        outcome.failed.push({ path: request.path, error: 'it vanished while indexing' });
        return;
      }
      files.push({ key: request.key, blobId: request.blobId, language: request.language, path: request.path, bytes });
    } catch (error) {
      outcome.failed.push({ path: request.path, error: String((error as NodeJS.ErrnoException).code ?? error) });
    }
  });
  // Largest first, so the last batches are small and the threads finish together. (A blob a
  // concurrent build started meanwhile is waited on, not extracted twice.)
  files.sort((a, b) => b.bytes.byteLength - a.bytes.byteLength || (a.path < b.path ? -1 : 1));
  const fresh = files.filter((file) => {
    const flying = flightOf(store, file.key);
    if (flying) flights.set(file.key, flying);
    return !flying;
  });
  for (const [key, flight] of launchFlights(fresh, store, getPool, writeCache)) flights.set(key, flight);

  // Every flight is waited on (facts and cache write) before the first failure is thrown.
  const total = flights.size;
  let failure: unknown = null;
  await Promise.all([...flights].map(async ([key, flight]) => {
    try {
      outcome.facts.set(key, await flight.facts);
      outcome.extracted++;
      onProgress?.(outcome.extracted, total);
      if (writeCache) await flight.written;
    } catch (error) {
      failure ??= error;
    }
  }));
  if (failure !== null) throw failure;
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
