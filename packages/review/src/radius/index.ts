/**
 * The radius's public face: the blast radius of a change or of one cohort, the radius size the
 * impact score counts, and the budgets they take. Owns the re-exports only.
 */
export { blastRadius, compareReached } from './blast-radius.js';
export { cohortImpact, radiusSize } from './cohort-impact.js';
export {
  DEFAULT_RADIUS_DEPTH, DEFAULT_RADIUS_MAX_EDGES, DEFAULT_RADIUS_MAX_NODES, MAX_RADIUS_DEPTH,
  radiusBudgets, type RadiusBudgets, type RadiusOptions,
} from './budgets.js';
export { RADIUS_KINDS } from './traversal.js';
