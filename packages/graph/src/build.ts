/**
 * buildGraph: facts of a whole tree in, published path groups, counts and digest out. Pure and
 * deterministic: the input is sorted before anything is bound, so order and batching of
 * arrival never change the result (invariant 1). Owns the stage order organize -> bind ->
 * resolve -> assemble.
 */
import type { Budgets, Diagnostic, FileFacts } from '@repograph/core';
import type { PathGroup } from './assemble.js';
import { GraphSession } from './graph-session.js';
import type { ManifestText } from './manifests.js';

/** One file of the tree as the engine hands it over. */
export interface GraphFileInput {
  path: string;
  /** Facts for parsed files; null for Documents and files that failed to read. */
  facts: FileFacts | null;
  generated: boolean;
  lineCount: number;
  /** Diagnostics the engine raised for this file (admission, I/O). */
  diagnostics: Diagnostic[];
}

export interface GraphInput {
  files: GraphFileInput[];
  manifests: ManifestText[];
  /** Diagnostics about the build as a whole (excluded folders and the like). */
  buildDiagnostics: Diagnostic[];
  /** Limits of the analysis stage (none when omitted); a hit throws BudgetExceeded. */
  budgets?: Budgets;
}

/** A path group with its hash, ready to publish. */
export interface HashedGroup extends PathGroup {
  hash: string;
}

export interface GraphOutput {
  groups: HashedGroup[];
  diagnostics: Diagnostic[];
  digest: string;
  counts: {
    files: number;
    symbols: number;
    relations: number;
    unresolved: number;
    references: number;
    entities: number;
  };
}

/** Binds and assembles the whole tree. */
export function buildGraph(input: GraphInput): GraphOutput {
  return GraphSession.create(input).output;
}
