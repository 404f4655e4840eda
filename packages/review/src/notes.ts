/**
 * What people and agents add to a review, kept apart from the computed artifact so that a
 * recomputation (a push, a moved base) never loses it: contract decisions by change fingerprint,
 * visual approvals by snapshot id, cohort summaries by cohort key (which survive pushes by the
 * key rules), diagrams, and the agents' finalized axes. Stored in the store's reviews
 * sub-database under `<reviewId>.notes`. Owns that record's shape and its reading and writing.
 */
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
  finalized: { axes: { correctness: AxisResult; security: AxisResult; testGap: AxisResult }; summary?: string } | null;
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
