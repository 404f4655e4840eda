/**
 * A session's groups in path order with their running totals, patched in place as single groups
 * are assembled again, so an update that re-binds a few files does not walk every group to put
 * the output together; and the analysis budget charged over them. Owns that bookkeeping; what a
 * group holds is assemble.ts's, when a session rebuilds the order is graph-session.ts's.
 */
import { BudgetMeter, type Budgets } from '@repograph/core';
import type { HashedGroup } from './build.js';

export interface GroupCounts {
  symbols: number;
  relations: number;
  unresolved: number;
  references: number;
  entities: number;
}

/** A group as a session keeps it: the hashed group and what it adds to the totals. */
export interface KeptGroup {
  group: HashedGroup;
  counts: GroupCounts;
}

export interface OrderedGroups {
  index: Map<string, number>;
  groups: HashedGroup[];
  counts: GroupCounts & { files: number };
  evidence: number;
}

const COUNTED = ['symbols', 'relations', 'unresolved', 'references', 'entities'] as const;

/** The groups of `paths` (sorted) in that order, with their totals, from scratch. */
export function orderGroups(paths: readonly string[], kept: ReadonlyMap<string, KeptGroup>): OrderedGroups {
  const counts = { files: 0, symbols: 0, relations: 0, unresolved: 0, references: 0, entities: 0 };
  let evidence = 0;
  const groups: HashedGroup[] = [];
  const index = new Map<string, number>();
  for (const path of paths) {
    const each = kept.get(path)!;
    index.set(path, groups.length);
    groups.push(each.group);
    counts.files++;
    for (const key of COUNTED) counts[key] += each.counts[key];
    evidence += each.counts.relations + each.group.diagnostics.length;
  }
  return { index, groups, counts, evidence };
}

/**
 * Puts a re-assembled group in its place and moves the totals by the difference; false when the
 * path is new (or had no group), so the order must be rebuilt.
 */
export function patchOrdered(ordered: OrderedGroups, path: string, previous: KeptGroup | undefined, kept: KeptGroup): boolean {
  const at = ordered.index.get(path);
  if (at === undefined || !previous) return false;
  ordered.groups[at] = kept.group;
  for (const key of COUNTED) ordered.counts[key] += kept.counts[key] - previous.counts[key];
  ordered.evidence += kept.counts.relations + kept.group.diagnostics.length - previous.counts.relations - previous.group.diagnostics.length;
  return true;
}

/** A copy later patches of `ordered` do not change (the index is replaced, never patched: shared). */
export function copyOrdered(ordered: OrderedGroups): OrderedGroups {
  return { index: ordered.index, groups: ordered.groups.slice(), counts: { ...ordered.counts }, evidence: ordered.evidence };
}

/**
 * The analysis budget: the totals are compared with the limits; only when one is passed are
 * the groups charged again in path order, so the error names the group where it was crossed.
 */
export function chargeAnalysis(budgets: Budgets, ordered: OrderedGroups, paths: readonly string[], kept: ReadonlyMap<string, KeptGroup>): void {
  const limits = budgets.analysis;
  const totals = ordered.counts;
  if (totals.entities <= limits.entities && totals.references <= limits.references
    && totals.relations <= limits.relations && ordered.evidence <= limits.evidence) return;
  const meter = new BudgetMeter(budgets, 'analysis');
  for (const path of paths) {
    const each = kept.get(path)!;
    meter.charge('entities', each.counts.entities);
    meter.charge('references', each.counts.references);
    meter.charge('relations', each.counts.relations);
    meter.charge('evidence', each.counts.relations + each.group.diagnostics.length);
  }
}
