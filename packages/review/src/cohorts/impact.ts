/**
 * A cohort's impact score, riskiest first. The parts (ImpactParts) are counts over the cohort:
 *   removedExported  removed symbols that the base exported;
 *   renamedExported  renames whose new id is a member and whose old symbol the base exported;
 *   danglingCallers  delta.danglingCallers whose target is a member (or was renamed to one);
 *   arityFindings    delta.arityFindings whose callee is a member (or enclosed by one);
 *   radius           the caller's radiusOf(member symbols) (the bounded blast radius);
 *   testsReaching    tests reaching the cohort (Cohort.tests);
 *   generatedFiles   member files that are generated;
 *   changedLines     lines added and removed over the member files.
 * The score, rounded to two decimals:
 *   10·removedExported + 6·renamedExported + 8·danglingCallers + 5·arityFindings
 *   + 3·log2(1 + radius) + log2(1 + weightedLines) + (testsReaching = 0 ? 2 : 0)
 * where weightedLines counts a generated file's changed lines at 0.1 of a hand-written file's.
 * Breakages a reviewer must see (removed or renamed exports, callers left dangling, calls that
 * no longer fit) dominate; a wide radius and a large hand-written change come next, on a log
 * scale so size alone never outranks a breakage; a cohort no test reaches weighs a little more.
 * Owns the score and the order; the blast radius itself is computed by the caller.
 */
import { compareStrings } from '@repograph/core';
import type { Cohort, Impact, ImpactParts, ReviewInput } from '../types.js';
import type { CohortMembers } from './group.js';

/** The blast radius size of a set of changed symbol ids (supplied by the caller). */
export type RadiusOf = (symbols: string[]) => number;

/** The formula's weights (see the header). */
export const IMPACT_WEIGHTS = {
  removedExported: 10,
  renamedExported: 6,
  danglingCallers: 8,
  arityFindings: 5,
  radius: 3,
  lines: 1,
  untested: 2,
  generatedLineShare: 0.1,
} as const;

/** The cohort's impact: its parts and the score they add up to. */
export function impactOf(input: ReviewInput, cohort: CohortMembers, radiusOf: RadiusOf): Impact {
  const symbols = new Set(cohort.symbols);
  const files = new Set(cohort.files);
  const changes = input.delta.symbols;
  const renamedTo = new Map(changes.renamed.map((rename) => [rename.old, rename.new]));
  const isMember = (id: string): boolean => symbols.has(id) || symbols.has(renamedTo.get(id) ?? '');

  const memberFiles = input.files.filter((file) => files.has(file.path));
  const parts: ImpactParts = {
    removedExported: changes.removed.filter((id) => symbols.has(id) && input.base.symbol(id)?.exported === true).length,
    renamedExported: changes.renamed.filter(
      (rename) => symbols.has(rename.new) && input.base.symbol(rename.old)?.exported === true,
    ).length,
    danglingCallers: (input.delta.danglingCallers ?? []).filter((caller) => isMember(caller.target)).length,
    arityFindings: (input.delta.arityFindings ?? []).filter(
      (finding) => symbols.has(finding.callee) || symbols.has(input.head.symbol(finding.callee)?.container ?? ''),
    ).length,
    radius: radiusOf([...cohort.symbols]),
    testsReaching: cohort.tests.length,
    generatedFiles: memberFiles.filter((file) => file.generated).length,
    changedLines: memberFiles.reduce((sum, file) => sum + file.linesAdded + file.linesRemoved, 0),
  };
  const weightedLines = memberFiles.reduce(
    (sum, file) => sum + (file.linesAdded + file.linesRemoved) * (file.generated ? IMPACT_WEIGHTS.generatedLineShare : 1),
    0,
  );
  return { score: scoreOf(parts, weightedLines), parts };
}

/** The score of the parts (weightedLines: changed lines with generated files' at their share). */
export function scoreOf(parts: ImpactParts, weightedLines: number): number {
  const w = IMPACT_WEIGHTS;
  const score =
    w.removedExported * parts.removedExported +
    w.renamedExported * parts.renamedExported +
    w.danglingCallers * parts.danglingCallers +
    w.arityFindings * parts.arityFindings +
    w.radius * Math.log2(1 + Math.max(0, parts.radius)) +
    w.lines * Math.log2(1 + weightedLines) +
    (parts.testsReaching === 0 ? w.untested : 0);
  return Math.round(score * 100) / 100;
}

/** The cohorts riskiest first: score descending, then key. */
export function orderCohorts(cohorts: readonly Cohort[]): Cohort[] {
  return [...cohorts].sort((a, b) => b.impact.score - a.impact.score || compareStrings(a.key, b.key));
}
