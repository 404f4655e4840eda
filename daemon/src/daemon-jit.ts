/**
 * V8 tuning for the daemon process, set when this module is evaluated: main.ts imports it first,
 * so it runs before the rest of the daemon (and the extraction workers) is loaded. TurboFan
 * optimizes a function once it has spent an "interrupt budget" of bytecode; the daemon raises the
 * budget to eight times V8 11.3's default (67,584), so what runs hot for a moment (a cold index's
 * walkers and binders, run once per file) is compiled less, while what a daemon runs again and
 * again (queries, re-binds, pushes) is still optimized, a little later. Measured on cold reviews
 * (interleaved runs, bench/RESULTS.md "Cold review, A/B"): core-js-50, the call 2,953 ms with the
 * default against 2,752 at 2x (6 runs each), 2,705 at 2x against 2,560 at 4x (4 runs; the
 * daemon's CPU 4,200 -> 3,710 ms); then 4x against 8x, 6 runs: the call 2,479 -> 2,388 ms and the
 * CPU 3,675 -> 3,385 ms (5 more runs: 3,018 -> 2,885 ms, CPU 4,290 -> 4,070); Django, 4 runs:
 * 6,108 -> 5,999 ms, CPU 8,425 -> 7,955 ms. A one-file push on core-js-50, 4 rounds of 10: medians
 * 112-126 ms at 4x, 101-116 at 8x. 16x made the call no faster (5 runs: 2,938 against 2,885 ms at
 * 8x). V8 flags are per process; this changes no output.
 */
import { setFlagsFromString } from 'node:v8';

/** The interrupt budget the daemon runs with (V8 11.3's default is 67,584). */
export const DAEMON_INTERRUPT_BUDGET = 8 * 67_584;

setFlagsFromString(`--interrupt-budget=${DAEMON_INTERRUPT_BUDGET}`);
