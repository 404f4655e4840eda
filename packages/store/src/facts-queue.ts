/**
 * The fact cache's write-behind queue. Facts an index extracts are queued, not written at once:
 * getFacts finds a queued entry straight away, and the queue is written in one transaction once
 * the store has been quiet for QUIET_MS (no fact queued, no snapshot or review stored), at once
 * when FLUSH_AT entries wait, and always before the store closes. So a cold index binds, publishes
 * and answers before it pays for its cache writes (55 transactions of 64 entries on core-js, each
 * encoded on the main thread and committed with an fsync while extraction competed for the same
 * two cores). A write that fails drops its entries, which are a cache (the blob is extracted again
 * when next needed), and is kept as `lastError`. Owns the queue, its timing and the order of its
 * writes; the encoding and the transaction are facts.ts's.
 */
import type { FileFacts } from '@repograph/core';
import type { FactsEntry } from './types.js';

/** How long the store must be quiet before queued facts are written. */
export const QUIET_MS = 1_000;
/** Queued facts written at once, quiet or not, so a long busy spell holds a bounded queue. */
export const FLUSH_AT = 8_192;

/** Writes entries to the cache in one transaction (facts.ts's putFacts over one environment). */
export type FactsWriter = (entries: readonly FactsEntry[]) => Promise<void>;

export class FactsQueue {
  private readonly queued = new Map<string, FactsEntry>();
  private write: FactsWriter | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** When a fact was last queued, or the store last written, while facts waited (performance.now()). */
  private lastActivity = 0;
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Why the last write failed (null once one succeeds). */
  lastError: string | null = null;

  constructor(private readonly quietMs = QUIET_MS, private readonly flushAt = FLUSH_AT) {}

  /** Sets how queued facts are written (once, by the store that owns the environment). */
  writeWith(write: FactsWriter): void {
    this.write = write;
  }

  /** The queued facts under a shared-facts key (facts.ts's `blob NUL version NUL variant`). */
  get(key: string): FileFacts | undefined {
    return this.queued.get(key)?.facts;
  }

  get size(): number {
    return this.queued.size;
  }

  /** Queues entries (already checked) under their keys; a later entry for a key replaces an earlier one. */
  add(entries: ReadonlyArray<{ key: string; entry: FactsEntry }>): void {
    if (this.stopped || this.write === null) throw new Error('facts cannot be queued: the store is closing, or it writes no facts');
    for (const { key, entry } of entries) this.queued.set(key, entry);
    if (this.queued.size >= this.flushAt) void this.flush();
    else this.arm();
  }

  /** Something else was written: queued facts wait for another quiet spell. */
  touch(): void {
    if (this.timer !== null) this.arm();
  }

  /**
   * Writes every fact queued so far (after any write under way) and resolves once that write
   * ended, well or not: a failure is kept as `lastError`, never thrown.
   */
  flush(): Promise<void> {
    this.disarm();
    this.writing = this.writing.then(() => this.writeQueued());
    return this.writing;
  }

  /** Writes what is queued and accepts nothing more (the store closes next). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.flush();
  }

  private async writeQueued(): Promise<void> {
    if (this.queued.size === 0 || this.write === null) return;
    const batch = [...this.queued];
    try {
      await this.write(batch.map(([, entry]) => entry));
      this.lastError = null;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
    } finally {
      // Entries queued anew meanwhile (another object under the same key) stay for the next write.
      for (const [key, entry] of batch) if (this.queued.get(key) === entry) this.queued.delete(key);
    }
  }

  /**
   * Restarts the quiet span. One timer serves the whole span: a fact queued or a write meanwhile
   * only moves `lastActivity`, and the timer, when it fires early, waits out the rest (a cold
   * index queues thousands of facts; a timer made and cleared per fact cost more than the check).
   */
  private arm(): void {
    this.lastActivity = performance.now();
    if (this.timer === null) this.wait(this.quietMs);
  }

  private wait(ms: number): void {
    this.timer = setTimeout(() => {
      const quietFor = performance.now() - this.lastActivity;
      if (quietFor < this.quietMs) {
        this.wait(this.quietMs - quietFor);
        return;
      }
      this.timer = null;
      void this.flush();
    }, ms);
    // A process with nothing else to do exits; closing the store writes the queue first.
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
  }
}
