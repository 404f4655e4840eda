import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { anchorOf, assignFreshKeys, keyOfAnchor } from './keys.js';
import type { CohortMembers } from './group.js';

const graphCohort: CohortMembers = { basis: 'graph', files: ['src/a.ts', 'src/b.ts'], symbols: ['src/b.ts#g', 'src/a.ts#f'], tests: [] };
const pathCohort: CohortMembers = { basis: 'path', files: ['docs/b.md', 'docs/a.md'], symbols: [], tests: [] };

test('a key is c- and 12 hex digits of the sha-256 of the anchor', () => {
  const expected = createHash('sha256').update('graph\nsrc/a.ts#f').digest('hex').slice(0, 12);
  assert.equal(anchorOf(graphCohort), 'graph\nsrc/a.ts#f');
  assert.equal(keyOfAnchor(anchorOf(graphCohort)), `c-${expected}`);
  assert.match(keyOfAnchor('x'), /^c-[0-9a-f]{12}$/);
});

test('a path cohort is anchored on its folder; a graph cohort without symbols on its smallest path', () => {
  assert.equal(anchorOf(pathCohort), 'path\ndocs');
  assert.equal(anchorOf({ ...pathCohort, files: ['docs/z.md'] }), 'path\ndocs', 'a file more keeps the folder');
  assert.equal(anchorOf({ basis: 'graph', files: ['b.ts', 'a.ts'], symbols: [], tests: [] }), 'graph-file\na.ts');
});

test('keys do not depend on member or cohort order', () => {
  const reversed = { ...graphCohort, files: [...graphCohort.files].reverse(), symbols: [...graphCohort.symbols].reverse() };
  const [one, two] = assignFreshKeys([graphCohort, pathCohort]);
  const [twoAgain, oneAgain] = assignFreshKeys([pathCohort, reversed]);
  assert.equal(one!.key, oneAgain!.key);
  assert.equal(two!.key, twoAgain!.key);
  assert.notEqual(one!.key, two!.key);
});

test('a key already taken is disambiguated deterministically', () => {
  const taken = keyOfAnchor(anchorOf(graphCohort));
  const [cohort] = assignFreshKeys([graphCohort], new Set([taken]));
  assert.equal(cohort!.key, keyOfAnchor(anchorOf(graphCohort), 2));
  assert.notEqual(cohort!.key, taken);
});
