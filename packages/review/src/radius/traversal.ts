/**
 * The breadth-first walk behind the blast radius: from the seeds (changed symbols, or file paths)
 * to every node that uses them, over reverse relations of the kinds in RADIUS_KINDS, level by
 * level with each frontier sorted by id. A node keeps its smallest depth and, as parent, the
 * smallest id one level nearer the seeds, so following parents gives the lexicographically
 * smallest shortest path. A relation's `from` is a symbol id or, for module-level sites, a file
 * path, which is the file symbol's id. A seed symbol is also reached through the imports of its
 * file (a module importing the file that defines a changed symbol); nodes past the seeds are
 * reached only through their own incoming relations, since their users' imports say nothing about
 * which symbol they use. Counts listed nodes and relation rows read against the budgets and says
 * where it cut. Owns the walk; the answer's shape is blast-radius.ts's.
 */
import { compareStrings, type RelationKind, type RelationRecord } from '@repograph/core';
import type { ReviewGraph, Truncation } from '../types.js';
import type { RadiusBudgets } from './budgets.js';

/**
 * The relations the radius follows backwards: the uses of a symbol. `reads` is one: a function
 * passed as a value (`items.map(withTax)`) or a constant read is used as surely as one called.
 */
export const RADIUS_KINDS: ReadonlySet<RelationKind> = new Set<RelationKind>([
  'calls', 'instantiates', 'references', 'reads', 'extends', 'implements', 'imports',
]);
const IMPORTS_ONLY: ReadonlySet<RelationKind> = new Set<RelationKind>(['imports']);

/** How a node was reached: its smallest depth and its parent (null for a seed). */
export interface Reach {
  depth: number;
  parent: string | null;
}

/** What the walk found: the sorted seeds, every node reached (seeds included), and any cut. */
export interface RadiusWalk {
  seeds: string[];
  reached: Map<string, Reach>;
  truncated: Truncation | null;
}

interface WalkState {
  readonly graph: ReviewGraph;
  readonly budgets: RadiusBudgets;
  readonly reached: Map<string, Reach>;
  /** Files whose incoming imports were read for a seed. */
  readonly seedFilesRead: Set<string>;
  listed: number;
  rowsRead: number;
}

/** The users of a node not reached yet, sorted; `complete` is false when the row budget cut it. */
interface Expansion {
  users: string[];
  complete: boolean;
}

/** Walks from `seeds` within `budgets`. Seeds are sorted and deduplicated first. */
export function walkRadius(graph: ReviewGraph, seeds: readonly string[], budgets: RadiusBudgets): RadiusWalk {
  const sorted = [...new Set(seeds)].sort(compareStrings);
  const state: WalkState = { graph, budgets, reached: new Map(), seedFilesRead: new Set(), listed: 0, rowsRead: 0 };
  for (const seed of sorted) state.reached.set(seed, { depth: 0, parent: null });
  let frontier = sorted;
  for (let depth = 1; depth <= budgets.depth && frontier.length > 0; depth++) {
    const level = expandLevel(state, frontier, depth);
    if (level.truncated !== null) return { seeds: sorted, reached: state.reached, truncated: level.truncated };
    frontier = level.next;
  }
  const truncated = frontier.length > 0 ? probeBeyondDepth(state, frontier) : null;
  return { seeds: sorted, reached: state.reached, truncated };
}

/** The path of a symbol id (`<path>#<qualifiedName>`), or the id itself for a file id. */
export function pathOfId(id: string): string {
  const hash = id.indexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}

/**
 * Lists the unreached users of each frontier node at `depth`, in frontier order, and returns the
 * next frontier (sorted). At a cut, `unexplored` counts the users that did not fit, the node whose
 * rows were not all read, and the listed nodes still waiting for their users to be read.
 */
function expandLevel(state: WalkState, frontier: readonly string[], depth: number): { next: string[]; truncated: Truncation | null } {
  const next: string[] = [];
  for (let index = 0; index < frontier.length; index++) {
    const node = frontier[index]!;
    const expansion = usersOf(state, node, depth === 1);
    let rejected = 0;
    for (const user of expansion.users) {
      if (state.listed >= state.budgets.maxNodes) {
        rejected++;
        continue;
      }
      state.reached.set(user, { depth, parent: node });
      state.listed++;
      next.push(user);
    }
    if (!expansion.complete || rejected > 0) {
      const waiting = (expansion.complete ? 0 : 1) + (frontier.length - index - 1) + next.length;
      const truncated: Truncation = expansion.complete
        ? { budget: 'nodes', limit: state.budgets.maxNodes, unexplored: rejected + waiting }
        : { budget: 'edges', limit: state.budgets.maxEdges, unexplored: rejected + waiting };
      return { next, truncated };
    }
  }
  next.sort(compareStrings);
  return { next, truncated: null };
}

/**
 * After the last level: the distinct users one edge past the depth (a `depth` cut), or null
 * when there are none. If the row budget runs out first with none found, the cut is `edges`,
 * and the frontier nodes whose users were not all read are the unexplored.
 */
function probeBeyondDepth(state: WalkState, frontier: readonly string[]): Truncation | null {
  const beyond = new Set<string>();
  for (let index = 0; index < frontier.length; index++) {
    const expansion = usersOf(state, frontier[index]!, false);
    for (const user of expansion.users) beyond.add(user);
    if (!expansion.complete && beyond.size === 0) {
      return { budget: 'edges', limit: state.budgets.maxEdges, unexplored: frontier.length - index };
    }
    if (!expansion.complete) break;
  }
  return beyond.size > 0 ? { budget: 'depth', limit: state.budgets.depth, unexplored: beyond.size } : null;
}

/** The unreached users of `node`; for a seed symbol, also the files importing its file. */
function usersOf(state: WalkState, node: string, isSeed: boolean): Expansion {
  const users = new Set<string>();
  let complete = readUsers(state, state.graph.relationsTo(node), RADIUS_KINDS, users);
  if (isSeed) {
    const file = seedFile(state.graph, node);
    if (file === null) {
      state.seedFilesRead.add(node);
    } else if (complete && !state.seedFilesRead.has(file)) {
      state.seedFilesRead.add(file);
      complete = readUsers(state, state.graph.relationsTo(file), IMPORTS_ONLY, users);
    }
  }
  return { users: [...users].sort(compareStrings), complete };
}

/** Adds the `from` of each row of `kinds` not reached yet; false when the row budget ran out. */
function readUsers(state: WalkState, rows: readonly RelationRecord[], kinds: ReadonlySet<RelationKind>, users: Set<string>): boolean {
  for (const row of rows) {
    if (state.rowsRead >= state.budgets.maxEdges) return false;
    state.rowsRead++;
    if (row.to !== null && kinds.has(row.kind) && !state.reached.has(row.from)) users.add(row.from);
  }
  return true;
}

/** The file defining a seed symbol, or null when the seed is itself a file. */
function seedFile(graph: ReviewGraph, seed: string): string | null {
  const symbol = graph.symbol(seed);
  if (symbol !== undefined) return symbol.kind === 'file' ? null : symbol.path;
  const path = pathOfId(seed);
  return path === seed ? null : path;
}
