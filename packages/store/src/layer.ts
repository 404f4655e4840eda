/**
 * One layer of a snapshot: the six runs stored under one sid, read in one transaction. Owns the
 * block decoders of each run and the lookups over them (point reads, path ranges, prefix scans,
 * full scans). It knows nothing about overlays: reader.ts lays an overlay's layer over its base's,
 * and publish.ts reads a base layer to count what an overlay hides.
 *
 * Point reads go through the environment's block cache; full scans (`cached: false`) do not, so an
 * export does not evict the blocks that queries keep hot. Records are decoded from their streams on
 * every call, so callers get objects of their own. A manifest scan of the baseline last published
 * yields the environment's kept entries instead of decoding its blocks (manifest()); they are
 * shared, and every caller turns them into FileEntry objects of its own (manifest.ts applyEntry).
 */
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import type { Transaction } from 'lmdb';
import { readRelation, readRelationSlots, readSymbol, readSymbolSlots, type RelationSlot, type SymbolSlot } from './codecs.js';
import {
  readGroups, readIncoming, readNames, type GroupSummary, type IncomingEntry, type NameEntry,
} from './index-codecs.js';
import type { StoreEnvironment } from './environment.js';
import { compareCodePoints, decodeOrdinal, encodeOrdinal, type KeyPart } from './keys.js';
import type { Databases, SnapshotHeader } from './layout.js';
import { applyEntry, readManifestBlock, type ManifestEntry } from './manifest.js';
import { blocksFrom, firstNotBefore, type RawBlock, type RunSource } from './runs.js';
import type { StreamValue } from './streams.js';
import type { FileEntry } from './types.js';

/** A decoded block of symbols or relations: the slots, and the stream to read records from. */
interface SlotBlock<Slot> {
  stream: StreamValue;
  slots: Slot[];
}

/** A relation with its site path, as layers yield them for merging. */
export interface LayerRelation {
  path: string;
  relation: RelationRecord;
}

/** How a Layer reads (see its constructor). */
export interface LayerOptions {
  transaction?: Transaction;
  header?: SnapshotHeader;
  uncommitted?: boolean;
  /**
   * The sid the layer's manifest was written against: null for a complete one (no base), else the
   * base's current sid. Given, the manifest is cached like the other runs: a manifest changes only
   * when its base is republished (a new base sid), so (sid, manifest base) names one content.
   * Absent: the manifest is read past the cache.
   */
  manifestBase?: string | null;
}

export class Layer {
  private readonly filesRun: RunSource<ManifestEntry[]>;
  private readonly groupsRun: RunSource<GroupSummary[]>;
  private readonly symbolsRun: RunSource<SlotBlock<SymbolSlot>>;
  private readonly namesRun: RunSource<NameEntry[]>;
  private readonly relationsRun: RunSource<SlotBlock<RelationSlot>>;
  private readonly incomingRun: RunSource<IncomingEntry[]>;
  /** Whether manifest point reads go through the block cache (LayerOptions.manifestBase). */
  private readonly manifestCached: boolean;
  /** The environment's kept manifest when it is this layer's (see manifest()); else null. */
  private readonly keptManifest: readonly ManifestEntry[] | null;

  /**
   * The layer stored under `sid`, read in `options.transaction` (absent: the current write
   * transaction). With `options.header`, the runs its counts say are empty are not even looked up
   * (an overlay often has no groups at all). `options.uncommitted`: the sid was written in the
   * current transaction, so nothing read is cached (block-cache.ts).
   */
  constructor(environment: StoreEnvironment, readonly sid: string, options: LayerOptions = {}) {
    const { transaction, header } = options;
    const sizes: Partial<Record<keyof Databases, number>> = header === undefined ? {} : {
      groups: header.groupCount, symbols: header.symbolCount, names: header.symbolCount, relations: header.relationCount,
      relationsIn: header.relationCount - header.unresolvedCount,
    };
    const cache = options.uncommitted === true ? null : environment.cache;
    const manifestVersioned = options.manifestBase !== undefined;
    this.manifestCached = manifestVersioned && cache !== null;
    const kept = environment.lastManifest;
    this.keptManifest = kept !== null && kept.sid === sid && kept.readable && options.uncommitted !== true ? kept.entries : null;
    const source = <Decoded>(name: keyof Databases & string, decode: (block: RawBlock) => Decoded): RunSource<Decoded> => ({
      // The manifest's cache entries are named by the base it was written against as well.
      name: name === 'files' && manifestVersioned ? `files\u0003${options.manifestBase ?? ''}` : name,
      database: environment.databases[name as 'files'], transaction, cache, decode,
      empty: sizes[name] === 0, immutable: name !== 'files' || manifestVersioned,
    });
    const stream = (block: RawBlock): StreamValue => block.value as StreamValue;
    this.filesRun = source('files', (block) => readManifestBlock(stream(block)));
    this.groupsRun = source('groups', (block) => readGroups(stream(block)));
    this.symbolsRun = source('symbols', (block) => ({ stream: stream(block), slots: readSymbolSlots(stream(block)) }));
    this.namesRun = source('names', (block) => readNames(stream(block)));
    this.relationsRun = source('relations', (block) => ({
      stream: stream(block), slots: readRelationSlots(stream(block), block.key[1] as string, decodeOrdinal(block.key[2] as string)),
    }));
    this.incomingRun = source('relationsIn', (block) => readIncoming(stream(block), block.key[1] as string));
  }

  /**
   * The manifest entries (manifest.ts), by path. The complete manifest last published is kept in
   * memory (StoreEnvironment.lastManifest), and a committed sid's data never changes, so that
   * manifest is read from there (when it reads back exactly: isStoredExactly), not decoded from its
   * blocks again: the engine reads every entry of a baseline right after publishing it, and every
   * overlay on it merges it in.
   */
  *manifest(): Generator<ManifestEntry> {
    if (this.keptManifest !== null) {
      yield* this.keptManifest;
      return;
    }
    for (const block of blocksFrom(this.filesRun, this.sid, null, false)) yield* block;
  }

  /**
   * The manifest entry of `path`. Through the block cache only when the manifest's version is
   * known (LayerOptions.manifestBase): a manifest can be rewritten (manifest.ts).
   */
  manifestEntry(path: string): ManifestEntry | undefined {
    for (const block of blocksFrom(this.filesRun, this.sid, [path], this.manifestCached)) {
      return block.find((entry) => entry.path === path);
    }
    return undefined;
  }

  /** The full manifest of a layer without a base (every entry complete), by path. */
  *files(): Generator<FileEntry> {
    for (const entry of this.manifest()) {
      const file = applyEntry(entry, undefined);
      if (file !== undefined) yield file;
    }
  }

  /** The group summary of `path`, or undefined when this layer has no group for it. */
  group(path: string): GroupSummary | undefined {
    return this.find(this.groupsRun, [path], (entry) => compareCodePoints(entry.path, path));
  }

  *groups(): Generator<GroupSummary> {
    for (const block of blocksFrom(this.groupsRun, this.sid, null, false)) yield* block;
  }

  symbol(id: string): SymbolRecord | undefined {
    for (const block of blocksFrom(this.symbolsRun, this.sid, [id])) {
      const slot = block.slots.find((each) => each.id === id);
      return slot === undefined ? undefined : readSymbol(block.stream, slot);
    }
    return undefined;
  }

  /** The symbols of the path group `path`, by id: the range of ids starting with the path. */
  symbolsOfPath(path: string): SymbolRecord[] {
    const symbols: SymbolRecord[] = [];
    for (const block of blocksFrom(this.symbolsRun, this.sid, [path])) {
      const { slots } = block;
      for (let index = firstNotBefore(slots, (slot) => compareCodePoints(slot.id, path) < 0); index < slots.length; index++) {
        const slot = slots[index]!;
        if (!slot.id.startsWith(path)) return symbols;
        if (slot.path === path) symbols.push(readSymbol(block.stream, slot));
      }
    }
    return symbols;
  }

  *symbols(): Generator<SymbolRecord> {
    for (const block of blocksFrom(this.symbolsRun, this.sid, null, false)) {
      for (const slot of block.slots) yield readSymbol(block.stream, slot);
    }
  }

  /**
   * The file symbols (id = path) of this layer, by path: one pass over the run that decodes only
   * the slots' ids and the file symbols themselves. Past the block cache, like the other scans.
   */
  *fileSymbols(): Generator<SymbolRecord> {
    for (const block of blocksFrom(this.symbolsRun, this.sid, null, false)) {
      for (const slot of block.slots) if (slot.id === slot.path) yield readSymbol(block.stream, slot);
    }
  }

  /** Name entries whose lowercased name starts with `prefix`, in (name, id) order. */
  *names(prefix: string): Generator<NameEntry> {
    for (const block of blocksFrom(this.namesRun, this.sid, [prefix])) {
      for (let index = firstNotBefore(block, (entry) => compareCodePoints(entry.lowerName, prefix) < 0); index < block.length; index++) {
        const entry = block[index]!;
        if (!entry.lowerName.startsWith(prefix)) return;
        yield entry;
      }
    }
  }

  /** The relations of the path group `path` (only those from `from`, when given), in published order. */
  relationsOfPath(path: string, from?: string): RelationRecord[] {
    const relations: RelationRecord[] = [];
    for (const block of blocksFrom(this.relationsRun, this.sid, [path, encodeOrdinal(0)])) {
      const { slots } = block;
      for (let index = firstNotBefore(slots, (slot) => compareCodePoints(slot.path, path) < 0); index < slots.length; index++) {
        const slot = slots[index]!;
        if (slot.path !== path) return relations;
        if (from === undefined || slot.from === from) relations.push(readRelation(block.stream, slot));
      }
    }
    return relations;
  }

  *relations(): Generator<LayerRelation> {
    for (const block of blocksFrom(this.relationsRun, this.sid, null, false)) {
      for (const slot of block.slots) yield { path: slot.path, relation: readRelation(block.stream, slot) };
    }
  }

  /** Entries of the incoming index for `to`, by site path and ordinal. */
  incoming(to: string): IncomingEntry[] {
    const entries: IncomingEntry[] = [];
    for (const block of blocksFrom(this.incomingRun, this.sid, [to])) {
      for (let index = firstNotBefore(block, (entry) => compareCodePoints(entry.to, to) < 0); index < block.length; index++) {
        const entry = block[index]!;
        if (entry.to !== to) return entries;
        entries.push(entry);
      }
    }
    return entries;
  }

  /**
   * The relations at the given (path, ordinal) places, sorted by both. Consecutive places in one
   * block cost one lookup.
   */
  relationsAt(places: readonly IncomingEntry[]): LayerRelation[] {
    const found: LayerRelation[] = [];
    let block: SlotBlock<RelationSlot> = { stream: [new Uint8Array(0), '', []], slots: [] };
    for (const place of places) {
      let slot = slotIn(block.slots, place);
      if (slot === undefined) {
        for (const next of blocksFrom(this.relationsRun, this.sid, [place.path, encodeOrdinal(place.ordinal)])) {
          block = next;
          break;
        }
        slot = slotIn(block.slots, place);
      }
      if (slot !== undefined) found.push({ path: slot.path, relation: readRelation(block.stream, slot) });
    }
    return found;
  }

  /** The entry of a run of entry arrays that compares equal (0) to what is looked for, from one block. */
  private find<Entry>(run: RunSource<Entry[]>, key: KeyPart[], compare: (entry: Entry) => number): Entry | undefined {
    for (const block of blocksFrom(run, this.sid, key)) {
      const entry = block[firstNotBefore(block, (each) => compare(each) < 0)];
      return entry !== undefined && compare(entry) === 0 ? entry : undefined;
    }
    return undefined;
  }
}

/**
 * The slot of `place` in `block`, when the block holds it. A path's slots are consecutive and
 * numbered by ordinal, so the place is found from its path's first slot in the block.
 */
function slotIn(block: readonly RelationSlot[], place: IncomingEntry): RelationSlot | undefined {
  const first = block[0];
  const start = first !== undefined && first.path === place.path ? 0
    : firstNotBefore(block, (slot) => compareCodePoints(slot.path, place.path) < 0);
  const atStart = block[start];
  if (atStart === undefined || atStart.path !== place.path) return undefined;
  const slot = block[start + place.ordinal - atStart.ordinal];
  if (slot !== undefined && slot.path === place.path && slot.ordinal === place.ordinal) return slot;
  // Not numbered consecutively after all: look through the path's slots.
  return block.find((each) => each.path === place.path && each.ordinal === place.ordinal);
}
