/**
 * A reader over a complete snapshot made but not yet published: what openReader would give once
 * `input` (a PublishInput without a base) is published, read from memory. Lets a caller answer
 * from a bound graph first and publish it afterwards (engine baseline-publications.ts).
 *
 * Same answers as the stored reader, by construction where it matters: each path group's records
 * go through the record codecs (codecs.ts) and the manifest's entries through the manifest codec
 * the first time they are read, so every record has the stored one's fields, values and key
 * order; paths and ids sort in code-point order, relations keep their published order, the name
 * index is (lowercased name, id). What differs: `info.generation` is 0 (no store generation was
 * taken) and `storage.sid` is a name no committed layer has (`unpublished...`), so caches keyed
 * by storage keep it apart from what gets published. The input is the caller's, not checked here:
 * publishing it checks it (publish-input.ts).
 *
 * Costs: opening sorts nothing; the id and incoming indexes are one pass over the records, made
 * on the first lookup that needs them, and a group is encoded and decoded once, when first read.
 */
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import { readRelation, readRelationSlots, readSymbol, readSymbolSlots, writeRelations, writeSymbols, type RelationSlot, type SymbolSlot } from './codecs.js';
import { storeError } from './environment.js';
import { compareCodePoints } from './keys.js';
import { applyEntry, manifestDelta, type ManifestEntry } from './manifest.js';
import type { StreamValue } from './streams.js';
import type { FileEntry, PathGroup, PublishInput, SnapshotInfo, SnapshotLayerName, SnapshotReader, SnapshotStorage } from './types.js';

let unpublishedSequence = 0;

/**
 * A reader over `input` (base null) as if published in the store `storeId`; `sid` names it in
 * `storage` (readers of one input may share it; default: a name of its own).
 */
export function unpublishedReader(storeId: string, input: PublishInput, sid = `unpublished-reader:${++unpublishedSequence}`): SnapshotReader {
  if (input.base !== null) {
    throw storeError(`an unpublished snapshot is read only complete; ${input.key} sits on ${input.base}`, { key: input.key, base: input.base });
  }
  return new UnpublishedReader(storeId, input, sid);
}

/** A group's records in their stored form: decoded from streams made once. */
interface DecodedGroup {
  symbols: { stream: StreamValue; slots: SymbolSlot[] };
  relations: { stream: StreamValue; slots: RelationSlot[] };
}

class UnpublishedReader implements SnapshotReader {
  readonly storage: SnapshotStorage;
  readonly info: SnapshotInfo;
  private closed = false;
  /** Groups by path, and their paths sorted. */
  private readonly groups = new Map<string, PathGroup>();
  private readonly paths: string[];
  private readonly decoded = new Map<string, DecodedGroup>();
  private manifest: ManifestEntry[] | null = null;
  private manifestByPath: Map<string, ManifestEntry> | null = null;
  /** The path group of each symbol id (made on first use). */
  private idPaths: Map<string, string> | null = null;
  /** Each target's relation places (site path, ordinal), by path then ordinal (made on first use). */
  private incomingPlaces: Map<string, Array<[string, number]>> | null = null;
  private names: Array<{ lowerName: string; id: string }> | null = null;

  constructor(storeId: string, private readonly input: PublishInput, sid: string) {
    this.storage = { storeId, sid, baseSid: null };
    let symbolCount = 0;
    let relationCount = 0;
    let unresolvedCount = 0;
    for (const group of input.groups) {
      this.groups.set(group.path, group);
      symbolCount += group.symbols.length;
      relationCount += group.relations.length;
      for (const relation of group.relations) if (relation.to === null) unresolvedCount++;
    }
    this.paths = [...this.groups.keys()].sort(compareCodePoints);
    this.info = {
      key: input.key, base: null, generation: 0, baseGeneration: null, digest: input.digest, report: input.report,
      meta: input.meta, fileCount: input.files.length, symbolCount, relationCount, unresolvedCount,
    };
  }

  *files(): IterableIterator<FileEntry> {
    for (const entry of this.manifestEntries()) {
      this.assertOpen();
      yield applyEntry(entry, undefined)!;
    }
  }

  *ownFiles(): IterableIterator<{ path: string; file: FileEntry | undefined }> {
    for (const file of this.files()) yield { path: file.path, file };
  }

  file(path: string): FileEntry | undefined {
    this.assertOpen();
    this.manifestByPath ??= new Map(this.manifestEntries().map((entry) => [entry.path, entry] as const));
    const entry = this.manifestByPath.get(path);
    return entry === undefined ? undefined : applyEntry(entry, undefined);
  }

  getSymbol(id: string): SymbolRecord | undefined {
    this.assertOpen();
    const path = this.idIndex().get(id);
    if (path === undefined) return undefined;
    const { stream, slots } = this.decode(path).symbols;
    const slot = slots.find((each) => each.id === id);
    return slot === undefined ? undefined : readSymbol(stream, slot);
  }

  symbolsInFile(path: string): SymbolRecord[] {
    this.assertOpen();
    if (!this.groups.has(path)) return [];
    const { stream, slots } = this.decode(path).symbols;
    return slots.map((slot) => readSymbol(stream, slot));
  }

  searchNames(lowerPrefix: string, limit: number): SymbolRecord[] {
    this.assertOpen();
    const prefix = lowerPrefix.toLowerCase();
    const names = this.nameIndex();
    const found: SymbolRecord[] = [];
    for (let index = firstAtLeast(names, prefix); index < names.length && found.length < limit; index++) {
      const entry = names[index]!;
      if (!entry.lowerName.startsWith(prefix)) break;
      const symbol = this.getSymbol(entry.id);
      if (symbol !== undefined) found.push(symbol);
    }
    return found;
  }

  *allSymbols(): IterableIterator<SymbolRecord> {
    this.assertOpen();
    const ids = [...this.idIndex().keys()].sort(compareCodePoints);
    for (const id of ids) {
      this.assertOpen();
      yield this.getSymbol(id)!;
    }
  }

  relationsFrom(symbolIdOrPath: string): RelationRecord[] {
    this.assertOpen();
    // As the stored reader: `from` belongs to its site path, or to a prefix of it ending before a '#'.
    const relations: RelationRecord[] = [];
    for (let end = symbolIdOrPath.indexOf('#'); ; end = symbolIdOrPath.indexOf('#', end + 1)) {
      const path = end < 0 ? symbolIdOrPath : symbolIdOrPath.slice(0, end);
      if (this.groups.has(path)) {
        const { stream, slots } = this.decode(path).relations;
        for (const slot of slots) if (slot.from === symbolIdOrPath) relations.push(readRelation(stream, slot));
      }
      if (end < 0) return relations;
    }
  }

  relationsTo(symbolId: string): RelationRecord[] {
    return this.layerRelationsTo('own', symbolId).map((entry) => entry.relation);
  }

  layerRelationsTo(which: SnapshotLayerName, symbolId: string): Array<{ path: string; relation: RelationRecord }> {
    this.assertOpen();
    if (which === 'base') return [];
    const places = this.incomingIndex().get(symbolId) ?? [];
    return places.map(([path, ordinal]) => {
      const { stream, slots } = this.decode(path).relations;
      return { path, relation: readRelation(stream, slots[ordinal]!) };
    });
  }

  relationsInFile(path: string): RelationRecord[] {
    this.assertOpen();
    if (!this.groups.has(path)) return [];
    const { stream, slots } = this.decode(path).relations;
    return slots.map((slot) => readRelation(stream, slot));
  }

  *allRelations(): IterableIterator<RelationRecord> {
    this.assertOpen();
    for (const path of this.paths) {
      for (const relation of this.relationsInFile(path)) {
        this.assertOpen();
        yield relation;
      }
    }
  }

  layerGroups(which: SnapshotLayerName): Array<{ path: string; removed: boolean }> {
    this.assertOpen();
    return which === 'base' ? [] : this.paths.map((path) => ({ path, removed: false }));
  }

  *layerFileSymbols(which: SnapshotLayerName): IterableIterator<SymbolRecord> {
    this.assertOpen();
    if (which === 'base') return;
    for (const path of this.paths) {
      const { stream, slots } = this.decode(path).symbols;
      const slot = slots.find((each) => each.id === path);
      this.assertOpen();
      if (slot !== undefined) yield readSymbol(stream, slot);
    }
  }

  close(): void {
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) {
      throw storeError(`the reader of ${this.input.key} is closed; open a new one`, { key: this.input.key });
    }
  }

  /** The manifest's entries by path, made once through the manifest codec. */
  private manifestEntries(): ManifestEntry[] {
    this.assertOpen();
    this.manifest ??= manifestDelta([...this.input.files].sort((a, b) => compareCodePoints(a.path, b.path)), null);
    return this.manifest;
  }

  /** A group's records encoded as stored (symbols by id, relations in published order) and their slots. */
  private decode(path: string): DecodedGroup {
    let decoded = this.decoded.get(path);
    if (decoded === undefined) {
      const group = this.groups.get(path)!;
      const symbols = writeSymbols([...group.symbols].sort((a, b) => compareCodePoints(a.id, b.id)));
      const relations = writeRelations(group.relations);
      decoded = {
        symbols: { stream: symbols, slots: readSymbolSlots(symbols) },
        relations: { stream: relations, slots: group.relations.length === 0 ? [] : readRelationSlots(relations, path, 0) },
      };
      this.decoded.set(path, decoded);
    }
    return decoded;
  }

  private idIndex(): Map<string, string> {
    if (this.idPaths === null) {
      this.idPaths = new Map();
      for (const group of this.groups.values()) for (const symbol of group.symbols) this.idPaths.set(symbol.id, group.path);
    }
    return this.idPaths;
  }

  private incomingIndex(): Map<string, Array<[string, number]>> {
    if (this.incomingPlaces === null) {
      this.incomingPlaces = new Map();
      for (const path of this.paths) {
        const relations = this.groups.get(path)!.relations;
        for (let ordinal = 0; ordinal < relations.length; ordinal++) {
          const to = relations[ordinal]!.to;
          if (to === null) continue;
          const places = this.incomingPlaces.get(to);
          if (places === undefined) this.incomingPlaces.set(to, [[path, ordinal]]);
          else places.push([path, ordinal]);
        }
      }
    }
    return this.incomingPlaces;
  }

  /** The name index: (lowercased name, id) in code-point order. */
  private nameIndex(): Array<{ lowerName: string; id: string }> {
    if (this.names === null) {
      this.names = [];
      for (const group of this.groups.values()) for (const symbol of group.symbols) this.names.push({ lowerName: symbol.name.toLowerCase(), id: symbol.id });
      this.names.sort((a, b) => compareCodePoints(a.lowerName, b.lowerName) || compareCodePoints(a.id, b.id));
    }
    return this.names;
  }
}

/** The first index of `names` whose lowercased name is not before `prefix`. */
function firstAtLeast(names: ReadonlyArray<{ lowerName: string }>, prefix: string): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodePoints(names[middle]!.lowerName, prefix) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
