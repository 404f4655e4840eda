/**
 * Small in-memory review fixtures for the cohort tests: symbol and relation records, a
 * ReviewGraph over arrays of them, changed files and a structural delta with defaults. Owns test
 * data builders only; nothing outside the tests imports it.
 */
import type { RelationKind, RelationRecord, SymbolKind, SymbolRecord } from '@repograph/core';
import type { StructuralDelta } from '@repograph/analysis';
import type { ChangedFile, ReviewGraph, ReviewInput } from '../types.js';

const RANGE = { start: { line: 1, column: 1 }, end: { line: 2, column: 1 } };

export interface SymbolOptions {
  kind?: SymbolKind;
  exported?: boolean;
  container?: string;
  generated?: boolean;
}

/** A symbol record for an id (`path` or `path#name`); a bare path is a file symbol. */
export function sym(id: string, options: SymbolOptions = {}): SymbolRecord {
  const hash = id.indexOf('#');
  const path = hash < 0 ? id : id.slice(0, hash);
  const qualifiedName = hash < 0 ? path : id.slice(hash + 1);
  const record: SymbolRecord = {
    id,
    kind: options.kind ?? (hash < 0 ? 'file' : 'function'),
    name: qualifiedName.split('.').pop()!,
    qualifiedName,
    path,
    range: RANGE,
    selection: RANGE,
    exported: options.exported ?? false,
    generated: options.generated ?? false,
  };
  if (options.container !== undefined) record.container = options.container;
  return record;
}

/** A resolved relation from one id to another. */
export function rel(kind: RelationKind, from: string, to: string): RelationRecord {
  const hash = from.indexOf('#');
  const path = hash < 0 ? from : from.slice(0, hash);
  return { kind, from, to, name: to.split('#').pop()!, site: { path, line: 1, column: 1 }, confidence: 'exact' };
}

/** A graph side over records; every symbol's path is a file of the side. */
export function graphOf(symbols: SymbolRecord[], relations: RelationRecord[] = []): ReviewGraph {
  const byId = new Map(symbols.map((symbol) => [symbol.id, symbol]));
  const files = new Set(symbols.map((symbol) => symbol.path));
  return {
    hasFile: (path) => files.has(path),
    symbol: (id) => byId.get(id),
    symbolsInFile: (path) => symbols.filter((symbol) => symbol.path === path),
    relationsFrom: (id) => relations.filter((relation) => relation.from === id),
    relationsTo: (id) => relations.filter((relation) => relation.to === id),
  };
}

/** A changed file, modified TypeScript with one changed line unless told otherwise. */
export function changed(path: string, options: Partial<Omit<ChangedFile, 'path'>> = {}): ChangedFile {
  return {
    path,
    status: 'modified',
    language: 'typescript',
    generated: false,
    binary: false,
    linesAdded: 1,
    linesRemoved: 0,
    ...options,
  };
}

/** A structural delta with empty defaults. */
export function deltaOf(symbols: Partial<StructuralDelta['symbols']> = {}, rest: Partial<StructuralDelta> = {}): StructuralDelta {
  return {
    paths: [],
    reparsed: [],
    affected: [],
    removedFiles: [],
    symbols: { added: [], removed: [], renamed: [], changed: [], ...symbols },
    reingestMs: 0,
    deltaMs: 0,
    ...rest,
  };
}

/** A review input, indexed unless told otherwise. */
export function reviewOf(parts: Partial<ReviewInput> & Pick<ReviewInput, 'files'>): ReviewInput {
  const empty = graphOf([]);
  return { delta: deltaOf(), base: empty, head: empty, indexed: true, ...parts };
}

/** The file symbols of the given paths. */
export function fileSymbols(...paths: string[]): SymbolRecord[] {
  return paths.map((path) => sym(path));
}
