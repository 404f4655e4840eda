/**
 * Navigation facts over one snapshot: `types.hierarchy` (a type's bases, interfaces and derived
 * types, a method's overridden and overriding methods), `graph.path` (the shortest use paths
 * between two symbols), `symbols.definition` (a declaration's source alone) and `symbols.outline`
 * (a file's declarations). Each takes
 * ReadScope: a workspace (default `default`), or `commit` instead (that commit's baseline,
 * `meta.workspace` then `commit:<full sha>`). @since 0.4.2
 */
import { RequestType } from 'vscode-jsonrpc';
import type { ErrorData } from './errors.js';
import type { SymbolIdParams } from './methods-query.js';
import type { ReadScope, WireConfidence, WireRange, WireRelationKind, WireSite, WireSymbol, WireSymbolKind, WithMeta } from './shapes.js';

/** The two edges a hierarchy follows. */
export type HierarchyRelation = 'extends' | 'implements';

/** A type reached from the subject through extends/implements edges. */
export interface HierarchyType {
  symbol: WireSymbol;
  /** Edges between it and the subject (1: a direct base, interface or subtype). */
  depth: number;
  /** The kind of the edge that reached it. */
  relation: HierarchyRelation;
  /** The type on the subject's side of that edge (the subject itself at depth 1). */
  through: string;
  /** Where the edge is declared (the heritage clause, the base list, the embedded field). */
  site: WireSite & { confidence: WireConfidence };
}

/** A method of a type above or below the subject method's type, with the subject's name. */
export interface HierarchyMethod {
  symbol: WireSymbol;
  /** The type declaring it. */
  owner: string;
  /** The owner's distance from the subject's type, and the kind of the edge that reached the owner. */
  depth: number;
  relation: HierarchyRelation;
}

/** A base or interface the binder kept unresolved (`to: null`, e.g. a class from an unindexed package), by name. */
export interface UnresolvedBase {
  name: string;
  relation: HierarchyRelation;
  /** The type whose clause names it. */
  from: string;
  site: WireSite;
}

export type TypesHierarchyParams = SymbolIdParams;

/**
 * For a type (`subject: 'type'`: class, interface, struct, trait, enum, union): `bases`, the
 * types reached by `extends` edges only, breadth first (nearest first; a Python class's base
 * list in order); `interfaces`, those reached through an `implements` edge of the type or of a
 * base, and what they extend; `derived`, every type extending or implementing it, transitively,
 * breadth first. For a method (`subject: 'method'`): `overrides`, the methods of the same name in
 * the types above its own type (nearest first: the ones it overrides or implements), and
 * `overriddenBy`, those in the types below; the type lists are then empty (ask for the type).
 * Only edges the graph holds are followed. Go: the graph draws struct and interface embedding as
 * `extends`, so a Go type's `bases` are what it embeds, `interfaces` is always empty (Go declares
 * no `implements`), and a Go method (no container) gets empty lists; `notes` says so. Walks stop
 * at the `queries` depth and results budgets with `truncated: true`. Any other kind of symbol is
 * InvalidParams (`field: 'id'`).
 */
export interface TypesHierarchyPayload {
  symbol: WireSymbol;
  subject: 'type' | 'method';
  /** The subject (a type), or the method's container type; null for a method of no type. */
  type: WireSymbol | null;
  bases: HierarchyType[];
  interfaces: HierarchyType[];
  derived: HierarchyType[];
  overrides: HierarchyMethod[];
  overriddenBy: HierarchyMethod[];
  unresolved: UnresolvedBase[];
  truncated: boolean;
  /** What the lists mean for this language, where it differs from classes (Go, Python). */
  notes: string[];
}
export type TypesHierarchyResult = WithMeta<TypesHierarchyPayload>;

export const TypesHierarchyMethod = 'types.hierarchy';
export const TypesHierarchyRequest = new RequestType<TypesHierarchyParams, TypesHierarchyResult, ErrorData>(TypesHierarchyMethod);

export interface GraphPathParams extends ReadScope {
  /** The symbol id the paths start at. */
  from: string;
  /** The symbol id they end at (`from` itself: the shortest cycles through it). */
  to: string;
  /** Longest path in hops; default 6 (at most the `queries.depth` budget); 0 or past the budget is InvalidParams. */
  maxDepth?: number;
  /** At most this many paths; default 3. */
  maxPaths?: number;
}

/** One hop of a path: an edge from a symbol to the next, with its site (in `from`'s code) and confidence. */
export interface PathHop {
  from: string;
  to: string;
  kind: WireRelationKind;
  site: WireSite;
  confidence: WireConfidence;
}

/** A path: its length in hops, the symbol ids from `from` to `to`, and the hops. */
export interface SymbolPath {
  length: number;
  symbols: string[];
  hops: PathHop[];
}

/**
 * The shortest simple paths from `from` to `to` over outgoing calls, instantiates, references and
 * reads, shortest first (same length: by neighbour id), at most `maxPaths`; parallel edges between
 * two symbols are one hop (its first site). Unrelated symbols answer `paths: []`. The search
 * explores at most the `queries.results` budget of symbols; a cut says `truncated` (a path may
 * be missing).
 */
export interface GraphPathPayload {
  from: WireSymbol;
  to: WireSymbol;
  paths: SymbolPath[];
  truncated: boolean;
  /** Symbols the search reached. */
  explored: number;
}
export type GraphPathResult = WithMeta<GraphPathPayload>;

export const GraphPathMethod = 'graph.path';
export const GraphPathRequest = new RequestType<GraphPathParams, GraphPathResult, ErrorData>(GraphPathMethod);

export type SymbolsDefinitionParams = SymbolIdParams;

/** A declaration's source alone: where it is and its lines. */
export interface SymbolsDefinitionPayload {
  id: string;
  path: string;
  /** The whole declaration, as the symbol's `range`. */
  range: WireRange;
  /** Lines range.start.line..range.end.line, whole (the first from column 1, so its indentation is kept). */
  text: string;
  /** True when the lines were cut at the span bound (5,000 lines). */
  truncated: boolean;
}
export type SymbolsDefinitionResult = WithMeta<SymbolsDefinitionPayload>;

export const SymbolsDefinitionMethod = 'symbols.definition';
export const SymbolsDefinitionRequest = new RequestType<SymbolsDefinitionParams, SymbolsDefinitionResult, ErrorData>(SymbolsDefinitionMethod);

/**
 * `symbols.outline`: a file's declarations in source order without their bodies, as an IDE's
 * outline shows them. `exportedOnly`: only what the file exports (its exported top-level
 * declarations; Go's exported methods are top-level). `limit` (default 200) bounds the list; `total` counts the whole set. @since 0.4.3
 */
export interface SymbolsOutlineParams extends ReadScope {
  path: string;
  exportedOnly?: boolean;
  limit?: number;
}

/** One declaration of an outline. */
export interface OutlineEntry {
  id: string;
  kind: WireSymbolKind;
  name: string;
  qualifiedName: string;
  /** First and last line of the declaration. */
  line: number;
  endLine: number;
  exported: boolean;
  signature?: string;
  /** The enclosing symbol, when it is not the file. */
  container?: string;
}

export interface SymbolsOutlinePayload {
  path: string;
  symbols: OutlineEntry[];
  /** True when `limit` cut the list; `total` is the size of the whole set. */
  truncated: boolean;
  total: number;
}
export type SymbolsOutlineResult = WithMeta<SymbolsOutlinePayload>;

export const SymbolsOutlineMethod = 'symbols.outline';
export const SymbolsOutlineRequest = new RequestType<SymbolsOutlineParams, SymbolsOutlineResult, ErrorData>(SymbolsOutlineMethod);
