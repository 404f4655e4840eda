/**
 * The review studio, loaded on first use: packages/review (and the parsing libraries it loads
 * lazily in turn) costs the daemon's start about 20 ms of module loading that a daemon which
 * never reviews should not pay. `LazyReviews` is the ReviewService's face for the handlers: the
 * same methods, each awaiting the one service made on first call. Owns that loading, and the count
 * of computes clients wait on, which background work (a surface index's warming) lets finish first.
 */
import type { Repository } from '@repograph/engine';
import type { ComputeParams, ReviewListener, ReviewService, ReviewState } from '@repograph/review';

type ReviewModule = typeof import('@repograph/review');
let loading: Promise<ReviewModule> | null = null;

/** @repograph/review, imported once. */
export function reviewModule(): Promise<ReviewModule> {
  return (loading ??= import('@repograph/review'));
}

export class LazyReviews {
  private service: Promise<ReviewService> | null = null;
  private readonly listeners: ReviewListener[] = [];
  /** Computes a client waits on (review_studio.compute and its watch twin), and who waits for none. */
  private computing = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly repository: Repository) {}

  /**
   * Marks a compute a client waits on, from its request's arrival (before the startup index ends)
   * to its answer; the returned function ends it. Background work waits for them (idle()).
   */
  enter(): () => void {
    this.computing++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (--this.computing > 0) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    };
  }

  /** Resolves once no compute a client waits on is running (at once when none is). */
  idle(): Promise<void> {
    return this.computing === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Registers a listener on the service (now, or when it is made). */
  onStored(listener: ReviewListener): void {
    this.listeners.push(listener);
    void this.service?.then((service) => service.onStored(listener));
  }

  /** Loads the service and starts what the review can do ahead (ReviewService.prepare); never rejects. */
  async prepare(params: ComputeParams): Promise<void> {
    try {
      await (await this.load()).prepare(params);
    } catch {
      // compute() loads the service again and reports the failure.
    }
  }

  async compute(params: ComputeParams): Promise<ReviewState> {
    return (await this.load()).compute(params);
  }

  async get(reviewId: string): Promise<ReviewState> {
    return (await this.load()).get(reviewId);
  }

  async idOf(params: ComputeParams): Promise<string> {
    return (await this.load()).idOf(params);
  }

  async finalize(reviewId: string, raw: unknown): ReturnType<ReviewService['finalize']> {
    return (await this.load()).finalize(reviewId, raw);
  }

  async setCohortSummary(reviewId: string, key: string, markdown: string): ReturnType<ReviewService['setCohortSummary']> {
    return (await this.load()).setCohortSummary(reviewId, key, markdown);
  }

  async approveVisual(reviewId: string, snapshotId: string): ReturnType<ReviewService['approveVisual']> {
    return (await this.load()).approveVisual(reviewId, snapshotId);
  }

  async setContractDecision(reviewId: string, changeId: string, decision: 'approve' | 'reject', note?: string): ReturnType<ReviewService['setContractDecision']> {
    return (await this.load()).setContractDecision(reviewId, changeId, decision, note);
  }

  async addReviewDiagram(reviewId: string, key: string | null, raw: unknown): ReturnType<ReviewService['addReviewDiagram']> {
    return (await this.load()).addReviewDiagram(reviewId, key, raw);
  }

  async notes(reviewId: string): ReturnType<ReviewService['notes']> {
    return (await this.load()).notes(reviewId);
  }

  async verdict(reviewId: string): ReturnType<ReviewService['verdict']> {
    return (await this.load()).verdict(reviewId);
  }

  async axis(reviewId: string, axis: Parameters<ReviewService['axis']>[1]): ReturnType<ReviewService['axis']> {
    return (await this.load()).axis(reviewId, axis);
  }

  private load(): Promise<ReviewService> {
    return (this.service ??= reviewModule().then(({ ReviewService }) => {
      const service = new ReviewService(this.repository);
      for (const listener of this.listeners) service.onStored(listener);
      return service;
    }));
  }
}
