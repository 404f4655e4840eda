/**
 * One cohort's radius: the blast radius of the cohort's own changed symbols, and the radius size
 * the impact score counts. Owns those two entry points only: the cohort's findings from the diff
 * (removed and renamed exports, dangling callers, arity) are joined to the radius by the caller.
 */
import type { BlastRadius, ReviewGraph } from '../types.js';
import { blastRadius } from './blast-radius.js';
import { radiusBudgets, type RadiusOptions } from './budgets.js';
import { walkRadius } from './traversal.js';

/** The blast radius of one cohort's changed symbols (Cohort.symbols), same budgets and order. */
export function cohortImpact(graph: ReviewGraph, cohortSymbols: readonly string[], options: RadiusOptions = {}): BlastRadius {
  return blastRadius(graph, cohortSymbols, options);
}

/**
 * How many nodes reach `seeds` (the length of blastRadius's `symbols`), without building paths.
 * Bounded by `budget` like the radius: when a budget cuts the walk, a lower bound.
 */
export function radiusSize(graph: ReviewGraph, seeds: readonly string[], budget: RadiusOptions = {}): number {
  const walk = walkRadius(graph, seeds, radiusBudgets(budget));
  return walk.reached.size - walk.seeds.length;
}
