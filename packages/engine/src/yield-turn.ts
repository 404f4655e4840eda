/**
 * Giving the thread away between slices of long synchronous work (binding, reading a tree), so a
 * server answers queued requests meanwhile (DESIGN.md invariant 3). Owns the one way to do it.
 */

/** Resolves on a later turn of the event loop, after pending I/O callbacks (queued requests). */
export function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
