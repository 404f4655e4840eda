/**
 * What the structural-delta analysis reads: one side (before or after a change) of a
 * workspace's graph, with what the published records leave out but the facts keep: each
 * definition's skeleton fingerprint, branch set and size, each call site's argument shape, the
 * module import graph and indexes of functions by fingerprint and by branch. Every read is
 * bounded by what it names (a file, a symbol, a fingerprint), so a delta costs what the touched
 * files' edges cost, not what the repository does. Owns these shapes; live-workspace.ts and
 * baseline-side.ts implement them.
 */
import type { ParameterFact, RelationRecord, SymbolRecord } from '@repograph/core';

/** A published symbol with the facts the delta compares. */
export interface Definition {
  symbol: SymbolRecord;
  /** Skeleton hash of the whole declaration (identifiers and literals erased). */
  fingerprint?: string;
  /** Sorted distinct shape hashes of the branching constructs of the body. */
  branches?: string[];
  /** Named AST nodes in the declaration. */
  nodeCount?: number;
  /** The file's language (the arity rules differ). */
  language: string;
}

/** The arguments at a call site. */
export interface CallArguments {
  /** Positional arguments written (a spread counts as one). */
  positional: number;
  /** A spread (`...xs`, `*args`, `**kw`, `xs...`) occurs: the count is not exact. */
  spread: boolean;
  /** Keyword argument names (Python). */
  keywords: string[];
}

/** A relation with the argument shape of its site when it is a call or an instantiation. */
export interface SiteRelation {
  relation: RelationRecord;
  args?: CallArguments;
}

/** One side of a change, read-only. */
export interface GraphSide {
  /** True when the file is part of this side's tree. */
  hasFile(path: string): boolean;
  /** True when the file is part of this side's tree and parsed (not a document: a manifest, a README). */
  isParsed(path: string): boolean;
  /** The published definitions of a file (its file symbol included), by id. */
  definitions(path: string): Definition[];
  /** One definition by id. */
  definition(id: string): Definition | undefined;
  /** The published record of a symbol (no facts read). */
  symbol(id: string): SymbolRecord | undefined;
  /** Ids of the symbols (or module-level file ids) that call or instantiate `id`; no facts read. */
  callersOf(id: string): string[];
  /** calls, instantiates and references sited in a file (sorted by site), with argument shapes. */
  relationsIn(path: string): SiteRelation[];
  /** calls, instantiates and references into a symbol, from any file, with argument shapes. */
  relationsInto(id: string): SiteRelation[];
  /** The files a file imports (inside the tree); none for a file this side lacks. */
  importsOf(path: string): string[];
  /** Ids of functions, methods and constructors with this fingerprint. */
  withFingerprint(fingerprint: string): string[];
  /** Ids of functions, methods and constructors whose branch set holds this hash. */
  withBranch(hash: string): string[];
}

/** What the delta is computed from. */
export interface DeltaInput {
  workspace: string;
  /** Paths the change named, re-extracted, re-bound with changes, and removed. */
  paths: string[];
  reparsed: string[];
  affected: string[];
  removedFiles: string[];
  before: GraphSide;
  after: GraphSide;
  /** Renames the caller declared (edit.apply `renames`): old id -> new id. */
  declaredRenames?: Array<{ old: string; new: string }>;
  reingestMs: number;
}
