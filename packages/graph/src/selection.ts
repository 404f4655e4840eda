/**
 * Node selection by preset: which symbols and relations a published graph keeps. `full` keeps
 * everything; `analysis` keeps core declarations, context nodes and the candidates that bridge
 * two of them. Owns the node roles, the bridge rule (two label propagations, linear time), the
 * container rewrite for kept symbols whose container was dropped, and the selected groups'
 * hashes. Pure: never edits its input, never synthesizes a relation.
 */
import { createHash } from 'node:crypto';
import { compareStrings, type SelectionPreset, type SelectionReport, type RelationKind, type RelationRecord, type SymbolKind, type SymbolRecord } from '@repograph/core';
import type { GraphOutput, HashedGroup } from './build.js';
import { graphDigest } from './digest.js';

export interface Selection {
  output: GraphOutput;
  report: SelectionReport;
}

/** Budget hook: called with the work used so far and the chunk about to be added; throws when over budget. */
type WorkCharge = (unit: 'work', used: number, adding: number) => void;

const CONTEXT_KINDS: ReadonlySet<SymbolKind> = new Set(['file', 'directory', 'module', 'package', 'namespace']);
const DECLARATION_KINDS: ReadonlySet<SymbolKind> = new Set([
  'class', 'interface', 'struct', 'enum', 'trait', 'union', 'type_alias', 'function', 'method', 'constructor',
]);
const DATA_KINDS: ReadonlySet<SymbolKind> = new Set(['variable', 'constant']);
/** Containers that make a variable or constant module-scope data. */
const SCOPE_KINDS: ReadonlySet<SymbolKind> = new Set(['file', 'module', 'package', 'namespace']);
/** Relations a bridge path may follow, from -> to. `contains` only goes container -> contained. */
const FOLLOWED_KINDS: ReadonlySet<RelationKind> = new Set([
  'calls', 'instantiates', 'references', 'reads', 'writes', 'type_of', 'extends', 'implements', 'decorates', 'contains',
]);
/** Edge visits charged at a time, so the budget hook stays off the hot path. */
const WORK_CHUNK = 4096;

const CANDIDATE = 0;
const CORE = 1;
const CONTEXT = 2;
const NO_LABEL = -1;

/** Every symbol of the full graph, numbered; `from`/`to` of relations resolve through `byId`. */
interface NodeIndex {
  symbols: SymbolRecord[];
  byId: Map<string, number>;
}

/** Edges in compressed form: the successors of node n are targets[start[n] .. start[n + 1]). */
interface Adjacency {
  start: Int32Array;
  targets: Int32Array;
}

/** The first two distinct core/context labels that reached each node (NO_LABEL when absent). */
interface Labels {
  first: Int32Array;
  second: Int32Array;
}

/**
 * Applies `preset` to a full graph. `full` returns `output` itself. `charge` (optional) is the
 * search budget: it is called with (work used so far, work about to be added) in chunks of
 * WORK_CHUNK edge visits and once at the end, and throws when over budget; the error propagates.
 */
export function selectGraph(output: GraphOutput, preset: SelectionPreset, charge?: WorkCharge): Selection {
  if (preset === 'full') return { output, report: fullReport(output) };
  const index = indexSymbols(output);
  const roles = classify(index);
  const meter = new WorkMeter(charge);
  const published = publishedNodes(roles, followedEdges(output, index), meter);
  meter.flush();
  const isPublished = (id: string): boolean => {
    const node = index.byId.get(id);
    return node !== undefined && published[node] === 1;
  };
  const groups = output.groups
    .map((group) => selectGroup(group, index, isPublished))
    .sort((a, b) => compareStrings(a.path, b.path));
  return {
    output: {
      groups,
      diagnostics: output.diagnostics,
      digest: graphDigest(groups, output.diagnostics),
      counts: { ...output.counts, ...publishedCounts(groups) },
    },
    report: makeReport(preset, roles, published, meter.used),
  };
}

function indexSymbols(output: GraphOutput): NodeIndex {
  const symbols: SymbolRecord[] = [];
  const byId = new Map<string, number>();
  for (const group of output.groups) {
    for (const symbol of group.symbols) {
      if (byId.has(symbol.id)) continue;
      byId.set(symbol.id, symbols.length);
      symbols.push(symbol);
    }
  }
  return { symbols, byId };
}

/** CORE, CONTEXT or CANDIDATE for every node. */
function classify(index: NodeIndex): Uint8Array {
  const roles = new Uint8Array(index.symbols.length);
  const kindOf = (id: string): SymbolKind | undefined => {
    const node = index.byId.get(id);
    return node === undefined ? undefined : index.symbols[node]!.kind;
  };
  index.symbols.forEach((symbol, node) => {
    roles[node] = roleOf(symbol, kindOf);
  });
  return roles;
}

/** The role of one symbol; `kindOf` gives the kind of its container (always in the same file). */
function roleOf(symbol: SymbolRecord, kindOf: (id: string) => SymbolKind | undefined): number {
  if (CONTEXT_KINDS.has(symbol.kind)) return CONTEXT;
  if (DECLARATION_KINDS.has(symbol.kind) || isModuleData(symbol, kindOf)) return CORE;
  return CANDIDATE;
}

/** A variable or constant declared at module scope (no container, its file, or a file/module/package/namespace). */
function isModuleData(symbol: SymbolRecord, kindOf: (id: string) => SymbolKind | undefined): boolean {
  if (!DATA_KINDS.has(symbol.kind)) return false;
  const container = symbol.container;
  if (container === undefined || container === symbol.path) return true;
  const kind = kindOf(container);
  return kind !== undefined && SCOPE_KINDS.has(kind);
}

/** Role counts of one group, kept per group object: a live session reuses unchanged groups. */
const groupRoleCounts = new WeakMap<HashedGroup, { core: number; context: number; total: number }>();

/**
 * The full preset's report, counted group by group (a container lies in its symbol's file) and
 * cached per group, so a refresh that re-assembled a few groups counts only those.
 */
function fullReport(output: GraphOutput): SelectionReport {
  let core = 0;
  let context = 0;
  let total = 0;
  for (const group of output.groups) {
    let counts = groupRoleCounts.get(group);
    if (!counts) {
      const kinds = new Map(group.symbols.map((symbol) => [symbol.id, symbol.kind] as const));
      counts = { core: 0, context: 0, total: group.symbols.length };
      for (const symbol of group.symbols) {
        const role = roleOf(symbol, (id) => kinds.get(id));
        if (role === CORE) counts.core++;
        else if (role === CONTEXT) counts.context++;
      }
      groupRoleCounts.set(group, counts);
    }
    core += counts.core;
    context += counts.context;
    total += counts.total;
  }
  return { preset: 'full', published: total, core, context, bridges: 0, dropped: 0, searchWork: 0 };
}

/** The followed relations between known symbols, as (from, to) node pairs. A file path `from` is its file symbol. */
function followedEdges(output: GraphOutput, index: NodeIndex): Int32Array {
  const pairs: number[] = [];
  for (const group of output.groups) {
    for (const relation of group.relations) {
      if (relation.to === null || !FOLLOWED_KINDS.has(relation.kind)) continue;
      const from = index.byId.get(relation.from);
      const to = index.byId.get(relation.to);
      if (from !== undefined && to !== undefined) pairs.push(from, to);
    }
  }
  return Int32Array.from(pairs);
}

/** Adjacency of `pairs` over `nodeCount` nodes, reversed when `reverse` (counting sort, linear). */
function adjacency(nodeCount: number, pairs: Int32Array, reverse: boolean): Adjacency {
  const tail = reverse ? 1 : 0;
  const start = new Int32Array(nodeCount + 1);
  for (let i = tail; i < pairs.length; i += 2) start[pairs[i]! + 1]!++;
  for (let node = 0; node < nodeCount; node++) start[node + 1]! += start[node]!;
  const fill = start.slice(0, nodeCount);
  const targets = new Int32Array(pairs.length / 2);
  for (let i = 0; i < pairs.length; i += 2) targets[fill[pairs[i + tail]!]!++] = pairs[i + 1 - tail]!;
  return { start, targets };
}

/** 1 for every published node: all core and context nodes, and the candidates that are bridges. */
function publishedNodes(roles: Uint8Array, pairs: Int32Array, meter: WorkMeter): Uint8Array {
  const reached = propagateLabels(adjacency(roles.length, pairs, false), roles, meter);
  const reaching = propagateLabels(adjacency(roles.length, pairs, true), roles, meter);
  const published = new Uint8Array(roles.length);
  for (let node = 0; node < roles.length; node++) {
    published[node] = roles[node] !== CANDIDATE || isBridge(node, reached, reaching) ? 1 : 0;
  }
  return published;
}

/**
 * Spreads core/context labels through candidates along `graph`: every core/context node seeds
 * its own label into its candidate successors; a candidate keeps the first two distinct labels
 * it is offered and passes each label it gains on to its candidate successors. Core/context
 * nodes stop the spread, so a label at a candidate names an end of a path whose interior is
 * candidates only. Each candidate gains at most two labels, so each edge is visited at most
 * three times (one seed, two forwards): O(nodes + edges).
 */
function propagateLabels(graph: Adjacency, roles: Uint8Array, meter: WorkMeter): Labels {
  const nodeCount = roles.length;
  const labels: Labels = { first: new Int32Array(nodeCount).fill(NO_LABEL), second: new Int32Array(nodeCount).fill(NO_LABEL) };
  const queue = new Int32Array(4 * nodeCount); // (node, label) pairs; a node enters at most twice
  let tail = 0;
  const spread = (node: number, label: number): void => {
    for (let edge = graph.start[node]!; edge < graph.start[node + 1]!; edge++) {
      meter.visit();
      const target = graph.targets[edge]!;
      if (roles[target] === CANDIDATE && gainLabel(labels, target, label)) {
        queue[tail++] = target;
        queue[tail++] = label;
      }
    }
  };
  for (let node = 0; node < nodeCount; node++) if (roles[node] !== CANDIDATE) spread(node, node);
  for (let head = 0; head < tail; head += 2) spread(queue[head]!, queue[head + 1]!);
  return labels;
}

/** Adds `label` to `node` if it is new and the node holds fewer than two; true when added. */
function gainLabel(labels: Labels, node: number, label: number): boolean {
  const first = labels.first[node]!;
  if (first === NO_LABEL) {
    labels.first[node] = label;
    return true;
  }
  if (first === label || labels.second[node] !== NO_LABEL) return false;
  labels.second[node] = label;
  return true;
}

/**
 * A candidate is a bridge when some core/context node A reaches it and it reaches some
 * core/context node B != A (paths through candidates only; a path may pass a candidate more
 * than once, which is what label propagation decides; "is there a simple path through this
 * node" is NP-hard on directed graphs).
 *
 * Why propagation order does not matter: let R be the set of core/context nodes that reach the
 * candidate and L its label set. L is a subset of R. If some s in R is missing from L, follow a
 * path s -> c1 -> ... -> ck (= the candidate): c1 was offered s, so it holds s or is full (two
 * labels); a node holding s passed s on, and a full node passed both its labels on, so by
 * induction every ci holds s or is full. Hence |L| < 2 implies L = R, i.e. L is empty exactly
 * when R is, L = {x} exactly when R = {x}, and |L| = 2 exactly when |R| >= 2 - whatever the
 * order. The test below uses only those three facts: "A in R_forward, B in R_backward, A != B"
 * fails only when a side is empty or both sides are the same single node.
 */
function isBridge(node: number, reached: Labels, reaching: Labels): boolean {
  const from = reached.first[node]!;
  const to = reaching.first[node]!;
  if (from === NO_LABEL || to === NO_LABEL) return false;
  if (reached.second[node] !== NO_LABEL || reaching.second[node] !== NO_LABEL) return true;
  return from !== to;
}

/**
 * One group after selection: the same object when nothing in it changed, else a new group with
 * the kept symbols (containers rewritten) and relations, in their original (sorted) order.
 */
function selectGroup(group: HashedGroup, index: NodeIndex, isPublished: (id: string) => boolean): HashedGroup {
  const dropped: string[] = [];
  const markers: string[] = [];
  const symbols: SymbolRecord[] = [];
  for (const symbol of group.symbols) {
    if (!isPublished(symbol.id)) {
      dropped.push(symbol.id);
      continue;
    }
    const container = publishedContainer(symbol, index, isPublished);
    if (container === symbol.container) {
      symbols.push(symbol);
    } else {
      symbols.push({ ...symbol, container });
      markers.push(`\0container\0${symbol.id}\0${container}`);
    }
  }
  const relations: RelationRecord[] = [];
  group.relations.forEach((relation, position) => {
    if (isPublished(relation.from) && (relation.to === null || isPublished(relation.to))) relations.push(relation);
    else markers.push(`\0relation\0${position}`);
  });
  if (dropped.length === 0 && markers.length === 0) return group;
  return { path: group.path, symbols, relations, diagnostics: group.diagnostics, hash: selectedHash(group.hash, dropped, markers) };
}

/**
 * The container a kept symbol shows: its own when published (or unknown to the graph), else
 * the nearest published ancestor along the full graph's container chain, else its file path.
 */
function publishedContainer(symbol: SymbolRecord, index: NodeIndex, isPublished: (id: string) => boolean): string | undefined {
  let container = symbol.container;
  if (container === undefined || isPublished(container) || !index.byId.has(container)) return container;
  for (let steps = 0; steps < index.symbols.length; steps++) {
    const node = index.byId.get(container);
    if (node === undefined) break;
    container = index.symbols[node]!.container;
    if (container === undefined) break;
    if (isPublished(container)) return container;
  }
  return symbol.path;
}

/**
 * Hash of a changed group, derived from the full group's hash and what selection did to it:
 * dropped symbol ids (sorted), then markers for rewritten containers and dropped relations (by
 * position in the sorted relations). Markers start with NUL, so they cannot read as ids.
 */
function selectedHash(fullHash: string, dropped: string[], markers: string[]): string {
  const ids = [...dropped].sort(compareStrings);
  return createHash('sha256').update(`${fullHash}\n${ids.join('\n')}\n${markers.join('\n')}`).digest('hex');
}

function publishedCounts(groups: HashedGroup[]): { symbols: number; relations: number; unresolved: number } {
  const counts = { symbols: 0, relations: 0, unresolved: 0 };
  for (const group of groups) {
    counts.symbols += group.symbols.length;
    counts.relations += group.relations.length;
    for (const relation of group.relations) if (relation.to === null) counts.unresolved++;
  }
  return counts;
}

/** The analysis preset's report. */
function makeReport(preset: SelectionPreset, roles: Uint8Array, published: Uint8Array, searchWork: number): SelectionReport {
  let core = 0;
  let context = 0;
  let bridges = 0;
  roles.forEach((role, node) => {
    if (role === CORE) core++;
    else if (role === CONTEXT) context++;
    else if (published[node] === 1) bridges++;
  });
  const publishedCount = core + context + bridges;
  return { preset, published: publishedCount, core, context, bridges, dropped: roles.length - publishedCount, searchWork };
}

/** Counts edge visits and charges them to the budget hook in chunks. */
class WorkMeter {
  used = 0;
  private pending = 0;
  private readonly charge: WorkCharge | undefined;

  constructor(charge: WorkCharge | undefined) {
    this.charge = charge;
  }

  visit(): void {
    if (++this.pending === WORK_CHUNK) this.flush();
  }

  /** Charges the pending visits (call once more at the end). */
  flush(): void {
    if (this.pending === 0) return;
    this.charge?.('work', this.used, this.pending);
    this.used += this.pending;
    this.pending = 0;
  }
}
