/**
 * V8 tuning for `repograph index` run as a command: a process that parses and binds a repository
 * once and exits. Its hot code (the extraction walkers in every worker, the binders on the main
 * thread) runs for seconds, too briefly to repay TurboFan's inlining: each function optimized
 * with its callees inlined, and again after each deoptimization, in every worker. Measured on
 * webpack's lib/ (issue 16): with inlining off, one worker's share of the extraction takes 8.67 G
 * instructions instead of 10.14 G and binding 6.58 G instead of 7.33 G (cachegrind), and the
 * whole command about 10% less CPU; rxjs, mobx, svelte and three gain 5-25%, core-js (3,500 small
 * files) about 3%. Optimized code without inlining is slower in the steady state, so the daemon,
 * whose workers stay warm, keeps inlining (it raises the interrupt budget instead:
 * daemon/src/daemon-jit.ts). V8 flags are per process, so this is set before
 * the engine and the extraction workers start; it changes no output.
 */
import { setFlagsFromString } from 'node:v8';

/** Turns TurboFan's inlining off for the rest of this process (call before the engine loads). */
export function tuneJitForOneShotIndex(): void {
  setFlagsFromString('--no-turbo-inlining');
}
