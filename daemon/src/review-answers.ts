/**
 * The answers of the review methods over a stored review, without `meta`: what each method
 * returns and what its watch twin pushes, built in one place so the two never differ. Owns
 * those payloads; the review's content is packages/review's.
 */
import type { Repository } from '@repograph/engine';
import type {
  AxisName, CohortFindings, ReviewBlastRadiusParams, ReviewCiSignalsParams, ReviewCohortImpactParams, ReviewTopic, TopicPayload,
} from '@repograph/protocol';
import type { ReviewArtifact, ReviewTest } from '@repograph/review';
type TestRef = Parameters<(typeof import('@repograph/review'))['ciSignals']>[0][number];
import { reviewModule, type LazyReviews } from './review-runtime.js';

type Payload<T extends ReviewTopic> = TopicPayload[T];

export async function cohortsAnswer(reviews: LazyReviews, artifact: ReviewArtifact, stale: boolean): Promise<Payload<'review_studio.cohorts'>> {
  const { notes } = await reviews.notes(artifact.reviewId);
  // Summaries of cohorts the review still has (a key that went away keeps its note, unshown).
  const keys = new Set(artifact.cohorts.map((cohort) => cohort.key));
  const summaries = Object.fromEntries(Object.entries(notes.cohortSummaries).filter(([key]) => keys.has(key)).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { reviewId: artifact.reviewId, stale, cohorts: artifact.cohorts, summaries };
}

export function dependencyAnswer(artifact: ReviewArtifact, stale: boolean): Payload<'review_studio.dependencyDiffs'> {
  return { reviewId: artifact.reviewId, stale, changes: artifact.dependencies, diagnostics: artifact.diagnostics };
}

export async function radiusAnswer(repository: Repository, artifact: ReviewArtifact, params: Omit<ReviewBlastRadiusParams, 'reviewId'>, stale: boolean): Promise<Payload<'review_studio.blastRadius'>> {
  const { blastRadius, graphOf, headSideOf } = await reviewModule();
  const seeds = [...new Set(artifact.cohorts.flatMap((cohort) => cohort.symbols))];
  const radius = await repository.headReader(headSideOf(artifact), (reader) =>
    blastRadius(graphOf(reader), seeds, params.depth !== undefined ? { depth: params.depth } : {}));
  return { reviewId: artifact.reviewId, stale, ...radius };
}

export async function cohortImpactAnswer(repository: Repository, artifact: ReviewArtifact, params: Omit<ReviewCohortImpactParams, 'reviewId'>, stale: boolean): Promise<Payload<'review_studio.cohortImpact'>> {
  const { blastRadius, cohortOf, graphOf, headSideOf } = await reviewModule();
  const cohort = cohortOf(artifact, params.key);
  const radius = await repository.headReader(headSideOf(artifact), (reader) =>
    blastRadius(graphOf(reader), cohort.symbols, params.depth !== undefined ? { depth: params.depth } : {}));
  return { reviewId: artifact.reviewId, stale, cohort, radius, findings: findingsOf(artifact, cohort.symbols, cohort.files) };
}

export async function ciSignalsAnswer(artifact: ReviewArtifact, params: Omit<ReviewCiSignalsParams, 'reviewId'>, stale: boolean): Promise<Payload<'review_studio.ciSignals'>> {
  const { ciSignalsOffThread } = await reviewModule();
  const known = new Set(artifact.tests.map((test) => test.id));
  const signals = await ciSignalsOffThread(artifact.tests.map(testRef), params.results);
  const signalOf = new Map(signals.tests.map((signal) => [signal.id, signal] as const));
  const cohorts = artifact.cohorts.map((cohort) => ({
    key: cohort.key,
    tests: cohort.tests.filter((id) => known.has(id) && signalOf.has(id)).map((id) => signalOf.get(id)!),
  }));
  return { reviewId: artifact.reviewId, stale, cohorts, diagnostics: signals.diagnostics };
}


/** The review's tests as the signals read them (the artifact keeps kind and language as text). */
function testRef(test: ReviewTest): TestRef {
  return test as unknown as TestRef;
}

/** The diff's findings on a cohort: those whose target, callee or symbol is one of its symbols or files. */
function findingsOf(artifact: ReviewArtifact, symbols: readonly string[], files: readonly string[]): CohortFindings {
  const mine = new Set(symbols);
  const paths = new Set(files);
  const delta = artifact.delta;
  return {
    danglingCallers: (delta.danglingCallers ?? []).filter((d) => mine.has(d.target) || (d.renamedTo !== undefined && mine.has(d.renamedTo))),
    arityFindings: (delta.arityFindings ?? []).filter((a) => mine.has(a.callee) || [...mine].some((id) => a.callee.startsWith(`${id}.`))),
    newDuplicates: (delta.newDuplicates ?? []).filter((d) => mine.has(d.symbol)),
    signatureChanges: (delta.signatureChanges ?? []).filter((c) => mine.has(c.id)),
    newImportCycles: (delta.newImportCycles ?? []).filter((cycle) => cycle.some((path) => paths.has(path))),
  };
}

/** The verdict of a review now, with each axis (review_studio.verdict and its twin). */
export async function verdictAnswer(reviews: LazyReviews, reviewId: string): Promise<Payload<'review_studio.verdict'>> {
  const { state, verdict } = await reviews.verdict(reviewId);
  return { reviewId, stale: state.stale, verdict: verdict.verdict, axes: verdict.axes, why: [...verdict.why, ...verdict.policyProblems] };
}

/** One axis of the verdict now, with what an agent acts on (review_studio.axis and its twin). */
export async function axisAnswer(reviews: LazyReviews, reviewId: string, axis: AxisName): Promise<Payload<'review_studio.axis'>> {
  const { state, report } = await reviews.axis(reviewId, axis);
  return { reviewId, stale: state.stale, ...report };
}

/** The payload of a review topic for a watch scope (review-watch.ts's ReviewRender). */
export function renderReviewTopic(repository: Repository, reviews: LazyReviews): (topic: ReviewTopic, artifact: ReviewArtifact, params: Record<string, unknown>, stale: boolean) => Promise<unknown> {
  return async (topic, artifact, params, stale) => {
    switch (topic) {
      case 'review_studio.cohorts': return cohortsAnswer(reviews, artifact, stale);
      case 'review_studio.dependencyDiffs': return dependencyAnswer(artifact, stale);
      case 'review_studio.blastRadius': return radiusAnswer(repository, artifact, params as Omit<ReviewBlastRadiusParams, 'reviewId'>, stale);
      case 'review_studio.cohortImpact': return cohortImpactAnswer(repository, artifact, params as unknown as Omit<ReviewCohortImpactParams, 'reviewId'>, stale);
      case 'review_studio.ciSignals': return ciSignalsAnswer(artifact, params as Omit<ReviewCiSignalsParams, 'reviewId'>, stale);
      case 'review_studio.verdict': return verdictAnswer(reviews, artifact.reviewId);
      case 'review_studio.axis': return axisAnswer(reviews, artifact.reviewId, params['axis'] as AxisName);
      default: return { reviewId: artifact.reviewId, phase: 'done' };
    }
  };
}
