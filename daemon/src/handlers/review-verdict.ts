/**
 * The review studio's part 2 handlers: review_studio.finalize (the agents' three axes),
 * .setCohortSummary (an agent's summary under a cohort key), .verdict (Ship, Hold or Block with
 * every axis) and its twin .watchVerdict, .axis (one axis, with the contract changes or the
 * snapshots to act on) and its twin .watchAxis, and the decisions and approvals an axis waits
 * for. Owns these entries; the rules are packages/review's.
 */
import { DEFAULT_WORKSPACE } from '@repograph/engine';
import type { ReviewAddDiagramParams, ReviewSetContractDecisionParams } from '@repograph/protocol';
import { metaOf } from '../context.js';
import { axisAnswer, verdictAnswer } from '../review-answers.js';
import { axisParams, cohortSummaryParams, finalizeParams, reviewIdParams } from './review-params.js';
import { meta } from './review.js';
import type { MethodTablePart } from './table.js';
import { withSince } from './review-watch.js';
import { invalid, optionalString, requiredString, type Params } from '../params.js';

type VerdictMethod = 'review_studio.finalize' | 'review_studio.setCohortSummary' | 'review_studio.verdict' | 'review_studio.watchVerdict'
  | 'review_studio.axis' | 'review_studio.watchAxis'
  | 'review_studio.approveVisual' | 'review_studio.addReviewDiagram' | 'review_studio.setContractDecision';

export const reviewVerdictMethods: MethodTablePart<VerdictMethod> = {
  'review_studio.finalize': { params: finalizeParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { reviewId, ...posted } = params;
    const { state, notes } = await context.reviews.finalize(reviewId, posted);
    return { reviewId, stale: state.stale, axes: notes.finalized!.axes, meta: meta(context, state.artifact, started) };
  } },
  'review_studio.setCohortSummary': { params: cohortSummaryParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { state } = await context.reviews.setCohortSummary(params.reviewId, params.key, params.markdown);
    return { reviewId: params.reviewId, stale: state.stale, key: params.key, stored: true, meta: meta(context, state.artifact, started) };
  } },
  'review_studio.approveVisual': { params: approveParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { state } = await context.reviews.approveVisual(params.reviewId, params.snapshotId);
    return { reviewId: params.reviewId, stale: state.stale, snapshotId: params.snapshotId, approved: true, meta: meta(context, state.artifact, started) };
  } },
  'review_studio.addReviewDiagram': { params: diagramParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { state, diagramId, verification } = await context.reviews.addReviewDiagram(params.reviewId, params.key ?? null, params.diagram);
    return { reviewId: params.reviewId, stale: state.stale, diagramId, key: params.key ?? null, verification, meta: meta(context, state.artifact, started) };
  } },
  'review_studio.setContractDecision': { params: decisionParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const { state } = await context.reviews.setContractDecision(params.reviewId, params.changeId, params.decision, params.note);
    return { reviewId: params.reviewId, stale: state.stale, changeId: params.changeId, decision: params.decision, meta: meta(context, state.artifact, started) };
  } },
  'review_studio.verdict': { params: reviewIdParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const answer = await verdictAnswer(context.reviews, params.reviewId);
    return { ...answer, meta: metaOf(context.repository.generation(), DEFAULT_WORKSPACE, started) };
  } },
  'review_studio.watchVerdict': { params: withSince(reviewIdParams), handle: async (context, client, params) => {
    const started = performance.now();
    await context.reviews.get(params.reviewId);
    const subscribed = context.reviewWatch.subscribe('review_studio.verdict', params.reviewId, {}, client.outbox, params.since);
    return { ...subscribed, reviewId: params.reviewId, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  } },
  'review_studio.axis': { params: axisParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const answer = await axisAnswer(context.reviews, params.reviewId, params.axis);
    return { ...answer, meta: metaOf(context.repository.generation(), DEFAULT_WORKSPACE, started) };
  } },
  'review_studio.watchAxis': { params: withSince(axisParams), handle: async (context, client, params) => {
    const started = performance.now();
    await context.reviews.get(params.reviewId);
    const subscribed = context.reviewWatch.subscribe('review_studio.axis', params.reviewId, { axis: params.axis }, client.outbox, params.since);
    return { ...subscribed, reviewId: params.reviewId, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  } },
};

function approveParams(raw: Params): { reviewId: string; snapshotId: string } {
  return { ...reviewIdParams(raw), snapshotId: requiredString(raw, 'snapshotId', 200) };
}

function diagramParams(raw: Params): ReviewAddDiagramParams {
  const diagram = raw['diagram'];
  if (typeof diagram === 'string') throw invalid('diagram', 'send typed objects {kind, nodes, edges}, not mermaid or other text.');
  if (typeof diagram !== 'object' || diagram === null || Array.isArray(diagram)) throw invalid('diagram', 'an object {kind, nodes, edges} is required.');
  const key = optionalString(raw, 'key', 200);
  // Nodes and edges are checked by the review's validateDiagram (every field named) before anything is read.
  return { ...reviewIdParams(raw), ...(key !== undefined ? { key } : {}), diagram: diagram as ReviewAddDiagramParams['diagram'] };
}

function decisionParams(raw: Params): ReviewSetContractDecisionParams {
  const decision = raw['decision'];
  if (decision !== 'approve' && decision !== 'reject') throw invalid('decision', 'must be "approve" or "reject".');
  const note = optionalString(raw, 'note', 4000);
  return { ...reviewIdParams(raw), changeId: requiredString(raw, 'changeId', 200), decision, ...(note !== undefined ? { note } : {}) };
}

