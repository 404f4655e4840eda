/**
 * The review's changed tests and where they go: a changed file is a test file when its symbols
 * (the head's, or the base's for a removed file) include a test by its language's conventions
 * (isTest). A test file joins the one group of changed code it reaches most: the distinct
 * symbols of that group it reaches through delta.testsReaching (`through`) or uses directly (a
 * relation of a tie kind from any of its symbols to a changed symbol). Ties break toward the
 * group whose first path sorts first. A test file never bridges two groups, so one broad test
 * cannot fold the whole review into a single cohort. Also owns which tests reach a cohort.
 * Does not own the groups themselves (group.ts).
 */
import { isTest } from '@repograph/analysis';
import { compareStrings } from '@repograph/core';
import type { ChangedFile, ReviewGraph, ReviewInput } from '../types.js';
import { pathOfId, type ChangedSymbols } from './changed.js';
import type { TieScope } from './ties.js';

/** True when the changed file holds a test on the side it exists on. */
export function isTestFile(input: ReviewInput, file: ChangedFile): boolean {
  const graph = sideOf(input, file);
  return graph.hasFile(file.path) && graph.symbolsInFile(file.path).some(isTest);
}

/**
 * The code file (a member of the group to join) a test file reaches most, or null when it
 * reaches none. `groupOf` maps a code file to its group's first path.
 */
export function reachedGroup(
  input: ReviewInput,
  changed: ChangedSymbols,
  testFile: ChangedFile,
  scope: TieScope,
  groupOf: (path: string) => string | undefined,
): string | null {
  const reachedByGroup = new Map<string, Set<string>>();
  const reach = (id: string, path: string): void => {
    const group = groupOf(path);
    if (group === undefined) return;
    const set = reachedByGroup.get(group);
    if (set === undefined) reachedByGroup.set(group, new Set([id]));
    else set.add(id);
  };

  for (const reaching of input.delta.testsReaching ?? []) {
    if (reaching.path !== testFile.path) continue;
    for (const id of reaching.through) reach(id, pathOfId(id, input.head, input.base));
  }
  const graph = sideOf(input, testFile);
  const sources = graph.hasFile(testFile.path) ? graph.symbolsInFile(testFile.path) : [];
  for (const source of sources) {
    for (const relation of graph.relationsFrom(source.id)) {
      if (relation.to === null || !scope.kinds.has(relation.kind)) continue;
      const target = changed.byId.get(relation.to);
      if (target !== undefined) reach(target.id, target.path);
    }
  }

  let best: string | null = null;
  let bestCount = 0;
  for (const [group, ids] of reachedByGroup) {
    const better = ids.size > bestCount || (ids.size === bestCount && best !== null && compareStrings(group, best) < 0);
    if (better) {
      best = group;
      bestCount = ids.size;
    }
  }
  return best;
}

/** The ids of the delta.testsReaching entries that reach a symbol of each file. */
export function testsReachingByFile(input: ReviewInput): Map<string, Set<string>> {
  const byFile = new Map<string, Set<string>>();
  for (const reaching of input.delta.testsReaching ?? []) {
    for (const id of reaching.through) {
      const path = pathOfId(id, input.head, input.base);
      const tests = byFile.get(path);
      if (tests === undefined) byFile.set(path, new Set([reaching.id]));
      else tests.add(reaching.id);
    }
  }
  return byFile;
}

function sideOf(input: ReviewInput, file: ChangedFile): ReviewGraph {
  return file.status === 'removed' ? input.base : input.head;
}
