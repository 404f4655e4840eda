/**
 * The structural delta: what one change did to the graph (PROTOCOL.md "Edits and structural
 * delta"). Returned by `workspace.refresh`, `edit.apply` and `delta.since`, and pushed on the
 * `graph.delta` topic. The findings beyond the symbol sets are optional until the analysis that
 * fills them lands; a client treats a missing list as "not computed", not as "none".
 */
import type { WireSite } from './shapes.js';

/** A symbol that disappeared under one id and reappeared under another in the same file. */
export interface RenamedSymbol {
  old: string;
  new: string;
  path: string;
}

/** How the symbol sets changed; every entry is a symbol id. */
export interface SymbolChanges {
  added: string[];
  removed: string[];
  renamed: RenamedSymbol[];
  /** Same id, different declaration (signature, range, doc, ...). */
  changed: string[];
}

/** A call whose target was removed or renamed. */
export interface DanglingCaller {
  /** The calling symbol's id. */
  caller: string;
  path: string;
  line: number;
  column: number;
  /** The id the call resolved to before the change. */
  target: string;
  /** When the target was renamed: its new id. */
  renamedTo?: string;
}

/** A symbol whose signature text changed. */
export interface SignatureChange {
  id: string;
  before?: string;
  after?: string;
}

/** A call site whose argument count no longer fits the callee's parameters. */
export interface ArityFinding {
  site: WireSite;
  /** The callee's symbol id. */
  callee: string;
  verdict: 'too_many' | 'too_few' | 'possibly_missing' | 'unknown';
}

/** A new symbol whose body duplicates an existing one. */
export interface DuplicateFinding {
  symbol: string;
  original: string;
  /** 1 for an exact duplicate. */
  similarity: number;
  kind: 'exact' | 'similar';
}

/** A test that reaches a changed symbol through calls. */
export interface TestReaching {
  /** The test's symbol id. */
  id: string;
  path: string;
  /** Call edges from the test to the changed symbol. */
  depth: number;
  /** The changed symbol ids the test reaches. */
  through: string[];
}

/**
 * An architecture fact (endpoint, config read, table site) of a changed file: `key` the path
 * pattern as registered, the config key or the table; `target` the handler or model id (null:
 * unbound) where the fact has one. @since 0.4.4
 */
export interface SurfaceChange {
  kind: 'endpoint' | 'config' | 'table';
  key: string;
  framework: string;
  method?: string;
  access?: string;
  partial?: boolean;
  owner: string;
  target?: string | null;
  site: WireSite;
}

/** The facts a change added and removed, compared by kind, key, method and access (never by site). @since 0.4.4 */
export interface SurfaceChanges {
  added: SurfaceChange[];
  removed: SurfaceChange[];
}

export interface StructuralDelta {
  /** The paths the change named (edited, refreshed or seen by the watcher). */
  paths: string[];
  /** The files parsed again. */
  reparsed: string[];
  /** The files whose symbols or relations changed as a consequence (re-bound). */
  affected: string[];
  removedFiles: string[];
  symbols: SymbolChanges;
  danglingCallers?: DanglingCaller[];
  signatureChanges?: SignatureChange[];
  arityFindings?: ArityFinding[];
  newDuplicates?: DuplicateFinding[];
  /** Each cycle as the list of module paths along it. */
  newImportCycles?: string[][];
  testsReaching?: TestReaching[];
  /** Architecture facts added and removed in the changed files. @since 0.4.4 */
  surfaces?: SurfaceChanges;
  /** Milliseconds spent re-indexing (extract, bind, publish). */
  reingestMs: number;
  /** Milliseconds spent computing this delta. */
  deltaMs: number;
}
