/**
 * Keys carried from a previous review of the same branch to its recomputation, so summaries and
 * review progress survive pushes and rebases. Each cohort is the set of its member paths and
 * member symbol ids. A previous cohort P and a new cohort N are candidates when their overlap
 * coefficient |P ∩ N| / min(|P|, |N|) reaches the threshold (INHERIT_THRESHOLD, 0.5: at least half
 * of the smaller side is shared). Candidates are taken greedily, largest intersection first (then
 * larger overlap coefficient, larger Jaccard, smaller new key, smaller old key), each old key going
 * to at most one new cohort and each new cohort taking at most one old key. So a push adding a
 * file keeps the key (the old cohort lies wholly inside the new one), a split gives the old key to
 * the part sharing the most with it, and a rebase with the same change finds the same cohorts.
 * A cohort that inherits nothing keeps its fresh key (keys.ts), re-derived if an inherited key
 * took it. Owns the carrying over; fresh keys are keys.ts.
 */
import { compareStrings } from '@repograph/core';
import type { CohortMembers } from './group.js';
import { assignFreshKeys } from './keys.js';

/** The smallest overlap coefficient at which a new cohort may inherit an old key. */
export const INHERIT_THRESHOLD = 0.5;

type Keyed = CohortMembers & { key: string };

/**
 * The new cohorts (with fresh keys) with the keys they inherit from the previous review's
 * cohorts, in the order given; no two share a key.
 */
export function inheritKeys<T extends Keyed>(previous: readonly Keyed[], next: readonly T[], threshold = INHERIT_THRESHOLD): T[] {
  const candidates = candidatePairs(previous, next, threshold);
  const inheritedBy = new Map<T, string>();
  const givenKeys = new Set<string>();
  for (const pair of candidates) {
    if (inheritedBy.has(pair.next) || givenKeys.has(pair.old.key)) continue;
    inheritedBy.set(pair.next, pair.old.key);
    givenKeys.add(pair.old.key);
  }

  const orphans = next.filter((cohort) => !inheritedBy.has(cohort));
  const rekeyed = new Map<T, string>();
  for (const [index, cohort] of assignFreshKeys(orphans, givenKeys).entries()) rekeyed.set(orphans[index]!, cohort.key);
  return next.map((cohort) => ({ ...cohort, key: inheritedBy.get(cohort) ?? rekeyed.get(cohort)! }));
}

/** How much two cohorts share. */
export interface Overlap {
  intersection: number;
  /** |P ∩ N| / min(|P|, |N|). */
  coefficient: number;
  /** |P ∩ N| / |P ∪ N|. */
  jaccard: number;
}

/** The overlap of two cohorts' member paths and symbols. */
export function overlapOf(a: CohortMembers, b: CohortMembers): Overlap {
  const left = memberSet(a);
  const right = memberSet(b);
  let intersection = 0;
  for (const member of left) if (right.has(member)) intersection++;
  const smaller = Math.min(left.size, right.size);
  const union = left.size + right.size - intersection;
  return {
    intersection,
    coefficient: smaller === 0 ? 0 : intersection / smaller,
    jaccard: union === 0 ? 0 : intersection / union,
  };
}

interface Candidate<T> {
  old: Keyed;
  next: T;
  overlap: Overlap;
}

function candidatePairs<T extends Keyed>(previous: readonly Keyed[], next: readonly T[], threshold: number): Array<Candidate<T>> {
  const candidates: Array<Candidate<T>> = [];
  for (const old of previous) {
    for (const cohort of next) {
      const overlap = overlapOf(old, cohort);
      if (overlap.intersection > 0 && overlap.coefficient >= threshold) candidates.push({ old, next: cohort, overlap });
    }
  }
  return candidates.sort(
    (a, b) =>
      b.overlap.intersection - a.overlap.intersection ||
      b.overlap.coefficient - a.overlap.coefficient ||
      b.overlap.jaccard - a.overlap.jaccard ||
      compareStrings(a.next.key, b.next.key) ||
      compareStrings(a.old.key, b.old.key),
  );
}

function memberSet(cohort: CohortMembers): Set<string> {
  const members = new Set<string>();
  for (const path of cohort.files) members.add(`file\u0000${path}`);
  for (const id of cohort.symbols) members.add(`symbol\u0000${id}`);
  return members;
}
