/**
 * V8 tuning for the daemon process, set when this module is evaluated: main.ts imports it first,
 * so it runs before the rest of the daemon (and the extraction workers) is loaded. TurboFan
 * optimizes a function once it has spent an "interrupt budget" of bytecode; the daemon raises the
 * budget to four times V8 11.3's default (67,584), so what runs hot for a moment (a cold index's
 * walkers and binders, run once per file) is compiled less, while what a daemon runs again and
 * again (queries, re-binds, pushes) is still optimized, a little later. Measured on the cold
 * review of core-js-50 (interleaved runs, bench/RESULTS.md "Cold review, A/B"): the call 2,953 ms
 * with the default against 2,752 at 2x (6 runs each), 2,705 at 2x against 2,560 at 4x (4 runs;
 * the daemon's CPU 4,200 -> 3,710 ms); a one-file push 120.5 ms with the default against 118.7 at
 * 4x, a warm compute 30.7 against 35.8 ms (12 interleaved pushes each). V8 flags are per process;
 * this changes no output.
 */
import { setFlagsFromString } from 'node:v8';

/** The interrupt budget the daemon runs with (V8 11.3's default is 67,584). */
export const DAEMON_INTERRUPT_BUDGET = 4 * 67_584;

setFlagsFromString(`--interrupt-budget=${DAEMON_INTERRUPT_BUDGET}`);
