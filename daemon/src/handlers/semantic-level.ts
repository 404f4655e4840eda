/**
 * The semantic level of a query answer (`meta.semanticLevel`): `syntax` when the answer is about a
 * file of the syntax tier (a path or symbol id it names is such a file: its symbols and edges come
 * from names, not types), `partial` when some files of the snapshot failed to parse or bind, else
 * `full`. Computed at answer time from the paths the answer names, so no record changes shape.
 * Owns that rule only. The scan runs only when the snapshot holds a syntax-tier file at all
 * (engine `QuerySession.hasSyntaxTierFiles`, kept per storage layer), so in a repository without
 * one an answer costs nothing here; where it runs it is bounded (depth 4, 2,000 values) and looks
 * at a path's extension only (about 0.5 ms for a 2,000-endpoint answer before these two changes).
 */
import { syntaxLanguageOfPath } from '@repograph/core';
import type { Meta } from '@repograph/protocol';

const MAX_DEPTH = 4;
const MAX_VISITS = 2000;

/**
 * The level of an answer whose payload is `payload`; `snapshotHasSyntaxTier` false (the snapshot
 * holds no syntax-tier file) skips the scan.
 */
export function answerSemanticLevel(payload: unknown, partial: boolean, snapshotHasSyntaxTier = true): Meta['semanticLevel'] {
  if (snapshotHasSyntaxTier && namesSyntaxFile(payload, 0, { visits: 0 })) return 'syntax';
  return partial ? 'partial' : 'full';
}

function namesSyntaxFile(value: unknown, depth: number, budget: { visits: number }): boolean {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || budget.visits > MAX_VISITS) return false;
  budget.visits++;
  if (Array.isArray(value)) {
    for (const item of value) if (namesSyntaxFile(item, depth + 1, budget)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const field = record[key];
    if (typeof field === 'string') {
      if (key === 'path' && syntaxLanguageOfPath(field) !== null) return true;
      if ((key === 'id' || key === 'from' || key === 'to') && namesSyntaxSymbol(field)) return true;
    } else if (typeof field === 'object' && namesSyntaxFile(field, depth + 1, budget)) return true;
  }
  return false;
}

/** A symbol id `<path>#<name>` whose path is a syntax-tier file. */
function namesSyntaxSymbol(id: string): boolean {
  const hash = id.indexOf('#');
  return hash >= 0 && syntaxLanguageOfPath(id.slice(0, hash)) !== null;
}
