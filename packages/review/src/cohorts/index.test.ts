import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeCohorts } from './index.js';
import { changed, deltaOf, fileSymbols, graphOf, rel, reviewOf, sym } from './fixtures.js';
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import type { Cohort, ReviewInput } from '../types.js';

const radiusOf = (symbols: string[]): number => symbols.length * 2;

interface Scenario {
  /** Unrelated files the base holds (a moved base). */
  baseExtras?: string[];
  /** A push adding src/adapter.ts, called by the changed store. */
  withAdapter?: boolean;
  /** The api handler still calls the store (false: the cohort splits). */
  apiCallsStore?: boolean;
  /** Every list reversed (an input in another order). */
  reversed?: boolean;
}

/** Two tied groups (api+store+db with its test, parse+lex) and a doc, under scenario knobs. */
function scenario(knobs: Scenario = {}): ReviewInput {
  const apiCallsStore = knobs.apiCallsStore ?? true;
  const order = <T>(list: T[]): T[] => (knobs.reversed ? [...list].reverse() : list);
  const shared: SymbolRecord[] = [
    ...fileSymbols('src/api.ts', 'src/store.ts', 'src/db.ts', 'test/api.test.ts', 'lib/parse.ts', 'lib/lex.ts'),
    sym('src/api.ts#handler', { exported: true }), sym('src/store.ts#save'), sym('src/db.ts#write'), sym('lib/lex.ts#lex'),
  ];
  const sharedRelations: RelationRecord[] = [
    rel('calls', 'src/store.ts#save', 'src/db.ts#write'),
    rel('calls', 'test/api.test.ts', 'src/api.ts#handler'),
  ];
  if (apiCallsStore) sharedRelations.push(rel('calls', 'src/api.ts#handler', 'src/store.ts#save'));
  const extras = knobs.baseExtras ?? [];
  const base = graphOf(
    order([...shared, sym('lib/parse.ts#parse', { exported: true }), ...fileSymbols(...extras)]),
    order([...sharedRelations, rel('calls', 'lib/parse.ts#parse', 'lib/lex.ts#lex'), ...extras.map((path) => rel('imports', path, 'lib/lex.ts'))]),
  );
  const headSymbols = [...shared, ...(knobs.withAdapter ? [...fileSymbols('src/adapter.ts'), sym('src/adapter.ts#get')] : [])];
  const headRelations = [...sharedRelations, ...(knobs.withAdapter ? [rel('calls', 'src/store.ts#save', 'src/adapter.ts#get')] : [])];
  const head = graphOf(order(headSymbols), order(headRelations));
  const files = [
    'src/api.ts', 'src/store.ts', 'src/db.ts', 'test/api.test.ts', 'lib/parse.ts', 'lib/lex.ts',
  ].map((path) => changed(path, { linesAdded: 3 }));
  files.push(changed('docs/readme.md', { language: null, linesAdded: 40 }));
  if (knobs.withAdapter) files.push(changed('src/adapter.ts', { status: 'added', linesAdded: 20 }));
  const added = knobs.withAdapter ? ['src/adapter.ts', 'src/adapter.ts#get'] : [];
  return reviewOf({
    files: order(files),
    delta: deltaOf(
      {
        added: order(added),
        removed: ['lib/parse.ts#parse'],
        changed: order(['src/api.ts#handler', 'src/store.ts#save', 'src/db.ts#write', 'lib/lex.ts#lex']),
      },
      {
        danglingCallers: [{ caller: 'cli.ts#main', path: 'cli.ts', line: 3, column: 5, target: 'lib/parse.ts#parse' }],
        testsReaching: [{ id: 'test/api.test.ts', path: 'test/api.test.ts', depth: 1, through: ['src/api.ts#handler'] }],
      },
    ),
    base,
    head,
  });
}

const keyOf = (cohorts: Cohort[], path: string): string => cohorts.find((cohort) => cohort.files.includes(path))!.key;

test('the cohorts of a review come riskiest first, with their members', () => {
  const cohorts = computeCohorts(scenario(), { radiusOf });
  assert.deepEqual(cohorts.map((cohort) => [cohort.basis, cohort.files]), [
    ['graph', ['lib/lex.ts', 'lib/parse.ts']],
    ['graph', ['src/api.ts', 'src/db.ts', 'src/store.ts', 'test/api.test.ts']],
    ['path', ['docs/readme.md']],
  ]);
  assert.equal(cohorts[0]!.impact.parts.removedExported, 1);
  assert.equal(cohorts[0]!.impact.parts.danglingCallers, 1);
  assert.deepEqual(cohorts[1]!.tests, ['test/api.test.ts']);
  assert.ok(cohorts[0]!.impact.score > cohorts[1]!.impact.score && cohorts[1]!.impact.score > cohorts[2]!.impact.score);
  assert.equal(new Set(cohorts.map((cohort) => cohort.key)).size, 3);
});

test('(a) the same change recomputed, or rebased onto a moved base, keeps every key', () => {
  const first = computeCohorts(scenario(), { radiusOf });
  assert.deepEqual(computeCohorts(scenario(), { radiusOf }), first);
  const rebased = scenario({ baseExtras: ['vendor/x.ts', 'vendor/y.ts'] });
  assert.deepEqual(computeCohorts(rebased, { radiusOf }).map((c) => c.key), first.map((c) => c.key));
  assert.deepEqual(computeCohorts(rebased, { radiusOf, previous: first }).map((c) => c.key), first.map((c) => c.key));
});

test('(b) a push adding a file to a cohort keeps its key', () => {
  const first = computeCohorts(scenario(), { radiusOf });
  const pushed = computeCohorts(scenario({ withAdapter: true }), { radiusOf, previous: first });
  assert.deepEqual(pushed.find((c) => c.files.includes('src/adapter.ts'))!.files,
    ['src/adapter.ts', 'src/api.ts', 'src/db.ts', 'src/store.ts', 'test/api.test.ts']);
  for (const path of ['src/api.ts', 'lib/lex.ts', 'docs/readme.md']) assert.equal(keyOf(pushed, path), keyOf(first, path));
  // The added file's symbol sorts first, so without the previous review the key would move.
  const unanchored = computeCohorts(scenario({ withAdapter: true }), { radiusOf });
  assert.notEqual(keyOf(unanchored, 'src/api.ts'), keyOf(first, 'src/api.ts'));
});

test('(c) a cohort split in two gives the larger part the old key', () => {
  const first = computeCohorts(scenario(), { radiusOf });
  const split = computeCohorts(scenario({ apiCallsStore: false }), { radiusOf, previous: first });
  const larger = split.find((c) => c.files.includes('src/store.ts'))!;
  const smaller = split.find((c) => c.files.includes('src/api.ts'))!;
  assert.deepEqual(larger.files, ['src/db.ts', 'src/store.ts']);
  assert.deepEqual(smaller.files, ['src/api.ts', 'test/api.test.ts']);
  assert.equal(larger.key, keyOf(first, 'src/store.ts'));
  assert.notEqual(smaller.key, larger.key);
  assert.equal(new Set(split.map((c) => c.key)).size, split.length);
});

test('(d) the input in another order gives the identical output', () => {
  const first = computeCohorts(scenario(), { radiusOf });
  assert.deepEqual(computeCohorts(scenario({ reversed: true }), { radiusOf }), first);
  const previous = [...first].reverse();
  assert.deepEqual(
    computeCohorts(scenario({ reversed: true, withAdapter: true }), { radiusOf, previous }),
    computeCohorts(scenario({ withAdapter: true }), { radiusOf, previous: first }),
  );
});
