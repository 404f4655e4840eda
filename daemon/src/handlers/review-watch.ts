/**
 * The review studio's watch twins: `review_studio.watchCompute` (starts the computation and
 * pushes `computing`, then the result or what failed) and `.watchCohorts`, `.watchBlastRadius`,
 * `.watchCohortImpact`, `.watchCiSignals`, `.watchDependencyDiffs` (each pushes its method's new
 * answer whenever the review is stored anew). Each answers as watch.subscribe does, plus the
 * review id. Owns these entries; scopes and pushing are ../review-watch.ts's.
 */
import { isRepographError } from '@repograph/core';
import { DEFAULT_WORKSPACE } from '@repograph/engine';
import type { ReviewTopic } from '@repograph/protocol';
import { metaOf, type ClientHandle, type DaemonContext } from '../context.js';
import { invalid, optionalString, type Params } from '../params.js';
import {
  blastRadiusParams, ciSignalsParams, cohortImpactParams, reviewComputeParams, reviewIdParams,
} from './review-params.js';
import type { MethodTablePart } from './table.js';
import { startReview } from './review-start.js';

type WatchMethod = 'review_studio.watchCompute' | 'review_studio.watchCohorts' | 'review_studio.watchBlastRadius'
  | 'review_studio.watchCohortImpact' | 'review_studio.watchCiSignals' | 'review_studio.watchDependencyDiffs';

/** The twin's params: the method's, plus `since`. */
export function withSince<P extends object>(read: (raw: Params) => P): (raw: Params) => P & { since?: string } {
  return (raw) => {
    const since = raw['since'];
    if (since !== undefined && since !== null && typeof since !== 'string') throw invalid('since', 'must be a clock from an earlier watch answer or watch.event.');
    const clock = optionalString(raw, 'since', 100);
    return { ...read(raw), ...(clock !== undefined ? { since: clock } : {}) };
  };
}

async function subscribeTo<P extends { reviewId: string; since?: string }>(context: DaemonContext, client: ClientHandle, topic: ReviewTopic, params: P) {
  const started = performance.now();
  await context.reviews.get(params.reviewId);
  const { since, ...rest } = params;
  const subscribed = context.reviewWatch.subscribe(topic, params.reviewId, rest as Record<string, unknown>, client.outbox, since);
  return { ...subscribed, reviewId: params.reviewId, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
}

export const reviewWatchMethods: MethodTablePart<WatchMethod> = {
  'review_studio.watchCompute': { params: withSince(reviewComputeParams), handle: async (context, client, params) => {
    const started = performance.now();
    // As review_studio.compute; the hold ends once the result is pushed.
    const review = await startReview(context, params);
    let handedOver = false;
    try {
      const { since, ...request } = params;
      const reviewId = await context.reviews.idOf(request);
      const subscribed = context.reviewWatch.subscribe('review_studio.compute', reviewId, {}, client.outbox, since);
      const push = (payload: Parameters<typeof context.reviewWatch.push<'review_studio.compute'>>[4]): void =>
        context.reviewWatch.push('review_studio.compute', reviewId, {}, context.hub.clock(), payload);
      push({ reviewId, phase: 'computing' });
      const leave = context.reviews.enter();
      handedOver = true;
      void context.reviews.compute(request).finally(() => { leave(); review.end(); }).then(({ artifact, stale }) => push({
        reviewId, phase: 'done',
        result: { reviewId, base: artifact.base, head: artifact.head, headResolved: artifact.headResolved, stale, cohorts: artifact.cohorts, summary: artifact.summary },
      }), (error: unknown) => push({
        reviewId, phase: 'failed',
        error: isRepographError(error) ? { code: error.code, message: error.message } : { code: 'Internal', message: (error as Error)?.message ?? String(error) },
      }));
      return { ...subscribed, reviewId, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
    } finally {
      if (!handedOver) review.end();
    }
  } },
  'review_studio.watchCohorts': { params: withSince(reviewIdParams), handle: (context, client, params) => subscribeTo(context, client, 'review_studio.cohorts', params) },
  'review_studio.watchBlastRadius': { params: withSince(blastRadiusParams), handle: (context, client, params) => subscribeTo(context, client, 'review_studio.blastRadius', params) },
  'review_studio.watchCohortImpact': { params: withSince(cohortImpactParams), handle: (context, client, params) => subscribeTo(context, client, 'review_studio.cohortImpact', params) },
  'review_studio.watchCiSignals': { params: withSince(ciSignalsParams), handle: (context, client, params) => subscribeTo(context, client, 'review_studio.ciSignals', params) },
  'review_studio.watchDependencyDiffs': { params: withSince(reviewIdParams), handle: (context, client, params) => subscribeTo(context, client, 'review_studio.dependencyDiffs', params) },
};
