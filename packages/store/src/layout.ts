/**
 * The layout of one repository's LMDB environment: the named sub-databases, their keys, their
 * encoder options and the snapshot header. Owns that table and openDatabases(); it does not own
 * the environment's lifecycle (environment.ts), the block format (runs.ts, streams.ts), the record
 * encodings (codecs.ts, manifest.ts) or what reads and writes do (publish.ts, reader.ts, layer.ts,
 * facts.ts). Any change here is a SCHEMA_VERSION change (versions.ts).
 *
 * `sid` is a snapshot's short storage id (keys.ts encodeOrdinal of a store-wide sequence). Every
 * publish of a key gets a fresh sid, and the key's previous sid is deleted in the same
 * transaction, so a snapshot's data is exactly the keys under its sid and never changes (but for
 * an overlay's manifest, rewritten when its baseline is republished).
 *
 * A snapshot's data is six sorted runs (runs.ts): blocks of consecutive entries, each block keyed
 * by its first entry's key, holding the entries as one stream (streams.ts, codecs.ts), msgpack
 * `[bytes, text, values]`, LZ4-compressed. Block sizes (entries) are DEFAULT_TUNING's.
 *
 * | sub-database | key                                 | value                                            |
 * |--------------|-------------------------------------|--------------------------------------------------|
 * | meta         | 'format' 'schemaVersion' 'generation' 'snapshotSequence' 'factSequence' | scalar   |
 * | facts        | [blobId, ordinal(extractorVersion), variant] | the factLog key (string)                |
 * | factLog      | [ordinal(sequence)]                 | FileFacts (msgpack records, LZ4 from 64 B)       |
 * | snapshots    | snapshot key                        | SnapshotHeader                                   |
 * | files        | [sid, path]                         | 32 manifest entries by path (a base-less         |
 * |              |                                     | snapshot: complete; an overlay: delta on its base) |
 * | groups       | [sid, path]                         | 128 GroupSummary by path                         |
 * | symbols      | [sid, symbolId]                     | 32 SymbolRecord by id                            |
 * | names        | [sid, lowercased name, symbolId]    | 64 (name, id) by both                            |
 * | relations    | [sid, sitePath, ordinal]            | 64 RelationRecord by site path, then published order |
 * | relationsIn  | [sid, to, sitePath, ordinal]        | 128 (to, sitePath, ordinal) for each relation    |
 * |              |                                     | with to != null, by all three                    |
 * | reviews      | review id                           | a review artifact (msgpack, LZ4 from 1 KiB)      |
 *
 * Each relation is stored once, in its site path's group. There is no index by `from`: a
 * relation's `from` is its site path or `<site path>#...` (publish-input.ts checks it), so the
 * relations from an id are in the groups of the paths it starts with. There is no index of
 * symbols by path either: a symbol's id is its path or `<path>#...` (checked too), so a path's
 * symbols are one range of the symbols run. Facts are a log plus an index: see facts.ts.
 */
import type { Database, RootDatabase } from 'lmdb';
import type { BuildReport, FileFacts } from '@repograph/core';
import type { KeyPart } from './keys.js';
import type { RunDatabase } from './runs.js';

/** The stored header of one snapshot key. Counts are the snapshot's own (not merged). */
export interface SnapshotHeader {
  key: string;
  sid: string;
  base: string | null;
  generation: number;
  digest: string;
  report: BuildReport;
  meta: Record<string, unknown>;
  publishedAt: number;
  fileCount: number;
  groupCount: number;
  symbolCount: number;
  relationCount: number;
  unresolvedCount: number;
  /**
   * For an overlay: the counts of the base's groups that its groups hide, computed at publish
   * against the base stored under `baseSid`. A reader uses them when the base still has that sid
   * (a replaced baseline has another) and otherwise counts again. Null without a base.
   */
  hidden: HiddenCounts | null;
}

/** What an overlay's groups hide of its base (see SnapshotHeader.hidden). */
export interface HiddenCounts {
  baseSid: string;
  symbolCount: number;
  relationCount: number;
  unresolvedCount: number;
}

type Key = KeyPart[];

/** The open sub-databases of one environment. */
export interface Databases {
  meta: Database<unknown, string>;
  facts: Database<string, Key>;
  factLog: Database<FileFacts, Key>;
  snapshots: Database<SnapshotHeader, string>;
  files: RunDatabase;
  groups: RunDatabase;
  symbols: RunDatabase;
  names: RunDatabase;
  relations: RunDatabase;
  relationsIn: RunDatabase;
  /** Review artifacts by id (reviews.ts): opaque to the store. */
  reviews: Database<unknown, string>;
}

/** The sub-databases that hold one snapshot's data, all runs keyed [sid, ...]. */
export const SNAPSHOT_DATABASES = [
  'files', 'groups', 'symbols', 'names', 'relations', 'relationsIn',
] as const satisfies readonly (keyof Databases)[];

/** The sub-databases whose values are msgpack records with shared structures. */
export const RECORD_DATABASES = ['factLog'] as const satisfies readonly (keyof Databases)[];

/** Every sub-database name, in the order openDatabases opens them. */
export const DATABASE_NAMES = [
  'meta', 'facts', 'factLog', 'snapshots', ...SNAPSHOT_DATABASES, 'reviews',
] as const satisfies readonly (keyof Databases)[];

/** The environment's maxDbs: the sub-databases above plus room for a migration's new ones. */
export const MAX_DATABASES = 16;

/** Entries per block of each run. */
export type BlockSizes = Record<(typeof SNAPSHOT_DATABASES)[number], number>;

/**
 * Physical options of an environment: fixed by the code for real stores (DEFAULT_TUNING), and
 * varied only by the measurement script. Page size and compression are part of the schema (values
 * written with one compression setting do not decode with another); block sizes are not (a reader
 * takes blocks of any size).
 */
export interface StoreTuning {
  /** LMDB page size of new environments (existing ones keep theirs). */
  pageSize: number;
  /** LZ4 compression of fact log values of at least this many bytes; null: off. */
  factsCompressionThreshold: number | null;
  /** LZ4 compression of run blocks of at least this many bytes; null: off. */
  runCompressionThreshold: number | null;
  /** Entries per block of each run. */
  blockSizes: BlockSizes;
}

/**
 * The tuning of every real store; see the package README for the measurements behind it. Blocks
 * hold a few KB before compression: big enough to compress well, small enough that a point read
 * decodes little and a compressed block stays inline in a page (no overflow pages).
 */
export const DEFAULT_TUNING: StoreTuning = {
  pageSize: 8192, factsCompressionThreshold: 64, runCompressionThreshold: 64,
  blockSizes: { files: 32, groups: 128, symbols: 32, names: 64, relations: 64, relationsIn: 128 },
};

/** Where the fact log keeps its msgpack shared structures (outside the key space). */
const STRUCTURES_KEY = Symbol.for('repograph.structures');

/**
 * lmdb accepts these encoder options per database but does not declare them all in its types:
 * `maxSharedStructures` raises the number of shapes kept once per database (beyond 32 the record
 * ids take two bytes), which pays off for facts with their many optional fields; `useRecords:
 * false` keeps the few structured values of a run block plain maps (they are rare, unknown fields).
 */
interface DatabaseOptions {
  name: string;
  encoding?: 'msgpack' | 'string';
  sharedStructuresKey?: symbol;
  maxSharedStructures?: number;
  useRecords?: boolean;
  compression?: false | { threshold: number; dictionary?: Buffer };
}

const NO_DICTIONARY = Buffer.alloc(0);

/**
 * Opens every sub-database. In a read-only environment a missing one yields undefined, which the
 * caller reports (the store was not initialized).
 */
/** Review artifacts of at least this many bytes are LZ4-compressed. */
const REVIEW_COMPRESSION_THRESHOLD = 1024;

export function openDatabases(root: RootDatabase, tuning: StoreTuning): Databases | undefined {
  const compression = (threshold: number | null, dictionary?: Buffer): DatabaseOptions['compression'] =>
    threshold === null ? false : { threshold, ...(dictionary === undefined ? {} : { dictionary }) };
  // Runs compress without lmdb's default dictionary: loading it costs about 10 µs per block
  // written, for 1% smaller blocks.
  const run = (name: string): DatabaseOptions =>
    ({ name, encoding: 'msgpack', useRecords: false, compression: compression(tuning.runCompressionThreshold, NO_DICTIONARY) });
  const open = (options: DatabaseOptions): unknown => root.openDB(options as { name: string });
  const opened = {
    meta: root.openDB({ name: 'meta' }),
    facts: root.openDB({ name: 'facts', encoding: 'string' }),
    factLog: open({
      name: 'factLog', sharedStructuresKey: STRUCTURES_KEY, maxSharedStructures: 512,
      compression: compression(tuning.factsCompressionThreshold),
    }),
    snapshots: root.openDB({ name: 'snapshots' }),
    ...Object.fromEntries(SNAPSHOT_DATABASES.map((name) => [name, open(run(name))])),
    reviews: open({ name: 'reviews', encoding: 'msgpack', useRecords: false, compression: compression(REVIEW_COMPRESSION_THRESHOLD) }),
  };
  for (const database of Object.values(opened)) if (database === undefined) return undefined;
  return opened as unknown as Databases;
}
