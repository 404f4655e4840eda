/**
 * The reads a review repeats, kept per stored snapshot across readers: a relation's users
 * (`relationsTo`) and a symbol's record (`symbol`). A committed snapshot's records never change
 * (a republish gets a new sid, and an overlay is named by its base's sid as well), so what one
 * review computation read serves the next over the same snapshot: the compute's cohort radii
 * warm the first blastRadius call, and every cohortImpact and watch push after it walks what the
 * ones before it read. Bounded in snapshots and in entries per snapshot; the answers are shared,
 * so callers must not change them. Owns that cache; reading is the reader's.
 */
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import type { SnapshotReader } from '@repograph/engine';

/** Snapshots whose reads are kept (a review's head and base, or a workspace's and its base). */
const SNAPSHOTS_KEPT = 3;

/**
 * What is kept per snapshot: relation rows (a radius reads at most 100,000 by default,
 * budgets.ts, so one walk fits) and symbol records. Past these a snapshot's reads are still
 * answered, just no longer kept, so the memory stays bounded (a kept row holds its record and
 * the text of the block it was read from: tens of MB at most).
 */
const MAX_KEPT_ROWS = 100_000;
const MAX_KEPT_SYMBOLS = 20_000;

interface SnapshotReads {
  users: Map<string, readonly RelationRecord[]>;
  rows: number;
  symbols: Map<string, SymbolRecord | undefined>;
}

const BY_SNAPSHOT = new Map<string, SnapshotReads>();

/** The reads of `reader`'s snapshot, through the kept ones. */
export interface KeptReads {
  relationsTo(id: string): readonly RelationRecord[];
  symbol(id: string): SymbolRecord | undefined;
}

export function keptReads(reader: SnapshotReader): KeptReads {
  const { storeId, sid, baseSid } = reader.storage;
  const kept = snapshotReads(`${storeId}\0${sid}\0${baseSid ?? ''}`);
  return {
    relationsTo: (id) => {
      let users = kept.users.get(id);
      if (users === undefined) {
        users = reader.relationsTo(id);
        if (kept.rows + users.length <= MAX_KEPT_ROWS) {
          kept.users.set(id, users);
          kept.rows += users.length;
        }
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

/** The kept reads of one snapshot, most recently used last. */
function snapshotReads(key: string): SnapshotReads {
  let reads = BY_SNAPSHOT.get(key);
  if (reads) {
    BY_SNAPSHOT.delete(key);
  } else {
    reads = { users: new Map(), rows: 0, symbols: new Map() };
    if (BY_SNAPSHOT.size >= SNAPSHOTS_KEPT) BY_SNAPSHOT.delete(BY_SNAPSHOT.keys().next().value!);
  }
  BY_SNAPSHOT.set(key, reads);
  return reads;
}
