/**
 * The review studio's watch twins on the daemon's clocked subscriptions: a twin subscribes its
 * connection to a review topic under a scope naming the review and the method's own parameters
 * (`<reviewId>|<params>`), and whenever the review is stored anew (a new head on its branch, a
 * workspace refresh) each scope with subscribers gets the method's new answer, clocked by the
 * generation the storing made. While any review is watched, a poll (REVIEW_POLL_MS) asks whether
 * the head each follows has moved and starts the recomputation when it has. Owns the scopes,
 * the rendering of each topic's payload and the poll; the hub owns delivery and `since`.
 */
import { createHash } from 'node:crypto';
import { RepographError } from '@repograph/core';
import type { ReviewTopic, TopicPayload } from '@repograph/protocol';
import type { ReviewArtifact } from '@repograph/review';
import type { LazyReviews } from './review-runtime.js';
import type { EventSink, SubscriptionHub } from './subscriptions.js';

/** How often watched reviews check whether the head they follow moved. */
export const REVIEW_POLL_MS = 1000;

/** Renders one topic's payload for a review (may read the store: the blast radius). */
export type ReviewRender = (topic: ReviewTopic, artifact: ReviewArtifact, params: Record<string, unknown>, stale: boolean) => Promise<unknown>;

interface Scope {
  topic: ReviewTopic;
  reviewId: string;
  params: Record<string, unknown>;
}

export class ReviewWatch {
  private readonly scopes = new Map<string, Scope>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    private readonly hub: SubscriptionHub,
    private readonly reviews: LazyReviews,
    private readonly render: ReviewRender,
    private readonly log: (message: string) => void,
  ) {
    reviews.onStored((artifact, generation) => void this.announce(artifact, generation));
  }

  /** Subscribes `sink` to `topic` of a review with the method's params; returns what watch.subscribe returns. */
  subscribe(topic: ReviewTopic, reviewId: string, params: Record<string, unknown>, sink: EventSink, since: unknown): { subscriptionId: string; clock: string } {
    const scope = scopeKey(reviewId, params);
    this.scopes.set(`${topic}\u0000${scope}`, { topic, reviewId, params });
    this.arm();
    return this.hub.subscribe(topic, scope, sink, since);
  }

  /** Pushes an event on a review topic's scope (watchCompute's progress). */
  push<T extends ReviewTopic>(topic: T, reviewId: string, params: Record<string, unknown>, generation: number, payload: TopicPayload[T]): void {
    this.hub.publish(topic, scopeKey(reviewId, params), generation, payload);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Every watched scope of the stored review gets its topic's new answer. */
  private async announce(artifact: ReviewArtifact, generation: number): Promise<void> {
    for (const [key, scope] of this.scopes) {
      if (scope.reviewId !== artifact.reviewId || scope.topic === 'review_studio.compute') continue;
      const scopeName = scopeKey(scope.reviewId, scope.params);
      if (!this.hub.hasSubscribers(scope.topic, scopeName)) {
        this.scopes.delete(key);
        continue;
      }
      try {
        const payload = await this.render(scope.topic, artifact, scope.params, false);
        this.hub.publish(scope.topic, scopeName, generation, payload as never);
      } catch (error) {
        this.log(`review watch: rendering ${scope.topic} of ${artifact.reviewId} failed: ${(error as Error).message}`);
      }
    }
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.poll(), REVIEW_POLL_MS);
    this.timer.unref();
  }

  /** Recomputes every watched review whose followed head moved; disarms when nothing is watched. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const watched = new Set<string>();
      for (const [key, scope] of this.scopes) {
        if (this.hub.hasSubscribers(scope.topic, scopeKey(scope.reviewId, scope.params))) watched.add(scope.reviewId);
        else this.scopes.delete(key);
      }
      if (watched.size === 0) this.stop();
      for (const reviewId of watched) {
        try {
          await this.reviews.get(reviewId);
        } catch (error) {
          if (!(error instanceof RepographError && error.code === 'ReviewNotFound')) this.log(`review watch: ${reviewId}: ${(error as Error).message}`);
        }
      }
    } finally {
      this.polling = false;
    }
  }
}

/** The hub scope of a review topic: the review and the method's own params, in a canonical text. */
export function scopeKey(reviewId: string, params: Record<string, unknown>): string {
  const rest = Object.keys(params).filter((name) => name !== 'reviewId' && name !== 'since' && params[name] !== undefined).sort();
  // CI results can be megabytes of XML: the scope names them by digest.
  const digest = createHash('sha256').update(JSON.stringify(rest.map((name) => [name, params[name]]))).digest('hex').slice(0, 24);
  return `${reviewId}|${digest}`;
}
