/**
 * New import cycles: strongly connected components of the module import graph (size > 1, or a
 * module importing itself) that hold an edited module and were not a component before (the
 * same set of modules, computed on the before side). Only what the edited modules reach is
 * explored, on each side. Each cycle is reported once, as the modules along it starting at the
 * smallest path: the first Hamiltonian cycle found by a bounded search that tries successors in
 * sorted order (a plain ring always has one); when the component has none, or the search runs
 * out of budget, the component's modules sorted. Owns the comparison and the ordering; the
 * algorithm is strongly-connected.ts.
 */
import type { GraphSide } from '@repograph/engine';
import type { DeltaContext } from './context.js';
import { stronglyConnected, type Component } from './strongly-connected.js';
import { compareText, sortedUnique } from './symbol-facts.js';

/** Steps the search for a cycle through every module of a component may take. */
const CYCLE_SEARCH_BUDGET = 20_000;

/** The import cycles that the change created, each as the list of module paths along it. */
export function findNewImportCycles(context: DeltaContext): string[][] {
  const { before } = context.input;
  if (sameImportGraph(context)) return [];
  const edited = new Set(context.editedFiles);
  const importsAfter = context.importsAfter;
  const created = stronglyConnected(context.editedFiles, importsAfter)
    .filter((component) => isCycle(component) && component.nodes.some((node) => edited.has(node)));
  if (created.length === 0) return [];

  const roots = sortedUnique(created.flatMap((component) => component.nodes)).filter((path) => before.hasFile(path));
  const existing = new Set(stronglyConnected(roots, importGraph(before)).filter(isCycle).map(componentKey));
  const cycles = created
    .filter((component) => !existing.has(componentKey(component)))
    .map((component) => orderAlongCycle(component, importsAfter));
  return cycles.sort((a, b) => compareText(a.join('\n'), b.join('\n')));
}

/**
 * True when the change cannot have altered any import edge: no file came or went, every touched
 * file is parsed source on both sides (a manifest steers how every import resolves), and each
 * one imports the same modules as before. Then every other file's imports resolve as before too,
 * the import graph is the same, and no component is new. A body edit (the usual push) ends here
 * instead of walking the modules the edit reaches on both sides.
 */
function sameImportGraph(context: DeltaContext): boolean {
  const { before, after } = context.input;
  if (context.editedFiles.length !== context.touchedFiles.length) return false;
  for (const path of context.editedFiles) {
    if (!before.isParsed(path) || !after.isParsed(path)) return false;
    const previous = sortedUnique(before.importsOf(path));
    const now = context.importsAfter(path);
    if (previous.length !== now.length || previous.some((module, index) => module !== now[index])) return false;
  }
  return true;
}

function isCycle(component: Component): boolean {
  return component.nodes.length > 1 || component.selfLoop;
}

function componentKey(component: Component): string {
  return sortedUnique(component.nodes).join('\n');
}

/** importsOf as a successor function: sorted, without repeats, read once per module (none for a file the side lacks). */
function importGraph(side: GraphSide): (path: string) => readonly string[] {
  const cache = new Map<string, string[]>();
  return (path) => {
    let next = cache.get(path);
    if (next === undefined) {
      next = sortedUnique(side.importsOf(path));
      cache.set(path, next);
    }
    return next;
  };
}

/** The component's modules along a cycle through all of them from the smallest, else sorted. */
function orderAlongCycle(component: Component, imports: (path: string) => readonly string[]): string[] {
  const members = sortedUnique(component.nodes);
  if (members.length === 1) return members;
  const inside = new Set(members);
  const start = members[0]!;
  const path: string[] = [start];
  const onPath = new Set(path);
  const choices: string[][] = [imports(start).filter((next) => inside.has(next) && next !== start)];
  let steps = 0;
  while (path.length > 0 && steps++ < CYCLE_SEARCH_BUDGET) {
    const last = path[path.length - 1]!;
    if (path.length === members.length && imports(last).includes(start)) return path;
    const options = choices[choices.length - 1]!;
    const next = path.length < members.length ? options.shift() : undefined;
    if (next === undefined) {
      onPath.delete(path.pop()!);
      choices.pop();
      continue;
    }
    if (onPath.has(next)) continue;
    path.push(next);
    onPath.add(next);
    choices.push(imports(next).filter((candidate) => inside.has(candidate) && !onPath.has(candidate)));
  }
  return members;
}
