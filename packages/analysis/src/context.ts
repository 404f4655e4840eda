/**
 * What the change touched, read once: the touched files (reparsed plus removed), their
 * definitions on each side by id, and memoized per-file relation reads. Every rule works from
 * this context, so a side's file is read at most once per delta. Owns the reading; the rules own
 * what they conclude.
 */
import type { DeltaInput, Definition, GraphSide, SiteRelation } from '@repograph/engine';
import { compareText, sortedUnique } from './symbol-facts.js';

/** The touched files and their definitions on both sides. */
export interface DeltaContext {
  input: DeltaInput;
  /** reparsed + removedFiles, sorted, without repeats. */
  touchedFiles: string[];
  touched: ReadonlySet<string>;
  /** Touched files that exist after the change (the edited modules), sorted. */
  editedFiles: string[];
  /** Definitions of the touched files before the change, by id, in id order. */
  beforeDefinitions: ReadonlyMap<string, Definition>;
  /** Definitions of the touched files after the change, by id, in id order. */
  afterDefinitions: ReadonlyMap<string, Definition>;
  /** after.relationsIn(path), read once. */
  relationsAfter(path: string): SiteRelation[];
  /** before.relationsIn(path), read once. */
  relationsBefore(path: string): SiteRelation[];
}

/** Reads the touched files of both sides. */
export function readContext(input: DeltaInput): DeltaContext {
  const touchedFiles = sortedUnique([...input.reparsed, ...input.removedFiles]);
  const removed = new Set(input.removedFiles);
  const editedFiles = touchedFiles.filter((path) => !removed.has(path) && input.after.hasFile(path));
  return {
    input,
    touchedFiles,
    touched: new Set(touchedFiles),
    editedFiles,
    beforeDefinitions: definitionsOf(input.before, touchedFiles),
    afterDefinitions: definitionsOf(input.after, editedFiles),
    relationsAfter: memoize((path) => (input.after.hasFile(path) ? input.after.relationsIn(path) : [])),
    relationsBefore: memoize((path) => (input.before.hasFile(path) ? input.before.relationsIn(path) : [])),
  };
}

function definitionsOf(side: GraphSide, paths: string[]): Map<string, Definition> {
  const all: Definition[] = [];
  for (const path of paths) {
    if (!side.hasFile(path)) continue;
    all.push(...side.definitions(path));
  }
  all.sort((a, b) => compareText(a.symbol.id, b.symbol.id));
  const byId = new Map<string, Definition>();
  for (const definition of all) if (!byId.has(definition.symbol.id)) byId.set(definition.symbol.id, definition);
  return byId;
}

function memoize(read: (path: string) => SiteRelation[]): (path: string) => SiteRelation[] {
  const cache = new Map<string, SiteRelation[]>();
  return (path) => {
    let value = cache.get(path);
    if (value === undefined) {
      value = read(path);
      cache.set(path, value);
    }
    return value;
  };
}
