/**
 * computeDelta: the structural delta of one change, from the two sides the engine hands over.
 * Owns the order of the steps and the assembly of the result; each rule lives in its own file.
 * Deterministic: the same input gives the same output (every list sorted), save `deltaMs`.
 */
import { performance } from 'node:perf_hooks';
import type { DeltaInput } from '@repograph/engine';
import { readContext } from './context.js';
import { compareSymbols } from './symbol-changes.js';
import { pairRenames } from './renames.js';
import { findDanglingCallers } from './dangling.js';
import { findArityIssues } from './arity.js';
import { findNewDuplicates } from './duplicates.js';
import { findNewImportCycles } from './import-cycles.js';
import { findTestsReaching } from './tests-reaching.js';
import type { SignatureChange, StructuralDelta } from './shapes.js';
import { sortedUnique } from './symbol-facts.js';

/** Computes the structural delta of a change (PROTOCOL.md "Edits and structural delta"). */
export function computeDelta(input: DeltaInput): StructuralDelta {
  const started = performance.now();
  const context = readContext(input);
  const comparison = compareSymbols(context);
  const pairing = pairRenames(context, comparison.added, comparison.removed);

  const signatureChanges: SignatureChange[] = comparison.parametersChanged.map((id) => {
    const change: SignatureChange = { id };
    const before = context.beforeDefinitions.get(id)!.symbol.signature;
    const after = context.afterDefinitions.get(id)!.symbol.signature;
    if (before !== undefined) change.before = before;
    if (after !== undefined) change.after = after;
    return change;
  });

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
    danglingCallers: findDanglingCallers(context, pairing.removed, pairing.renamed),
    signatureChanges,
    arityFindings: findArityIssues(context, comparison.parametersChanged, comparison.added, comparison.removed),
    newDuplicates: findNewDuplicates(context, [...pairing.added, ...comparison.changed]),
    newImportCycles: findNewImportCycles(context),
    testsReaching: findTestsReaching(context),
    reingestMs: input.reingestMs,
    deltaMs: 0,
  };
  delta.deltaMs = Math.round((performance.now() - started) * 100) / 100;
  return delta;
}
