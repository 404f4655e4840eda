/**
 * The published graph's records, exactly as the wire and the export show them (PROTOCOL.md
 * "Ids and shapes"). Owns the shapes; graph builds them, store keeps them, cli prints them.
 */
import type { Confidence, RelationKind, SymbolKind } from './kinds.js';
import type { Range, Site } from './ranges.js';
import type { ParameterFact } from './facts.js';
import type { MountRecord, SurfaceRecord } from './surfaces.js';

/** A published symbol. `id` is `<path>#<qualifiedName>` (overloads/duplicates `~2`, `~3`). */
export interface SymbolRecord {
  id: string;
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  path: string;
  range: Range;
  selection: Range;
  signature?: string;
  params?: ParameterFact[];
  exported: boolean;
  doc?: string;
  generated: boolean;
  /** Id of the enclosing symbol (a class for a method), if any. */
  container?: string;
  /** File symbols only: the file's architecture facts, bound (absent when there are none). */
  surfaces?: SurfaceRecord[];
  /** File symbols only: the file's router mounts, bound (absent when there are none). */
  mounts?: MountRecord[];
}

/**
 * A relation. `from` is a symbol id, or the file's path for references at module level.
 * `to: null` is an unresolved reference, kept with its name.
 */
export interface RelationRecord {
  kind: RelationKind;
  from: string;
  to: string | null;
  name: string;
  site: Site;
  confidence: Confidence;
}

/** Orders symbols for deterministic output: by id. */
export function compareSymbols(a: SymbolRecord, b: SymbolRecord): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Orders relations for deterministic output: site, kind, from, to, name. */
export function compareRelations(a: RelationRecord, b: RelationRecord): number {
  return (
    compareStrings(a.site.path, b.site.path) ||
    a.site.line - b.site.line ||
    a.site.column - b.site.column ||
    compareStrings(a.kind, b.kind) ||
    compareStrings(a.from, b.from) ||
    compareStrings(a.to ?? '', b.to ?? '') ||
    compareStrings(a.name, b.name)
  );
}

/** Code-unit string order (locale-free, so every machine sorts alike). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
