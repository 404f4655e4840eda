/**
 * Checks a validated diagram against the head graph: binds every node to one symbol (by id, or by
 * a name with exactly one candidate), then marks every edge `verified`, with the site of a
 * relation that supports it as evidence, or `unverified` with why. An unverified edge is returned
 * as such, never as fact. Owns the binding and the edge check; the shape is diagram.ts, the kind
 * table compatibility.ts, containment members.ts.
 *
 * An edge from A to B is supported by a relation of a compatible kind whose `from` is A's symbol
 * or one it contains, and whose `to` is B's symbol or one it contains. Imports and exports are
 * file-level facts, so for those the file that declares A, and the file that declares B, count.
 */
import { compareRelations, type Confidence, type RelationKind, type RelationRecord, type SymbolRecord } from '@repograph/core';
import type { ReviewGraph } from '../types.js';
import { COMPATIBLE_KINDS, supports } from './compatibility.js';
import type { Diagram, DiagramEdge, DiagramKind } from './diagram.js';
import { cached, membersOf, MAX_MEMBERS, type Members } from './members.js';

/** Candidate ids a name resolves to at head (the caller's name index). */
export type NameResolver = (name: string) => readonly string[];

/** How a node was bound. */
export type NodeResolution =
  | { id: string; symbol: string; label?: string; status: 'resolved'; symbolId: string; by: 'id' | 'name' }
  | { id: string; symbol: string; label?: string; status: 'unresolved'; reason: string; candidates: string[] };

/** Where the graph supports an edge. */
export interface EdgeEvidence {
  path: string;
  line: number;
  column: number;
  relation: RelationKind;
  from: string;
  to: string;
  confidence: Confidence;
}

export type EdgeVerification =
  | (DiagramEdge & { status: 'verified'; evidence: EdgeEvidence; supportingRelations: number })
  | (DiagramEdge & { status: 'unverified'; why: string });

export interface DiagramVerification {
  kind: DiagramKind;
  title?: string;
  nodes: NodeResolution[];
  edges: EdgeVerification[];
  verifiedEdges: number;
  unverifiedEdges: number;
}

/** Candidates an ambiguity message names at most. */
const MAX_NAMED_CANDIDATES = 10;
const CONFIDENCE_ORDER: Record<Confidence, number> = { exact: 0, typed: 1, heuristic: 2 };

/** Verifies every node and edge of the diagram against the graph. Never throws. */
export function verifyDiagram(diagram: Diagram, graph: ReviewGraph, resolveName: NameResolver): DiagramVerification {
  const nodes = diagram.nodes.map((node) => resolveNode(node, graph, resolveName));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const members = new Map<string, Members>();
  const relationsFrom = new Map<string, RelationRecord[]>();
  const context: EdgeContext = {
    graph,
    membersOf: (symbol) => cached(members, symbol.id, () => membersOf(graph, symbol)),
    relationsFrom: (id) => cached(relationsFrom, id, () => graph.relationsFrom(id)),
  };
  const edges = diagram.edges.map((edge) => verifyEdge(edge, byId.get(edge.from), byId.get(edge.to), context));
  const verifiedEdges = edges.filter((edge) => edge.status === 'verified').length;
  const result: DiagramVerification = { kind: diagram.kind, nodes, edges, verifiedEdges, unverifiedEdges: edges.length - verifiedEdges };
  if (diagram.title !== undefined) result.title = diagram.title;
  return result;
}

function resolveNode(node: Diagram['nodes'][number], graph: ReviewGraph, resolveName: NameResolver): NodeResolution {
  const base = { id: node.id, symbol: node.symbol, ...(node.label === undefined ? {} : { label: node.label }) };
  if (graph.symbol(node.symbol) !== undefined) return { ...base, status: 'resolved', symbolId: node.symbol, by: 'id' };
  let named: readonly string[];
  try {
    named = resolveName(node.symbol);
  } catch {
    named = [];
  }
  const candidates = [...new Set(named)].filter((id) => graph.symbol(id) !== undefined).sort();
  if (candidates.length === 1) return { ...base, status: 'resolved', symbolId: candidates[0]!, by: 'name' };
  if (candidates.length === 0) {
    const reason = node.symbol.includes('#')
      ? `no symbol with the id "${node.symbol}" (or by that name) at head`
      : `no symbol named "${node.symbol}" at head`;
    return { ...base, status: 'unresolved', reason, candidates };
  }
  const named10 = candidates.slice(0, MAX_NAMED_CANDIDATES).join(', ');
  const more = candidates.length > MAX_NAMED_CANDIDATES ? ` and ${candidates.length - MAX_NAMED_CANDIDATES} more` : '';
  const reason = `"${node.symbol}" names ${candidates.length} symbols at head (${named10}${more}): bind the node by id`;
  return { ...base, status: 'unresolved', reason, candidates };
}

interface EdgeContext {
  graph: ReviewGraph;
  membersOf(symbol: SymbolRecord): Members;
  relationsFrom(id: string): RelationRecord[];
}

function verifyEdge(
  edge: DiagramEdge,
  from: NodeResolution | undefined,
  to: NodeResolution | undefined,
  context: EdgeContext,
): EdgeVerification {
  const source = endSymbol(edge.from, from, context.graph);
  if (typeof source === 'string') return { ...edge, status: 'unverified', why: source };
  const target = endSymbol(edge.to, to, context.graph);
  if (typeof target === 'string') return { ...edge, status: 'unverified', why: target };
  const fileLevel = edge.expected === 'imports' || edge.expected === 'exports';
  const sourceMembers = context.membersOf(source);
  const targetMembers = context.membersOf(target);
  const sourceIds = fileLevel ? new Set([...sourceMembers.ids, source.path]) : sourceMembers.ids;
  const reachesTarget = (id: string): boolean => targetMembers.ids.has(id) || (fileLevel && id === target.path);

  const supporting: RelationRecord[] = [];
  const otherKinds = new Set<RelationKind>();
  for (const id of sourceIds) {
    for (const relation of context.relationsFrom(id)) {
      if (relation.to === null || !reachesTarget(relation.to)) continue;
      if (supports(edge.expected, relation.kind)) supporting.push(relation);
      else if (relation.kind !== 'contains') otherKinds.add(relation.kind);
    }
  }
  if (supporting.length === 0) {
    const kinds = COMPATIBLE_KINDS[edge.expected].join(' or ');
    const other = otherKinds.size > 0 ? `; the graph has ${[...otherKinds].sort().join(', ')} between them instead` : '';
    const cut = sourceMembers.truncated || targetMembers.truncated ? ` (searched the first ${MAX_MEMBERS} members)` : '';
    return {
      ...edge,
      status: 'unverified',
      why: `no ${kinds} relation from ${source.id} or what it contains to ${target.id} or what it contains at head${other}${cut}`,
    };
  }
  const best = supporting.sort((a, b) => rank(a, edge.expected) - rank(b, edge.expected) || compareRelations(a, b))[0]!;
  return {
    ...edge,
    status: 'verified',
    evidence: { ...best.site, relation: best.kind, from: best.from, to: best.to!, confidence: best.confidence },
    supportingRelations: supporting.length,
  };
}

/** The symbol an edge end is bound to, or why there is none. */
function endSymbol(id: string, node: NodeResolution | undefined, graph: ReviewGraph): SymbolRecord | string {
  if (node === undefined) return `node "${id}" is not in the diagram`;
  if (node.status === 'unresolved') return `node "${id}" is unresolved: ${node.reason}`;
  return graph.symbol(node.symbolId) ?? `node "${id}": ${node.symbolId} is gone from the graph`;
}

/** Exact-kind relations first, then by confidence. */
function rank(relation: RelationRecord, expected: RelationKind): number {
  return (relation.kind === expected ? 0 : 3) + CONFIDENCE_ORDER[relation.confidence];
}

