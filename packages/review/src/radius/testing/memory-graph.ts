/**
 * An in-memory ReviewGraph for the radius tests, built from symbol and relation records, with
 * short builders for both. Owns test fixtures only; no production code imports it.
 */
import type { RelationKind, RelationRecord, SymbolKind, SymbolRecord } from '@repograph/core';
import type { ReviewGraph } from '../../types.js';

/** A graph over `symbols` and `relations`; relationsTo returns resolved relations only. */
export function memoryGraph(symbols: readonly SymbolRecord[], relations: readonly RelationRecord[]): ReviewGraph {
  const byId = new Map(symbols.map((symbol) => [symbol.id, symbol]));
  return {
    hasFile: (path) => byId.get(path)?.kind === 'file',
    symbol: (id) => byId.get(id),
    symbolsInFile: (path) => symbols.filter((symbol) => symbol.path === path),
    relationsFrom: (idOrPath) => relations.filter((relation) => relation.from === idOrPath),
    relationsTo: (id) => relations.filter((relation) => relation.to !== null && relation.to === id),
  };
}

/** A symbol record: `path#name` ids get `kind` (function by default); a bare path is a file. */
export function symbolRecord(id: string, kind?: SymbolKind): SymbolRecord {
  const hash = id.indexOf('#');
  const path = hash < 0 ? id : id.slice(0, hash);
  const name = hash < 0 ? path : id.slice(hash + 1);
  const range = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  return {
    id, kind: kind ?? (hash < 0 ? 'file' : 'function'), name, qualifiedName: name, path,
    range, selection: range, exported: true, generated: false,
  };
}

/** A resolved relation of `kind` from `from` to `to`, sited in `from`'s file. */
export function relation(kind: RelationKind, from: string, to: string): RelationRecord {
  const hash = from.indexOf('#');
  const path = hash < 0 ? from : from.slice(0, hash);
  return { kind, from, to, name: to, site: { path, line: 1, column: 1 }, confidence: 'exact' };
}

/** Symbols for every id, with the file symbol of each id's path added once. */
export function symbolsWithFiles(ids: readonly string[]): SymbolRecord[] {
  const all = new Map<string, SymbolRecord>();
  for (const id of ids) {
    const path = symbolRecord(id).path;
    if (!all.has(path)) all.set(path, symbolRecord(path));
    if (!all.has(id)) all.set(id, symbolRecord(id));
  }
  return [...all.values()];
}
