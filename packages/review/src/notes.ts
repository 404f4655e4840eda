/**
 * What people and agents add to a review, kept apart from the computed artifact so that a
 * recomputation (a push, a moved base) never loses it: contract decisions by change fingerprint,
 * visual approvals by snapshot id, cohort summaries by cohort key (which survive pushes by the
 * key rules), diagrams, and the agents' finalized axes. Stored in the store's reviews
 * sub-database under `<reviewId>.notes`. Owns that record's shape and its reading and writing.
 */
import type { ReviewArtifact } from './artifact.js';
import type { AxisResult } from './axes-types.js';

export const NOTES_VERSION = 1;

export interface ContractDecision {
  decision: 'approve' | 'reject';
  note?: string;
}

export interface ReviewNotes {
  version: number;
  contractDecisions: Record<string, ContractDecision>;
  visualApprovals: string[];
  cohortSummaries: Record<string, string>;
  diagrams: unknown[];
  finalized: FinalizedAxes | null;
}

/** The agents' three axes and what they judged: a later head (a push, a moved base) makes them stale. */
export interface FinalizedAxes {
  axes: { correctness: AxisResult; security: AxisResult; testGap: AxisResult };
  summary?: string;
  /** The review's base and head commits (a workspace review: its generation) when they were posted; absent in notes written before. */
  judged?: JudgedSides;
}

export interface JudgedSides {
  base: string;
  head: string | null;
  generation: number | null;
}

/** The store key of a review's notes. */
export function notesKey(reviewId: string): string {
  return `${reviewId}.notes`;
}

export function emptyNotes(): ReviewNotes {
  return { version: NOTES_VERSION, contractDecisions: {}, visualApprovals: [], cohortSummaries: {}, diagrams: [], finalized: null };
}

/** A stored notes record, or empty notes when there is none (or it has another version). */
export function readNotes(stored: unknown): ReviewNotes {
  const value = stored as ReviewNotes | undefined;
  return value && value.version === NOTES_VERSION ? { ...emptyNotes(), ...value } : emptyNotes();
}

/** The sides a review was computed at, as finalize records them. */
export function judgedSides(artifact: ReviewArtifact): JudgedSides {
  return { base: artifact.base.commit, head: artifact.headResolved, generation: artifact.generation };
}

/**
 * Why the finalized axes no longer speak for the review (its base or head moved since they were
 * posted), or null while they do (and for notes written before sides were recorded).
 */
export function staleFinalized(finalized: FinalizedAxes, artifact: ReviewArtifact): string | null {
  const judged = finalized.judged;
  if (!judged) return null;
  const now = judgedSides(artifact);
  if (judged.base === now.base && judged.head === now.head && judged.generation === now.generation) return null;
  const side = (head: string | null, generation: number | null) => head ? head.slice(0, 12) : `generation ${generation}`;
  return `posted for ${side(judged.head, judged.generation)} (base ${judged.base.slice(0, 12)}); the review is now at ` +
    `${side(now.head, now.generation)} (base ${now.base.slice(0, 12)}): review the change again and post with review_studio.finalize`;
}
