/**
 * One run at a time per key, and never a stale answer: a call while no run of its key is under
 * way starts one; a call while one is under way waits for it to end and then shares one new run
 * with every other call that arrived meanwhile. So each caller gets the result of a run that
 * started after it asked, and however many callers pile up, at most one run is under way and one
 * waits per key. Owns that scheduling; what a run does is the caller's.
 */
export class FreshRuns<K, T> {
  private readonly lanes = new Map<K, { running: Promise<T>; queued: Promise<T> | null }>();

  constructor(private readonly run: (key: K) => Promise<T>) {}

  /** The result of a run of `key` started after this call. */
  get(key: K): Promise<T> {
    const lane = this.lanes.get(key);
    if (lane === undefined) return this.start(key);
    const next = (): Promise<T> => {
      lane.queued = null;
      return this.start(key);
    };
    lane.queued ??= lane.running.then(next, next);
    return lane.queued;
  }

  /** Keys with a run under way. */
  get size(): number {
    return this.lanes.size;
  }

  private start(key: K): Promise<T> {
    let run: Promise<T>;
    try {
      run = this.run(key);
    } catch (error) {
      run = Promise.reject(error);
    }
    const lane: { running: Promise<T>; queued: Promise<T> | null } = {
      running: run.finally(() => {
        if (this.lanes.get(key) === lane && lane.queued === null) this.lanes.delete(key);
      }),
      queued: null,
    };
    this.lanes.set(key, lane);
    return lane.running;
  }
}
