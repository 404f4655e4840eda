/**
 * Watcher batching: collects touched paths and decides when they leave as one batch: after
 * `settleMs` without a new path, after `maxSettleMs` of a steady stream, not while a git
 * operation holds the index lock (for at most `lockHoldMaxMs` per lock), never two at once.
 * Owns the timers and the one-delivery-at-a-time rule; knows nothing of files or watches.
 */

export interface BatcherOptions {
  settleMs: number;
  maxSettleMs: number;
  lockHoldMaxMs: number;
  /** True while a git operation is in progress (asked only when a batch is due). */
  isLocked(): boolean;
  /** Delivers one batch; the next one starts only after this settles. `flushed`: asked by flush(). */
  deliver(paths: string[], flushed: boolean): Promise<void>;
  onError(error: unknown): void;
}

export class Batcher {
  private pending = new Set<string>();
  private firstAt = 0;
  private lastAt = 0;
  /** When the current index lock was first seen, or null while there is none. */
  private lockSeenAt: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: BatcherOptions) {}

  get pendingCount(): number {
    return this.pending.size;
  }

  touch(path: string): void {
    if (this.closed) return;
    const now = Date.now();
    if (this.pending.size === 0) this.firstAt = now;
    this.lastAt = now;
    this.pending.add(path);
    this.arm(this.options.settleMs);
  }

  /** Delivers what is pending now, without settling or waiting for the lock; resolves after it. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.pending.size > 0 && !this.closed) await this.run(true);
  }

  /** Drops what is pending and waits for a running delivery. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    while (this.running) await this.running;
  }

  /** One timer at a time; when it fires it works out whether the batch is really due. */
  private arm(delayMs: number): void {
    if (this.timer || this.running || this.closed || this.pending.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.onTimer();
    }, delayMs);
  }

  private onTimer(): void {
    const now = Date.now();
    const due = Math.min(this.lastAt + this.options.settleMs, this.firstAt + this.options.maxSettleMs);
    if (now < due) return this.arm(due - now);
    if (this.holdForLock(now)) return this.arm(this.options.settleMs);
    void this.run(false);
  }

  /** A lock that outlives lockHoldMaxMs (a crashed git) stops holding until it disappears. */
  private holdForLock(now: number): boolean {
    if (!this.options.isLocked()) {
      this.lockSeenAt = null;
      return false;
    }
    this.lockSeenAt ??= now;
    return now - this.lockSeenAt < this.options.lockHoldMaxMs;
  }

  private run(flushed: boolean): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const paths = [...this.pending];
    this.pending = new Set();
    const delivery = Promise.resolve().then(() => this.options.deliver(paths, flushed)).catch((error: unknown) => this.options.onError(error));
    this.running = delivery.finally(() => {
      this.running = null;
      this.arm(this.options.settleMs);
    });
    return this.running;
  }
}
