/**
 * What the change touched, read once: the touched files (reparsed plus removed), their
 * definitions on each side by id, and memoized per-file relation and import reads. Every rule
 * works from this context, so a side's file is read at most once per delta. The reads every
 * rule makes of every edited file (definitions, relations, imports) are made here, one file per
 * step, so a batch of thousands of files gives the thread away between files (steps.ts). Owns
 * the reading; the rules own what they conclude.
 */
import type { DeltaInput, Definition, GraphSide, SiteRelation } from '@repograph/engine';
import { runToEnd, type Steps } from './steps.js';
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
  /** The files `path` imports after the change (sorted, without repeats; none when it is gone), read once. */
  importsAfter(path: string): readonly string[];
}

/** Reads the touched files of both sides at once. */
export function readContext(input: DeltaInput): DeltaContext {
  return runToEnd(readContextSteps(input));
}

/** Reads the touched files of both sides, one file per step. */
export function* readContextSteps(input: DeltaInput): Steps<DeltaContext> {
  const touchedFiles = sortedUnique([...input.reparsed, ...input.removedFiles]);
  const removed = new Set(input.removedFiles);
  const editedFiles: string[] = [];
  for (const path of touchedFiles) {
    if (!removed.has(path) && input.after.hasFile(path)) editedFiles.push(path);
    yield;
  }
  const beforeDefinitions = yield* definitionsOf(input.before, touchedFiles);
  const afterDefinitions = yield* definitionsOf(input.after, editedFiles);
  const context: DeltaContext = {
    input,
    touchedFiles,
    touched: new Set(touchedFiles),
    editedFiles,
    beforeDefinitions,
    afterDefinitions,
    relationsAfter: memoize((path) => (input.after.hasFile(path) ? input.after.relationsIn(path) : [])),
    relationsBefore: memoize((path) => (input.before.hasFile(path) ? input.before.relationsIn(path) : [])),
    // A file the side lacks imports nothing (it has no relations there): no manifest lookup per
    // module, which a walk of the import graph would make for thousands of modules.
    importsAfter: memoize((path) => sortedUnique(input.after.importsOf(path))),
  };
  // Every rule set reads these of each edited file (arity its call sites, import cycles its
  // imports): read them here, where each file is a step.
  for (const path of editedFiles) {
    context.relationsAfter(path);
    context.importsAfter(path);
    yield;
  }
  return context;
}

function* definitionsOf(side: GraphSide, paths: string[]): Steps<Map<string, Definition>> {
  const all: Definition[] = [];
  for (const path of paths) {
    if (side.hasFile(path)) all.push(...side.definitions(path));
    yield;
  }
  all.sort((a, b) => compareText(a.symbol.id, b.symbol.id));
  yield;
  const byId = new Map<string, Definition>();
  for (const definition of all) if (!byId.has(definition.symbol.id)) byId.set(definition.symbol.id, definition);
  return byId;
}

function memoize<T>(read: (path: string) => T): (path: string) => T {
  const cache = new Map<string, T>();
  return (path) => {
    let value = cache.get(path);
    if (value === undefined) {
      value = read(path);
      cache.set(path, value);
    }
    return value;
  };
}
