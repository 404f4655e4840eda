/**
 * The change one refresh made to a workspace's graph, as `graph.delta` subscribers receive it:
 * the files re-extracted, the files whose records changed only because something they depend on
 * changed, the files that left, and the symbols added, removed or changed. A symbol changed when
 * its kind, signature, parameters, export, container or extent changed, or when its text did
 * (the file was re-extracted and the declaration's record differs beyond its position). Owns
 * that comparison; the full structural delta (renames, dangling callers...) builds on it.
 */
import type { SymbolRecord } from '@repograph/core';
import type { HashedGroup } from '@repograph/graph';

export interface GraphChangeSummary {
  /** Every path this change touched: re-extracted, affected or removed (sorted). */
  paths: string[];
  reparsed: string[];
  affected: string[];
  removedFiles: string[];
  symbols: { added: string[]; removed: string[]; changed: string[] };
  reingestMs: number;
}

export interface ChangeInput {
  reparsed: string[];
  removedFiles: string[];
  /** Paths whose group was assembled again. */
  rebound: string[];
  /** A cold start: the previous groups are unknown, so nothing is reported as added. */
  cold: boolean;
}

/** Compares the groups of the rebound and removed paths before and after. */
export function graphChangeOf(before: readonly HashedGroup[], after: readonly HashedGroup[], input: ChangeInput): GraphChangeSummary {
  const summary: GraphChangeSummary = {
    paths: [], reparsed: input.cold ? [] : input.reparsed, affected: [], removedFiles: input.removedFiles,
    symbols: { added: [], removed: [], changed: [] }, reingestMs: 0,
  };
  if (input.cold) return summary;
  // Both lists are sorted by path: look the few touched paths up instead of indexing every group.
  const oldByPath = { get: (path: string) => findGroup(before, path) };
  const newByPath = { get: (path: string) => findGroup(after, path) };
  const reparsed = new Set(input.reparsed);
  const paths = new Set<string>([...input.reparsed, ...input.removedFiles]);
  const oldSymbols = new Map<string, SymbolRecord>();
  const newSymbols = new Map<string, SymbolRecord>();
  for (const path of new Set([...input.rebound, ...input.removedFiles])) {
    const old = oldByPath.get(path);
    const next = newByPath.get(path);
    if (old?.hash === next?.hash) continue;
    if (!reparsed.has(path) && next) {
      summary.affected.push(path);
      paths.add(path);
    }
    for (const symbol of old?.symbols ?? []) oldSymbols.set(symbol.id, symbol);
    for (const symbol of next?.symbols ?? []) newSymbols.set(symbol.id, symbol);
  }
  for (const [id, symbol] of newSymbols) {
    const old = oldSymbols.get(id);
    if (!old) summary.symbols.added.push(id);
    else if (shapeOf(old) !== shapeOf(symbol)) summary.symbols.changed.push(id);
  }
  for (const id of oldSymbols.keys()) if (!newSymbols.has(id)) summary.symbols.removed.push(id);
  summary.paths = [...paths].sort();
  summary.affected.sort();
  summary.symbols.added.sort();
  summary.symbols.removed.sort();
  summary.symbols.changed.sort();
  return summary;
}

/** The group of `path` in a list sorted by path (code-unit order), by binary search. */
export function findGroup(groups: readonly HashedGroup[], path: string): HashedGroup | undefined {
  let low = 0;
  let high = groups.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = groups[middle]!.path;
    if (candidate === path) return groups[middle];
    if (candidate < path) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** A symbol's record without its position (moving a declaration is not changing it). */
function shapeOf(symbol: SymbolRecord): string {
  const lines = symbol.range.end.line - symbol.range.start.line;
  const { range: _range, selection: _selection, ...rest } = symbol;
  return JSON.stringify([rest, lines, symbol.range.end.column - (lines === 0 ? symbol.range.start.column : 0)]);
}
