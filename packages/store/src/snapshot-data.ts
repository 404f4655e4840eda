/**
 * Writing and deleting one snapshot's data under its sid, inside a write transaction the caller
 * holds. Owns the bulk-write order: every sub-database is written in ascending key order, which
 * lets LMDB fill pages instead of splitting them half-full (measured: about 40% less disk than
 * writing in input order). It does not own validation (publish-input.ts) or the transaction.
 *
 * A new sid is greater than every sid before it, so a snapshot's keys are appended after all
 * existing keys. lmdb's `append` flag is not used: it drops an out-of-order key silently.
 */
import { encodeOrdinal, prefixRange } from './keys.js';
import type { StoreEnvironment } from './environment.js';
import { EMPTY_VALUE, SNAPSHOT_DATABASES, toStoredRelation, type GroupSummary, type SnapshotHeader } from './layout.js';
import type { KeyStringOrder } from './publish-input.js';
import type { PublishInput } from './types.js';
import type { SymbolRecord } from '@repograph/core';

/** Keys deleted per range read while removing a snapshot's data. */
const DELETE_BATCH = 10_000;

type Pair = [string, string];
type Triple = [string, string, string];

/**
 * Writes the files, groups, symbols, relations and their indexes of `input` under `sid`, and
 * returns the header to store (counts are the snapshot's own).
 */
export function writeSnapshotData(
  environment: StoreEnvironment, sid: string, input: PublishInput, generation: number, order: KeyStringOrder,
): SnapshotHeader {
  const { databases } = environment;
  const byPath = <T extends { path: string }>(a: T, b: T): number => order(a.path, b.path);
  for (const file of [...input.files].sort(byPath)) databases.files.putSync([sid, file.path], file);

  const symbols: SymbolRecord[] = [];
  const names: Pair[] = [];
  const outgoing: Triple[] = [];
  const incoming: Triple[] = [];
  let relationCount = 0;
  let unresolvedCount = 0;
  for (const group of [...input.groups].sort(byPath)) {
    const path = group.path;
    const groupSymbols = [...group.symbols].sort((a, b) => order(a.id, b.id));
    for (const symbol of groupSymbols) {
      databases.symbolsByPath.putSync([sid, path, symbol.id], EMPTY_VALUE);
      symbols.push(symbol);
      names.push([symbol.name.toLowerCase(), symbol.id]);
    }
    let groupUnresolved = 0;
    group.relations.forEach((relation, index) => {
      const ordinal = encodeOrdinal(index);
      databases.relations.putSync([sid, path, ordinal], toStoredRelation(path, relation));
      outgoing.push([relation.from, path, ordinal]);
      if (relation.to === null) groupUnresolved++;
      else incoming.push([relation.to, path, ordinal]);
    });
    const summary: GroupSummary = {
      removed: group.removed, symbolCount: group.symbols.length, relationCount: group.relations.length,
      unresolvedCount: groupUnresolved,
    };
    databases.groups.putSync([sid, path], summary);
    relationCount += group.relations.length;
    unresolvedCount += groupUnresolved;
  }

  for (const symbol of symbols.sort((a, b) => order(a.id, b.id))) databases.symbols.putSync([sid, symbol.id], symbol);
  for (const [name, id] of names.sort(compareTuples(order))) databases.names.putSync([sid, name, id], EMPTY_VALUE);
  for (const [from, path, ordinal] of outgoing.sort(compareTuples(order))) {
    databases.relationsOut.putSync([sid, from, path, ordinal], EMPTY_VALUE);
  }
  for (const [to, path, ordinal] of incoming.sort(compareTuples(order))) {
    databases.relationsIn.putSync([sid, to, path, ordinal], EMPTY_VALUE);
  }
  return {
    key: input.key, sid, base: input.base, generation, digest: input.digest, report: input.report,
    meta: input.meta, publishedAt: Date.now(), fileCount: input.files.length, groupCount: input.groups.length,
    symbolCount: symbols.length, relationCount, unresolvedCount,
  };
}

/** Removes every key under `sid` from the snapshot sub-databases (inside a write transaction). */
export function deleteSnapshotData(environment: StoreEnvironment, sid: string): void {
  for (const name of SNAPSHOT_DATABASES) {
    const database = environment.databases[name];
    for (;;) {
      const keys = [...database.getKeys({ ...prefixRange([sid]), limit: DELETE_BATCH })];
      for (const key of keys) database.removeSync(key);
      if (keys.length < DELETE_BATCH) break;
    }
  }
}

/** Element-wise tuple order. Ordinals sort correctly as strings (keys.ts encodeOrdinal). */
function compareTuples(order: KeyStringOrder): (a: readonly string[], b: readonly string[]) => number {
  return (a, b) => {
    for (let index = 0; index < a.length; index++) {
      const result = order(a[index]!, b[index]!);
      if (result !== 0) return result;
    }
    return 0;
  };
}
