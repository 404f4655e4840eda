/**
 * New duplicates: a new or changed function (function, method, constructor of the touched files)
 * whose body copies another one. `exact`: the same skeleton fingerprint (candidates from
 * after.withFingerprint). `similar`: branch sets with Jaccard similarity >= 0.8 (candidates from
 * after.withBranch), only between branch sets of at least two shapes. Both sides need at least
 * 15 AST nodes. The original is the earlier one: an existing, unchanged function before a new
 * one; between two new ones the smaller id, so a pair of new symbols is reported once. One
 * finding per new symbol: its exact match if any, else its most similar match (ties: smaller
 * id). The symbol itself and its own overloads (`id~2`, ...) are never its original. Owns the
 * matching; which symbols are new comes from symbol-changes.ts and renames.ts.
 */
import type { Definition, GraphSide } from '@repograph/engine';
import type { DeltaContext } from './context.js';
import type { DuplicateFinding } from './shapes.js';
import { baseId, compareText, isFunctionKind } from './symbol-facts.js';

/** Fewest named AST nodes for a function to count as a duplicate (either side). */
export const MIN_DUPLICATE_NODES = 15;
/** Least Jaccard similarity of two branch sets for `similar`. */
export const MIN_SIMILARITY = 0.8;
/** Fewest branch shapes a set needs to be evidence of similarity. */
const MIN_BRANCHES = 2;

/** The duplicate findings of the new or changed ids (`fresh`: added after renames, and changed). */
export function findNewDuplicates(context: DeltaContext, fresh: string[]): DuplicateFinding[] {
  const after = context.input.after;
  const freshIds = new Set(fresh.filter((id) => {
    const definition = context.afterDefinitions.get(id);
    return definition !== undefined && isFunctionKind(definition.symbol.kind);
  }));
  const findings: DuplicateFinding[] = [];
  for (const id of [...freshIds].sort(compareText)) {
    const definition = context.afterDefinitions.get(id)!;
    if (!bigEnough(definition)) continue;
    const ownBase = baseId(id);
    const candidate = (otherId: string): Definition | undefined => {
      if (otherId === id || baseId(otherId) === ownBase) return undefined;
      if (freshIds.has(otherId) && compareText(otherId, id) > 0) return undefined;
      const other = after.definition(otherId);
      return other !== undefined && isFunctionKind(other.symbol.kind) && bigEnough(other) ? other : undefined;
    };
    const finding = exactMatch(after, definition, freshIds, candidate) ?? similarMatch(after, definition, candidate);
    if (finding !== undefined) findings.push(finding);
  }
  return findings.sort((a, b) => compareText(a.symbol, b.symbol));
}

function exactMatch(
  after: GraphSide, definition: Definition, freshIds: ReadonlySet<string>, candidate: (id: string) => Definition | undefined,
): DuplicateFinding | undefined {
  if (definition.fingerprint === undefined) return undefined;
  const matches = after.withFingerprint(definition.fingerprint).filter((id) => candidate(id) !== undefined);
  if (matches.length === 0) return undefined;
  matches.sort((a, b) => Number(freshIds.has(a)) - Number(freshIds.has(b)) || compareText(a, b));
  return { symbol: definition.symbol.id, original: matches[0]!, similarity: 1, kind: 'exact' };
}

function similarMatch(
  after: GraphSide, definition: Definition, candidate: (id: string) => Definition | undefined,
): DuplicateFinding | undefined {
  const branches = definition.branches ?? [];
  if (branches.length < MIN_BRANCHES) return undefined;
  const ownBranches = new Set(branches);
  const shared = new Map<string, number>();
  for (const hash of ownBranches) {
    for (const id of new Set(after.withBranch(hash))) shared.set(id, (shared.get(id) ?? 0) + 1);
  }
  let best: { id: string; similarity: number } | undefined;
  for (const [id, common] of shared) {
    const other = candidate(id);
    if (other === undefined || (other.fingerprint !== undefined && other.fingerprint === definition.fingerprint)) continue;
    const otherSize = new Set(other.branches ?? []).size;
    if (otherSize < MIN_BRANCHES) continue;
    const similarity = common / (ownBranches.size + otherSize - common);
    if (similarity < MIN_SIMILARITY) continue;
    if (best === undefined || similarity > best.similarity || (similarity === best.similarity && compareText(id, best.id) < 0)) {
      best = { id, similarity };
    }
  }
  if (best === undefined) return undefined;
  return { symbol: definition.symbol.id, original: best.id, similarity: Math.round(best.similarity * 10000) / 10000, kind: 'similar' };
}

function bigEnough(definition: Definition): boolean {
  return (definition.nodeCount ?? 0) >= MIN_DUPLICATE_NODES;
}
