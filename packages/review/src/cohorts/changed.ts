/**
 * The review's changed symbols, each placed in its changed file and on the side its relations are
 * read from: removed and renamed-from ids on the base; added and renamed-to ids on the head;
 * changed ids (present on both sides) on both, so a use the change removed ties as well as one it
 * added. A file's own symbol (id = path) counts as changed when the file was added or removed, or
 * when its module-level relations (from = path: imports, top-level calls) differ between the
 * sides, compared by kind, target and name (sites shift with every edit, so they are ignored).
 * Owns that set; it does not decide which files join (ties.ts) or how tests attach (tests.ts).
 */
import { compareStrings, type RelationRecord } from '@repograph/core';
import type { FileChangeStatus, ReviewGraph, ReviewInput } from '../types.js';

/** Which graph a changed symbol's relations are read from. */
export type ChangeSide = 'base' | 'head' | 'both';

/** One changed symbol and the changed file it belongs to. */
export interface ChangedSymbol {
  id: string;
  path: string;
  side: ChangeSide;
  /** False for renamed-from ids: they tie files but are not listed among a cohort's symbols. */
  listed: boolean;
}

/** The changed symbols by id, and the listed ones by file. */
export interface ChangedSymbols {
  byId: ReadonlyMap<string, ChangedSymbol>;
  /** Listed ids per changed file, sorted. */
  listedByFile: ReadonlyMap<string, string[]>;
}

/** Collects the changed symbols of the changed files (ids outside them are left out). */
export function collectChangedSymbols(input: ReviewInput): ChangedSymbols {
  const paths = new Set(input.files.map((file) => file.path));
  const byId = new Map<string, ChangedSymbol>();
  const note = (id: string, side: ChangeSide, listed: boolean): void => {
    const known = byId.get(id);
    if (known !== undefined) {
      const mergedSide: ChangeSide = known.side === side ? side : 'both';
      byId.set(id, { ...known, side: mergedSide, listed: known.listed || listed });
      return;
    }
    const path = pathOfId(id, side === 'base' ? input.base : input.head, side === 'both' ? input.base : undefined);
    if (paths.has(path)) byId.set(id, { id, path, side, listed });
  };

  const changes = input.delta.symbols;
  for (const id of changes.removed) note(id, 'base', true);
  for (const id of changes.added) note(id, 'head', true);
  for (const id of changes.changed) note(id, 'both', true);
  for (const rename of changes.renamed) {
    note(rename.old, 'base', false);
    note(rename.new, 'head', true);
  }
  for (const file of input.files) {
    const side = fileSymbolSide(input, file.path, file.status);
    if (side !== null) note(file.path, side, true);
  }

  const listedByFile = new Map<string, string[]>();
  for (const symbol of byId.values()) {
    if (!symbol.listed) continue;
    const list = listedByFile.get(symbol.path);
    if (list === undefined) listedByFile.set(symbol.path, [symbol.id]);
    else list.push(symbol.id);
  }
  for (const list of listedByFile.values()) list.sort(compareStrings);
  return { byId, listedByFile };
}

/** The graphs a changed symbol's relations are read from. */
export function graphsOf(input: ReviewInput, side: ChangeSide): ReviewGraph[] {
  if (side === 'base') return [input.base];
  if (side === 'head') return [input.head];
  return [input.base, input.head];
}

/** The file an id belongs to: its record's path, else the id up to its first `#`. */
export function pathOfId(id: string, graph: ReviewGraph, fallback?: ReviewGraph): string {
  const record = graph.symbol(id) ?? fallback?.symbol(id);
  if (record !== undefined) return record.path;
  const hash = id.indexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}

/** The side a file's own symbol counts as changed on, or null when it is unchanged. */
function fileSymbolSide(input: ReviewInput, path: string, status: FileChangeStatus): ChangeSide | null {
  if (status === 'added') return input.head.hasFile(path) ? 'head' : null;
  if (status === 'removed') return input.base.hasFile(path) ? 'base' : null;
  if (!input.base.hasFile(path) || !input.head.hasFile(path)) return null;
  const before = moduleLevelUses(input.base.relationsFrom(path));
  const after = moduleLevelUses(input.head.relationsFrom(path));
  return sameMultiset(before, after) ? null : 'both';
}

function moduleLevelUses(relations: RelationRecord[]): string[] {
  return relations
    .filter((relation) => relation.kind !== 'contains')
    .map((relation) => `${relation.kind}\u0000${relation.to ?? ''}\u0000${relation.name}`)
    .sort(compareStrings);
}

function sameMultiset(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
