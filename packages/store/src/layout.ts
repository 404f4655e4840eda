/**
 * The layout of one repository's LMDB environment: the named sub-databases, their keys, their
 * encoder options and the internal value shapes. Owns that table and openDatabases(); it does not
 * own the environment's lifecycle (environment.ts) or what reads and writes do (publish.ts,
 * reader.ts, facts.ts). Any change here is a SCHEMA_VERSION change (versions.ts).
 *
 * `sid` is a snapshot's short storage id (keys.ts encodeOrdinal of a store-wide sequence). Every
 * publish of a key gets a fresh sid, and the key's previous sid is deleted in the same
 * transaction, so a snapshot's data is exactly the keys under its sid.
 *
 * | sub-database    | key                                  | value                         |
 * |-----------------|--------------------------------------|-------------------------------|
 * | meta            | 'format' / 'schemaVersion' / 'generation' / 'snapshotSequence' | scalar |
 * | facts           | [blobId, extractorVersion, variant]  | FileFacts (LZ4 over 1 KB)     |
 * | snapshots       | snapshot key                         | SnapshotHeader                |
 * | files           | [sid, path]                          | FileEntry                     |
 * | groups          | [sid, path]                          | GroupSummary                  |
 * | symbols         | [sid, symbolId]                      | SymbolRecord                  |
 * | symbolsByPath   | [sid, path, symbolId]                | empty                         |
 * | names           | [sid, lowercased name, symbolId]     | empty                         |
 * | relations       | [sid, sitePath, ordinal]             | StoredRelation                |
 * | relationsOut    | [sid, from, sitePath, ordinal]       | empty                         |
 * | relationsIn     | [sid, to, sitePath, ordinal]         | empty (only when to != null)  |
 *
 * Each relation is stored once; the two relation indexes and the two symbol indexes are key-only.
 */
import type { Database, RootDatabase } from 'lmdb';
import type { BuildReport, FileFacts, RelationRecord, SymbolRecord } from '@repograph/core';
import type { KeyPart } from './keys.js';
import type { FileEntry } from './types.js';

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
}

/** Per path group of a snapshot: whether it removes the path, and its counts. */
export interface GroupSummary {
  removed: boolean;
  symbolCount: number;
  relationCount: number;
  unresolvedCount: number;
}

/**
 * A relation as stored. The site path lives in the key, so the value's site omits it, and `from`
 * is stored relative to the site path when it lies in that file (almost always): `\0` for the file
 * itself, `\0#name` for `<path>#name`. Ids and paths never contain U+0000 (keys.ts rejects it),
 * so the marker is unambiguous.
 */
export type StoredRelation = Omit<RelationRecord, 'site'> & { site: { line: number; column: number } };

const RELATIVE_MARKER = '\u0000';

/** The stored form of a relation at `path`. */
export function toStoredRelation(path: string, relation: RelationRecord): StoredRelation {
  const { path: _path, ...site } = relation.site;
  const from = relation.from;
  const relativeFrom = from === path ? RELATIVE_MARKER
    : from.startsWith(path) && from.charCodeAt(path.length) === 0x23 ? RELATIVE_MARKER + from.slice(path.length)
    : from;
  return { ...relation, from: relativeFrom, site };
}

/** The relation a stored value at `path` stands for. */
export function fromStoredRelation(path: string, stored: StoredRelation): RelationRecord {
  const from = stored.from.startsWith(RELATIVE_MARKER) ? path + stored.from.slice(1) : stored.from;
  return { ...stored, from, site: { path, ...stored.site } };
}

type Key = KeyPart[];

/** The open sub-databases of one environment. */
export interface Databases {
  meta: Database<unknown, string>;
  facts: Database<FileFacts, Key>;
  snapshots: Database<SnapshotHeader, string>;
  files: Database<FileEntry, Key>;
  groups: Database<GroupSummary, Key>;
  symbols: Database<SymbolRecord, Key>;
  symbolsByPath: Database<Uint8Array, Key>;
  names: Database<Uint8Array, Key>;
  relations: Database<StoredRelation, Key>;
  relationsOut: Database<Uint8Array, Key>;
  relationsIn: Database<Uint8Array, Key>;
}

/** The sub-databases that hold one snapshot's data, all keyed [sid, ...]. */
export const SNAPSHOT_DATABASES = [
  'files', 'groups', 'symbols', 'symbolsByPath', 'names', 'relations', 'relationsOut', 'relationsIn',
] as const satisfies readonly (keyof Databases)[];

/** The sub-databases whose values are msgpack records with shared structures. */
export const RECORD_DATABASES = [
  'facts', 'files', 'groups', 'symbols', 'relations',
] as const satisfies readonly (keyof Databases)[];

/** Every sub-database name, in the order openDatabases opens them. */
export const DATABASE_NAMES = [
  'meta', 'facts', 'snapshots', ...SNAPSHOT_DATABASES,
] as const satisfies readonly (keyof Databases)[];

/** The environment's maxDbs: the sub-databases above plus room for a migration's new ones. */
export const MAX_DATABASES = 16;

/**
 * Physical options of an environment: fixed by the code for real stores (DEFAULT_TUNING), and
 * varied only by the measurement script. They are part of the schema: values written with one
 * compression setting do not decode with another.
 */
export interface StoreTuning {
  /** LMDB page size of new environments (existing ones keep theirs). */
  pageSize: number;
  /** LZ4 compression of fact values over 1 KB. */
  factsCompression: boolean;
  /** LZ4 compression of graph records (symbols, relations, files) over this many bytes; null: off. */
  graphCompressionThreshold: number | null;
}

/** The tuning of every real store; see the package README for the measurements behind it. */
export const DEFAULT_TUNING: StoreTuning = { pageSize: 8192, factsCompression: true, graphCompressionThreshold: null };

/** Where each record database keeps its msgpack shared structures (outside the key space). */
const STRUCTURES_KEY = Symbol.for('repograph.structures');

/** The value of every key-only index entry. */
export const EMPTY_VALUE = new Uint8Array(0);

/**
 * lmdb accepts these encoder options per database but does not declare them in its types:
 * `maxSharedStructures` raises the number of shapes kept once per database (beyond 32 the record
 * ids take two bytes), which pays off for facts with their many optional fields.
 */
interface RecordDatabaseOptions {
  name: string;
  sharedStructuresKey: symbol;
  maxSharedStructures: number;
  compression?: boolean | { threshold: number };
}

/**
 * Opens every sub-database. In a read-only environment a missing one yields undefined, which the
 * caller reports (the store was not initialized).
 */
export function openDatabases(root: RootDatabase, tuning: StoreTuning): Databases | undefined {
  const threshold = tuning.graphCompressionThreshold;
  const graphCompression = threshold === null ? {} : { compression: { threshold } };
  const record = (name: string, extra: Partial<RecordDatabaseOptions> = {}): RecordDatabaseOptions =>
    ({ name, sharedStructuresKey: STRUCTURES_KEY, maxSharedStructures: 64, ...extra });
  const opened = {
    meta: root.openDB({ name: 'meta' }),
    facts: root.openDB(record('facts', { maxSharedStructures: 512, compression: tuning.factsCompression })),
    snapshots: root.openDB({ name: 'snapshots' }),
    files: root.openDB(record('files', graphCompression)),
    groups: root.openDB(record('groups')),
    symbols: root.openDB(record('symbols', { maxSharedStructures: 256, ...graphCompression })),
    symbolsByPath: root.openDB({ name: 'symbolsByPath', encoding: 'binary' }),
    names: root.openDB({ name: 'names', encoding: 'binary' }),
    relations: root.openDB(record('relations', graphCompression)),
    relationsOut: root.openDB({ name: 'relationsOut', encoding: 'binary' }),
    relationsIn: root.openDB({ name: 'relationsIn', encoding: 'binary' }),
  };
  for (const database of Object.values(opened)) if (database === undefined) return undefined;
  return opened as unknown as Databases;
}
