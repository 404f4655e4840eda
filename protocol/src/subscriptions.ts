/**
 * Clocked subscriptions, after watchman's subscribe/since: `watch.subscribe`,
 * `watch.unsubscribe` and the `watch.event` notification, with each topic's parameters and
 * payload, and the clock itself. A clock is `c:<storeId>:<generation>`: the identity of the store
 * (random, made with the store, so a wiped store or another data root has another) and the
 * generation the payload describes. A client that resubscribes with `since: clock` receives what
 * changed after it (across daemon restarts too); when the daemon cannot vouch for the clock
 * (another store, a generation ahead of the store's or older than the history it keeps, a
 * malformed value, a bare number) or the client's queue overflowed, the next event has
 * `isFreshInstance: true` and the client must resync: never a silent loss.
 */
import { NotificationType, RequestType } from 'vscode-jsonrpc';
import type { StructuralDelta } from './delta.js';
import type { ErrorData } from './errors.js';
import type { WithMeta } from './shapes.js';
import type {
  ReviewBlastRadiusParams, ReviewBlastRadiusResult, ReviewCiSignalsParams, ReviewCiSignalsResult, ReviewCohortImpactParams,
  ReviewCohortImpactResult, ReviewCohortsResult, ReviewComputeParams, ReviewComputePayload, ReviewDependencyDiffsResult, ReviewIdParams, ReviewVerdictResult,
  ReviewAxisParams, ReviewAxisResult,
} from './methods-review.js';

/** `c:<storeId>:<generation>`; opaque to clients except through parseClock. */
export type Clock = string;

const CLOCK_PATTERN = /^c:([0-9a-f]{16,64}):(0|[1-9][0-9]{0,15})$/;

/** The clock of `generation` in the store `storeId`. */
export function formatClock(storeId: string, generation: number): Clock {
  return `c:${storeId}:${generation}`;
}

/** The store and generation a clock names, or null when `value` is not a clock. */
export function parseClock(value: unknown): { storeId: string; generation: number } | null {
  if (typeof value !== 'string' || value.length > 100) return null;
  const match = CLOCK_PATTERN.exec(value);
  if (!match) return null;
  const generation = Number(match[2]);
  return Number.isSafeInteger(generation) ? { storeId: match[1]!, generation } : null;
}

/** True when `later` is a clock of the same store as `earlier` with a higher generation. */
export function isClockAfter(later: Clock, earlier: Clock): boolean {
  const a = parseClock(later);
  const b = parseClock(earlier);
  return a !== null && b !== null && a.storeId === b.storeId && a.generation > b.generation;
}

export const TOPICS = [
  'index.progress', 'graph.delta', 'workspace.changed',
  'review_studio.compute', 'review_studio.cohorts', 'review_studio.blastRadius', 'review_studio.cohortImpact',
  'review_studio.ciSignals', 'review_studio.dependencyDiffs', 'review_studio.verdict', 'review_studio.axis',
] as const;
export type Topic = (typeof TOPICS)[number];

/** The review topics: subscribed through their watch twins (`review_studio.watchCohorts`...), one review each. */
export const REVIEW_TOPICS = TOPICS.filter((topic): topic is ReviewTopic => topic.startsWith('review_studio.'));
export type ReviewTopic = Extract<Topic, `review_studio.${string}`>;

/** What a subscriber may narrow each topic by (a review topic: its review, and the method's own parameters). */
export interface TopicParams {
  'index.progress': { workspace?: string };
  'graph.delta': { workspace?: string };
  'workspace.changed': { workspace?: string };
  'review_studio.compute': ReviewComputeParams;
  'review_studio.cohorts': ReviewIdParams;
  'review_studio.blastRadius': ReviewBlastRadiusParams;
  'review_studio.cohortImpact': ReviewCohortImpactParams;
  'review_studio.ciSignals': ReviewCiSignalsParams;
  'review_studio.dependencyDiffs': ReviewIdParams;
  'review_studio.verdict': ReviewIdParams;
  'review_studio.axis': ReviewAxisParams;
}

/** Progress of a review computation, then its result (or what failed). */
export interface ReviewComputeEvent {
  reviewId: string;
  phase: 'computing' | 'done' | 'failed';
  result?: ReviewComputePayload;
  /** When `phase` is `failed`: the error's stable name and message. */
  error?: { code: string; message: string };
}

/** Progress of a build under way. */
export interface IndexProgressPayload {
  workspace: string;
  /** The stage (`scan`, `extract`, `bind`, `publish`, ...). */
  phase: string;
  done: number;
  total: number;
}

/** One structural delta per published generation of the workspace. */
export interface GraphDeltaPayload extends StructuralDelta {
  workspace: string;
  generation: number;
}

/** A workspace was created, refreshed, reset, deleted, or went stale. */
export interface WorkspaceChangedPayload {
  workspace: string;
  change: 'created' | 'refreshed' | 'reset' | 'deleted' | 'stale';
  generation?: number;
}

/** A review method's answer without `meta`: what its watch twin pushes. */
type Unmeta<T> = Omit<T, 'meta'>;

export interface TopicPayload {
  'index.progress': IndexProgressPayload;
  'graph.delta': GraphDeltaPayload;
  'workspace.changed': WorkspaceChangedPayload;
  'review_studio.compute': ReviewComputeEvent;
  'review_studio.cohorts': Unmeta<ReviewCohortsResult>;
  'review_studio.blastRadius': Unmeta<ReviewBlastRadiusResult>;
  'review_studio.cohortImpact': Unmeta<ReviewCohortImpactResult>;
  'review_studio.ciSignals': Unmeta<ReviewCiSignalsResult>;
  'review_studio.dependencyDiffs': Unmeta<ReviewDependencyDiffsResult>;
  'review_studio.verdict': Unmeta<ReviewVerdictResult>;
  'review_studio.axis': Unmeta<ReviewAxisResult>;
}

export interface WatchSubscribeParams<T extends Topic = Topic> {
  topic: T;
  params?: TopicParams[T];
  /**
   * A clock from an earlier event or subscription answer: receive what changed after it. One the
   * daemon cannot vouch for starts with a fresh-instance event.
   */
  since?: Clock;
}

export interface WatchSubscribePayload {
  subscriptionId: string;
  /** The clock current when the subscription started. */
  clock: Clock;
}
export type WatchSubscribeResult = WithMeta<WatchSubscribePayload>;

export const WatchSubscribeMethod = 'watch.subscribe';
export const WatchSubscribeRequest = new RequestType<WatchSubscribeParams, WatchSubscribeResult, ErrorData>(WatchSubscribeMethod);

export interface WatchUnsubscribeParams {
  subscriptionId: string;
}

export interface WatchUnsubscribePayload {
  subscriptionId: string;
  /** False when there was no such subscription on this connection. */
  removed: boolean;
}
export type WatchUnsubscribeResult = WithMeta<WatchUnsubscribePayload>;

export const WatchUnsubscribeMethod = 'watch.unsubscribe';
export const WatchUnsubscribeRequest = new RequestType<WatchUnsubscribeParams, WatchUnsubscribeResult, ErrorData>(WatchUnsubscribeMethod);

export interface WatchEvent<T extends Topic = Topic> {
  subscriptionId: string;
  topic: T;
  /** The clock of the generation the payload describes (the payload's `generation`, if any). */
  clock: Clock;
  /** True when events may have been missed: the client must resync from a fresh query. */
  isFreshInstance: boolean;
  payload: TopicPayload[T];
}

export const WatchEventMethod = 'watch.event';
export const WatchEventNotification = new NotificationType<WatchEvent>(WatchEventMethod);

/** True when `value` names a topic. */
export function isTopic(value: unknown): value is Topic {
  return typeof value === 'string' && (TOPICS as readonly string[]).includes(value);
}
