/**
 * Refusing params fields a method does not declare (protocol's PARAM_FIELDS): a misspelt or
 * misplaced field is an InvalidParams naming it, the fields the method takes, and the nearest of
 * them when one is close, never a parameter dropped in silence. Owns the check and the
 * suggestion; which fields each method takes is protocol's.
 */
import { invalid, type Params } from './params.js';

/** The longest unknown field name quoted back in a message (a hostile one may be megabytes). */
const QUOTED_NAME = 64;

/**
 * Throws InvalidParams for the first field of `params` (in its own order) that `accepted` lacks.
 * `owner` names what takes the fields (`workspace.create`, `watch.subscribe's params`); `prefix`
 * is put before the field in `data.field` (`params.` for a nested object).
 */
export function refuseUnknownFields(params: Params, accepted: readonly string[], owner: string, prefix = ''): void {
  for (const field of Object.keys(params)) {
    if (accepted.includes(field)) continue;
    // A hostile name may be megabytes: it is named back cut short, in the message and in data.field.
    const named = field.length > QUOTED_NAME ? `${field.slice(0, QUOTED_NAME)}...` : field;
    const quoted = JSON.stringify(named);
    if (accepted.length === 0) throw invalid(`${prefix}${named}`, `${quoted} is not a parameter: ${owner} takes none (send {} or no params).`);
    const nearest = nearestName(field, accepted);
    const hint = nearest === null ? '' : ` (did you mean ${nearest}?)`;
    throw invalid(`${prefix}${named}`, `${quoted} is not a parameter of ${owner}${hint}; it takes ${accepted.join(', ')}.`);
  }
}

/**
 * The accepted name `field` most likely meant: the same name in another case, one that begins
 * with it or it with one (`base` for `baseCommit`), else the closest within a few edits.
 */
export function nearestName(field: string, accepted: readonly string[]): string | null {
  if (field.length > QUOTED_NAME) return null;
  const lower = field.toLowerCase();
  const sameCase = accepted.find((name) => name.toLowerCase() === lower);
  if (sameCase !== undefined) return sameCase;
  const prefixed = accepted.find((name) => lower.length >= 3 && (name.toLowerCase().startsWith(lower) || lower.startsWith(name.toLowerCase())));
  if (prefixed !== undefined) return prefixed;
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.min(3, Math.floor(field.length / 3)));
  for (const name of accepted) {
    const distance = editDistance(lower, name.toLowerCase(), bestDistance);
    if (distance <= bestDistance && (best === null || distance < bestDistance)) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance of two short strings, or `limit + 1` once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
