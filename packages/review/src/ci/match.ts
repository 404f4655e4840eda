/**
 * Which of the review's tests a reported test case is, by each language's conventions (the
 * tests themselves are picked by analysis/src/test-conventions.ts). Owns the pairing only;
 * signals.ts rolls the paired cases up into states. Paths are compared by trailing segments
 * (paths.ts): reports name files absolute, relative to a package root, or as dotted modules.
 *   - Go (a `Test*` function): the case's name up to the first `/` equals the function's name,
 *     so subtests `TestX/sub` pair with TestX; and the directory of the test's file is a
 *     trailing part of the case's classname or suite name (go-junit-report v2 and gotestsum
 *     write the package import path, v1 writes its last element). A file at the repository
 *     root pairs with any classname, weakest of all.
 *   - Python (a `test_*` function or method): the case's name up to the first `[` equals the
 *     function's name, so `test_y[1-a]` pairs with test_y; the case's classname, split on dots,
 *     ends with the test's enclosing classes (`TestClass` for `TestClass.test_y`, nothing for a
 *     module function), and what precedes them lines up with the file's dotted module path
 *     (`a/b/test_x.py` is `a.b.test_x`; `b.test_x` from a deeper rootdir pairs too).
 *   - JS/TS (a test file as a whole): the case's `file` attribute, or a path-like word of its
 *     suite name or classname (jest-junit's `{filepath}` templates, vitest's file-named suites),
 *     lines up with the test file's path; `:line:column` tails are dropped.
 *   - Ambiguity: a case pairs with the one test of the highest score (paths.ts: two points per
 *     shared trailing segment, one more when the report contains the whole of our path). When
 *     several tests share the highest score the case pairs with none and is reported as
 *     ambiguous, so no result is ever credited to a test by guesswork.
 */
import { baseName, directorySegments, reportPathSegments, trailingMatchScore } from './paths.js';
import type { TestRef } from './shapes.js';

/** The parts of a reported case that pairing reads. */
export interface ReportedCase {
  suite: string;
  classname: string;
  name: string;
  file?: string;
}

/** What one case paired with. */
export type CaseMatch =
  | { kind: 'none' }
  | { kind: 'one'; id: string }
  | { kind: 'ambiguous'; ids: string[] };

/** The review's tests, indexed by what a case names first (a function name, a file name). */
export interface TestIndex {
  goByName: Map<string, Array<{ id: string; directory: string[] }>>;
  pythonByName: Map<string, Array<{ id: string; module: string[]; classes: string[] }>>;
  jsByBaseName: Map<string, Array<{ id: string; segments: string[] }>>;
}

/** Indexes the tests once for any number of cases. */
export function indexTests(tests: readonly TestRef[]): TestIndex {
  const index: TestIndex = { goByName: new Map(), pythonByName: new Map(), jsByBaseName: new Map() };
  for (const test of tests) {
    if (test.language === 'go') {
      push(index.goByName, test.name, { id: test.id, directory: directorySegments(test.path) });
    } else if (test.language === 'python') {
      const module = reportPathSegments(test.path.replace(/\.py$/, ''));
      const classes = test.qualifiedName.split('.').slice(0, -1);
      push(index.pythonByName, test.name, { id: test.id, module, classes });
    } else {
      push(index.jsByBaseName, baseName(test.path), { id: test.id, segments: reportPathSegments(test.path) });
    }
  }
  return index;
}

/** Pairs one case with the test it reports on, by the rules in the header. */
export function matchCase(index: TestIndex, reported: ReportedCase): CaseMatch {
  const scores = new Map<string, number>();
  scoreGo(index, reported, scores);
  scorePython(index, reported, scores);
  scoreJs(index, reported, scores);
  let best = 0;
  for (const score of scores.values()) best = Math.max(best, score);
  if (best === 0) return { kind: 'none' };
  const ids = [...scores].filter(([, score]) => score === best).map(([id]) => id).sort();
  return ids.length === 1 ? { kind: 'one', id: ids[0]! } : { kind: 'ambiguous', ids };
}

function scoreGo(index: TestIndex, reported: ReportedCase, scores: Map<string, number>): void {
  const slash = reported.name.indexOf('/');
  const entries = index.goByName.get(slash < 0 ? reported.name : reported.name.slice(0, slash));
  if (!entries) return;
  const packages = [reportPathSegments(reported.classname), reportPathSegments(reported.suite)];
  for (const entry of entries) {
    for (const reportedPackage of packages) keepBest(scores, entry.id, trailingMatchScore(reportedPackage, entry.directory));
  }
}

function scorePython(index: TestIndex, reported: ReportedCase, scores: Map<string, number>): void {
  const bracket = reported.name.indexOf('[');
  const entries = index.pythonByName.get(bracket < 0 ? reported.name : reported.name.slice(0, bracket));
  if (!entries) return;
  const dotted = reported.classname.split('.').filter((part) => part !== '');
  for (const entry of entries) {
    const moduleLength = dotted.length - entry.classes.length;
    if (moduleLength <= 0) continue;
    if (entry.classes.some((name, i) => dotted[moduleLength + i] !== name)) continue;
    keepBest(scores, entry.id, trailingMatchScore(dotted.slice(0, moduleLength), entry.module));
  }
}

function scoreJs(index: TestIndex, reported: ReportedCase, scores: Map<string, number>): void {
  if (index.jsByBaseName.size === 0) return;
  const references = [...pathWords(reported.suite), ...pathWords(reported.classname)];
  if (reported.file !== undefined) references.push(withoutPosition(reported.file.trim()));
  for (const reference of references) {
    const segments = reportPathSegments(reference);
    const entries = index.jsByBaseName.get(segments[segments.length - 1] ?? '');
    for (const entry of entries ?? []) keepBest(scores, entry.id, trailingMatchScore(segments, entry.segments));
  }
}

/** The words of a suite name or classname that may be paths (`src/a.test.ts > adds`). */
function pathWords(text: string): string[] {
  return text
    .split(/[\s>›»|(),;"'`[\]]+/)
    .filter((word) => word.includes('.'))
    .map(withoutPosition);
}

function withoutPosition(path: string): string {
  return path.replace(/(:\d+){1,2}$/, '');
}

function keepBest(scores: Map<string, number>, id: string, score: number): void {
  if (score > (scores.get(id) ?? 0)) scores.set(id, score);
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
