/**
 * A review diagram as typed objects (issue 14, item 5), and the validation of one received from
 * an agent: kind, nodes bound to symbols, edges with a label and an expected relation kind.
 * Mermaid text is refused; sizes are bounded; every refusal names its field. Owns the shape and
 * its validation; checking edges against the graph is verify.ts.
 */
import { RELATION_KINDS, type RelationKind } from '@repograph/core';

export const DIAGRAM_KINDS = ['sequence', 'entity_relation', 'state_machine'] as const;
export type DiagramKind = (typeof DIAGRAM_KINDS)[number];

/** A node, bound to a symbol by its id (`path#Qualified.name`, or a file path) or by a name. */
export interface DiagramNode {
  /** The node's id within the diagram (edges name it). */
  id: string;
  /** A symbol id or a name to resolve at head. */
  symbol: string;
  label?: string;
}

/** An edge, and the relation kind the graph should hold from `from`'s symbol to `to`'s. */
export interface DiagramEdge {
  from: string;
  to: string;
  label: string;
  expected: RelationKind;
}

export interface Diagram {
  kind: DiagramKind;
  title?: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

export type DiagramValidation = { ok: true; diagram: Diagram } | { ok: false; field: string; message: string };

/** Bounds of one diagram. */
export const DIAGRAM_LIMITS = { nodes: 500, edges: 2000, idLength: 200, symbolLength: 1000, textLength: 500 } as const;

/** Unknown node ids an edge refusal names at most (the count says how many more). */
const MAX_NAMED_UNKNOWN = 20;

/** Validates a diagram as received (unknown fields are ignored, and not kept). */
export function validateDiagram(raw: unknown): DiagramValidation {
  if (typeof raw === 'string') {
    return refuse('diagram', 'mermaid or other diagram text is not accepted: send a typed object '
      + '{kind, nodes: [{id, symbol, label?}], edges: [{from, to, label, expected}]}');
  }
  if (!isRecord(raw)) return refuse('diagram', 'expected an object {kind, nodes, edges}');
  if (raw['mermaid'] !== undefined) {
    return refuse('mermaid', 'mermaid text is not accepted: describe the diagram with typed nodes and edges instead');
  }
  if (typeof raw['kind'] !== 'string' || !(DIAGRAM_KINDS as readonly string[]).includes(raw['kind'])) {
    return refuse('kind', `expected one of ${DIAGRAM_KINDS.join(', ')}`);
  }
  const diagram: Diagram = { kind: raw['kind'] as DiagramKind, nodes: [], edges: [] };
  if (raw['title'] !== undefined) {
    const title = text(raw['title'], DIAGRAM_LIMITS.textLength, true);
    if (title === null) return refuse('title', `expected a string of at most ${DIAGRAM_LIMITS.textLength} characters`);
    diagram.title = title;
  }

  const nodes = raw['nodes'];
  if (!Array.isArray(nodes)) return refuse('nodes', 'expected an array of nodes {id, symbol, label?}');
  if (nodes.length > DIAGRAM_LIMITS.nodes) return refuse('nodes', `${nodes.length} nodes: at most ${DIAGRAM_LIMITS.nodes} are accepted`);
  const ids = new Set<string>();
  for (const [index, value] of nodes.entries()) {
    const field = `nodes[${index}]`;
    if (!isRecord(value)) return refuse(field, 'expected an object {id, symbol, label?}');
    const id = text(value['id'], DIAGRAM_LIMITS.idLength);
    if (id === null) return refuse(`${field}.id`, `expected a non-empty string of at most ${DIAGRAM_LIMITS.idLength} characters`);
    if (ids.has(id)) return refuse(`${field}.id`, `duplicate node id "${id}"`);
    ids.add(id);
    const symbol = text(value['symbol'], DIAGRAM_LIMITS.symbolLength);
    if (symbol === null) return refuse(`${field}.symbol`, 'expected a symbol id or a name (a non-empty string)');
    const node: DiagramNode = { id, symbol };
    if (value['label'] !== undefined) {
      const label = text(value['label'], DIAGRAM_LIMITS.textLength, true);
      if (label === null) return refuse(`${field}.label`, `expected a string of at most ${DIAGRAM_LIMITS.textLength} characters`);
      node.label = label;
    }
    diagram.nodes.push(node);
  }

  const edges = raw['edges'];
  if (!Array.isArray(edges)) return refuse('edges', 'expected an array of edges {from, to, label, expected}');
  if (edges.length > DIAGRAM_LIMITS.edges) return refuse('edges', `${edges.length} edges: at most ${DIAGRAM_LIMITS.edges} are accepted`);
  const unknown = new Set<string>();
  let firstUnknownField: string | undefined;
  for (const [index, value] of edges.entries()) {
    const field = `edges[${index}]`;
    if (!isRecord(value)) return refuse(field, 'expected an object {from, to, label, expected}');
    const ends: Record<'from' | 'to', string> = { from: '', to: '' };
    for (const end of ['from', 'to'] as const) {
      const id = text(value[end], DIAGRAM_LIMITS.idLength);
      if (id === null) return refuse(`${field}.${end}`, 'expected a node id (a non-empty string)');
      if (!ids.has(id)) {
        unknown.add(id);
        firstUnknownField ??= `${field}.${end}`;
      }
      ends[end] = id;
    }
    const label = text(value['label'], DIAGRAM_LIMITS.textLength);
    if (label === null) return refuse(`${field}.label`, `expected a non-empty string of at most ${DIAGRAM_LIMITS.textLength} characters`);
    const expected = value['expected'];
    if (typeof expected !== 'string' || !(RELATION_KINDS as readonly string[]).includes(expected)) {
      return refuse(`${field}.expected`, `expected a relation kind: one of ${RELATION_KINDS.join(', ')}`);
    }
    diagram.edges.push({ from: ends.from, to: ends.to, label, expected: expected as RelationKind });
  }
  if (firstUnknownField !== undefined) return refuse(firstUnknownField, unknownMessage([...unknown]));
  return { ok: true, diagram };
}

function unknownMessage(unknown: string[]): string {
  const named = unknown.slice(0, MAX_NAMED_UNKNOWN).map((id) => `"${id}"`).join(', ');
  const more = unknown.length > MAX_NAMED_UNKNOWN ? ` and ${unknown.length - MAX_NAMED_UNKNOWN} more` : '';
  const noun = unknown.length === 1 ? 'an unknown node id' : `${unknown.length} unknown node ids`;
  return `edges name ${noun}: ${named}${more}; every edge end must be the id of a node in nodes`;
}

/** The string when it is at most maxLength long and not blank (blank allowed with allowEmpty), else null. */
function text(value: unknown, maxLength: number, allowEmpty = false): string | null {
  if (typeof value !== 'string' || value.length > maxLength) return null;
  if (!allowEmpty && value.trim() === '') return null;
  return value;
}

function refuse(field: string, message: string): DiagramValidation {
  return { ok: false, field, message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
