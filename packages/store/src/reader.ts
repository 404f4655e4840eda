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
import type { FileEntry, SnapshotInfo, SnapshotReader } from './types.js';
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import type { Transaction } from 'lmdb';
import { storeError, type StoreEnvironment } from './environment.js';
import { compareCodePoints, prefixRange, type KeyPart } from './keys.js';
import { fromStoredRelation, type SnapshotHeader, type StoredRelation } from './layout.js';
import { mergeSorted, take } from './merge.js';

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

/** A relation read from a layer, with its sort key (site path). */
interface LayerRelation {
  path: string;
  relation: RelationRecord;
}

class MergedSnapshotReader implements SnapshotReader {
  private closed = false;
  private cachedInfo: SnapshotInfo | undefined;
  /** Whether the overlay has a group for a path (memoized point reads of `groups`). */
  private readonly overlaid = new Map<string, boolean>();

  constructor(
    private readonly environment: StoreEnvironment,
    private readonly transaction: Transaction,
    private readonly header: SnapshotHeader,
    private readonly baseHeader: SnapshotHeader | null,
    private readonly onClose: (reader: SnapshotReader) => void,
  ) {}

  get info(): SnapshotInfo {
    this.assertOpen();
    this.cachedInfo ??= this.computeInfo();
    return this.cachedInfo;
  }

  *files(): IterableIterator<FileEntry> {
    for (const { value } of this.range('files', [this.header.sid])) {
      this.assertOpen();
      yield value as FileEntry;
    }
  }

  file(path: string): FileEntry | undefined {
    this.assertOpen();
    return this.environment.databases.files.get([this.header.sid, path], { transaction: this.transaction });
  }

  getSymbol(id: string): SymbolRecord | undefined {
    this.assertOpen();
    const own = this.symbolIn(this.header.sid, id);
    if (own !== undefined || this.baseHeader === null) return own;
    const fromBase = this.symbolIn(this.baseHeader.sid, id);
    return fromBase !== undefined && !this.isOverlaid(fromBase.path) ? fromBase : undefined;
  }

  symbolsInFile(path: string): SymbolRecord[] {
    this.assertOpen();
    const sid = this.layerOf(path);
    const symbols: SymbolRecord[] = [];
    for (const key of this.keys('symbolsByPath', [sid, path])) {
      const symbol = this.symbolIn(sid, key[2] as string);
      if (symbol !== undefined) symbols.push(symbol);
    }
    return symbols;
  }

  searchNames(lowerPrefix: string, limit: number): SymbolRecord[] {
    this.assertOpen();
    const prefix = lowerPrefix.toLowerCase();
    const own = this.namesIn(this.header.sid, prefix, false);
    if (this.baseHeader === null) return take(own, limit).map((hit) => hit.symbol);
    const base = this.namesIn(this.baseHeader.sid, prefix, true);
    const byNameThenId = (a: NameHit, b: NameHit): number =>
      compareCodePoints(a.name, b.name) || compareCodePoints(a.symbol.id, b.symbol.id);
    return take(mergeSorted(own, base, byNameThenId), limit).map((hit) => hit.symbol);
  }

  *allSymbols(): IterableIterator<SymbolRecord> {
    this.assertOpen();
    const own = this.symbolsOf(this.header.sid, false);
    const merged = this.baseHeader === null ? own
      : mergeSorted(own, this.symbolsOf(this.baseHeader.sid, true), (a, b) => compareCodePoints(a.id, b.id));
    for (const symbol of merged) {
      this.assertOpen();
      yield symbol;
    }
  }

  relationsFrom(symbolIdOrPath: string): RelationRecord[] {
    this.assertOpen();
    return this.indexedRelations('relationsOut', symbolIdOrPath);
  }

  relationsTo(symbolId: string): RelationRecord[] {
    this.assertOpen();
    return this.indexedRelations('relationsIn', symbolId);
  }

  relationsInFile(path: string): RelationRecord[] {
    this.assertOpen();
    return [...this.relationsOfPath(this.layerOf(path), path)];
  }

  *allRelations(): IterableIterator<RelationRecord> {
    this.assertOpen();
    const own = this.relationsOf(this.header.sid, false);
    const merged = this.baseHeader === null ? own
      : mergeSorted(own, this.relationsOf(this.baseHeader.sid, true), (a, b) => compareCodePoints(a.path, b.path));
    for (const { relation } of merged) {
      this.assertOpen();
      yield relation;
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
    if (baseHeader === null) return info;
    info.symbolCount += baseHeader.symbolCount;
    info.relationCount += baseHeader.relationCount;
    info.unresolvedCount += baseHeader.unresolvedCount;
    const groups = this.environment.databases.groups;
    for (const { key } of this.range('groups', [header.sid])) {
      const hidden = groups.get([baseHeader.sid, key[1] as string], { transaction: this.transaction });
      if (hidden === undefined) continue;
      info.symbolCount -= hidden.symbolCount;
      info.relationCount -= hidden.relationCount;
      info.unresolvedCount -= hidden.unresolvedCount;
    }
    return info;
  }

  /** True when the overlay has a group (changed, added or removed) for `path`. */
  private isOverlaid(path: string): boolean {
    if (this.baseHeader === null) return false;
    let overlaid = this.overlaid.get(path);
    if (overlaid === undefined) {
      overlaid = this.environment.databases.groups.get([this.header.sid, path], { transaction: this.transaction }) !== undefined;
      this.overlaid.set(path, overlaid);
    }
    return overlaid;
  }

  /** The sid whose group of `path` is visible: the overlay's when it has one, else the base's. */
  private layerOf(path: string): string {
    return this.baseHeader !== null && !this.isOverlaid(path) ? this.baseHeader.sid : this.header.sid;
  }

  private symbolIn(sid: string, id: string): SymbolRecord | undefined {
    return this.environment.databases.symbols.get([sid, id], { transaction: this.transaction });
  }

  private *symbolsOf(sid: string, hideOverlaid: boolean): Generator<SymbolRecord> {
    for (const { value } of this.range('symbols', [sid])) {
      const symbol = value as SymbolRecord;
      if (!hideOverlaid || !this.isOverlaid(symbol.path)) yield symbol;
    }
  }

  private *namesIn(sid: string, prefix: string, hideOverlaid: boolean): Generator<NameHit> {
    const range = { start: [sid, prefix], end: prefixRange([sid]).end, transaction: this.transaction };
    for (const key of this.environment.databases.names.getKeys(range)) {
      const name = (key as KeyPart[])[1] as string;
      if (!name.startsWith(prefix)) return;
      const symbol = this.symbolIn(sid, (key as KeyPart[])[2] as string);
      if (symbol === undefined || (hideOverlaid && this.isOverlaid(symbol.path))) continue;
      yield { name, symbol };
    }
  }

  private indexedRelations(index: 'relationsOut' | 'relationsIn', endpoint: string): RelationRecord[] {
    const own = this.indexedRelationsIn(index, this.header.sid, endpoint, false);
    const merged = this.baseHeader === null ? own
      : mergeSorted(own, this.indexedRelationsIn(index, this.baseHeader.sid, endpoint, true),
        (a, b) => compareCodePoints(a.path, b.path));
    return Array.from(merged, (entry) => entry.relation);
  }

  private *indexedRelationsIn(index: 'relationsOut' | 'relationsIn', sid: string, endpoint: string, hideOverlaid: boolean): Generator<LayerRelation> {
    const relations = this.environment.databases.relations;
    for (const key of this.keys(index, [sid, endpoint])) {
      const path = key[2] as string;
      if (hideOverlaid && this.isOverlaid(path)) continue;
      const stored = relations.get([sid, path, key[3] as string], { transaction: this.transaction });
      if (stored !== undefined) yield { path, relation: fromStoredRelation(path, stored) };
    }
  }

  private *relationsOfPath(sid: string, path: string): Generator<RelationRecord> {
    for (const { value } of this.range('relations', [sid, path])) yield fromStoredRelation(path, value as StoredRelation);
  }

  private *relationsOf(sid: string, hideOverlaid: boolean): Generator<LayerRelation> {
    for (const { key, value } of this.range('relations', [sid])) {
      const path = key[1] as string;
      if (hideOverlaid && this.isOverlaid(path)) continue;
      yield { path, relation: fromStoredRelation(path, value as StoredRelation) };
    }
  }

  private range(name: 'files' | 'groups' | 'symbols' | 'relations', prefix: KeyPart[]): Iterable<{ key: KeyPart[]; value: unknown }> {
    const database = this.environment.databases[name] as unknown as {
      getRange(options: object): Iterable<{ key: KeyPart[]; value: unknown }>;
    };
    return database.getRange({ ...prefixRange(prefix), transaction: this.transaction });
  }

  private keys(name: 'symbolsByPath' | 'relationsOut' | 'relationsIn', prefix: KeyPart[]): Iterable<KeyPart[]> {
    return this.environment.databases[name].getKeys({ ...prefixRange(prefix), transaction: this.transaction });
  }
}

interface NameHit {
  name: string;
  symbol: SymbolRecord;
}
