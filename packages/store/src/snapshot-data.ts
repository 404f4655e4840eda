/**
 * Writing and deleting one snapshot's data under its sid, inside a write transaction the caller
 * holds. Owns the order of every run (runs.ts): files and groups by path, symbols by id, names by
 * (lowercased name, id), relations by (site path, published order), the incoming index by (to,
 * site path, ordinal). It does not own the rules it checks (publish-input.ts), the transaction, or
 * the record encodings (codecs.ts, manifest.ts).
 *
 * A new sid is greater than every sid before it, so a snapshot's blocks go after all existing keys
 * of each run, in ascending order, in LMDB's append mode (runs.ts putInOrder): full pages, and a
 * write touches only the end of each tree.
 */
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import { writeRelations, writeSymbols } from './codecs.js';
import {
  writeGroups, writeIncoming, writeNames, type GroupSummary, type IncomingEntry, type NameEntry,
} from './index-codecs.js';
import type { StoreEnvironment } from './environment.js';
import { compareCodePoints, encodeOrdinal, prefixRange } from './keys.js';
import { Layer } from './layer.js';
import { manifestDelta, writeManifestBlock, type ManifestEntry } from './manifest.js';
import { SNAPSHOT_DATABASES, type HiddenCounts, type SnapshotHeader } from './layout.js';
import { compareUnits, InputChecker, type KeyStringOrder } from './publish-input.js';
import { RunWriter, writeRun } from './runs.js';
import type { FileEntry, PathGroup, PublishInput } from './types.js';

/** Keys deleted per range read while removing a snapshot's data. */
const DELETE_BATCH = 10_000;

/**
 * Checks and writes the runs of `input` under `sid`, and returns the header to store (counts are
 * the snapshot's own; `hidden` is counted against `baseSid`, the base's current sid, when there is
 * one) and the manifest entries written. Throws (and the caller's transaction aborts) on a
 * malformed record. An overlay's manifest delta is made against `environment.lastManifest` when it
 * is the base's (publish.ts keeps it), else against the base's manifest as stored.
 */
export function writeSnapshotData(
  environment: StoreEnvironment, sid: string, input: PublishInput, generation: number, baseSid: string | null,
): { header: SnapshotHeader; manifest: ManifestEntry[] } {
  const { databases, tuning: { blockSizes } } = environment;
  const checker = new InputChecker(input.key, input.base !== null, environment.maxKeySize);
  // Paths are compared by UTF-16 units, which is code-point order unless a path holds a
  // supplementary character (rare: checked first).
  const paths = [...input.files, ...input.groups];
  const pathOrder = paths.some((each) => hasSurrogate(each.path)) ? compareCodePoints : compareUnits;
  const byPath = <T extends { path: string }>(a: T, b: T): number => pathOrder(a.path, b.path);

  const files = sortedCopy(input.files, byPath);
  files.forEach((file, index) => checker.file(file, files[index - 1]));
  const base = baseSid === null ? null : new Layer(environment, baseSid);
  let baseManifest: ManifestEntry[] | null = null;
  if (base !== null) {
    if (environment.lastManifest?.sid === base.sid) {
      baseManifest = environment.lastManifest.entries;
    } else {
      baseManifest = [...base.manifest()];
      // The base is committed and immutable: keep its manifest for the next overlay on it.
      environment.lastManifest = { sid: base.sid, entries: baseManifest, readable: true };
    }
  }
  const manifest = writeManifest(environment, sid, files, baseManifest);

  // Groups, and relations by (path, ordinal), are written as they are checked; symbols, names and
  // the incoming index need sorting first.
  const groups = new RunWriter(databases.groups, sid, blockSizes.groups, (group: GroupSummary) => [group.path], writeGroups);
  // A relations block's key is its first relation's place; `firstOrdinal` tracks that ordinal.
  let firstOrdinal = 0;
  const relations = new RunWriter(databases.relations, sid, blockSizes.relations,
    (relation: RelationRecord) => [relation.site.path, encodeOrdinal(firstOrdinal)], writeRelations);
  const summaries: GroupSummary[] = [];
  const symbols: SymbolRecord[] = [];
  // The incoming index by `to`: each target's places (group number, ordinal) in order as they
  // come, the targets sorted afterwards (far fewer than the places).
  const incoming = new Map<string, number[]>();
  const groupPaths: string[] = [];
  let relationCount = 0;
  let unresolvedCount = 0;
  let previousGroup: PathGroup | undefined;
  for (const group of sortedCopy(input.groups, byPath)) {
    const path = group.path;
    checker.group(group, previousGroup);
    previousGroup = group;
    for (const symbol of group.symbols) {
      checker.symbol(path, symbol);
      symbols.push(symbol);
    }
    let groupUnresolved = 0;
    for (let ordinal = 0; ordinal < group.relations.length; ordinal++) {
      const relation = group.relations[ordinal]!;
      checker.relation(path, relation);
      if (relations.isEmpty) firstOrdinal = ordinal;
      relations.add(relation);
      if (relation.to === null) groupUnresolved++;
      else addPlace(incoming, relation.to, groupPaths.length, ordinal);
    }
    const summary: GroupSummary = {
      path, removed: group.removed, symbolCount: group.symbols.length, relationCount: group.relations.length,
      unresolvedCount: groupUnresolved,
    };
    groups.add(summary);
    summaries.push(summary);
    groupPaths.push(path);
    relationCount += group.relations.length;
    unresolvedCount += groupUnresolved;
  }
  groups.finish();
  relations.finish();

  // Sorting is stable: entries made in (path, ordinal) or id order keep it within equal keys.
  const order = checker.order();
  if (!isSorted(symbols, (a, b) => order(a.id, b.id))) symbols.sort((a, b) => order(a.id, b.id));
  checker.uniqueIds(symbols);
  const names = nameEntries(symbols, order);
  const targets = sortedStrings([...incoming.keys()], order);
  writeRun(databases.symbols, sid, symbols, blockSizes.symbols, (symbol) => [symbol.id], writeSymbols);
  writeRun(databases.names, sid, names, blockSizes.names, (name) => [name.lowerName, name.id], writeNames);
  const incomingWriter = new RunWriter(databases.relationsIn, sid, blockSizes.relationsIn,
    ({ to, path, ordinal }: IncomingEntry) => [to, path, encodeOrdinal(ordinal)], writeIncoming);
  for (const to of targets) {
    const places = incoming.get(to)!;
    for (let index = 0; index < places.length; index += 2) {
      incomingWriter.add({ to, path: groupPaths[places[index]!]!, ordinal: places[index + 1]! });
    }
  }
  incomingWriter.finish();

  const header: SnapshotHeader = {
    key: input.key, sid, base: input.base, generation, digest: input.digest, report: input.report,
    meta: input.meta, publishedAt: Date.now(), fileCount: input.files.length, groupCount: input.groups.length,
    symbolCount: symbols.length, relationCount, unresolvedCount,
    hidden: base === null ? null : hiddenCounts(base, summaries),
  };
  return { header, manifest };
}

/**
 * Writes the manifest `files` (sorted by path) under `sid` as a delta over `base` (the entries of
 * the base's manifest, all complete, sorted by path; null without a base). See manifest.ts.
 */
export function writeManifest(
  environment: StoreEnvironment, sid: string, files: readonly FileEntry[], base: readonly ManifestEntry[] | null,
): ManifestEntry[] {
  const entries = manifestDelta(files, base);
  writeRun(environment.databases.files, sid, entries, environment.tuning.blockSizes.files, (entry) => [entry.path],
    writeManifestBlock);
  return entries;
}

/** Counts what the groups `paths` (sorted) hide of the layer `base`. */
export function hiddenCounts(base: Layer, paths: Iterable<{ path: string }>): HiddenCounts {
  const hidden: HiddenCounts = { baseSid: base.sid, symbolCount: 0, relationCount: 0, unresolvedCount: 0 };
  for (const { path } of paths) {
    const group = base.group(path);
    if (group === undefined) continue;
    hidden.symbolCount += group.symbolCount;
    hidden.relationCount += group.relationCount;
    hidden.unresolvedCount += group.unresolvedCount;
  }
  return hidden;
}

/** Removes every key under `sid` from the snapshot sub-databases (inside a write transaction). */
export function deleteSnapshotData(environment: StoreEnvironment, sid: string): void {
  for (const name of SNAPSHOT_DATABASES) deleteRun(environment, name, sid);
}

/** Removes the run `name` of `sid` (inside a write transaction). */
export function deleteRun(environment: StoreEnvironment, name: (typeof SNAPSHOT_DATABASES)[number], sid: string): void {
  const database = environment.databases[name];
  for (;;) {
    const keys = [...database.getKeys({ ...prefixRange([sid]), limit: DELETE_BATCH })];
    for (const key of keys) database.removeSync(key);
    if (keys.length < DELETE_BATCH) break;
  }
}

/**
 * The name index of `symbols` (sorted by id): entries by lowercased name, then id. Symbols are
 * gathered by name in id order and the distinct names sorted, which is what a stable sort of the
 * entries by name gives, with far fewer (and, in UTF-16 order, built-in) comparisons.
 */
function nameEntries(symbols: readonly SymbolRecord[], order: KeyStringOrder): NameEntry[] {
  const idsByName = new Map<string, string[]>();
  for (const symbol of symbols) {
    const lowerName = symbol.name.toLowerCase();
    const ids = idsByName.get(lowerName);
    if (ids === undefined) idsByName.set(lowerName, [symbol.id]);
    else ids.push(symbol.id);
  }
  const names: NameEntry[] = [];
  for (const lowerName of sortedStrings([...idsByName.keys()], order)) {
    for (const id of idsByName.get(lowerName)!) names.push({ lowerName, id });
  }
  return names;
}

/**
 * Distinct `strings` sorted by `order` in place. In UTF-16 order (compareUnits) the built-in sort
 * compares them itself, which costs a fraction of calling a comparator per comparison.
 */
function sortedStrings(strings: string[], order: KeyStringOrder): string[] {
  return order === compareUnits ? strings.sort() : strings.sort(order);
}

function addPlace(incoming: Map<string, number[]>, to: string, group: number, ordinal: number): void {
  const places = incoming.get(to);
  if (places === undefined) incoming.set(to, [group, ordinal]);
  else places.push(group, ordinal);
}

const SURROGATE = /[\uD800-\uDFFF]/;

function hasSurrogate(text: string): boolean {
  return SURROGATE.test(text);
}

/** `items` sorted by `compare`: a copy, sorted only when it is not already (the usual case). */
function sortedCopy<T>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  const copy = [...items];
  return isSorted(copy, compare) ? copy : copy.sort(compare);
}

function isSorted<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let index = 1; index < items.length; index++) if (compare(items[index - 1]!, items[index]!) > 0) return false;
  return true;
}
