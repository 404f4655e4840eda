/**
 * Review handlers: index.diff (the structural delta between two commits, or a commit and a
 * workspace) and review_studio.* (compute, get, cohorts, blastRadius, cohortImpact, ciSignals,
 * dependencyDiffs) over the repository's ReviewService. Owns their protocol shapes; what a review
 * holds is packages/review's. Every answer about a review carries `stale`.
 */
import { computeDeltaPausing } from '@repograph/analysis';
import { DEFAULT_WORKSPACE } from '@repograph/engine';
import type { ReviewArtifact } from '@repograph/review';
import { reviewModule } from '../review-runtime.js';
import { ciSignalsAnswer, cohortImpactAnswer, cohortsAnswer, dependencyAnswer, radiusAnswer } from '../review-answers.js';
import { metaOf, type DaemonContext } from '../context.js';
import {
  blastRadiusParams, ciSignalsParams, cohortImpactParams, indexDiffParams, reviewComputeParams, reviewIdParams,
} from './review-params.js';
import type { MethodTablePart } from './table.js';
import { refuseBadRefsWhileStarting } from './early-refs.js';
import { startReview, type StartedReview } from './review-start.js';

type ReviewMethod = 'index.diff' | 'review_studio.compute' | 'review_studio.get' | 'review_studio.cohorts' | 'review_studio.blastRadius'
  | 'review_studio.cohortImpact' | 'review_studio.ciSignals' | 'review_studio.dependencyDiffs';

export const reviewMethods: MethodTablePart<ReviewMethod> = {
  'index.diff': { params: indexDiffParams, handle: async (context, client, params) => {
    const started = performance.now();
    await refuseBadRefsWhileStarting(context, { refs: [params.base, params.head], workspace: params.workspace });
    await context.startedUp();
    const workspace = params.workspace ?? DEFAULT_WORKSPACE;
    if (params.head === undefined) client.workspaces.add(workspace);
    const { changedFilesOf } = await reviewModule();
    const result = await context.repository.reviewSides(params, async (sides) => {
      const delta = await computeDeltaPausing(sides.delta);
      return { ...delta, base: sides.base, head: sides.head, files: changedFilesOf(sides.files, sides.baseReader, sides.headReader) };
    });
    if (params.head === undefined) context.sessions.invalidate(workspace, null);
    return { ...result, meta: metaOf(context.repository.generation(), workspace, started) };
  } },
  'review_studio.compute': { params: reviewComputeParams, handle: async (context, client, params) => {
    const started = performance.now();
    const leave = context.reviews.enter();
    let review: StartedReview | null = null;
    try {
      // The review module, the refs and the head's changed blobs need no index: while the startup
      // index runs they are started at once (afterwards the compute does them in its own order).
      review = await startReview(context, params, () => void context.reviews.prepare(params));
      if (params.head === undefined) client.workspaces.add(params.workspace ?? DEFAULT_WORKSPACE);
      const { artifact, stale } = await context.reviews.compute(params);
      if (params.head === undefined) context.sessions.invalidate(params.workspace ?? DEFAULT_WORKSPACE, null);
      return {
        reviewId: artifact.reviewId, base: artifact.base, head: artifact.head, headResolved: artifact.headResolved, stale,
        cohorts: artifact.cohorts, summary: artifact.summary, meta: meta(context, artifact, started),
      };
    } finally {
      review?.end();
      leave();
    }
  } },
  'review_studio.get': { params: reviewIdParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { artifact, stale } = await context.reviews.get(params.reviewId);
    return { ...artifact, stale, meta: meta(context, artifact, started) };
  } },
  'review_studio.cohorts': { params: reviewIdParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { artifact, stale } = await context.reviews.get(params.reviewId);
    return { ...(await cohortsAnswer(context.reviews, artifact, stale)), meta: meta(context, artifact, started) };
  } },
  'review_studio.blastRadius': { params: blastRadiusParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { artifact, stale } = await context.reviews.get(params.reviewId);
    return { ...(await radiusAnswer(context.repository, artifact, params, stale)), meta: meta(context, artifact, started) };
  } },
  'review_studio.cohortImpact': { params: cohortImpactParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { artifact, stale } = await context.reviews.get(params.reviewId);
    return { ...(await cohortImpactAnswer(context.repository, artifact, params, stale)), meta: meta(context, artifact, started) };
  } },
  'review_studio.ciSignals': { params: ciSignalsParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { artifact, stale } = await context.reviews.get(params.reviewId);
    return { ...(await ciSignalsAnswer(artifact, params, stale)), meta: meta(context, artifact, started) };
  } },
  'review_studio.dependencyDiffs': { params: reviewIdParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { artifact, stale } = await context.reviews.get(params.reviewId);
    return { ...dependencyAnswer(artifact, stale), meta: meta(context, artifact, started) };
  } },
};

/** The `meta` of a review answer: the store generation, and the workspace when the head is one. */
export function meta(context: DaemonContext, artifact: ReviewArtifact, started: number): ReturnType<typeof metaOf> {
  const workspace = artifact.head.kind === 'workspace' ? artifact.head.workspace : DEFAULT_WORKSPACE;
  return metaOf(context.repository.generation(), workspace, started);
}
