/**
 * The grouping of a review's changed files into cohorts, before keys and impact. Parsed code
 * files join by their graph ties (ties.ts) in a union-find; each changed test file then joins the
 * group of changed code it reaches most (tests.ts). A group of two files or more is a `graph`
 * cohort. Every other file (one with no tie, a file in a language the graph does not parse, a
 * binary file, a test reaching no changed code) groups with the others of its parent folder as
 * a `path` cohort; when the repository is not indexed, every cohort is by path. Owns the
 * grouping; keys are keys.ts, impact is impact.ts.
 */
import { posix } from 'node:path';
import { compareStrings, type RelationKind } from '@repograph/core';
import type { ChangedFile, Cohort, ReviewInput } from '../types.js';
import { collectChangedSymbols, type ChangedSymbols } from './changed.js';
import { findTies, TIE_KINDS, type TieScope } from './ties.js';
import { isTestFile, reachedGroup, testsReachingByFile } from './tests.js';
import { UnionFind } from './union-find.js';

/** A cohort's members, before it has a key and an impact score. */
export type CohortMembers = Omit<Cohort, 'key' | 'impact'>;

export interface GroupOptions {
  /** The relation kinds that tie two changed symbols (default: TIE_KINDS). */
  tieKinds?: readonly RelationKind[];
}

/** The review's cohorts without keys, ordered by their first file. */
export function groupCohorts(input: ReviewInput, options: GroupOptions = {}): CohortMembers[] {
  const changed = collectChangedSymbols(input);
  const files = [...new Map(input.files.map((file) => [file.path, file])).values()]
    .sort((a, b) => compareStrings(a.path, b.path));
  const groups = input.indexed ? graphGroups(input, changed, files, options) : { tied: [], loose: files.map((f) => f.path) };
  const tests = testsReachingByFile(input);
  const cohorts: CohortMembers[] = [];
  for (const paths of groups.tied) cohorts.push(membersOf(changed, tests, 'graph', paths));
  for (const paths of byDirectory(groups.loose)) cohorts.push(membersOf(changed, tests, 'path', paths));
  return cohorts.sort((a, b) => compareStrings(a.files[0]!, b.files[0]!) || compareStrings(a.basis, b.basis));
}

/** The parent folder a path cohort groups a file by (`.` at the repository's root). */
export function directoryOf(path: string): string {
  return posix.dirname(path);
}

interface Groups {
  /** Groups of two files or more, tied through the graph. */
  tied: string[][];
  /** Files left to group by path. */
  loose: string[];
}

function graphGroups(input: ReviewInput, changed: ChangedSymbols, files: ChangedFile[], options: GroupOptions): Groups {
  const parsed = files.filter((file) => isParsed(input, file));
  const testPaths = new Set(parsed.filter((file) => isTestFile(input, file)).map((file) => file.path));
  const codePaths = new Set(parsed.map((file) => file.path).filter((path) => !testPaths.has(path)));
  const scope: TieScope = {
    eligible: (path) => codePaths.has(path),
    kinds: new Set(options.tieKinds ?? TIE_KINDS),
  };

  const forest = new UnionFind();
  for (const path of codePaths) forest.add(path);
  for (const [a, b] of findTies(input, changed, scope)) forest.union(a, b);
  const components = forest.groups();
  const groupOf = new Map<string, string>();
  for (const component of components) for (const path of component) groupOf.set(path, component[0]!);

  const attached = new Map<string, string[]>();
  const loose: string[] = files.filter((file) => !isParsed(input, file)).map((file) => file.path);
  for (const file of parsed) {
    if (!testPaths.has(file.path)) continue;
    const group = reachedGroup(input, changed, file, scope, (path) => groupOf.get(path));
    if (group === null) {
      loose.push(file.path);
      continue;
    }
    const tests = attached.get(group);
    if (tests === undefined) attached.set(group, [file.path]);
    else tests.push(file.path);
  }

  const tied: string[][] = [];
  for (const component of components) {
    const members = [...component, ...(attached.get(component[0]!) ?? [])].sort(compareStrings);
    if (members.length >= 2) tied.push(members);
    else loose.push(...members);
  }
  return { tied, loose };
}

/** A file the graph holds as code on the side it exists on. */
function isParsed(input: ReviewInput, file: ChangedFile): boolean {
  if (file.language === null || file.binary) return false;
  const graph = file.status === 'removed' ? input.base : input.head;
  return graph.hasFile(file.path);
}

function byDirectory(paths: string[]): string[][] {
  const byFolder = new Map<string, string[]>();
  for (const path of paths) {
    const folder = directoryOf(path);
    const list = byFolder.get(folder);
    if (list === undefined) byFolder.set(folder, [path]);
    else list.push(path);
  }
  return [...byFolder.values()].map((list) => list.sort(compareStrings));
}

function membersOf(
  changed: ChangedSymbols,
  testsByFile: ReadonlyMap<string, ReadonlySet<string>>,
  basis: Cohort['basis'],
  paths: string[],
): CohortMembers {
  const files = [...paths].sort(compareStrings);
  const symbols = files.flatMap((path) => changed.listedByFile.get(path) ?? []).sort(compareStrings);
  const tests = new Set(files.flatMap((path) => [...(testsByFile.get(path) ?? [])]));
  return { basis, files, symbols, tests: [...tests].sort(compareStrings) };
}
