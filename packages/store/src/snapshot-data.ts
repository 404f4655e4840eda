/**
 * Writing and deleting one snapshot's data under its sid. Owns the order of every run (runs.ts):
 * files and groups by path, symbols by id, names by (lowercased name, id), relations by (site
 * path, published order), the incoming index by (to, site path, ordinal). The checks and the
 * blocks are made before the write transaction, in steps that can pause (prepareSnapshotData);
 * inside the transaction the caller holds only the sid, the base's manifest, the puts and the
 * header (writeSnapshotData). It does not own the rules it checks (publish-input.ts), the
 * transaction, or the record encodings (codecs.ts, manifest.ts).
 *
 * A new sid is greater than every sid before it, so a snapshot's blocks go after all existing keys
 * of each run, in ascending order, in LMDB's append mode (runs.ts putInOrder): full pages, and a
 * write touches only the end of each tree.
 */
import type { RelationRecord, Steps, SymbolRecord } from '@repograph/core';
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
import { putRun, RunBlocks, writeRun, type RunBlock } from './runs.js';
import type { FileEntry, PathGroup, PublishInput } from './types.js';

/** Keys deleted per range read while removing a snapshot's data. */
const DELETE_BATCH = 10_000;

/** A snapshot's checked records and run blocks, made before its write transaction (prepareSnapshotData). */
export interface PreparedSnapshot {
  /** The manifest's entries, sorted by path and checked. */
  files: FileEntry[];
  /** The manifest of a snapshot without a base, made here; null: made in the transaction against the base's. */
  manifest: { entries: ManifestEntry[]; blocks: RunBlock[] } | null;
  runs: Record<'groups' | 'relations' | 'symbols' | 'names' | 'relationsIn', RunBlock[]>;
  summaries: GroupSummary[];
  symbolCount: number;
  relationCount: number;
  unresolvedCount: number;
}

/** Groups, or entries of a run, made between two yields of prepareSnapshotData. */
const GROUPS_PER_STEP = 32;
const ENTRIES_PER_STEP = 1024;

/**
 * Checks `input` and makes every block of its runs (Steps: a publish runs them pausing, so the
 * work does not hold the thread, and then holds the write lock only to put them). Everything here
 * depends on the input alone; the sid, the base's manifest and hidden counts are the
 * transaction's (writeSnapshotData). Throws on a malformed record, before anything is written.
 */
export function* prepareSnapshotData(environment: StoreEnvironment, input: PublishInput): Steps<PreparedSnapshot> {
  const { blockSizes } = environment.tuning;
  const checker = new InputChecker(input.key, input.base !== null, environment.maxKeySize);
  // Paths are compared by UTF-16 units, which is code-point order unless a path holds a
  // supplementary character (rare: checked first).
  const paths = [...input.files, ...input.groups];
  const pathOrder = paths.some((each) => hasSurrogate(each.path)) ? compareCodePoints : compareUnits;
  const byPath = <T extends { path: string }>(a: T, b: T): number => pathOrder(a.path, b.path);

  const files = sortedCopy(input.files, byPath);
  files.forEach((file, index) => checker.file(file, files[index - 1]));
  let manifest: PreparedSnapshot['manifest'] = null;
  if (input.base === null) {
    const entries = manifestDelta(files, null);
    const blocks = new RunBlocks(blockSizes.files, (entry: ManifestEntry) => [entry.path], writeManifestBlock);
    for (const [index, entry] of entries.entries()) {
      blocks.add(entry);
      if (index % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield;
    }
    manifest = { entries, blocks: blocks.finish() };
  }
  yield;

  // Groups, and relations by (path, ordinal), are made as they are checked; symbols, names and
  // the incoming index need sorting first.
  const groups = new RunBlocks(blockSizes.groups, (group: GroupSummary) => [group.path], writeGroups);
  // A relations block's key is its first relation's place; `firstOrdinal` tracks that ordinal.
  let firstOrdinal = 0;
  const relations = new RunBlocks(blockSizes.relations,
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
    if (groupPaths.length % GROUPS_PER_STEP === 0) yield;
  }

  // Sorting is stable: entries made in (path, ordinal) or id order keep it within equal keys.
  const order = checker.order();
  if (!isSorted(symbols, (a, b) => order(a.id, b.id))) symbols.sort((a, b) => order(a.id, b.id));
  checker.uniqueIds(symbols);
  yield;
  const names = nameEntries(symbols, order);
  const targets = sortedStrings([...incoming.keys()], order);
  yield;
  const symbolBlocks = new RunBlocks(blockSizes.symbols, (symbol: SymbolRecord) => [symbol.id], writeSymbols);
  for (const [index, symbol] of symbols.entries()) {
    symbolBlocks.add(symbol);
    if (index % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield;
  }
  const nameBlocks = new RunBlocks(blockSizes.names, (name: NameEntry) => [name.lowerName, name.id], writeNames);
  for (const [index, name] of names.entries()) {
    nameBlocks.add(name);
    if (index % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield;
  }
  const incomingBlocks = new RunBlocks(blockSizes.relationsIn,
    ({ to, path, ordinal }: IncomingEntry) => [to, path, encodeOrdinal(ordinal)], writeIncoming);
  let made = 0;
  for (const to of targets) {
    const places = incoming.get(to)!;
    for (let index = 0; index < places.length; index += 2) {
      incomingBlocks.add({ to, path: groupPaths[places[index]!]!, ordinal: places[index + 1]! });
      if (++made % ENTRIES_PER_STEP === 0) yield;
    }
  }
  return {
    files, manifest, summaries, symbolCount: symbols.length, relationCount, unresolvedCount,
    runs: {
      groups: groups.finish(), relations: relations.finish(), symbols: symbolBlocks.finish(), names: nameBlocks.finish(),
      relationsIn: incomingBlocks.finish(),
    },
  };
}

/**
 * Writes a prepared snapshot under `sid` (inside a write transaction the caller holds), and
 * returns the header to store (counts are the snapshot's own; `hidden` is counted against
 * `baseSid`, the base's current sid, when there is one) and the manifest entries written. An
 * overlay's manifest delta is made against `environment.lastManifest` when it is the base's
 * (publish.ts keeps it), else against the base's manifest as stored.
 */
export function writeSnapshotData(
  environment: StoreEnvironment, sid: string, input: PublishInput, prepared: PreparedSnapshot, generation: number, baseSid: string | null,
): { header: SnapshotHeader; manifest: ManifestEntry[] } {
  const { databases } = environment;
  const base = baseSid === null ? null : new Layer(environment, baseSid);
  let manifest: ManifestEntry[];
  if (base === null && prepared.manifest !== null) {
    putRun(databases.files, sid, prepared.manifest.blocks);
    manifest = prepared.manifest.entries;
  } else {
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
    manifest = writeManifest(environment, sid, prepared.files, baseManifest);
  }
  for (const name of ['groups', 'relations', 'symbols', 'names', 'relationsIn'] as const) putRun(databases[name], sid, prepared.runs[name]);

  const header: SnapshotHeader = {
    key: input.key, sid, base: input.base, generation, digest: input.digest, report: input.report,
    meta: input.meta, publishedAt: Date.now(), fileCount: input.files.length, groupCount: input.groups.length,
    symbolCount: prepared.symbolCount, relationCount: prepared.relationCount, unresolvedCount: prepared.unresolvedCount,
    hidden: base === null ? null : hiddenCounts(base, prepared.summaries),
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
