/**
 * Extractions under way, by store and fact-cache key, so a blob is extracted once however many
 * builds ask for it at the same time: the worktree's read stage hands each file to the pool as
 * soon as it is read (so extraction runs while reading goes on), a review starts its head's
 * changed blobs while the startup index runs, and collectFacts (facts-source.ts) waits on what is
 * already under way instead of extracting it again. A flight's facts are queued for the fact
 * cache as they arrive (the store writes them behind, once it is quiet: RepoStore.queueFacts); it
 * leaves the registry once queued, and whoever asks after that finds the facts through getFacts. Owns the registry and the launching; the cache key and the
 * collection of a build's facts are facts-source.ts's.
 */
import type { FileFacts, LanguageId } from '@repograph/core';
import { EXTRACTOR_VERSION } from '@repograph/extract';
import type { RepoStore } from '@repograph/store';
import type { ExtractionPool } from './pool.js';

/** One blob being extracted. */
export interface Flight {
  /** The blob's facts (rejects when the worker failed on its batch). */
  facts: Promise<FileFacts>;
  /** Settles once the facts are queued for the fact cache, where getFacts finds them (at once when they are not cached). */
  written: Promise<void>;
}

/** One blob to extract, with its bytes (handed to the pool: the caller must not read them after). */
export interface FlightFile {
  /** factsCacheKey(blobId, language). */
  key: string;
  blobId: string;
  language: LanguageId;
  /** A path that holds the blob (extraction diagnostics name it). */
  path: string;
  bytes: Uint8Array;
}

const FLIGHTS = new WeakMap<RepoStore, Map<string, Flight>>();

function flightsOf(store: RepoStore): Map<string, Flight> {
  let flights = FLIGHTS.get(store);
  if (!flights) FLIGHTS.set(store, (flights = new Map()));
  return flights;
}

/** The extraction under way for `key`, if any. */
export function flightOf(store: RepoStore, key: string): Flight | undefined {
  return FLIGHTS.get(store)?.get(key);
}

/**
 * Starts extracting the files whose facts are neither cached nor under way, and returns at once;
 * collectFacts picks their facts up. Failures surface there (a flight nobody waits for fails
 * quietly: the build that needs the blob extracts it again).
 */
export function extractAhead(files: FlightFile[], store: RepoStore, getPool: () => ExtractionPool): void {
  const wanted = new Map<string, FlightFile>();
  for (const file of files) {
    if (wanted.has(file.key) || flightOf(store, file.key)) continue;
    if (store.getFacts(file.blobId, EXTRACTOR_VERSION, file.language) !== undefined) continue;
    wanted.set(file.key, file);
  }
  if (wanted.size === 0) return;
  for (const flight of launchFlights([...wanted.values()], store, getPool, true).values()) {
    flight.facts.catch(() => undefined);
    flight.written.catch(() => undefined);
  }
}

/**
 * Extracts `files` (distinct keys, none under way) in the pool, registering a flight for each,
 * and queues their facts for the cache when `writeCache`. Returns the flights by key.
 */
export function launchFlights(files: FlightFile[], store: RepoStore, getPool: () => ExtractionPool, writeCache: boolean): Map<string, Flight> {
  const registry = flightsOf(store);
  const launched = new Map<string, Flight>();
  const settle = new Map<string, Settlers>();
  const byPath = new Map<string, FlightFile>();
  for (const file of files) {
    const settlers = flightSettlers();
    settle.set(file.key, settlers);
    launched.set(file.key, settlers.flight);
    registry.set(file.key, settlers.flight);
    byPath.set(file.path, file);
    // Leaves the registry once written (or failed), unless a later flight replaced it.
    void settlers.flight.written.catch(() => undefined).finally(() => {
      if (registry.get(file.key) === settlers.flight) registry.delete(file.key);
    });
  }
  const jobs = files.map((file) => ({ path: file.path, bytes: file.bytes }));
  getPool().extract(jobs, (facts) => {
    const file = byPath.get(facts.path);
    const settlers = file ? settle.get(file.key) : undefined;
    if (!file || !settlers || settlers.done) return;
    settlers.resolve(facts);
    if (writeCache) {
      try {
        store.queueFacts([{ blobId: file.blobId, extractorVersion: EXTRACTOR_VERSION, variant: file.language, facts }]);
      } catch (error) {
        settlers.failWrite(error);
        return;
      }
    }
    settlers.written();
  }).then(
    () => {
      for (const [key, settlers] of settle) if (!settlers.done) settlers.reject(new Error(`the extraction pool returned no facts for ${key}`));
    },
    (error: unknown) => {
      for (const settlers of settle.values()) if (!settlers.done) settlers.reject(error);
    },
  );
  return launched;
}

interface Settlers {
  flight: Flight;
  done: boolean;
  resolve(facts: FileFacts): void;
  reject(error: unknown): void;
  written(): void;
  failWrite(error: unknown): void;
}

function flightSettlers(): Settlers {
  let resolveFacts!: (facts: FileFacts) => void;
  let rejectFacts!: (error: unknown) => void;
  let resolveWritten!: () => void;
  let rejectWritten!: (error: unknown) => void;
  const facts = new Promise<FileFacts>((resolve, reject) => { resolveFacts = resolve; rejectFacts = reject; });
  const written = new Promise<void>((resolve, reject) => { resolveWritten = resolve; rejectWritten = reject; });
  const settlers: Settlers = {
    flight: { facts, written },
    done: false,
    resolve(value) { settlers.done = true; resolveFacts(value); },
    reject(error) { settlers.done = true; rejectFacts(error); rejectWritten(error); },
    written() { resolveWritten(); },
    failWrite(error) { rejectWritten(error); },
  };
  return settlers;
}
