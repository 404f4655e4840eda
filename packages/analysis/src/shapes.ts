/**
 * The structural delta as analysis produces it: plain domain types, structurally identical to
 * protocol/src/delta.ts (the daemon hands them to the wire unchanged). Owns the output shapes
 * only; analysis cannot import protocol, so the two are separate copies, and
 * daemon/src/wire-twins.ts fails the build when they differ.
 */

/** A position in a file, as the wire shows it (1-based line and UTF-16 column). */
export interface DeltaSite {
  path: string;
  line: number;
  column: number;
}

/** A symbol that disappeared under one id and reappeared under another. */
export interface RenamedSymbol {
  old: string;
  new: string;
  /** The new symbol's path. */
  path: string;
}

/** How the symbol sets of the touched files changed; every entry is a symbol id. */
export interface SymbolChanges {
  added: string[];
  removed: string[];
  renamed: RenamedSymbol[];
  /** Same id, a different skeleton fingerprint or different declared parameters. */
  changed: string[];
}

/** A call site that still names a removed or renamed symbol. */
export interface DanglingCaller {
  /** The calling symbol's id (or the file path for a module-level site). */
  caller: string;
  path: string;
  line: number;
  column: number;
  /** The id the site resolved to before the change. */
  target: string;
  /** When the target was renamed: its new id. */
  renamedTo?: string;
}

/** A symbol whose declared parameters changed, with its signature text on each side. */
export interface SignatureChange {
  id: string;
  before?: string;
  after?: string;
}

/** The verdict on one call site's argument count. */
export type ArityVerdict = 'too_many' | 'too_few' | 'possibly_missing' | 'unknown';

/** A call site whose arguments do not fit the callee's parameters. */
export interface ArityFinding {
  site: DeltaSite;
  /** The id whose parameters were checked (a class's constructor when it has one). */
  callee: string;
  verdict: ArityVerdict;
}

/** A new or changed function whose body duplicates an existing one. */
export interface DuplicateFinding {
  symbol: string;
  original: string;
  /** 1 for an exact duplicate; the branch-set Jaccard similarity otherwise. */
  similarity: number;
  kind: 'exact' | 'similar';
}

/** A test that reaches a symbol of the edited files through calls. */
export interface TestReaching {
  /** The test's symbol id (a test file's own id for module-level test blocks). */
  id: string;
  path: string;
  /** Call edges from the test to the nearest edited symbol. */
  depth: number;
  /** The edited symbol ids at the origin of the shortest paths. */
  through: string[];
}

/**
 * An architecture fact (endpoint, config read, table site) of a changed file (surface-changes.ts):
 * `key` the path pattern as registered, the config key or the table; `target` the handler or
 * model id (null: unbound) where the fact has one.
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
  site: DeltaSite;
}

/** The facts a change added and removed, compared by kind, key, method and access (never by site). */
export interface SurfaceChanges {
  added: SurfaceChange[];
  removed: SurfaceChange[];
}

/** What one change did to the graph (PROTOCOL.md "Edits and structural delta"). */
export interface StructuralDelta {
  paths: string[];
  reparsed: string[];
  affected: string[];
  removedFiles: string[];
  symbols: SymbolChanges;
  danglingCallers?: DanglingCaller[];
  signatureChanges?: SignatureChange[];
  arityFindings?: ArityFinding[];
  newDuplicates?: DuplicateFinding[];
  /** Each cycle as the list of module paths along it (see import-cycles.ts for the order). */
  newImportCycles?: string[][];
  testsReaching?: TestReaching[];
  /** Architecture facts added and removed in the changed files (issue 17). */
  surfaces?: SurfaceChanges;
  reingestMs: number;
  deltaMs: number;
}
