/**
 * A cohort's fresh key, derived from its content only (never from commit ids, file order or
 * array positions). The rule: `c-` and the first 12 hex digits of the SHA-256 of an anchor text,
 *   - a graph cohort: `graph\n` and its smallest member symbol id in code-unit order (or, when it
 *     has no changed symbol, `graph-file\n` and its smallest member path);
 *   - a path cohort: `path\n` and the folder it groups (one path cohort per folder).
 * Graph cohorts share no file, hence no symbol, so anchors differ within a review. Should two
 * keys still meet (a 48-bit hash collision, or a fresh key equal to one a cohort inherited), the
 * colliding cohort takes the first free key of the anchor text followed by `\n#2`, `\n#3`, ...,
 * cohorts taken in the order of their content signature (basis, sorted files, sorted symbols).
 * Owns the derivation; carrying keys across recomputations is inherit.ts.
 */
import { createHash } from 'node:crypto';
import { compareStrings } from '@repograph/core';
import { directoryOf, type CohortMembers } from './group.js';

/** Hex digits of the hash kept in a key. */
export const KEY_HEX_DIGITS = 12;

/** The anchor text a cohort's key hashes. */
export function anchorOf(members: CohortMembers): string {
  if (members.basis === 'path') return `path\n${directoryOf(members.files[0] ?? '')}`;
  const smallestSymbol = smallest(members.symbols);
  if (smallestSymbol !== undefined) return `graph\n${smallestSymbol}`;
  return `graph-file\n${smallest(members.files) ?? ''}`;
}

/** The key for an anchor text at a given attempt (1 for the first, 2.. after a collision). */
export function keyOfAnchor(anchor: string, attempt = 1): string {
  const text = attempt === 1 ? anchor : `${anchor}\n#${attempt}`;
  return `c-${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, KEY_HEX_DIGITS)}`;
}

/**
 * Gives each cohort its fresh key, none equal to another nor to a reserved one; the result is in
 * the input's order, and each cohort's key does not depend on that order.
 */
export function assignFreshKeys<T extends CohortMembers>(cohorts: readonly T[], reserved: ReadonlySet<string> = new Set()): Array<T & { key: string }> {
  const taken = new Set(reserved);
  const keyed = new Map<T, string>();
  const bySignature = [...cohorts].sort((a, b) => compareStrings(signatureOf(a), signatureOf(b)));
  for (const cohort of bySignature) {
    const anchor = anchorOf(cohort);
    let attempt = 1;
    let key = keyOfAnchor(anchor, attempt);
    while (taken.has(key)) key = keyOfAnchor(anchor, ++attempt);
    taken.add(key);
    keyed.set(cohort, key);
  }
  return cohorts.map((cohort) => ({ ...cohort, key: keyed.get(cohort)! }));
}

/** The content that orders colliding cohorts: basis, sorted files, sorted symbols. */
export function signatureOf(members: CohortMembers): string {
  const files = [...members.files].sort(compareStrings).join('\u0000');
  const symbols = [...members.symbols].sort(compareStrings).join('\u0000');
  return `${members.basis}\u0001${files}\u0001${symbols}`;
}

function smallest(values: readonly string[]): string | undefined {
  let least: string | undefined;
  for (const value of values) if (least === undefined || compareStrings(value, least) < 0) least = value;
  return least;
}
