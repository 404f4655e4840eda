/**
 * The review's cohorts end to end: the changed files grouped (group.ts), each group keyed from
 * its content (keys.ts), keys carried over from the previous review of the same branch when
 * there is one (inherit.ts), and the cohorts scored and ordered riskiest first (impact.ts). Owns
 * the assembly only.
 */
import { isSyntaxLanguage, type LanguageId } from '@repograph/core';
import type { Cohort, ReviewInput } from '../types.js';
import { groupCohorts, type GroupOptions } from './group.js';
import { impactOf, orderCohorts, type RadiusOf } from './impact.js';
import { inheritKeys, INHERIT_THRESHOLD } from './inherit.js';
import { assignFreshKeys } from './keys.js';

export { groupCohorts, directoryOf, type CohortMembers, type GroupOptions } from './group.js';
export { TIE_KINDS } from './ties.js';
export { anchorOf, assignFreshKeys, keyOfAnchor, KEY_HEX_DIGITS } from './keys.js';
export { inheritKeys, overlapOf, INHERIT_THRESHOLD, type Overlap } from './inherit.js';
export { impactOf, orderCohorts, scoreOf, IMPACT_WEIGHTS, type RadiusOf } from './impact.js';

export interface CohortOptions extends GroupOptions {
  /** The previous review's cohorts of the same branch, whose keys carry over. */
  previous?: readonly Cohort[];
  /** The blast radius size of a set of changed symbols. */
  radiusOf: RadiusOf;
  /** The overlap coefficient at which a key carries over (default INHERIT_THRESHOLD). */
  inheritThreshold?: number;
}

/** The review's cohorts, riskiest first. */
export function computeCohorts(input: ReviewInput, options: CohortOptions): Cohort[] {
  const fresh = assignFreshKeys(groupCohorts(input, options));
  const keyed = options.previous === undefined
    ? fresh
    : inheritKeys(options.previous, fresh, options.inheritThreshold ?? INHERIT_THRESHOLD);
  const syntaxFiles = new Set(input.files.filter((file) => file.language !== null && isSyntaxLanguage(file.language as LanguageId)).map((file) => file.path));
  const cohorts = keyed.map((cohort): Cohort => ({
    ...cohort, impact: impactOf(input, cohort, options.radiusOf),
    ...(cohort.files.some((path) => syntaxFiles.has(path)) ? { semanticLevel: 'syntax' as const } : {}),
  }));
  return orderCohorts(cohorts);
}
