/**
 * computeDelta: the structural delta of one change, from the two sides the engine hands over.
 * Owns the order of the steps and the assembly of the result; each rule lives in its own file.
 * Deterministic: the same input gives the same output (every list sorted), save `deltaMs`.
 * Written as steps (steps.ts): `computeDelta` runs them at once, `computeDeltaPausing` gives the
 * thread away between slices (the daemon's refreshes), with the same result.
 */
import { performance } from 'node:perf_hooks';
import type { DeltaInput } from '@repograph/engine';
import { readContextSteps } from './context.js';
import { compareSymbols } from './symbol-changes.js';
import { pairRenames } from './renames.js';
import { findDanglingCallers } from './dangling.js';
import { findArityIssues } from './arity.js';
import { findNewDuplicates } from './duplicates.js';
import { findNewImportCycles } from './import-cycles.js';
import { findTestsReaching } from './tests-reaching.js';
import { findSurfaceChanges } from './surface-changes.js';
import type { SignatureChange, StructuralDelta } from './shapes.js';
import { sortedUnique } from './symbol-facts.js';
import { nextTurn, PAUSE_AFTER_MS, runPausing, runToEnd, type Steps } from './steps.js';

/** Computes the structural delta of a change (PROTOCOL.md "Edits and structural delta"). */
export function computeDelta(input: DeltaInput): StructuralDelta {
  return runToEnd(deltaSteps(input));
}

/**
 * computeDelta, awaiting `pause()` (default: a turn of the event loop) whenever a slice has held
 * the thread for `sliceMs`, so queued requests are answered while a large batch is analyzed.
 */
export function computeDeltaPausing(input: DeltaInput, pause: () => Promise<void> = nextTurn, sliceMs = PAUSE_AFTER_MS): Promise<StructuralDelta> {
  return runPausing(deltaSteps(input), pause, sliceMs);
}

function* deltaSteps(input: DeltaInput): Steps<StructuralDelta> {
  const started = performance.now();
  const context = yield* readContextSteps(input);
  const comparison = compareSymbols(context);
  yield;
  const pairing = pairRenames(context, comparison.added, comparison.removed);
  yield;

  const signatureChanges: SignatureChange[] = comparison.parametersChanged.map((id) => {
    const change: SignatureChange = { id };
    const before = context.beforeDefinitions.get(id)!.symbol.signature;
    const after = context.afterDefinitions.get(id)!.symbol.signature;
    if (before !== undefined) change.before = before;
    if (after !== undefined) change.after = after;
    return change;
  });

  const danglingCallers = findDanglingCallers(context, pairing.removed, pairing.renamed);
  yield;
  const arityFindings = findArityIssues(context, comparison.parametersChanged, comparison.added, comparison.removed);
  yield;
  const newDuplicates = findNewDuplicates(context, [...pairing.added, ...comparison.changed]);
  yield;
  const newImportCycles = findNewImportCycles(context);
  yield;
  const testsReaching = yield* findTestsReaching(context);
  const surfaces = yield* findSurfaceChanges(input);
  const delta: StructuralDelta = {
    paths: sortedUnique(input.paths),
    reparsed: sortedUnique(input.reparsed),
    affected: sortedUnique(input.affected),
    removedFiles: sortedUnique(input.removedFiles),
    symbols: {
      added: pairing.added,
      removed: pairing.removed,
      renamed: pairing.renamed,
      changed: comparison.changed,
    },
    danglingCallers,
    signatureChanges,
    arityFindings,
    newDuplicates,
    newImportCycles,
    testsReaching,
    surfaces,
    reingestMs: input.reingestMs,
    deltaMs: 0,
  };
  delta.deltaMs = Math.round((performance.now() - started) * 100) / 100;
  return delta;
}
