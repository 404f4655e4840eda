/**
 * The store's public types: what a caller publishes, what a reader returns and what the store
 * reports about itself. Owns shapes only; repo-store.ts, publish.ts and reader.ts implement them.
 */
import type { BuildReport, FileFacts, RelationRecord, SymbolRecord } from '@repograph/core';

/** How a file of a snapshot was treated by the build. */
export type FileStatus = 'parsed' | 'partial' | 'document' | 'excluded' | 'failed';

/**
 * One path of a snapshot's manifest. `blobId` is the git blob id of the content that was indexed
 * (null when there is none, e.g. an unreadable file); `size`, `mtimeMs` and `ino` are the stat
 * fields used for change detection; `groupHash` is the caller's hash of the path group (see
 * PublishInput), so a caller can tell whether a path's group differs from the base.
 */
export interface FileEntry {
  path: string;
  blobId: string | null;
  size: number;
  mtimeMs: number;
  ino: number;
  language: string | null;
  status: FileStatus;
  generated: boolean;
  groupHash: string;
}

/**
 * The path group of `path`: the symbols whose `path` is `path` and the relations whose
 * `site.path` is `path`, in the order given (relations keep that order on read). `removed` marks
 * a path that is gone in an overlay (it must then have no symbols or relations).
 */
export interface PathGroup {
  path: string;
  removed: boolean;
  symbols: SymbolRecord[];
  relations: RelationRecord[];
}

/**
 * One snapshot to publish.
 * - `key` is `baseline:<commit>` (a commit's full graph, `base: null`) or `workspace:<id>` (an
 *   overlay on the baseline named by `base`, or a full graph when `base` is null).
 * - `files` is the full manifest of the snapshot: every path, changed or not.
 * - `groups`: for a baseline or a full workspace, every path's group; for an overlay, only the
 *   groups that differ from the base (added, changed, or `removed`).
 * - `replace`: republish a baseline that already exists (baselines are otherwise immutable).
 */
export interface PublishInput {
  key: string;
  base: string | null;
  files: FileEntry[];
  groups: PathGroup[];
  report: BuildReport;
  digest: string;
  meta: Record<string, unknown>;
  replace?: boolean;
}

/** A fact-cache entry for putFacts. `variant` defaults to '' (see RepoStore.getFacts). */
export interface FactsEntry {
  blobId: string;
  extractorVersion: number;
  variant?: string;
  facts: FileFacts;
}

/** What a reader says about the (merged) snapshot it reads. Counts are of the merged view. */
export interface SnapshotInfo {
  key: string;
  base: string | null;
  /** The store generation that published this snapshot key. */
  generation: number;
  /** The generation of the base when the reader opened it (null without a base). */
  baseGeneration: number | null;
  digest: string;
  report: BuildReport;
  meta: Record<string, unknown>;
  fileCount: number;
  symbolCount: number;
  relationCount: number;
  /** Relations with `to === null`. */
  unresolvedCount: number;
}

/**
 * A consistent, read-only view of one snapshot key, merged over its base when it is an overlay:
 * for every path in the overlay's group set the overlay's group is used, for every other path
 * the base's. It holds one LMDB read transaction from creation to close(), so every method sees
 * the same committed state, however many publishes happen meanwhile. Close it promptly: an open
 * read transaction keeps LMDB from reusing pages freed by later publishes.
 *
 * Ordering: paths and ids sort in Unicode code-point order (the keys' UTF-8 byte order).
 */
export interface SnapshotReader {
  readonly info: SnapshotInfo;
  /** The manifest, sorted by path. */
  files(): IterableIterator<FileEntry>;
  file(path: string): FileEntry | undefined;
  getSymbol(id: string): SymbolRecord | undefined;
  /** The symbols of one path group, sorted by id. */
  symbolsInFile(path: string): SymbolRecord[];
  /**
   * Up to `limit` symbols whose lowercased name starts with `lowerPrefix` (lowercased again
   * here), in name-index order: lowercased name, then id.
   */
  searchNames(lowerPrefix: string, limit: number): SymbolRecord[];
  /** Every symbol, sorted by id. Lazy: iterate it while the reader is open. */
  allSymbols(): IterableIterator<SymbolRecord>;
  /** Relations whose `from` is the symbol id (or the file path, for module-level relations). */
  relationsFrom(symbolIdOrPath: string): RelationRecord[];
  /** Relations whose `to` is the symbol id, by site path, then published order. */
  relationsTo(symbolId: string): RelationRecord[];
  /** The relations of one path group, in published order. */
  relationsInFile(path: string): RelationRecord[];
  /** Every relation, grouped by site path in path order, each group in published order. Lazy. */
  allRelations(): IterableIterator<RelationRecord>;
  /**
   * How the snapshot is stored, for caches keyed by storage (engine surfaces-index.ts): the
   * store's id and the sids of its own layer and of its base's layer (null without a base). A
   * committed sid's records never change (a republish gets a new sid), so (storeId, sid) names one
   * content.
   */
  readonly storage: SnapshotStorage;
  /**
   * The paths one layer holds groups for, sorted: `own` the snapshot's own (an overlay's changed,
   * added and removed paths; without a base, every path), `base` its base's ([] without a base).
   */
  layerGroups(which: SnapshotLayerName): Array<{ path: string; removed: boolean }>;
  /**
   * The file symbols (id = path) one layer holds, by path, whatever lies over or under it (none
   * for `base` without a base). Lazy: iterate it while the reader is open.
   */
  layerFileSymbols(which: SnapshotLayerName): IterableIterator<SymbolRecord>;
  /**
   * The relations into `symbolId` that one layer holds, each with its site path, by path, then
   * published order, whatever lies over or under it ([] for `base` without a base). relationsTo
   * is the own layer's merged with the base's whose path the own layer has no group for; a cache
   * keyed by the base's sid can keep the base's part across the overlays published on it.
   */
  layerRelationsTo(which: SnapshotLayerName, symbolId: string): Array<{ path: string; relation: RelationRecord }>;
  /**
   * The paths the snapshot's own manifest sets, by path, each with its merged entry (undefined:
   * the path is removed from the base). An overlay's manifest holds only the entries that differ
   * from its base's, so over a base this is exactly what changed against it; without a base,
   * every file. Lazy: iterate it while the reader is open.
   */
  ownFiles(): IterableIterator<{ path: string; file: FileEntry | undefined }>;
  /** Releases the read transaction; later calls throw a StoreError. Idempotent. */
  close(): void;
}

/** A snapshot's own layer, or the layer of its base. */
export type SnapshotLayerName = 'own' | 'base';

/** See SnapshotReader.storage. */
export interface SnapshotStorage {
  storeId: string;
  sid: string;
  baseSid: string | null;
}

/** One entry of listSnapshots(); counts are the snapshot's own (not merged with a base). */
export interface SnapshotSummary {
  key: string;
  base: string | null;
  generation: number;
  digest: string;
  publishedAt: number;
  fileCount: number;
  groupCount: number;
  symbolCount: number;
  relationCount: number;
  unresolvedCount: number;
}

/** Sizes and counts of a store. */
export interface StoreStats {
  /** The store directory. */
  path: string;
  /** Size of the data file (data.mdb) on disk, in bytes. */
  bytes: number;
  /** Bytes the data file occupies on the file system (allocated blocks). */
  allocatedBytes: number;
  /** Bytes of the pages in use up to the last written page (lastPageNumber + 1) * pageSize. */
  usedBytes: number;
  pageSize: number;
  schemaVersion: number;
  generation: number;
  snapshotCount: number;
  factCount: number;
  /** Facts queued for the cache's write-behind, not yet written (see queueFacts). */
  factsQueued: number;
  /** Why the last write of queued facts failed (its entries were dropped: they are a cache), else null. */
  factsWriteError: string | null;
  /** Raw entry count per sub-database (record databases add one shared-structures entry). */
  entries: Record<string, number>;
}

/** Options of openRepoStore. */
export interface OpenRepoStoreOptions {
  /** The data root ($REPOGRAPH_HOME); must be absolute. */
  dataRoot: string;
  /** The repository identity, as repoIdFor() makes it. */
  repoId: string;
  /** Open without writing; the store must exist. */
  readOnly?: boolean;
}

/**
 * One repository's store: the fact cache and the snapshots, in one LMDB environment. One writer
 * per environment (the daemon); any number of readers, in-process or in other processes.
 */
export interface RepoStore {
  readonly path: string;
  readonly repoId: string;
  /**
   * The store's random identity, made with it: a wiped store, or the store of another data root,
   * has another. Subscription clocks carry it so that a clock from elsewhere is never taken for one
   * of this store.
   */
  readonly storeId: string;
  readonly readOnly: boolean;
  /**
   * Cached facts of a blob for an extractor version. `variant` (default '') distinguishes facts
   * of the same bytes extracted differently, e.g. by language: the same blob at `a.ts` and `a.js`.
   */
  getFacts(blobId: string, extractorVersion: number, variant?: string): FileFacts | undefined;
  /** Stores facts, all in one write transaction. */
  putFacts(entries: readonly FactsEntry[]): Promise<void>;
  /**
   * Queues facts for the cache, written behind: getFacts finds them at once; they are written in
   * one transaction once the store has been quiet for a second (nothing queued, published or
   * stored), at once when 8,192 wait, by flushFacts(), and before close(). Throws InvalidParams or
   * StoreError for a bad entry (then none is queued) and StoreError on a read-only store. A write
   * that fails drops its entries (stats().factsWriteError says why); the blobs are extracted again
   * when next needed.
   */
  queueFacts(entries: readonly FactsEntry[]): void;
  /** Writes every queued fact now; resolves once written or dropped (never rejects for the write). */
  flushFacts(): Promise<void>;
  /**
   * Publishes a snapshot atomically (one write transaction with nothing async inside) and returns
   * the new store generation. An existing baseline is kept as is, and its generation returned,
   * unless `input.replace`.
   */
  publishSnapshot(input: PublishInput): Promise<number>;
  /** A reader over the key's snapshot (merged over its base), or undefined when there is none. */
  reader(key: string): SnapshotReader | undefined;
  /** Whether the store holds a snapshot under the key (nothing is decoded: a per-request check). */
  hasSnapshot(key: string): boolean;
  /** Deletes a snapshot; refuses a baseline that an overlay sits on. False when absent. */
  deleteSnapshot(key: string): Promise<boolean>;
  listSnapshots(): SnapshotSummary[];
  /**
   * The size in bytes of a snapshot's own data: the sum of its runs' block values as stored
   * (before LZ4 compression; page overhead and the shared fact log not counted). 0 when absent.
   */
  snapshotBytes(key: string): number;
  /** The current store generation (0 before the first publish). */
  generation(): number;
  /** A stored review artifact by id (opaque to the store), or undefined. */
  getReview(id: string): unknown;
  /**
   * Stores (or replaces) a review artifact, in one write transaction that also advances the store
   * generation (a stored review is an event subscribers are told of); returns that generation.
   */
  putReview(id: string, artifact: unknown): Promise<number>;
  /** Removes a review; false when there was none. */
  deleteReview(id: string): Promise<boolean>;
  /** The ids of the stored reviews, sorted. */
  listReviews(): string[];
  stats(): StoreStats;
  /** Closes every open reader and the environment. */
  close(): Promise<void>;
}
