/**
 * The semantic level of a query answer (`meta.semanticLevel`): `syntax` when the answer is about a
 * file of the syntax tier (a path or symbol id it names is such a file: its symbols and edges come
 * from names, not types), `partial` when some files of the snapshot failed to parse or bind, else
 * `full`. Computed at answer time from the paths the answer names, so no record changes shape.
 * Owns that rule only; the scan is bounded (depth 4, 2,000 values), so a large answer costs
 * nothing noticeable.
 */
import { syntaxLanguageOfPath } from '@repograph/core';
import type { Meta } from '@repograph/protocol';

const MAX_DEPTH = 4;
const MAX_VISITS = 2000;

/** The level of an answer whose payload is `payload`. */
export function answerSemanticLevel(payload: unknown, partial: boolean): Meta['semanticLevel'] {
  const budget = { visits: 0 };
  if (namesSyntaxFile(payload, 0, budget)) return 'syntax';
  return partial ? 'partial' : 'full';
}

function namesSyntaxFile(value: unknown, depth: number, budget: { visits: number }): boolean {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || budget.visits > MAX_VISITS) return false;
  budget.visits++;
  if (Array.isArray(value)) {
    for (const item of value) if (namesSyntaxFile(item, depth + 1, budget)) return true;
    return false;
  }
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (typeof field === 'string') {
      if (key === 'path' && syntaxLanguageOfPath(field) !== null) return true;
      if ((key === 'id' || key === 'from' || key === 'to') && field.includes('#') && syntaxLanguageOfPath(field.slice(0, field.indexOf('#'))) !== null) return true;
    } else if (typeof field === 'object' && namesSyntaxFile(field, depth + 1, budget)) return true;
  }
  return false;
}
