/**
 * A file's outline (`symbols.outline`): its published declarations in source order, parameters
 * aside, without their bodies; with `exportedOnly`, what the file exports (its exported top-level
 * declarations; Go's methods are top-level). Owns the choice and the order; the query session
 * checks the path and charges the budgets.
 */
import type { SymbolKind, SymbolRecord } from '@repograph/core';

/** One declaration of a file's outline: where it is and what it looks like, without its body. */
export interface OutlineEntry {
  id: string;
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  /** First and last line of the declaration. */
  line: number;
  endLine: number;
  exported: boolean;
  signature?: string;
  /** The enclosing symbol's id, when it is not the file. */
  container?: string;
}

/** A file's declarations in source order (`exportedOnly`: those it exports). */
export interface FileOutline {
  path: string;
  symbols: OutlineEntry[];
  /** Declarations in the file (of the asked-for set) beyond those listed. */
  truncated: boolean;
  total: number;
}

/** The outline of `path` from its symbols (any order), at most `limit` entries. */
export function outlineOf(path: string, symbols: readonly SymbolRecord[], exportedOnly: boolean, limit: number): FileOutline {
  const declared = symbols.filter((symbol) => symbol.kind !== 'file' && symbol.kind !== 'parameter');
  const exported = (symbol: SymbolRecord): boolean => symbol.exported && (symbol.container === undefined || symbol.container === path);
  const chosen = (exportedOnly ? declared.filter(exported) : declared)
    .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const entries = chosen.slice(0, limit).map((symbol): OutlineEntry => {
    const entry: OutlineEntry = {
      id: symbol.id, kind: symbol.kind, name: symbol.name, qualifiedName: symbol.qualifiedName,
      line: symbol.range.start.line, endLine: symbol.range.end.line, exported: symbol.exported,
    };
    if (symbol.signature !== undefined) entry.signature = symbol.signature;
    if (symbol.container !== undefined && symbol.container !== path) entry.container = symbol.container;
    return entry;
  });
  return { path, symbols: entries, truncated: chosen.length > entries.length, total: chosen.length };
}
