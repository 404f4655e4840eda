/**
 * Tests reaching the edit: the tests (test-conventions.ts) from which a chain of calls or
 * instantiations leads to any symbol of the edited files. A breadth-first search over the
 * reverse call graph (after.relationsInto) starts from all those symbols at once, level by
 * level, so each test gets its shortest depth and `through` holds every edited symbol at the
 * origin of a shortest path. A test inside an edited file reaches at depth 0, through itself.
 * Bounded: depth <= 12 and at most 50,000 visited nodes. Owns the search.
 */
import type { DeltaContext } from './context.js';
import type { TestReaching } from './shapes.js';
import type { Steps } from './steps.js';
import { isTest } from './test-conventions.js';
import { compareText } from './symbol-facts.js';

/** Deepest call chain followed from a test to the edit. */
export const MAX_TEST_DEPTH = 12;
/** Most nodes the search visits. */
export const MAX_VISITED = 50_000;


/** The tests that reach a symbol of the edited files, sorted by id; one node visited per step. */
export function* findTestsReaching(context: DeltaContext): Steps<TestReaching[]> {
  const after = context.input.after;
  const through = new Map<string, ReadonlySet<string>>();
  const depthOf = new Map<string, number>();
  let frontier: string[] = [];
  for (const id of context.afterDefinitions.keys()) {
    through.set(id, new Set([id]));
    depthOf.set(id, 0);
    frontier.push(id);
  }

  for (let depth = 1; depth <= MAX_TEST_DEPTH && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const node of frontier) {
      const origins = through.get(node)!;
      // Callers only: no facts of the callers' files are read on the way.
      for (const caller of after.callersOf(node)) {
        const known = depthOf.get(caller);
        if (known === undefined) {
          if (depthOf.size >= MAX_VISITED) continue;
          depthOf.set(caller, depth);
          through.set(caller, origins);
          next.push(caller);
        } else if (known === depth) {
          through.set(caller, union(through.get(caller)!, origins));
        }
      }
      yield;
    }
    next.sort(compareText);
    frontier = next;
  }

  const reaching: TestReaching[] = [];
  for (const [id, depth] of depthOf) {
    yield;
    const symbol = after.symbol(id);
    if (symbol === undefined || !isTest(symbol)) continue;
    reaching.push({ id, path: symbol.path, depth, through: [...through.get(id)!].sort(compareText) });
  }
  return reaching.sort((a, b) => compareText(a.id, b.id));
}

/**
 * The union of two origin sets. Sets are shared between nodes and never changed in place, so a
 * node reached from one origin set costs no copy; a union makes a new set only when it grows.
 */
function union(known: ReadonlySet<string>, more: ReadonlySet<string>): ReadonlySet<string> {
  if (known === more) return known;
  let merged: Set<string> | undefined;
  for (const origin of more) {
    if (known.has(origin)) continue;
    merged ??= new Set(known);
    merged.add(origin);
  }
  return merged ?? known;
}
