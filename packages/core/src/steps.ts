/**
 * Steps: long synchronous work (binding, the structural delta) written as a generator that
 * yields between small units, so the same code runs to its end at once (`runToEnd`) or gives the
 * thread away whenever a slice has held it for `sliceMs` (`runPausing`, with the caller's way of
 * pausing). Owns the two ways of running steps, and the pause every package gives the pausing
 * one (`nextTurn`); what a step does is its owner's business.
 */

/** Work that yields (nothing) between units and returns its result at the end. */
export type Steps<T> = Generator<void, T, void>;

/** Runs steps synchronously to their result. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * A turn of the event loop, after pending I/O callbacks (queued requests): how long work gives
 * the thread away between slices (DESIGN.md invariant 3).
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs steps, awaiting `pause()` each time a slice has taken `sliceMs` or more. */
export async function runPausing<T>(steps: Steps<T>, pause: () => Promise<void>, sliceMs: number): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = performance.now();
    }
  }
}
