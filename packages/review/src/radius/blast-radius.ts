/**
 * The blast radius of a change: every symbol, file and test that transitively reaches a changed
 * symbol, each with its smallest depth and a shortest path to the seed it reaches (ties broken by
 * sorted ids), within the radius budgets (budgets.ts: depth 6 by default, at most 20; 5,000 nodes;
 * 100,000 relation rows), and `truncated` saying which budget cut the walk, its limit and how many
 * nodes were left unexplored. Owns the answer's shape; the walk itself is traversal.ts's.
 */
import { compareStrings } from '@repograph/core';
import { isTest } from '@repograph/analysis';
import type { BlastRadius, ReachedNode, ReviewGraph } from '../types.js';
import { radiusBudgets, type RadiusOptions } from './budgets.js';
import { pathOfId, walkRadius, type Reach } from './traversal.js';

/**
 * The nodes reaching `seeds` (changed symbol ids, or file paths) over reverse calls,
 * instantiations, references, extends, implements and imports. Seeds are not listed among the
 * symbols; symbols and tests are sorted by (depth, id), files by path. InvalidParams when an
 * option is out of range.
 */
export function blastRadius(graph: ReviewGraph, seeds: readonly string[], options: RadiusOptions = {}): BlastRadius {
  const walk = walkRadius(graph, seeds, radiusBudgets(options));
  const symbols: ReachedNode[] = [];
  for (const [id, reach] of walk.reached) {
    if (reach.parent !== null) symbols.push(reachedNode(graph, walk.reached, id, reach));
  }
  symbols.sort(compareReached);
  return {
    seeds: walk.seeds,
    symbols,
    files: reachedFiles(symbols),
    tests: symbols.filter((node) => node.test),
    truncated: walk.truncated,
  };
}

/** Orders reached nodes by depth, then id. */
export function compareReached(a: ReachedNode, b: ReachedNode): number {
  return a.depth - b.depth || compareStrings(a.id, b.id);
}

function reachedNode(graph: ReviewGraph, reached: ReadonlyMap<string, Reach>, id: string, reach: Reach): ReachedNode {
  const symbol = graph.symbol(id);
  const path = symbol?.path ?? pathOfId(id);
  // A `from` with no record of its own (not expected in a published graph) keeps its id's path.
  const kind = symbol?.kind ?? (path === id ? 'file' : 'unknown');
  return { id, path, kind, depth: reach.depth, through: throughOf(reached, id), test: symbol !== undefined && isTest(symbol) };
}

/** The ids from `id` along its parents to its seed, `id` first. */
function throughOf(reached: ReadonlyMap<string, Reach>, id: string): string[] {
  const through = [id];
  let parent = reached.get(id)?.parent ?? null;
  while (parent !== null) {
    through.push(parent);
    parent = reached.get(parent)?.parent ?? null;
  }
  return through;
}

/** The reached nodes' files, each with its smallest depth, sorted by path. */
function reachedFiles(symbols: readonly ReachedNode[]): Array<{ path: string; depth: number }> {
  const depthOf = new Map<string, number>();
  for (const node of symbols) {
    const known = depthOf.get(node.path);
    if (known === undefined || node.depth < known) depthOf.set(node.path, node.depth);
  }
  return [...depthOf].sort((a, b) => compareStrings(a[0], b[0])).map(([path, depth]) => ({ path, depth }));
}
