/**
 * How the structural delta runs: as steps (@repograph/core's generator runner), yielding between
 * small units of work (one file read, one node visited), to its end at once or pausing after
 * every slice of PAUSE_AFTER_MS, as the binder does. Owns the delta's slice length and pause.
 */
export { nextTurn, runPausing, runToEnd, type Steps } from '@repograph/core';

/** How long a slice of the delta may hold the thread before a pausing caller pauses. */
export const PAUSE_AFTER_MS = 8;
