/**
 * openRepoStore(): one repository's store, `<dataRoot>/stores/<repoId>/`, as a RepoStore. Owns
 * the wiring of the environment to the fact cache, publishing, readers and stats, and the set of
 * open readers (closed with the store). The layout is in layout.ts, the operations in facts.ts,
 * publish.ts and reader.ts.
 */
import { RepographError } from '@repograph/core';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { messageOf, openEnvironment, storeError, type StoreEnvironment } from './environment.js';
import { getFacts, putFacts, queueFacts } from './facts.js';
import { DATABASE_NAMES, DEFAULT_TUNING, type StoreTuning } from './layout.js';
import { deleteSnapshot, publishSnapshot } from './publish.js';
import { openReader } from './reader.js';
import { snapshotBytes } from './snapshot-size.js';
import type { OpenRepoStoreOptions, RepoStore, SnapshotReader, SnapshotSummary, StoreStats } from './types.js';
import { SCHEMA_VERSION } from './versions.js';

/**
 * Opens (creating when writable) the store of `repoId` under `dataRoot`. Throws a RepographError
 * with code `StoreError` (data root not absolute, damaged/foreign/newer store, OS error such as
 * permission denied) or `NotIndexed` (read-only open of a store that does not exist).
 */
export async function openRepoStore(options: OpenRepoStoreOptions): Promise<RepoStore> {
  return openTunedRepoStore(options, DEFAULT_TUNING);
}

/**
 * openRepoStore with explicit physical options, for the measurement script only (not exported
 * from the package entry): a store must always be opened with the tuning it was created with.
 */
export async function openTunedRepoStore(options: OpenRepoStoreOptions, tuning: StoreTuning): Promise<RepoStore> {
  const environment = await openEnvironment({
    dataRoot: options.dataRoot, repoId: options.repoId, readOnly: options.readOnly === true, tuning,
  });
  return createRepoStore(environment, options.repoId);
}

function createRepoStore(environment: StoreEnvironment, repoId: string): RepoStore {
  const { databases, root } = environment;
  const openReaders = new Set<SnapshotReader>();
  let closed = false;
  const assertOpen = (what: string): void => {
    if (closed) throw storeError(`${what}: the store at ${environment.path} is closed`, { path: environment.path });
  };
  const assertWritable = (what: string): void => {
    assertOpen(what);
    if (environment.readOnly) throw storeError(`${what}: the store at ${environment.path} is open read-only`, { path: environment.path });
  };
  environment.factsQueue.writeWith((entries) => putFacts(environment, entries));
  return {
    path: environment.path,
    repoId,
    storeId: environment.storeId,
    readOnly: environment.readOnly,
    getFacts(blobId, extractorVersion, variant) {
      assertOpen('getFacts');
      return getFacts(environment, blobId, extractorVersion, variant);
    },
    async putFacts(entries) {
      assertOpen('putFacts');
      await putFacts(environment, entries);
    },
    queueFacts(entries) {
      assertWritable('queueFacts');
      queueFacts(environment, entries);
    },
    async flushFacts() {
      assertOpen('flushFacts');
      await environment.factsQueue.flush();
    },
    async publishSnapshot(input) {
      assertOpen(`publishing ${input.key}`);
      environment.factsQueue.touch();
      return publishSnapshot(environment, input);
    },
    reader(key) {
      assertOpen(`reading ${key}`);
      const reader = openReader(environment, key, (done) => openReaders.delete(done));
      if (reader !== undefined) openReaders.add(reader);
      return reader;
    },
    hasSnapshot(key) {
      assertOpen(`reading ${key}`);
      return databases.snapshots.doesExist(key);
    },
    async deleteSnapshot(key) {
      assertOpen(`deleting ${key}`);
      return deleteSnapshot(environment, key);
    },
    listSnapshots() {
      assertOpen('listSnapshots');
      const summaries: SnapshotSummary[] = [];
      for (const { value } of databases.snapshots.getRange({})) {
        const { key, base, generation, digest, publishedAt, fileCount, groupCount, symbolCount, relationCount,
          unresolvedCount } = value;
        summaries.push({ key, base, generation, digest, publishedAt, fileCount, groupCount, symbolCount,
          relationCount, unresolvedCount });
      }
      return summaries;
    },
    snapshotBytes(key) {
      assertOpen(`measuring ${key}`);
      return snapshotBytes(environment, key);
    },
    getReview(id) {
      assertOpen(`reading the review ${id}`);
      assertReviewId(id);
      return databases.reviews.get(id);
    },
    async putReview(id, artifact) {
      assertWritable(`storing the review ${id}`);
      assertReviewId(id);
      environment.factsQueue.touch();
      return await root.transaction(() => {
        // A stored review is an event (the review watch topics are clocked by generation).
        const current = databases.meta.get('generation');
        const generation = (typeof current === 'number' ? current : 0) + 1;
        databases.meta.putSync('generation', generation);
        databases.reviews.putSync(id, artifact);
        return generation;
      });
    },
    async deleteReview(id) {
      assertWritable(`deleting the review ${id}`);
      assertReviewId(id);
      return await root.transaction(() => {
        if (databases.reviews.get(id) === undefined) return false;
        databases.reviews.removeSync(id);
        return true;
      });
    },
    listReviews() {
      assertOpen('listing reviews');
      return [...databases.reviews.getKeys({})].map(String).sort();
    },
    generation() {
      assertOpen('generation');
      const value = databases.meta.get('generation');
      return typeof value === 'number' ? value : 0;
    },
    stats() {
      assertOpen('stats');
      return storeStats(environment);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const reader of [...openReaders]) reader.close();
      // Queued facts are written before the environment closes (a failure only loses cache entries).
      await environment.factsQueue.stop();
      try {
        await root.close();
      } catch (error) {
        throw storeError(`closing the store at ${environment.path} failed: ${messageOf(error)}`,
          { path: environment.path }, error);
      }
    },
  };
}

/** Review ids are short printable keys (the review package derives them: `r-` and hex). */
const REVIEW_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

function assertReviewId(id: string): void {
  if (typeof id !== 'string' || !REVIEW_ID_PATTERN.test(id)) {
    throw new RepographError('InvalidParams', `"${String(id).slice(0, 64)}" is not a review id; use the reviewId review_studio.compute returned`, { reviewId: String(id).slice(0, 64) });
  }
}

function storeStats(environment: StoreEnvironment): StoreStats {
  const { databases, root, path } = environment;
  const file = statSync(join(path, 'data.mdb'));
  const rootStats = root.getStats() as { pageSize?: number; lastPageNumber?: number };
  const pageSize = rootStats.pageSize ?? 4096;
  const entries: Record<string, number> = {};
  for (const name of DATABASE_NAMES) {
    entries[name] = (databases[name].getStats() as { entryCount?: number }).entryCount ?? 0;
  }
  const generation = databases.meta.get('generation');
  return {
    path,
    bytes: file.size,
    allocatedBytes: file.blocks * 512,
    usedBytes: ((rootStats.lastPageNumber ?? 0) + 1) * pageSize,
    pageSize,
    schemaVersion: SCHEMA_VERSION,
    generation: typeof generation === 'number' ? generation : 0,
    snapshotCount: entries['snapshots'] ?? 0,
    factCount: databases.facts.getKeysCount(),
    factsQueued: environment.factsQueue.size,
    factsWriteError: environment.factsQueue.lastError,
    entries,
  };
}
