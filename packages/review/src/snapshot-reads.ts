/**
 * The reads a review repeats, kept per stored snapshot across readers: a relation's users
 * (`relationsTo`) and a symbol's record (`symbol`). A committed snapshot's records never change
 * (a republish gets a new sid, and an overlay is named by its base's sid as well), so what one
 * review computation read serves the next over the same snapshot: the compute's cohort radii
 * warm the first blastRadius call, and every cohortImpact and watch push after it walks what the
 * ones before it read. A snapshot over a base (a branch head stored as a delta, a workspace)
 * keeps its base's rows under the base's sid, so the next push on the branch, or the workspace's
 * next refresh, reads only the few users its own files hold. Bounded in snapshots and in what
 * each keeps; the answers are shared, so callers must not change them. Owns that cache; reading
 * is the reader's.
 */
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import type { SnapshotReader } from '@repograph/engine';

/**
 * Snapshots and base layers whose reads are kept: a review of two commits uses three (its base,
 * its head and the head's base layer), a workspace review two.
 */
const KEPT_ENTRIES = 6;

/**
 * What is kept per snapshot or layer: relation rows and symbol records. Past these, reads are
 * still answered, just no longer kept, so the memory stays bounded (a kept row holds its record
 * and the text of the block it was read from). Django's 563-symbol radius keeps 2,142 rows for
 * its head and 1,178 for the head's base layer.
 */
const MAX_KEPT_ROWS = 25_000;
const MAX_KEPT_SYMBOLS = 20_000;

type LayerRows = ReturnType<SnapshotReader['layerRelationsTo']>;

interface KeptEntry {
  /** A snapshot's merged answers (what relationsTo gives), by id. */
  users: Map<string, readonly RelationRecord[]>;
  /** A base layer's own rows into an id, with their site paths. */
  layerRows: Map<string, LayerRows>;
  rows: number;
  symbols: Map<string, SymbolRecord | undefined>;
  /** The paths a snapshot's own layer has groups for (hiding its base's rows there). */
  ownPaths: Set<string> | null;
}

const KEPT = new Map<string, KeptEntry>();

/** The reads of `reader`'s snapshot, through the kept ones. */
export interface KeptReads {
  relationsTo(id: string): readonly RelationRecord[];
  symbol(id: string): SymbolRecord | undefined;
}

export function keptReads(reader: SnapshotReader): KeptReads {
  const { storeId, sid, baseSid } = reader.storage;
  const kept = keptEntry(`${storeId}\0${sid}\0${baseSid ?? ''}`);
  const base = baseSid === null ? null : keptEntry(`${storeId}\0${baseSid}\0layer`);
  const usersOf = (id: string): readonly RelationRecord[] => {
    if (base === null) return reader.relationsTo(id);
    // The own layer's users of `id` are few: when there are any, the reader merges them.
    if (reader.layerRelationsTo('own', id).length > 0) return reader.relationsTo(id);
    let rows = base.layerRows.get(id);
    if (rows === undefined) {
      rows = reader.layerRelationsTo('base', id);
      if (keep(base, rows.length)) base.layerRows.set(id, rows);
    }
    kept.ownPaths ??= new Set(reader.layerGroups('own').map((group) => group.path));
    const hidden = kept.ownPaths;
    return rows.filter((row) => !hidden.has(row.path)).map((row) => row.relation);
  };
  return {
    relationsTo: (id) => {
      let users = kept.users.get(id);
      if (users === undefined) {
        users = usersOf(id);
        if (keep(kept, users.length)) kept.users.set(id, users);
      }
      return users;
    },
    symbol: (id) => {
      if (kept.symbols.has(id)) return kept.symbols.get(id);
      const symbol = reader.getSymbol(id);
      if (kept.symbols.size < MAX_KEPT_SYMBOLS) kept.symbols.set(id, symbol);
      return symbol;
    },
  };
}

/** Counts `rows` more against the entry's bound; false (nothing counted) when they do not fit. */
function keep(entry: KeptEntry, rows: number): boolean {
  if (entry.rows + rows > MAX_KEPT_ROWS) return false;
  entry.rows += rows;
  return true;
}

/** The kept entry under `key`, most recently used last. */
function keptEntry(key: string): KeptEntry {
  let entry = KEPT.get(key);
  if (entry) {
    KEPT.delete(key);
  } else {
    entry = { users: new Map(), layerRows: new Map(), rows: 0, symbols: new Map(), ownPaths: null };
    if (KEPT.size >= KEPT_ENTRIES) KEPT.delete(KEPT.keys().next().value!);
  }
  KEPT.set(key, entry);
  return entry;
}
