/**
 * The symbol sets of the touched files compared by id: which ids appear only after (added), only
 * before (removed), and which kept their id but changed their skeleton fingerprint or their
 * declared parameters (changed). A literal-only edit changes neither (the fingerprint erases
 * literals). Owns the comparison by id; pairing removed with added ids as renames is renames.ts.
 */
import type { DeltaContext } from './context.js';
import { sameParameters } from './symbol-facts.js';

/** The id-level comparison of the touched files' definitions. */
export interface SymbolComparison {
  /** Ids defined after only (file symbols included), sorted. */
  added: string[];
  /** Ids defined before only (file symbols included), sorted. */
  removed: string[];
  /** Ids on both sides whose fingerprint or parameters differ (file symbols excluded), sorted. */
  changed: string[];
  /** Ids on both sides whose declared parameters differ, sorted. */
  parametersChanged: string[];
}

/** Compares the touched files' definitions before and after by id. */
export function compareSymbols(context: DeltaContext): SymbolComparison {
  const { beforeDefinitions: before, afterDefinitions: after } = context;
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  const parametersChanged: string[] = [];
  for (const id of after.keys()) if (!before.has(id)) added.push(id);
  for (const [id, old] of before) {
    const now = after.get(id);
    if (now === undefined) {
      removed.push(id);
      continue;
    }
    if (old.symbol.kind === 'file' && now.symbol.kind === 'file') continue;
    const parametersDiffer = !sameParameters(old.symbol.params, now.symbol.params);
    if (parametersDiffer) parametersChanged.push(id);
    if (parametersDiffer || old.fingerprint !== now.fingerprint) changed.push(id);
  }
  return { added, removed, changed, parametersChanged };
}
