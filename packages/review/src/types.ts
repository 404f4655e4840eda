/**
 * The review's inputs and outputs as plain domain types: what the semantic diff of two sides
 * hands the review (changed files, the structural delta, each side's graph), and the shapes of
 * cohorts, blast radius, CI signals and dependency diffs. Owns the shapes only; each computation
 * lives in its own module, and protocol/src/methods-review.ts keeps the wire twins.
 */
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import type { StructuralDelta } from '@repograph/analysis';

/**
 * One side of a review as its computations read it (a snapshot reader satisfies it): every read
 * names what it wants, so a computation costs what it visits.
 */
export interface ReviewGraph {
  /** True when the file is in this side's graph (parsed, or admitted as a document). */
  hasFile(path: string): boolean;
  /** The symbol's record; shared with other computations over the same snapshot: do not change it. */
  symbol(id: string): Readonly<SymbolRecord> | undefined;
  /** The file's symbols, its file symbol (id = path) included. */
  symbolsInFile(path: string): SymbolRecord[];
  /** Relations whose `from` is this id (a symbol, or a file path for module-level sites). */
  relationsFrom(idOrPath: string): RelationRecord[];
  /** Resolved relations whose `to` is this id; shared like `symbol`'s. */
  relationsTo(id: string): readonly Readonly<RelationRecord>[];
}

/** How a file changed between the two sides. */
export type FileChangeStatus = 'added' | 'removed' | 'modified';

/** One changed file of the review. */
export interface ChangedFile {
  path: string;
  status: FileChangeStatus;
  /** The graph's language for the file, or null when the graph does not parse it. */
  language: string | null;
  /** Generated code (weighs less in the impact score). */
  generated: boolean;
  /** Binary content (never parsed; grouped by path). */
  binary: boolean;
  /** Lines added and removed (0/0 for binary files). */
  linesAdded: number;
  linesRemoved: number;
}

/** What a review is computed from. */
export interface ReviewInput {
  files: ChangedFile[];
  /** The structural delta from base to head (symbol ids carry their file path as prefix). */
  delta: StructuralDelta;
  base: ReviewGraph;
  head: ReviewGraph;
  /** False when the repository could not be indexed at all: every cohort is by path. */
  indexed: boolean;
}

/** The parts of a cohort's impact score, each a count, and the score they add up to. */
export interface ImpactParts {
  removedExported: number;
  renamedExported: number;
  danglingCallers: number;
  arityFindings: number;
  /** Symbols in the cohort's blast radius (bounded by the radius budget). */
  radius: number;
  /** Tests reaching the cohort's symbols. */
  testsReaching: number;
  /** Member files that are generated. */
  generatedFiles: number;
  /** Changed lines in member files (added + removed). */
  changedLines: number;
}

export interface Impact {
  score: number;
  parts: ImpactParts;
}

/** A group of changed files that belong together. */
export interface Cohort {
  /** Stable across pushes and rebases; never derived from commit ids, file order or positions. */
  key: string;
  /** `graph`: tied by relations between changed symbols; `path`: grouped by directory. */
  basis: 'graph' | 'path';
  /** `syntax` when a member file is of the syntax tier (ties by name, not by type); absent otherwise. */
  semanticLevel?: 'syntax';
  /** Member files, sorted. */
  files: string[];
  /** Changed symbol ids of the members (added, removed, renamed-to and changed), sorted. */
  symbols: string[];
  /** Test symbols of the review's tests that reach the cohort (ids), sorted. */
  tests: string[];
  impact: Impact;
}

/** One node reached by the blast radius. */
export interface ReachedNode {
  id: string;
  path: string;
  kind: string;
  /** Edges from this node to the nearest changed symbol (1: it uses a changed symbol directly). */
  depth: number;
  /** The ids from this node to the changed symbol it reaches, this node first (a shortest path). */
  through: string[];
  /** True when the node is a test (by the language's conventions). */
  test: boolean;
}

/** What was cut when a traversal hit a budget. */
export interface Truncation {
  /** Which budget: `depth`, `nodes` or `edges`. */
  budget: 'depth' | 'nodes' | 'edges';
  limit: number;
  /** Nodes left unexplored at the cut (a lower bound). */
  unexplored: number;
}

export interface BlastRadius {
  /** The changed symbols it starts from, sorted. */
  seeds: string[];
  symbols: ReachedNode[];
  /** Files of the reached symbols with their smallest depth, sorted by path. */
  files: Array<{ path: string; depth: number }>;
  tests: ReachedNode[];
  truncated: Truncation | null;
}

/** A test's result as CI reported it. */
export type TestState = 'passed' | 'failed' | 'skipped' | 'not_run' | 'pending';

/** Dependency ecosystems whose manifests and lockfiles the review reads. */
export type Ecosystem = 'npm' | 'go' | 'python';
