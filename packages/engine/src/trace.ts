/**
 * graph.trace: the call tree from an entry (a function or method, or an endpoint `METHOD /path`:
 * trace-entry.ts) with each node's architecture facts (architecture-facts.ts): the endpoints it
 * handles or registers, the configuration keys it reads, the tables it touches, and whether it is
 * generated. Owns the walk and its bounds:
 * - breadth first, so a symbol reached several ways is expanded where it is nearest the entry;
 *   later occurrences are shown with `seen: true` and not expanded again, and one already on the
 *   path from the root with `cycle: true`; facts are listed at a symbol's first occurrence only;
 * - outgoing `calls` and `instantiates` (a class reached by `new` is expanded through its
 *   constructor), children in published order, hand-written before generated, at most 200 each;
 * - depth 4 by default, at most 8 (and at most the `queries.depth` budget); at most
 *   min(`queries.results`, 2,000) nodes; the `queries` work and time budgets. A bound that cuts
 *   the tree answers what was found with `truncated: true`.
 * An endpoint entry that matches several endpoints traces each distinct handler (at most 8 roots,
 * in endpoint order); an endpoint whose handler binds to nothing is listed without a root.
 */
import { RepographError, type Confidence, type RelationKind, type Site, type SymbolKind, type SymbolRecord } from '@repograph/core';
import type { SnapshotReader } from '@repograph/store';
import type { ArchitectureFacts, Endpoint, SymbolSurfaceFact } from './architecture-facts.js';
import type { QueryMeter } from './query-budget.js';
import { handWrittenFirst } from './search-rank.js';
import { matchEndpoints, parseEndpointEntry } from './trace-entry.js';

/** graph.trace's default depth and its own bound (the `queries.depth` budget may be lower). */
export const TRACE_DEFAULT_DEPTH = 4;
export const TRACE_MAX_DEPTH = 8;
/** Most nodes in one trace (the `queries.results` budget may be lower). */
export const TRACE_MAX_NODES = 2000;
/** Most roots one endpoint entry traces. */
export const TRACE_MAX_ROOTS = 8;
const MAX_CHILDREN = 200;
const FOLLOWED: ReadonlySet<RelationKind> = new Set(['calls', 'instantiates']);
const ENTRY_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor']);
/** What a class reached by `new` runs, by language. */
const CONSTRUCTOR_NAMES = ['constructor', '__init__'];

/** An endpoint on a trace node (the node handles or registers it), or one an endpoint entry matched. */
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
  site: Site;
}

/** A configuration key a trace node reads. */
export interface TraceConfigKey {
  key: string;
  /** The form that read it (`process.env`, `os.getenv`, ...). */
  access: string;
  default?: string;
  partial: boolean;
  site: Site;
}

/** A table a trace node declares or touches. */
export interface TraceTable {
  table: string;
  /** `model`, `read` or `write`. */
  access: string;
  framework: string;
  partial: boolean;
  /** The model's id where the fact names one (null: it binds to nothing). */
  model?: string | null;
  site: Site;
}

/** One node of a trace. */
export interface TraceNode {
  symbol: SymbolRecord;
  /** Where the parent calls it (empty for a root). */
  sites: Array<Site & { confidence: Confidence }>;
  /** The endpoints it handles or registers (at its first occurrence). */
  endpoints: TraceEndpoint[];
  /** The configuration keys it reads. */
  configKeys: TraceConfigKey[];
  /** The tables it declares or touches. */
  tables: TraceTable[];
  /** Present (true) when the symbol lies in a generated file. */
  generated?: true;
  /** Present (true) when the symbol is already on the path from the root: shown, not expanded. */
  cycle?: true;
  /** Present (true) when the symbol was expanded where it first appears: shown, not expanded again. */
  seen?: true;
  children: TraceNode[];
}

/** A trace: the entry as given, the endpoints it matched, one root per traced symbol. */
export interface CallTrace {
  entry: string;
  /** The endpoints an endpoint entry matched (empty for a symbol entry). */
  endpoints: TraceEndpoint[];
  roots: TraceNode[];
  depth: number;
  /** Nodes in the tree, roots included. */
  nodes: number;
  /** True when a bound cut the tree (nodes, children per node, roots, the work or time budget). */
  truncated: boolean;
  /** False when the snapshot has no architecture facts (the lists on nodes are then empty, not known empty). */
  factsAvailable: boolean;
}

export interface TraceBounds {
  depth: number;
  maxNodes: number;
}

/** The symbols an entry names: one function or method, or the handlers of the endpoints it matches. */
export function traceRoots(reader: SnapshotReader, entry: string, facts: ArchitectureFacts, generation: number): {
  roots: SymbolRecord[]; endpoints: TraceEndpoint[]; truncated: boolean;
} {
  if (typeof entry !== 'string' || entry === '') {
    throw new RepographError('InvalidParams', '`entry` must be a symbol id such as `src/a.ts#handle`, or an endpoint such as `POST /orders`.', { field: 'entry' });
  }
  const symbol = reader.getSymbol(entry);
  if (symbol) {
    if (!ENTRY_KINDS.has(symbol.kind)) {
      throw new RepographError('InvalidParams',
        `entry: '${entry}' is a ${symbol.kind}; graph.trace starts at a function, method or constructor, or at an endpoint \`METHOD /path\`.`,
        { field: 'entry', kind: symbol.kind });
    }
    return { roots: [symbol], endpoints: [], truncated: false };
  }
  const wanted = parseEndpointEntry(entry);
  if (!wanted) {
    throw new RepographError('SymbolNotFound',
      `No symbol with id '${entry}' in generation ${generation}; find ids with \`repograph search NAME\`, or give an endpoint as \`METHOD /path\`.`,
      { id: entry, field: 'entry' });
  }
  const endpoints = matchEndpoints(wanted, facts.endpoints());
  if (endpoints.length === 0) {
    const why = facts.available ? 'list them with surfaces.endpoints' : 'this snapshot has no architecture facts';
    throw new RepographError('SymbolNotFound', `No endpoint matches '${entry}' in generation ${generation}; ${why}.`, { id: entry, field: 'entry' });
  }
  const handlers: SymbolRecord[] = [];
  let truncated = false;
  for (const endpoint of endpoints) {
    if (endpoint.handler === null || handlers.some((each) => each.id === endpoint.handler)) continue;
    const handler = reader.getSymbol(endpoint.handler);
    if (!handler) continue;
    if (handlers.length >= TRACE_MAX_ROOTS) { truncated = true; break; }
    handlers.push(handler);
  }
  return { roots: handlers, endpoints: endpoints.map(endpointOfIndex), truncated };
}

interface Pending {
  node: TraceNode;
  level: number;
  parent: Pending | null;
}

/** The call trees from `roots`, breadth first, annotated with `facts`. */
export function traceFrom(reader: SnapshotReader, roots: readonly SymbolRecord[], facts: ArchitectureFacts, bounds: TraceBounds, meter: QueryMeter): {
  roots: TraceNode[]; nodes: number; truncated: boolean;
} {
  const claimed = new Set<string>();
  let nodes = 0;
  let truncated = false;
  const make = (symbol: SymbolRecord, sites: TraceNode['sites'], mark: 'cycle' | 'seen' | null): TraceNode => {
    nodes++;
    const own = mark === null ? annotationsOf(facts.factsOf(symbol.id)) : null;
    return {
      symbol, sites,
      endpoints: own?.endpoints ?? [],
      configKeys: own?.configKeys ?? [],
      tables: own?.tables ?? [],
      ...(symbol.generated ? { generated: true as const } : {}),
      ...(mark === 'cycle' ? { cycle: true as const } : mark === 'seen' ? { seen: true as const } : {}),
      children: [],
    };
  };
  const queue: Pending[] = [];
  const out: TraceNode[] = [];
  for (const root of roots) {
    const seen = claimed.has(root.id);
    claimed.add(root.id);
    const node = make(root, [], seen ? 'seen' : null);
    out.push(node);
    if (!seen) queue.push({ node, level: 0, parent: null });
  }
  for (let head = 0; head < queue.length; head++) {
    const item = queue[head]!;
    if (item.level >= bounds.depth) continue;
    let relations;
    try {
      relations = expansionIds(reader, item.node.symbol).flatMap((id) => {
        const found = reader.relationsFrom(id);
        meter.work(found.length);
        return found;
      });
    } catch (error) {
      if (error instanceof RepographError && error.code === 'BudgetExceeded') { truncated = true; break; }
      throw error;
    }
    const byNeighbour = new Map<string, { symbol: SymbolRecord; sites: TraceNode['sites'] }>();
    for (const relation of relations) {
      if (!FOLLOWED.has(relation.kind) || relation.to === null) continue;
      let entry = byNeighbour.get(relation.to);
      if (!entry) {
        if (byNeighbour.size >= MAX_CHILDREN) { truncated = true; continue; }
        const symbol = reader.getSymbol(relation.to);
        if (!symbol) continue;
        entry = { symbol, sites: [] };
        byNeighbour.set(relation.to, entry);
      }
      entry.sites.push({ ...relation.site, confidence: relation.confidence });
    }
    for (const { symbol, sites } of handWrittenFirst([...byNeighbour.values()], (each) => each.symbol)) {
      if (nodes >= bounds.maxNodes) { truncated = true; break; }
      const mark = onPath(item, symbol.id) ? 'cycle' : claimed.has(symbol.id) ? 'seen' : null;
      const child = make(symbol, sites, mark);
      item.node.children.push(child);
      if (mark === null) {
        claimed.add(symbol.id);
        queue.push({ node: child, level: item.level + 1, parent: item });
      }
    }
  }
  return { roots: out, nodes, truncated };
}

/** The ids whose outgoing relations are a node's children: the symbol, and a class's constructor. */
function expansionIds(reader: SnapshotReader, symbol: SymbolRecord): string[] {
  if (symbol.kind !== 'class') return [symbol.id];
  return [symbol.id, ...CONSTRUCTOR_NAMES.map((name) => `${symbol.id}.${name}`).filter((id) => reader.getSymbol(id) !== undefined)];
}

function onPath(item: Pending | null, id: string): boolean {
  for (let at = item; at !== null; at = at.parent) if (at.node.symbol.id === id) return true;
  return false;
}

function endpointOfIndex(endpoint: Endpoint): TraceEndpoint {
  const { method, path, pattern, framework, partial, handler, site } = endpoint;
  return { method, path, pattern, framework, partial, handler, site };
}

/** A symbol's facts as a node lists them: endpoints, configuration keys, tables, each in the index's order. */
function annotationsOf(facts: readonly SymbolSurfaceFact[]): Pick<TraceNode, 'endpoints' | 'configKeys' | 'tables'> {
  const out: Pick<TraceNode, 'endpoints' | 'configKeys' | 'tables'> = { endpoints: [], configKeys: [], tables: [] };
  for (const fact of facts) {
    if (fact.kind === 'endpoint') {
      out.endpoints.push({
        method: fact.method ?? 'ANY', path: fact.key, pattern: fact.pattern ?? fact.key, framework: fact.framework, partial: fact.partial,
        handler: fact.target ?? null, site: fact.site,
      });
    } else if (fact.kind === 'config') {
      out.configKeys.push({ key: fact.key, access: fact.access ?? '', ...(fact.default !== undefined ? { default: fact.default } : {}), partial: fact.partial, site: fact.site });
    } else {
      out.tables.push({
        table: fact.key, access: fact.access ?? '', framework: fact.framework, partial: fact.partial,
        ...(fact.target !== undefined ? { model: fact.target } : {}), site: fact.site,
      });
    }
  }
  return out;
}
