/**
 * How a review request starts, for review_studio.compute and its watch twin: a review of two
 * commits holds the store's baseline publications (engine baseline-publications.ts) so that it
 * answers from the bound graphs before they are stored; while the startup index runs, bad refs
 * are refused at once (early-refs.ts); then the request waits for the startup index, a review of
 * two commits only until that index's tree is bound and readable. Owns that order and the hold's
 * lifetime: the hold ends a turn after the caller's answer (or at once on a failure here).
 */
import type { DaemonContext } from '../context.js';
import { refuseBadRefsWhileStarting } from './early-refs.js';

export interface ReviewStartParams {
  base: string;
  head?: string | undefined;
  workspace?: string | undefined;
}

/** A started review request: `end` releases its hold (if any) after the current turn; idempotent. */
export interface StartedReview {
  end(): void;
}

/**
 * Holds (for two commits), refuses bad refs while starting up, runs `early` while the startup
 * index still runs, and waits for what the review needs of that index. Throws (with the hold
 * released) what the refs meet.
 */
export async function startReview(context: DaemonContext, params: ReviewStartParams, early?: () => void): Promise<StartedReview> {
  const release = params.head !== undefined ? context.repository.holdPublications() : null;
  try {
    await refuseBadRefsWhileStarting(context, { refs: [params.base, params.head], workspace: params.workspace });
    if (early !== undefined && context.startingUp()) early();
    // The startup index is done, or it has bound its tree and waits to store it (readable now).
    await (release !== null ? context.repository.whenBaselineWaits(context.startedUp()) : context.startedUp());
  } catch (error) {
    release?.();
    throw error;
  }
  // After the turn that answers: the answer goes out before the publications held start.
  return { end: () => { if (release !== null) setImmediate(release); } };
}
