/**
 * The graph ties between changed files (ClusterChanges, Microsoft 2015): two files tie when a
 * changed symbol in one uses a changed symbol in the other (calls, instantiates, extends,
 * implements, imports, references), when changed symbols of both use the same changed symbol,
 * when both hold changed symbols enclosed by the same container, or when a symbol renamed from
 * one file reappears in the other (a moved declaration). Owns the ties only; they are unordered
 * pairs of paths, which group.ts feeds to a union-find.
 */
import type { RelationKind } from '@repograph/core';
import type { ReviewInput } from '../types.js';
import { graphsOf, type ChangedSymbols } from './changed.js';

/** The relation kinds that make one changed symbol a user of another. */
export const TIE_KINDS: readonly RelationKind[] = [
  'calls', 'instantiates', 'extends', 'implements', 'imports', 'references',
];

/** Which files and relations the ties are computed over. */
export interface TieScope {
  /** True for the files that may tie (parsed code files that are not tests). */
  eligible(path: string): boolean;
  kinds: ReadonlySet<RelationKind>;
}

/** The ties between eligible changed files, as [path, path] pairs. */
export function findTies(input: ReviewInput, changed: ChangedSymbols, scope: TieScope): Array<[string, string]> {
  const ties: Array<[string, string]> = [];
  // Files of the changed users of each changed target: they tie to the target and to each other.
  const usersOf = new Map<string, Set<string>>();
  const byContainer = new Map<string, Set<string>>();
  const join = (map: Map<string, Set<string>>, key: string, path: string): void => {
    const set = map.get(key);
    if (set === undefined) map.set(key, new Set([path]));
    else set.add(path);
  };

  for (const symbol of changed.byId.values()) {
    if (!scope.eligible(symbol.path)) continue;
    for (const graph of graphsOf(input, symbol.side)) {
      const container = graph.symbol(symbol.id)?.container;
      if (container !== undefined) join(byContainer, container, symbol.path);
      for (const relation of graph.relationsFrom(symbol.id)) {
        if (relation.to === null || !scope.kinds.has(relation.kind)) continue;
        const target = changed.byId.get(relation.to);
        if (target === undefined || !scope.eligible(target.path)) continue;
        join(usersOf, target.id, target.path);
        join(usersOf, target.id, symbol.path);
      }
    }
  }
  for (const rename of input.delta.symbols.renamed) {
    const from = changed.byId.get(rename.old);
    const to = changed.byId.get(rename.new);
    if (from === undefined || to === undefined) continue;
    if (scope.eligible(from.path) && scope.eligible(to.path)) ties.push([from.path, to.path]);
  }
  for (const paths of [...usersOf.values(), ...byContainer.values()]) ties.push(...chain(paths));
  return ties;
}

/** Pairs that join every path of the set (a chain is enough for a union-find). */
function chain(paths: ReadonlySet<string>): Array<[string, string]> {
  const list = [...paths];
  const pairs: Array<[string, string]> = [];
  for (let index = 1; index < list.length; index++) pairs.push([list[0]!, list[index]!]);
  return pairs;
}
