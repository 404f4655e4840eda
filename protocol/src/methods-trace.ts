/**
 * `graph.trace` (issue 17): the call tree from an entry, a function or method, or an endpoint
 * `METHOD /path`, with each node's architecture facts: the endpoints it handles or registers, the
 * configuration keys it reads, the tables it declares or touches, and whether it is generated.
 * Takes ReadScope (a workspace, or `commit` for that commit's baseline). @since 0.4.4
 */
import { RequestType } from 'vscode-jsonrpc';
import type { ErrorData } from './errors.js';
import type { ReadScope, WireConfidence, WireSite, WireSymbol, WithMeta } from './shapes.js';

export interface GraphTraceParams extends ReadScope {
  /**
   * A function, method or constructor id (`src/orders.ts#createOrder`), or an endpoint
   * `METHOD /path` (`POST /orders/:id`; `/path` alone: any method). An endpoint is matched against
   * the endpoints' full paths (mounts applied), segment by segment: a parameter segment on either
   * side (`:id`, `{id}`, `<int:id>`, `[id]`, `*`) matches any one segment, a last catch-all segment
   * the rest; of the matches, those with the most segments equal as written are kept (a parameter
   * against a parameter counting half), then a method named exactly over `ANY`. Every kept
   * endpoint's handler is traced (at most 8 roots, in the endpoints' order).
   */
  entry: string;
  /** Levels below the entry; default 4, from 1 to 8 (and at most the `queries.depth` budget): InvalidParams otherwise. */
  depth?: number;
}

/** An endpoint on a trace node (it handles or registers it), or one the entry matched. */
export interface TraceEndpoint {
  method: string;
  /** The full path, mounts applied. */
  path: string;
  /** The path as registered at its site. */
  pattern: string;
  framework: string;
  partial: boolean;
  /** The handler's id, null when it binds to nothing in the tree. */
  handler: string | null;
  site: WireSite;
}

/** A configuration key a node reads, at one site. */
export interface TraceConfigKey {
  key: string;
  access: string;
  default?: string;
  partial: boolean;
  site: WireSite;
}

/** A table a node declares (`model`) or touches (`read`, `write`), at one site. */
export interface TraceTable {
  table: string;
  access: string;
  framework: string;
  partial: boolean;
  /** The model's id where the fact names one (null: it binds to nothing). */
  model?: string | null;
  site: WireSite;
}

/**
 * One node: the symbol, where its parent calls it (empty for a root), its facts, its children.
 * The tree is built breadth first: a symbol reached several ways is expanded where it is nearest
 * the entry, and its facts are listed there; a later occurrence has `seen: true` and no children,
 * one already on the path from the root `cycle: true` and no children.
 */
export interface TraceNode {
  symbol: WireSymbol;
  sites: Array<WireSite & { confidence: WireConfidence }>;
  endpoints: TraceEndpoint[];
  configKeys: TraceConfigKey[];
  tables: TraceTable[];
  generated?: true;
  cycle?: true;
  seen?: true;
  children: TraceNode[];
}

/**
 * Children follow outgoing `calls` and `instantiates` (a class reached by `new` through its
 * constructor), in published order with hand-written symbols first, at most 200 per node. At most
 * 2,000 nodes (and the `queries.results` budget), within the `queries` work and time budgets; a
 * bound that cuts the tree gives `truncated: true`. An entry that is a symbol but not a function,
 * method or constructor is InvalidParams (`field: 'entry'`); an unknown id, or an endpoint that
 * matches none, is SymbolNotFound.
 */
export interface GraphTracePayload {
  entry: string;
  /** The endpoints an endpoint entry matched (empty for a symbol entry); one whose handler is null has no root. */
  endpoints: TraceEndpoint[];
  roots: TraceNode[];
  depth: number;
  nodes: number;
  truncated: boolean;
  /** False when the snapshot's architecture facts could not be read (the node lists are then empty, not known empty). */
  factsAvailable: boolean;
}
export type GraphTraceResult = WithMeta<GraphTracePayload>;

export const GraphTraceMethod = 'graph.trace';
export const GraphTraceRequest = new RequestType<GraphTraceParams, GraphTraceResult, ErrorData>(GraphTraceMethod);
