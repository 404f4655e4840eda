/**
 * The records every answer is made of, as the wire shows them (PROTOCOL.md "Ids and shapes"):
 * positions, symbols, relations, call trees, cards, the BuildReport and `meta`. They are
 * structurally identical to the engine's records (core's SymbolRecord, RelationRecord, ...), so
 * the daemon passes those through unchanged; protocol declares its own copies because it
 * imports nothing internal, and daemon/src/wire-twins.ts fails the build when a copy drifts.
 */
import type { SymbolSurfaceFact } from './methods-surfaces.js';

/** Every kind of node the graph can hold. */
export const WIRE_SYMBOL_KINDS = [
  'file', 'directory', 'module', 'package', 'namespace', 'class', 'interface', 'struct', 'enum',
  'trait', 'union', 'type_alias', 'function', 'method', 'constructor', 'property', 'field',
  'variable', 'constant', 'parameter',
] as const;
export type WireSymbolKind = (typeof WIRE_SYMBOL_KINDS)[number];

/** Every kind of edge the graph can hold. */
export const WIRE_RELATION_KINDS = [
  'contains', 'imports', 'exports', 'calls', 'instantiates', 'references', 'reads', 'writes',
  'extends', 'implements', 'decorates', 'type_of',
] as const;
export type WireRelationKind = (typeof WIRE_RELATION_KINDS)[number];

/** How sure a resolved relation is. */
export type WireConfidence = 'exact' | 'typed' | 'heuristic';

/** How complete the analysis behind an answer is. */
export type SemanticLevel = 'full' | 'partial' | 'syntax';

/** A point in a file: 1-based line, 1-based column in UTF-16 code units. */
export interface WirePosition {
  line: number;
  column: number;
}

/** A span in a file, start inclusive, end exclusive. */
export interface WireRange {
  start: WirePosition;
  end: WirePosition;
}

/** Where a relation was observed: the file (repository-relative, POSIX) and the name's position. */
export interface WireSite {
  path: string;
  line: number;
  column: number;
}

/** One declared parameter of a function-like symbol. */
export interface WireParameter {
  name: string;
  optional: boolean;
  hasDefault: boolean;
  variadic: boolean;
  keywordOnly?: boolean;
  keywordVariadic?: boolean;
  positionalOnly?: boolean;
  typeText?: string;
}

/** A symbol. `id` is `<path>#<qualifiedName>` (overloads/duplicates `~2`, `~3`). */
export interface WireSymbol {
  id: string;
  kind: WireSymbolKind;
  name: string;
  qualifiedName: string;
  path: string;
  /** The whole declaration. */
  range: WireRange;
  /** The declared name. */
  selection: WireRange;
  signature?: string;
  params?: WireParameter[];
  exported: boolean;
  doc?: string;
  generated: boolean;
  /** Id of the enclosing symbol (a class for a method), if any. */
  container?: string;
  /** File symbols only: the file's architecture facts (endpoints, config keys, tables). */
  surfaces?: WireSurface[];
  /** File symbols only: the file's router mounts. */
  mounts?: WireMount[];
}

/** What an architecture fact is about. */
export type WireSurfaceKind = 'endpoint' | 'config' | 'table';

/**
 * One architecture fact as published on its file's symbol: `key` the route's path pattern, the
 * config key or the table name (a computed part written `*`, with `partial`); `owner` the
 * enclosing symbol; `target` the handler or model symbol (null where it binds to nothing);
 * `router` the identity of the router an endpoint is registered on (mounts compose prefixes).
 */
export interface WireSurface {
  kind: WireSurfaceKind;
  key: string;
  framework: string;
  method?: string;
  access?: string;
  default?: string;
  partial?: boolean;
  owner: string;
  target?: string | null;
  targetName?: string;
  router?: string;
  /** `app`: an application object; `router`: a sub-router, served under whatever mounts it. */
  routerKind?: 'app' | 'router';
  /** The leading part of `key` that the router's own constructor prefix wrote. */
  routerPrefix?: string;
  line: number;
  column: number;
}

/** A router mount: routes on `mounted` are served under `prefix` on `on` (absent: the root). */
export interface WireMount {
  prefix: string;
  framework: string;
  partial?: boolean;
  mounted: string | null;
  on?: string | null;
  /** What the parent router is, where the site shows it. */
  onKind?: 'app' | 'router';
  /** The prefix replaces the mounted router's own constructor prefix (Flask register_blueprint url_prefix). */
  replacesPrefix?: boolean;
  /** A serving site (`http.createServer(createApp())`, `x.listen()`): `mounted` is served at the root. */
  serves?: true;
  owner: string;
  line: number;
  column: number;
}

/** A relation; `to: null` is an unresolved reference, kept with its name. */
export interface WireRelation {
  kind: WireRelationKind;
  /** A symbol id, or a file's path for references at module level. */
  from: string;
  to: string | null;
  name: string;
  site: WireSite;
  confidence: WireConfidence;
}

/** A node of a caller/callee tree: the neighbour, where the calls happen, and its own neighbours. */
export interface CallTreeNode {
  symbol: WireSymbol;
  /** Where the call happens (in the caller). */
  sites: Array<WireSite & { confidence: WireConfidence }>;
  /** Empty at the requested depth, and for a symbol already shown higher in the tree. */
  children: CallTreeNode[];
  /**
   * `graph.callers` with `followInterface`: this caller calls the interface or base method with
   * this id, which the node above implements or overrides (absent for a direct caller). @since 0.4.2
   */
  via?: string;
}

/** A symbol with counts of its distinct callers and callees and of the references into it. */
export interface SymbolCard {
  symbol: WireSymbol;
  callers: number;
  callees: number;
  references: number;
  /** Architecture facts whose owner or target is the symbol (methods-surfaces.ts); absent when none. @since 0.4.4 */
  surfaces?: SymbolSurfaceFact[];
}

/** A relation into a symbol, with the trimmed source line at its site. */
export interface ReferenceHit {
  relation: WireRelation;
  excerpt: string;
}

/** A stretch of a file's text. */
export interface SourceText {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  /** True when the text was cut to a bound (lines or bytes). */
  truncated: boolean;
}

/** The stable diagnostic codes (core's DIAGNOSTIC_CODES). */
export const WIRE_DIAGNOSTIC_CODES = [
  'excluded_material', 'parse_error', 'binary_file', 'invalid_utf8', 'file_too_large',
  'unreadable_file', 'symlink_loop', 'unresolved_import', 'extractor_failure', 'masked_syntax',
  'outside_repository', 'duplicate_declaration',
] as const;
export type WireDiagnosticCode = (typeof WIRE_DIAGNOSTIC_CODES)[number];

/** One diagnostic of a build; `path` is repository-relative. */
export interface WireDiagnostic {
  code: WireDiagnosticCode;
  severity: 'error' | 'warning' | 'info';
  path: string;
  message: string;
  line?: number;
  column?: number;
  data?: Record<string, string | number | boolean>;
}

/** What one build did, stage by stage (`index.report`). */
export interface BuildReport {
  repoRoot: string;
  /** The commit the baseline was built from, or null for a directory outside git. */
  commit: string | null;
  generation: number;
  materials: {
    submitted: number;
    admitted: number;
    /** Count by reason (dependency, generated, build_output, ...). */
    excluded: Record<string, number>;
    failed: number;
    cached: number;
    extracted: number;
    partial: number;
    bytes: number;
  };
  analysis: { entities: number; references: number; relations: number; unresolved: number };
  /**
   * What the node preset kept: `core` (types, functions, module-scope data), `context` (files,
   * directories, modules, packages, namespaces), `bridges` (locals and fields on a path between
   * two core nodes; analysis preset only), `dropped`, and the bridge search's edge visits.
   */
  selection: { preset: 'full' | 'analysis'; published: number; core: number; context: number; bridges: number; dropped: number; searchWork: number };
  publication: { nodes: number; relations: number };
  /** Milliseconds by stage. */
  timings: Record<string, number>;
  diagnostics: WireDiagnostic[];
  diagnosticCounts: Record<string, number>;
  digest: string;
  unchanged: boolean;
}

/** What every result carries about where it was read. */
export interface Meta {
  /** The published generation the answer was read from. */
  generation: number;
  /** The workspace id the answer was read from (DEFAULT_WORKSPACE for the live worktree). */
  workspace: string;
  semanticLevel: SemanticLevel;
  /** Milliseconds; `totalMs` always, stages as the handler measures them. */
  timings: { totalMs: number; [stage: string]: number };
}

/** Every result is its payload plus `meta`. */
export type WithMeta<Payload> = Payload & { meta: Meta };

/** The id of the default workspace: the live worktree the daemon was started for (engine's DEFAULT_WORKSPACE). */
export const DEFAULT_WORKSPACE = 'default';

/** Optional parameters of every query: which workspace to read, and whether to wait for the watcher. */
export interface QueryScope {
  /** A workspace id; default DEFAULT_WORKSPACE. */
  workspace?: string;
  /** When true, the answer reflects every change made on disk before the request was sent. */
  sync?: boolean;
}

/**
 * The scope of a read-only query: a workspace (QueryScope) or, instead, a commit. With `commit`
 * the query reads that commit's baseline with no overlay (built from git objects when the store
 * lacks it; source text from git objects, never the worktree), and `meta.workspace` is
 * `commit:<full sha>`. `commit` and `workspace` together are InvalidParams; a range, an option-like
 * or unknown commit-ish is BaseNotACommit; `sync` has nothing to wait for and is ignored. @since 0.4.2
 */
export interface ReadScope extends QueryScope {
  /** A commit-ish (`main`, `HEAD~2`, a tag, a sha) naming one commit. */
  commit?: string;
}

/** Parameters of a method that takes none. */
export type NoParams = Record<string, never>;
