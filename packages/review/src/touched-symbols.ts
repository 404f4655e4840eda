/**
 * The symbols a change touched by text: for each changed line range (git's `-U0` hunks), the
 * innermost definitions that hold it, on the head side for added lines and on the base side for
 * removed ones (regions belong to their enclosing definition, as ClusterChanges has it). The
 * structural delta calls a symbol changed only when its skeleton or parameters changed (a new
 * literal is not), but a review groups what was edited, so cohorts take these as changed too.
 * Lines outside every definition count for the file's own symbol (its id is its path). Owns that
 * mapping from lines to symbols.
 */
import type { SymbolRecord } from '@repograph/core';
import type { DiffEntry } from '@repograph/engine';
import type { ReviewGraph } from './types.js';

/** The ids of the definitions the hunks touched, on either side, that exist on the head side. */
export function textTouchedSymbols(entries: readonly DiffEntry[], base: ReviewGraph, head: ReviewGraph): string[] {
  const touched = new Set<string>();
  for (const entry of entries) {
    if (entry.binary || entry.status === 'removed') continue;
    const headSymbols = head.hasFile(entry.path) ? head.symbolsInFile(entry.path) : [];
    const baseSymbols = entry.status === 'modified' && base.hasFile(entry.path) ? base.symbolsInFile(entry.path) : [];
    if (headSymbols.length === 0) continue;
    const onHead = new Set(headSymbols.map((symbol) => symbol.id));
    for (const hunk of entry.hunks) {
      if (hunk.newLines > 0) for (const id of innermost(headSymbols, hunk.newStart, hunk.newStart + hunk.newLines - 1, entry.path)) touched.add(id);
      if (hunk.oldLines > 0) {
        for (const id of innermost(baseSymbols, hunk.oldStart, hunk.oldStart + hunk.oldLines - 1, entry.path)) if (onHead.has(id)) touched.add(id);
      }
    }
  }
  return [...touched].sort();
}

/** The definitions overlapping lines `first..last` that hold no other overlapping one; the file when none does. */
function innermost(symbols: readonly SymbolRecord[], first: number, last: number, path: string): string[] {
  const overlapping = symbols.filter((symbol) => symbol.kind !== 'file' && symbol.kind !== 'parameter'
    && symbol.range.start.line <= last && symbol.range.end.line >= first);
  if (overlapping.length === 0) return [path];
  return overlapping.filter((outer) => !overlapping.some((inner) => inner !== outer && contains(outer, inner))).map((symbol) => symbol.id);
}

function contains(outer: SymbolRecord, inner: SymbolRecord): boolean {
  const startsAfter = inner.range.start.line > outer.range.start.line
    || (inner.range.start.line === outer.range.start.line && inner.range.start.column >= outer.range.start.column);
  const endsBefore = inner.range.end.line < outer.range.end.line
    || (inner.range.end.line === outer.range.end.line && inner.range.end.column <= outer.range.end.column);
  return startsAfter && endsBefore && !(inner.range.start.line === outer.range.start.line && inner.range.start.column === outer.range.start.column
    && inner.range.end.line === outer.range.end.line && inner.range.end.column === outer.range.end.column);
}
