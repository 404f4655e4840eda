/**
 * The shortest paths from one symbol to another over the edges a use follows (`graph.path`):
 * calls, instantiates, references and reads, outgoing. A breadth-first search from the start to
 * `maxDepth` hops records the explored edges (one hop per neighbour, the first relation in
 * published order, so parallel call sites do not count as different paths), the distance of every
 * explored symbol to the target is taken backwards over them, and the simple paths are listed by
 * length, shortest first, at most `maxPaths`, each length's in neighbour-id order. Bounded by the
 * `queries` results budget (symbols explored) and a fixed number of enumeration steps; a cut
 * answers what it found with `truncated`. Owns that search.
 */
import type { Confidence, RelationKind, Site } from '@repograph/core';
import type { SnapshotReader } from '@repograph/store';
import type { QueryMeter } from './query-budget.js';

const PATH_KINDS: ReadonlySet<RelationKind> = new Set(['calls', 'instantiates', 'references', 'reads']);
/** Most steps the enumeration of paths takes before it answers what it found. */
const ENUMERATION_STEPS = 200_000;

/** One edge of a path: from a symbol to the next, where and how sure. */
export interface PathHop {
  from: string;
  to: string;
  kind: RelationKind;
  site: Site;
  confidence: Confidence;
}

/** A path: the symbol ids from start to target, and the hops between them. */
export interface SymbolPath {
  length: number;
  symbols: string[];
  hops: PathHop[];
}

export interface PathSearch {
  paths: SymbolPath[];
  /** True when a bound cut the search (more symbols than the results budget, or too many steps): a path may be missing. */
  truncated: boolean;
  /** Symbols the search reached. */
  explored: number;
}

export interface PathOptions {
  maxDepth: number;
  maxPaths: number;
  /** Most symbols explored (the `queries` results budget). */
  maxNodes: number;
}

/** Up to `maxPaths` shortest simple paths from `from` to `to` (for `from === to`: the shortest cycles through it). */
export function findPaths(reader: SnapshotReader, from: string, to: string, options: PathOptions, meter: QueryMeter): PathSearch {
  const { hops, distance, truncated: cut } = explore(reader, from, to, options, meter);
  let truncated = cut;
  const toTarget = distancesTo(to, hops);
  const paths: SymbolPath[] = [];
  const onPath = new Set([from]);
  const trail: PathHop[] = [];
  let steps = 0;
  const visit = (node: string, depth: number, length: number): void => {
    for (const hop of hops.get(node) ?? []) {
      if (paths.length >= options.maxPaths || truncated) return;
      if (++steps > ENUMERATION_STEPS) { truncated = true; return; }
      if (hop.to === to) {
        if (depth + 1 === length) paths.push({ length, symbols: [from, ...trail.map((each) => each.to), to], hops: [...trail, hop] });
        continue;
      }
      const rest = toTarget.get(hop.to);
      if (onPath.has(hop.to) || rest === undefined || depth + 1 + rest > length) continue;
      onPath.add(hop.to);
      trail.push(hop);
      visit(hop.to, depth + 1, length);
      trail.pop();
      onPath.delete(hop.to);
    }
  };
  const shortest = from === to ? 1 : toTarget.get(from);
  if (shortest !== undefined) {
    for (let length = shortest; length <= options.maxDepth && paths.length < options.maxPaths && !truncated; length++) visit(from, 0, length);
  }
  return { paths, truncated, explored: distance.size };
}

/** Breadth first from `from` to `maxDepth` hops: each expanded symbol's hops (one per neighbour, sorted by id). */
function explore(reader: SnapshotReader, from: string, to: string, options: PathOptions, meter: QueryMeter): {
  hops: Map<string, PathHop[]>; distance: Map<string, number>; truncated: boolean;
} {
  const hops = new Map<string, PathHop[]>();
  const distance = new Map([[from, 0]]);
  let truncated = false;
  let frontier = [from];
  for (let depth = 0; depth < options.maxDepth && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const id of frontier) {
      // A path ends at the target: what lies beyond it is never on one (the start may be the target: a cycle).
      if (id === to && depth > 0) continue;
      const relations = reader.relationsFrom(id);
      meter.work(relations.length);
      const byNeighbour = new Map<string, PathHop>();
      for (const relation of relations) {
        if (!PATH_KINDS.has(relation.kind) || relation.to === null || byNeighbour.has(relation.to)) continue;
        byNeighbour.set(relation.to, { from: id, to: relation.to, kind: relation.kind, site: relation.site, confidence: relation.confidence });
      }
      const sorted = [...byNeighbour.values()].sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
      const kept: PathHop[] = [];
      for (const hop of sorted) {
        if (!distance.has(hop.to)) {
          if (distance.size >= options.maxNodes && hop.to !== to) { truncated = true; continue; }
          distance.set(hop.to, depth + 1);
          next.push(hop.to);
        }
        kept.push(hop);
      }
      hops.set(id, kept);
    }
    frontier = next;
  }
  return { hops, distance, truncated };
}

/** Hops from each explored symbol to `to`, backwards over the explored edges. */
function distancesTo(to: string, hops: ReadonlyMap<string, PathHop[]>): Map<string, number> {
  const reverse = new Map<string, string[]>();
  for (const [from, out] of hops) {
    for (const hop of out) {
      const list = reverse.get(hop.to);
      if (list) list.push(from); else reverse.set(hop.to, [from]);
    }
  }
  const distance = new Map([[to, 0]]);
  let frontier = [to];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const from of reverse.get(id) ?? []) {
        if (distance.has(from)) continue;
        distance.set(from, depth);
        next.push(from);
      }
    }
    frontier = next;
  }
  return distance;
}
