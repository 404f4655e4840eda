/**
 * The store's two version numbers (STYLE.md item 6). Owns SCHEMA_VERSION, the version of the
 * key layout and value encoding of the LMDB environment. It does not own the extraction version:
 * facts are keyed by the `extractorVersion` that packages/extract declares and the caller passes in,
 * so a new extractor re-extracts without touching the schema.
 */
import type { RootDatabase } from 'lmdb';

/**
 * Version of the store's layout: the names of the sub-databases, the shape of every key (see
 * keys.ts and the table in layout.ts), the encoder options (shared structures, compression and
 * its dictionary, page size), the block format of the runs (runs.ts, streams.ts), the layouts of
 * the records in them (codecs.ts, manifest.ts), and the shape of the snapshot header.
 *
 * History: 1, one LMDB entry per record and per index entry; 2, snapshots as sorted runs of
 * compressed blocks (no `relationsOut` and `symbolsByPath` indexes), overlay manifests as deltas,
 * facts as an appended log with an index; 3, the `reviews` sub-database (review artifacts). A
 * store of schema 2 holds caches only, so it is rebuilt; from 3 on the store holds what reviewers
 * decided (issue 14's decisions live in the artifacts), so a later layout change needs a step in
 * MIGRATIONS that keeps `reviews`.
 *
 * On open, a store with an older schema is migrated in place when MIGRATIONS has a step from its
 * version, and otherwise wiped and rebuilt: everything in it is a cache that can be rebuilt from
 * git and the worktree (facts from blobs, baselines from commits, overlays from the worktree), so
 * a wipe costs one cold index and loses nothing. A store with a newer schema is refused, never
 * wiped, so an older binary cannot destroy a newer daemon's store.
 *
 * Bump it when: a sub-database is added, removed or renamed; any key's elements or their order
 * change; the ordinal or snapshot-id encoding changes; compression or maxSharedStructures of a
 * sub-database changes (old values would not decode); a record layout or a vocabulary's order
 * changes (codecs.ts, manifest.ts); the stream format changes; a stored wrapper shape changes.
 *
 * Do not bump it when: FileFacts, SymbolRecord, RelationRecord or FileEntry gain or lose fields
 * (facts are self-describing msgpack records, and a stored record carries fields its layout does
 * not know as a structured `rest`; fact-content changes bump the extractor version instead); a
 * word is appended to a vocabulary (codecs.ts, manifest.ts); block sizes change (readers take
 * blocks of any size); query code changes; a new snapshot key prefix reuses the same layout.
 */
export const SCHEMA_VERSION = 3;

/** The value of meta `format`, which tells our environments apart from foreign LMDB files. */
export const STORE_FORMAT = 'repograph-store';

/**
 * In-place migrations, keyed by the schema version they start from; each must leave the store at
 * `from + 1`. Empty: before the first release every layout change wipes and rebuilds.
 */
export const MIGRATIONS: ReadonlyMap<number, (root: RootDatabase) => void> = new Map();
