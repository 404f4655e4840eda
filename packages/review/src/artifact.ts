/**
 * The stored review: what `review_studio.compute` returns and persists, and what every other
 * `review_studio.*` method reads. Owns the artifact's shape, its version and its summary; the
 * computations that fill it live in their own modules. Nothing in it depends on time or on the
 * order work happened in, so computing the same review twice gives the same artifact.
 */
import type { StructuralDelta } from '@repograph/analysis';
import { RepographError } from '@repograph/core';
import type { DependencyChange } from './dependencies/model.js';
import type { HeadSpec } from './review-id.js';
import type { ChangedFile, Cohort } from './types.js';
import type { VisualFacts } from './visual-input.js';
import type { ContractDiff } from './contract/index.js';

/** Bumped when the artifact's shape changes (a stored review of another version is recomputed). */
export const ARTIFACT_VERSION = 3;

/** A test the review found reaching its change, as ciSignals matches CI results to it. */
export interface ReviewTest {
  id: string;
  path: string;
  name: string;
  qualifiedName: string;
  kind: string;
  language: string;
}

/** Something the review could not read or had to leave out, on one file. */
export interface ReviewDiagnostic {
  path: string;
  message: string;
}

export interface ReviewSummary {
  files: number;
  cohorts: number;
  graphCohorts: number;
  pathCohorts: number;
  symbolsAdded: number;
  symbolsRemoved: number;
  symbolsRenamed: number;
  symbolsChanged: number;
  danglingCallers: number;
  arityFindings: number;
  newDuplicates: number;
  newImportCycles: number;
  testsReaching: number;
  dependencyChanges: number;
}

export interface ReviewArtifact {
  version: number;
  reviewId: string;
  /** The base as asked and the commit it resolved to. */
  base: { ref: string; commit: string };
  /** The head as asked: a followed branch, a pinned commit, or a live workspace. */
  head: HeadSpec;
  /** The head commit the review was computed at (null for a workspace review). */
  headResolved: string | null;
  /** The moving ref the head follows (`refs/heads/x`, `HEAD`), or null when nothing can move it. */
  follows: string | null;
  /** For a workspace review: the workspace generation it was computed at. */
  generation: number | null;
  /** The build fingerprint (policy and versions) the review was computed under. */
  fingerprint: string;
  /** False when the head is not a descendant of the base (reviewed all the same: the diff is of trees). */
  headDescendsFromBase: boolean;
  /** False when neither side has a file the graph parses: every cohort is by path. */
  indexed: boolean;
  files: ChangedFile[];
  delta: StructuralDelta;
  cohorts: Cohort[];
  tests: ReviewTest[];
  dependencies: DependencyChange[];
  /** What the visual axis reads: changed committed goldens (compared) and the head's pubspecs. */
  visual: VisualFacts;
  /** The API contract diff of the changed spec files (the gate is judged with the decisions). */
  contract: ContractDiff;
  diagnostics: ReviewDiagnostic[];
  summary: ReviewSummary;
}

export function summarize(artifact: Omit<ReviewArtifact, 'summary'>): ReviewSummary {
  const { delta, cohorts } = artifact;
  return {
    files: artifact.files.length,
    cohorts: cohorts.length,
    graphCohorts: cohorts.filter((c) => c.basis === 'graph').length,
    pathCohorts: cohorts.filter((c) => c.basis === 'path').length,
    symbolsAdded: delta.symbols.added.length,
    symbolsRemoved: delta.symbols.removed.length,
    symbolsRenamed: delta.symbols.renamed.length,
    symbolsChanged: delta.symbols.changed.length,
    danglingCallers: delta.danglingCallers?.length ?? 0,
    arityFindings: delta.arityFindings?.length ?? 0,
    newDuplicates: delta.newDuplicates?.length ?? 0,
    newImportCycles: delta.newImportCycles?.length ?? 0,
    testsReaching: delta.testsReaching?.length ?? 0,
    dependencyChanges: artifact.dependencies.length,
  };
}

/** The cohort `key` of the review (InvalidParams naming `key` when it has none). */
export function cohortOf(artifact: ReviewArtifact, key: string): Cohort {
  const cohort = artifact.cohorts.find((each) => each.key === key);
  if (!cohort) {
    throw new RepographError('InvalidParams', `key: the review ${artifact.reviewId} has no cohort '${key.slice(0, 64)}'; list its cohorts with review_studio.cohorts.`, { field: 'key' });
  }
  return cohort;
}

/** Where the review's head side is read: the head commit's baseline, or the workspace. */
export function headSideOf(artifact: ReviewArtifact): { commit: string } | { workspace: string } {
  return artifact.head.kind === 'workspace' ? { workspace: artifact.head.workspace } : { commit: artifact.headResolved! };
}
