/**
 * The snapshot reader: a consistent, merged, read-only view of one snapshot key. Owns the read
 * transaction's lifetime and the overlay merge (for each path, the overlay's group when the
 * overlay has one, else the base's). It does not own writes (publish.ts) or the layout.
 *
 * Consistency: openReader() takes one LMDB read transaction (lmdb's useReadTransaction) and
 * passes it to every get and range read until close() calls its done(). LMDB read transactions
 * are MVCC snapshots: a publish that commits meanwhile, even of the same key, is invisible to this
 * reader. The transaction is lmdb's shared one of the current event turn (renewed every turn and
 * after this process's own commits), so readers opened in one turn share one LMDB reader slot, and
 * a commit by another process becomes visible from the next turn. Scans use the same transaction
 * (not `snapshot: false`), since a renewed scan could mix generations; a long export therefore
 * keeps LMDB from reusing the pages later publishes free until the reader closes.
 */
import type { FileEntry, SnapshotInfo, SnapshotLayerName, SnapshotReader, SnapshotStorage } from './types.js';
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import type { Transaction } from 'lmdb';
import { storeError, type StoreEnvironment } from './environment.js';
import { compareCodePoints } from './keys.js';
import { Layer, type LayerRelation } from './layer.js';
import type { SnapshotHeader } from './layout.js';
import { applyEntry, mergeManifest } from './manifest.js';
import { mergeSorted, take } from './merge.js';
import { hiddenCounts } from './snapshot-data.js';

/** Opens a reader on `key`, or returns undefined when the store holds no such snapshot. */
export function openReader(environment: StoreEnvironment, key: string, onClose: (reader: SnapshotReader) => void): SnapshotReader | undefined {
  const { root, databases } = environment;
  const transaction = root.useReadTransaction();
  try {
    const header = databases.snapshots.get(key, { transaction });
    if (header === undefined) {
      transaction.done();
      return undefined;
    }
    let baseHeader: SnapshotHeader | null = null;
    if (header.base !== null) {
      baseHeader = databases.snapshots.get(header.base, { transaction }) ?? null;
      if (baseHeader === null) {
        throw storeError(`the snapshot ${key} sits on ${header.base}, which is missing; republish ${key}`,
          { key, base: header.base });
      }
    }
    return new MergedSnapshotReader(environment, transaction, header, baseHeader, onClose);
  } catch (error) {
    transaction.done();
    throw error;
  }
}

class MergedSnapshotReader implements SnapshotReader {
  private closed = false;
  private cachedInfo: SnapshotInfo | undefined;
  /** Whether the overlay has a group for a path (memoized). */
  private readonly overlaid = new Map<string, boolean>();
  /** The snapshot's own layer (the overlay, when there is a base). */
  private readonly own: Layer;
  private readonly base: Layer | null;
  readonly storage: SnapshotStorage;

  constructor(
    environment: StoreEnvironment,
    private readonly transaction: Transaction,
    private readonly header: SnapshotHeader,
    private readonly baseHeader: SnapshotHeader | null,
    private readonly onClose: (reader: SnapshotReader) => void,
  ) {
    // Both manifests' versions are known here (the overlay's is a delta against the base's current
    // sid), so their point reads are cached.
    this.own = new Layer(environment, header.sid, { transaction, header, manifestBase: baseHeader?.sid ?? null });
    this.base = baseHeader === null ? null : new Layer(environment, baseHeader.sid, { transaction, header: baseHeader, manifestBase: null });
    this.storage = { storeId: environment.storeId, sid: header.sid, baseSid: baseHeader?.sid ?? null };
  }

  get info(): SnapshotInfo {
    this.assertOpen();
    this.cachedInfo ??= this.computeInfo();
    return this.cachedInfo;
  }

  *files(): IterableIterator<FileEntry> {
    this.assertOpen();
    const files = this.base === null ? this.own.files() : mergeManifest(this.base.manifest(), this.own.manifest());
    for (const file of files) {
      this.assertOpen();
      yield file;
    }
  }

  *ownFiles(): IterableIterator<{ path: string; file: FileEntry | undefined }> {
    this.assertOpen();
    for (const entry of this.own.manifest()) {
      this.assertOpen();
      yield { path: entry.path, file: applyEntry(entry, this.base?.manifestEntry(entry.path)) };
    }
  }

  file(path: string): FileEntry | undefined {
    this.assertOpen();
    const entry = this.own.manifestEntry(path);
    if (this.base === null) return entry === undefined ? undefined : applyEntry(entry, undefined);
    const below = this.base.manifestEntry(path);
    if (entry !== undefined) return applyEntry(entry, below);
    return below === undefined ? undefined : applyEntry(below, undefined);
  }

  getSymbol(id: string): SymbolRecord | undefined {
    this.assertOpen();
    const own = this.own.symbol(id);
    if (own !== undefined || this.base === null) return own;
    const fromBase = this.base.symbol(id);
    return fromBase !== undefined && !this.isOverlaid(fromBase.path) ? fromBase : undefined;
  }

  symbolsInFile(path: string): SymbolRecord[] {
    this.assertOpen();
    return this.layerOf(path).symbolsOfPath(path);
  }

  searchNames(lowerPrefix: string, limit: number): SymbolRecord[] {
    this.assertOpen();
    const prefix = lowerPrefix.toLowerCase();
    const own = this.namesIn(this.own, prefix, false);
    if (this.base === null) return take(own, limit).map((hit) => hit.symbol);
    const base = this.namesIn(this.base, prefix, true);
    const byNameThenId = (a: NameHit, b: NameHit): number =>
      compareCodePoints(a.name, b.name) || compareCodePoints(a.symbol.id, b.symbol.id);
    return take(mergeSorted(own, base, byNameThenId), limit).map((hit) => hit.symbol);
  }

  *allSymbols(): IterableIterator<SymbolRecord> {
    this.assertOpen();
    const own = this.own.symbols();
    const merged = this.base === null ? own
      : mergeSorted(own, this.visible(this.base.symbols(), (symbol) => symbol.path), (a, b) => compareCodePoints(a.id, b.id));
    for (const symbol of merged) {
      this.assertOpen();
      yield symbol;
    }
  }

  relationsFrom(symbolIdOrPath: string): RelationRecord[] {
    this.assertOpen();
    // A relation's `from` is its site path or "<site path>#...": look in every path `from` can
    // belong to, shortest (first in path order) first.
    const relations: RelationRecord[] = [];
    for (let end = symbolIdOrPath.indexOf('#'); ; end = symbolIdOrPath.indexOf('#', end + 1)) {
      const path = end < 0 ? symbolIdOrPath : symbolIdOrPath.slice(0, end);
      relations.push(...this.layerOf(path).relationsOfPath(path, symbolIdOrPath));
      if (end < 0) return relations;
    }
  }

  relationsTo(symbolId: string): RelationRecord[] {
    this.assertOpen();
    const own = this.own.relationsAt(this.own.incoming(symbolId));
    if (this.base === null) return own.map((entry) => entry.relation);
    const places = this.base.incoming(symbolId).filter((place) => !this.isOverlaid(place.path));
    const merged = mergeSorted(own, this.base.relationsAt(places), (a, b) => compareCodePoints(a.path, b.path));
    return Array.from(merged, (entry) => entry.relation);
  }

  layerRelationsTo(which: SnapshotLayerName, symbolId: string): LayerRelation[] {
    this.assertOpen();
    const layer = which === 'own' ? this.own : this.base;
    return layer === null ? [] : layer.relationsAt(layer.incoming(symbolId));
  }

  relationsInFile(path: string): RelationRecord[] {
    this.assertOpen();
    return this.layerOf(path).relationsOfPath(path);
  }

  *allRelations(): IterableIterator<RelationRecord> {
    this.assertOpen();
    const own = this.own.relations();
    const merged = this.base === null ? own
      : mergeSorted(own, this.visible(this.base.relations(), (entry) => entry.path), byPath);
    for (const { relation } of merged) {
      this.assertOpen();
      yield relation;
    }
  }

  layerGroups(which: SnapshotLayerName): Array<{ path: string; removed: boolean }> {
    this.assertOpen();
    const layer = which === 'own' ? this.own : this.base;
    if (layer === null) return [];
    return Array.from(layer.groups(), ({ path, removed }) => ({ path, removed }));
  }

  *layerFileSymbols(which: SnapshotLayerName): IterableIterator<SymbolRecord> {
    this.assertOpen();
    const layer = which === 'own' ? this.own : this.base;
    if (layer === null) return;
    for (const symbol of layer.fileSymbols()) {
      this.assertOpen();
      yield symbol;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.transaction.done();
    this.onClose(this);
  }

  private assertOpen(): void {
    if (this.closed) {
      throw storeError(`the reader of ${this.header.key} is closed; open a new one with store.reader()`,
        { key: this.header.key });
    }
  }

  private computeInfo(): SnapshotInfo {
    const { header, baseHeader } = this;
    const info: SnapshotInfo = {
      key: header.key, base: header.base, generation: header.generation,
      baseGeneration: baseHeader?.generation ?? null, digest: header.digest, report: header.report,
      meta: header.meta, fileCount: header.fileCount, symbolCount: header.symbolCount,
      relationCount: header.relationCount, unresolvedCount: header.unresolvedCount,
    };
    if (baseHeader === null || this.base === null) return info;
    // Counted at publish against the base's sid; a baseline replaced since has a new sid.
    const hidden = header.hidden?.baseSid === baseHeader.sid ? header.hidden : hiddenCounts(this.base, this.own.groups());
    info.symbolCount += baseHeader.symbolCount - hidden.symbolCount;
    info.relationCount += baseHeader.relationCount - hidden.relationCount;
    info.unresolvedCount += baseHeader.unresolvedCount - hidden.unresolvedCount;
    return info;
  }

  /** True when the overlay has a group (changed, added or removed) for `path`. */
  private isOverlaid(path: string): boolean {
    if (this.base === null) return false;
    let overlaid = this.overlaid.get(path);
    if (overlaid === undefined) {
      overlaid = this.own.group(path) !== undefined;
      this.overlaid.set(path, overlaid);
    }
    return overlaid;
  }

  /** The layer whose group of `path` is visible: the overlay's when it has one, else the base's. */
  private layerOf(path: string): Layer {
    return this.base !== null && !this.isOverlaid(path) ? this.base : this.own;
  }

  /** The base's items whose path the overlay does not replace. */
  private *visible<T>(items: Iterable<T>, pathOf: (item: T) => string): Generator<T> {
    for (const item of items) if (!this.isOverlaid(pathOf(item))) yield item;
  }

  private *namesIn(layer: Layer, prefix: string, hideOverlaid: boolean): Generator<NameHit> {
    for (const { lowerName, id } of layer.names(prefix)) {
      const symbol = layer.symbol(id);
      if (symbol === undefined || (hideOverlaid && this.isOverlaid(symbol.path))) continue;
      yield { name: lowerName, symbol };
    }
  }
}

function byPath(a: LayerRelation, b: LayerRelation): number {
  return compareCodePoints(a.path, b.path);
}

interface NameHit {
  name: string;
  symbol: SymbolRecord;
}
