/**
 * A small in-memory head graph for the diagram tests: orders, customers and a database, with
 * containment, calls, an instantiation, an import, a type reference and an extends. Owns test
 * data only; nothing outside the tests imports it.
 */
import type { Confidence, RelationKind, RelationRecord, SymbolKind, SymbolRecord } from '@repograph/core';
import type { ReviewGraph } from '../types.js';

const RANGE = { start: { line: 1, column: 1 }, end: { line: 2, column: 1 } };

function symbol(id: string, kind: SymbolKind, container?: string): SymbolRecord {
  const hash = id.indexOf('#');
  const path = hash < 0 ? id : id.slice(0, hash);
  const qualifiedName = hash < 0 ? path : id.slice(hash + 1);
  const record: SymbolRecord = {
    id, kind, name: hash < 0 ? path.slice(path.lastIndexOf('/') + 1) : qualifiedName.split('.').pop()!, qualifiedName, path,
    range: RANGE, selection: RANGE, exported: true, generated: false,
  };
  if (container !== undefined) record.container = container;
  return record;
}

function relation(kind: RelationKind, from: string, to: string | null, line: number, confidence: Confidence = 'exact'): RelationRecord {
  const path = from.split('#')[0]!;
  return { kind, from, to, name: (to ?? 'unknown').split(/[#.]/).pop()!, site: { path, line, column: 5 }, confidence };
}

export const SYMBOLS: SymbolRecord[] = [
  symbol('src/order.ts', 'file'),
  symbol('src/order.ts#Order', 'class'),
  symbol('src/order.ts#Order.total', 'method', 'src/order.ts#Order'),
  symbol('src/order.ts#Order.save', 'method', 'src/order.ts#Order'),
  symbol('src/order.ts#SpecialOrder', 'class'),
  symbol('src/customer.ts', 'file'),
  symbol('src/customer.ts#Customer', 'class'),
  symbol('src/customer.ts#Customer.discount', 'method', 'src/customer.ts#Customer'),
  symbol('src/db.ts', 'file'),
  symbol('src/db.ts#Db', 'class'),
  symbol('src/db.ts#Db.insert', 'method', 'src/db.ts#Db'),
  symbol('src/db.ts#save', 'function'),
  symbol('src/main.ts', 'file'),
  symbol('src/main.ts#main', 'function'),
];

/** Containment is in `container` only: the verification must not need `contains` relations. */
export const RELATIONS: RelationRecord[] = [
  relation('calls', 'src/order.ts#Order.total', 'src/customer.ts#Customer.discount', 12),
  relation('references', 'src/order.ts#Order', 'src/customer.ts#Customer', 4),
  relation('imports', 'src/order.ts', 'src/customer.ts', 1),
  relation('calls', 'src/order.ts#Order.save', 'src/db.ts#Db.insert', 20, 'heuristic'),
  relation('calls', 'src/order.ts#Order.save', 'src/db.ts#Db.insert', 22, 'exact'),
  relation('extends', 'src/order.ts#SpecialOrder', 'src/order.ts#Order', 30),
  relation('instantiates', 'src/main.ts#main', 'src/order.ts#Order', 3),
  relation('calls', 'src/main.ts#main', null, 4),
];

export function graphOf(symbols: SymbolRecord[], relations: RelationRecord[]): ReviewGraph {
  const byId = new Map(symbols.map((record) => [record.id, record]));
  return {
    hasFile: (path) => symbols.some((record) => record.path === path),
    symbol: (id) => byId.get(id),
    symbolsInFile: (path) => symbols.filter((record) => record.path === path),
    relationsFrom: (id) => relations.filter((record) => record.from === id),
    relationsTo: (id) => relations.filter((record) => record.to === id),
  };
}

export const HEAD = graphOf(SYMBOLS, RELATIONS);

/** Candidate ids by symbol name (the daemon would use its name index). */
export function resolveByName(name: string): string[] {
  return SYMBOLS.filter((record) => record.name === name).map((record) => record.id);
}
