/**
 * Giving memory back once a large owner is gone (a deleted workspace's bound tree, a closed
 * connection's buffers): V8 runs a full collection only under allocation pressure, so an idle
 * daemon would keep that heap (and its RSS) indefinitely. After a delete or a close, one full
 * collection is scheduled on a later
 * turn (coalesced, so a burst collects once). Uses V8's own `gc` the way
 * jest-leak-detector does (exposed at run time through a fresh context), and does nothing
 * where that is not available. Owns that scheduling, nothing else.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Quiet time after the last release request before collecting (one collection per burst). */
const COLLECT_AFTER_MS = 200;

/** After a connection closes: long enough that clients coming and going (CLI commands) cause one collection when they stop. */
export const COLLECT_AFTER_CLOSE_MS = 5_000;

let collect: (() => void) | null | undefined;
let timer: NodeJS.Timeout | null = null;

/** Schedules one full garbage collection shortly (after the current answers are written). */
export function releaseMemorySoon(quietMs = COLLECT_AFTER_MS): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    fullCollection()?.();
  }, quietMs);
  timer.unref();
}

function fullCollection(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === 'function') {
      collect = exposed;
    } else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
  } catch {
    collect = null;
  }
  return collect;
}
