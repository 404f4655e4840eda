// The review studio end to end: a real daemon over real git repositories computes a pull
// request's review from two commits (baselines built from git objects, nothing checked out):
// cohorts by graph ties with a path cohort for a language the graph does not parse, ordered by
// impact; the same review twice is the same stored artifact; it survives a daemon restart; the
// blast radius honours depth and names the path; CI signals map JUnit results (pending while a
// check is still coming); dependency changes come from package.json and package-lock.json; a
// followed branch that moves makes every answer stale until the recomputation replaces the
// review; cohort keys survive a push, a rebase onto a moved base and a split; bad input answers
// with typed errors.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scope, rejection } from '../helpers/daemon-scope.mjs';
import { call, waitFor } from '../helpers/daemon.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const LOCK = (lodash) => JSON.stringify({
  name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true,
  packages: {
    '': { name: 'app', version: '1.0.0', dependencies: { lodash: `^${lodash}` } },
    'node_modules/lodash': { version: lodash, resolved: `https://registry.npmjs.org/lodash/-/lodash-${lodash}.tgz` },
  },
}, null, 2);

const BASE_FILES = {
  'package.json': JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { lodash: '^4.17.20' } }, null, 2),
  'package-lock.json': LOCK('4.17.20'),
  'src/store.ts': 'export function save(value: number): number {\n  return value;\n}\n\nexport function load(): number {\n  return 1;\n}\n',
  'src/api.ts': "import { save } from './store.js';\nimport { pick } from 'lodash';\n\nexport function handle(): number {\n  pick({}, []);\n  return save(1);\n}\n",
  'src/api.test.ts': "import { handle } from './api.js';\n\nhandle();\n",
  'src/util/format.ts': 'export function fmt(value: number): string {\n  return String(value);\n}\n',
  'src/ui/view.ts': "import { fmt } from '../util/format.js';\n\nexport function render(): string {\n  return fmt(2);\n}\n",
  'src/ui/page.ts': "import { render } from './view.js';\n\nexport function page(): string {\n  return render();\n}\n",
  'scripts/build.pl': 'print "build\n";\n',
};

/** The feature: save() takes a second parameter (store.ts + api.ts), fmt() changes (format.ts + view.ts), build.pl changes (Perl: no grammar; Ruby is of the syntax tier since issue 18), lodash moves up a patch. */
const FEATURE_FILES = {
  'package.json': JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { lodash: '^4.17.21' } }, null, 2),
  'package-lock.json': LOCK('4.17.21'),
  'src/store.ts': 'export function save(value: number, flush: boolean): number {\n  return flush ? value : 0;\n}\n\nexport function load(): number {\n  return 1;\n}\n',
  'src/api.ts': "import { save } from './store.js';\nimport { pick } from 'lodash';\n\nexport function handle(): number {\n  pick({}, []);\n  return save(1, true);\n}\n",
  'src/util/format.ts': 'export function fmt(value: number, digits = 2): string {\n  return value.toFixed(digits);\n}\n',
  'src/ui/view.ts': "import { fmt } from '../util/format.js';\n\nexport function render(): string {\n  return fmt(2, 3);\n}\n",
  'scripts/build.pl': 'print "build\n";\nprint "twice\n";\n',
};

function commit(repo, files, message) {
  writeFiles(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', message);
  return git(repo, 'rev-parse', 'HEAD').trim();
}

/** A repository with `main` at the base and `feature` one commit ahead (checked out: main). */
/** The feature repository with a daemon of its own over it and one client. */
async function featureDaemon(s) {
  const repository = featureRepo(s);
  const daemon = await s.daemon(repository.repo);
  return { ...repository, daemon, client: await daemon.client() };
}

function featureRepo(s, name = 'repo') {
  const repo = s.repo(name, BASE_FILES);
  const base = git(repo, 'rev-parse', 'HEAD').trim();
  git(repo, 'checkout', '-qb', 'feature');
  const head = commit(repo, FEATURE_FILES, 'feature');
  git(repo, 'checkout', '-q', 'main');
  return { repo, base, head };
}

const cohortWith = (cohorts, path) => cohorts.find((cohort) => cohort.files.includes(path));
const plain = ({ meta: _meta, ...rest }) => rest;

test('review_studio.compute groups by graph, falls back to paths, orders by impact, and is idempotent and persisted', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const { repo, base, head, daemon, client } = await featureDaemon(s);
  const review = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.match(review.reviewId, /^r-[0-9a-f]{20}$/);
  assert.deepEqual(review.base, { ref: 'main', commit: base });
  assert.deepEqual(review.head, { kind: 'branch', ref: 'feature' });
  assert.equal(review.headResolved, head);
  assert.equal(review.stale, false);

  const store = cohortWith(review.cohorts, 'src/store.ts');
  assert.equal(store.basis, 'graph');
  assert.deepEqual(store.files, ['src/api.ts', 'src/store.ts'], 'a changed caller joins the changed callee');
  assert.ok(store.tests.includes('src/api.test.ts'), `the test reaching save() joins its cohort: ${JSON.stringify(store)}`);
  const format = cohortWith(review.cohorts, 'src/util/format.ts');
  assert.equal(format.basis, 'graph');
  assert.deepEqual(format.files, ['src/ui/view.ts', 'src/util/format.ts']);
  const perl = cohortWith(review.cohorts, 'scripts/build.pl');
  assert.equal(perl.basis, 'path', 'a language the graph does not parse groups by directory');
  const scores = review.cohorts.map((cohort) => cohort.impact.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a), 'riskiest first');
  assert.equal(new Set(review.cohorts.map((c) => c.key)).size, review.cohorts.length, 'keys are unique');
  assert.equal(review.summary.files, 7);

  const again = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.equal(again.reviewId, review.reviewId);
  assert.deepEqual(plain(again), plain(review), 'computing twice gives the same review');
  const artifact = plain(await call(client, 'review_studio.get', { reviewId: review.reviewId }));

  const deps = await call(client, 'review_studio.dependencyDiffs', { reviewId: review.reviewId });
  const lodash = deps.changes.find((change) => change.name === 'lodash');
  assert.equal(lodash.change, 'upgraded');
  assert.equal(lodash.from, '4.17.20');
  assert.equal(lodash.to, '4.17.21');
  assert.equal(lodash.semver, 'patch');
  assert.equal(lodash.direct, true);
  assert.deepEqual(lodash.importedBy, ['src/api.ts']);

  await daemon.stop();
  const restarted = await s.daemon(repo);
  const afterRestart = await restarted.client();
  assert.deepEqual(plain(await call(afterRestart, 'review_studio.get', { reviewId: review.reviewId })), artifact, 'the review survives a daemon restart');
});

test('blastRadius and cohortImpact follow users back with depth and path; ciSignals maps JUnit results and pending checks', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const { repo, client } = await featureDaemon(s);
  const { reviewId, cohorts } = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });

  const radius = await call(client, 'review_studio.blastRadius', { reviewId });
  const page = radius.symbols.find((node) => node.id === 'src/ui/page.ts#page');
  assert.ok(page, `page() reaches render() which is changed: ${JSON.stringify(radius.symbols.map((n) => n.id))}`);
  assert.equal(page.depth, 1);
  assert.deepEqual(page.through, ['src/ui/page.ts#page', 'src/ui/view.ts#render']);
  assert.ok(radius.tests.some((node) => node.id === 'src/api.test.ts'), 'the test file is in the radius');
  assert.equal(radius.truncated, null);

  const format = cohortWith(cohorts, 'src/util/format.ts');
  const impact = await call(client, 'review_studio.cohortImpact', { reviewId, key: format.key, depth: 1 });
  assert.equal(impact.cohort.key, format.key);
  assert.ok(impact.radius.symbols.every((node) => node.depth <= 1));
  const deeper = await call(client, 'review_studio.cohortImpact', { reviewId, key: format.key, depth: 3 });
  assert.deepEqual(deeper.radius.symbols.find((node) => node.id === 'src/ui/page.ts#page')?.through, ['src/ui/page.ts#page', 'src/ui/view.ts#render'],
    `page() reaches the cohort through render(): ${JSON.stringify(deeper.radius.symbols)}`);
  const store = cohortWith(cohorts, 'src/store.ts');
  const storeImpact = await call(client, 'review_studio.cohortImpact', { reviewId, key: store.key });
  assert.ok(storeImpact.findings.arityFindings.length >= 0);

  const none = await call(client, 'review_studio.ciSignals', { reviewId });
  const storeSignals = none.cohorts.find((c) => c.key === store.key);
  assert.deepEqual(storeSignals.tests.map((signal) => [signal.id, signal.state]), [['src/api.test.ts', 'not_run']]);
  const junit = '<testsuites><testsuite name="src/api.test.ts" tests="1"><testcase classname="api" name="handles" file="src/api.test.ts"/></testsuite></testsuites>';
  const passed = await call(client, 'review_studio.ciSignals', { reviewId, results: { junit: [{ source: 'ci/junit.xml', xml: junit }] } });
  assert.equal(passed.cohorts.find((c) => c.key === store.key).tests[0].state, 'passed');
  const pending = await call(client, 'review_studio.ciSignals', { reviewId, results: { pending: [{ name: 'unit tests', state: 'in_progress' }] } });
  assert.equal(pending.cohorts.find((c) => c.key === store.key).tests[0].state, 'pending', 'a check still running is pending, never missing');
  const failed = await call(client, 'review_studio.ciSignals', { reviewId, results: { junit: [{ source: 'ci/junit.xml', xml: junit.replace('/>', '><failure message="boom"/></testcase>') }] } });
  assert.equal(failed.cohorts.find((c) => c.key === store.key).tests[0].state, 'failed');
  const malformed = await call(client, 'review_studio.ciSignals', { reviewId, results: { junit: [{ source: 'broken.xml', xml: '<testsuites><testcase' }] } });
  assert.ok(malformed.diagnostics.some((d) => d.includes('broken.xml')), 'a malformed report is a diagnostic, not a failure');

  const error = await rejection(call(client, 'review_studio.ciSignals', { reviewId, results: { pending: [{ name: 'x', state: 'later' }] } }));
  assert.equal(error.data.code, 'InvalidParams');
  assert.equal(error.data.field, 'results.pending[0].state');
});

test('a followed branch that moves makes answers stale, then the recomputed review keeps its cohort keys (a push, a rebase onto a moved base)', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const { repo, client } = await featureDaemon(s);
  const first = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  const keyOf = (cohorts, path) => cohortWith(cohorts, path).key;

  // A push adding a file to the format cohort: page.ts now also changes and calls the new fmt().
  git(repo, 'checkout', '-q', 'feature');
  const pushed = commit(repo, { 'src/ui/page.ts': "import { render } from './view.js';\nimport { fmt } from '../util/format.js';\n\nexport function page(): string {\n  return render() + fmt(1, 1);\n}\n" }, 'push');
  git(repo, 'checkout', '-q', 'main');
  const stale = await call(client, 'review_studio.cohorts', { reviewId: first.reviewId });
  assert.equal(stale.stale, true, 'the branch moved past the computed head');
  await waitFor(async () => {
    const review = await call(client, 'review_studio.get', { reviewId: first.reviewId });
    return review.headResolved === pushed && !review.stale;
  }, 'the review recomputed at the new head');
  const afterPush = await call(client, 'review_studio.cohorts', { reviewId: first.reviewId });
  assert.equal(afterPush.stale, false);
  assert.ok(cohortWith(afterPush.cohorts, 'src/util/format.ts').files.includes('src/ui/page.ts'));
  assert.equal(keyOf(afterPush.cohorts, 'src/util/format.ts'), keyOf(first.cohorts, 'src/util/format.ts'), 'a push adding a file keeps the key');
  assert.equal(keyOf(afterPush.cohorts, 'src/store.ts'), keyOf(first.cohorts, 'src/store.ts'));

  // A rebase onto a moved base with the same change keeps every key.
  const movedBase = commit(repo, { 'docs/notes.md': '# Notes\n' }, 'unrelated on main');
  git(repo, 'checkout', '-q', 'feature');
  git(repo, '-c', 'core.editor=true', 'rebase', '-q', 'main');
  git(repo, 'checkout', '-q', 'main');
  const rebased = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.equal(rebased.base.commit, movedBase);
  assert.deepEqual(rebased.cohorts.map((c) => c.key).sort(), afterPush.cohorts.map((c) => c.key).sort(), 'a rebase keeps every key');

});

test('a cohort split in two by a later push gives the larger part the old key', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  // A chain of calls a <- b <- c <- d <- e <- f, each function changed on the branch: one cohort.
  const names = ['a', 'b', 'c', 'd', 'e', 'f'];
  const source = (name, index, body) => (index === 0
    ? `export function ${name}Fn(): number {\n  return ${body};\n}\n`
    : `import { ${names[index - 1]}Fn } from './${names[index - 1]}.js';\n\nexport function ${name}Fn(): number {\n  return ${names[index - 1]}Fn() + ${body};\n}\n`);
  const files = (body) => Object.fromEntries(names.map((name, index) => [`chain/${name}.ts`, source(name, index, body)]));
  const repo = s.repo('chain', files('1'));
  git(repo, 'checkout', '-qb', 'feature');
  commit(repo, files('2'), 'change every link');
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const whole = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.equal(whole.cohorts.length, 1);
  assert.deepEqual(whole.cohorts[0].files, names.map((name) => `chain/${name}.ts`));
  // c.ts goes back to its base text: {a, b} and {d, e, f} are no longer tied.
  commit(repo, { 'chain/c.ts': source('c', 2, '1') }, 'undo c');
  const split = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  const larger = cohortWith(split.cohorts, 'chain/e.ts');
  const smaller = cohortWith(split.cohorts, 'chain/a.ts');
  assert.deepEqual(larger.files, ['chain/d.ts', 'chain/e.ts', 'chain/f.ts']);
  assert.deepEqual(smaller.files, ['chain/a.ts', 'chain/b.ts']);
  assert.equal(larger.key, whole.cohorts[0].key, 'the larger part keeps the key');
  assert.notEqual(smaller.key, whole.cohorts[0].key);
});

test('bad input: unknown review, ranges and options, base equal to head, a head that does not descend from the base', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const { repo, base, head, client } = await featureDaemon(s);
  const unknown = await rejection(call(client, 'review_studio.cohorts', { reviewId: 'r-00000000000000000000' }));
  assert.equal(unknown.data.code, 'ReviewNotFound');
  for (const bad of ['-x', `${base}..${head}`, 'no-such-branch']) {
    const error = await rejection(call(client, 'review_studio.compute', { base: bad, head: 'feature' }));
    assert.equal(error.data.code, 'BaseNotACommit', bad);
  }
  const missing = await rejection(call(client, 'review_studio.compute', { head: 'feature' }));
  assert.equal(missing.data.code, 'InvalidParams');
  assert.equal(missing.data.field, 'base');

  const empty = await call(client, 'review_studio.compute', { base: 'feature', head: 'feature' });
  assert.deepEqual(empty.cohorts, [], 'base equal to head is an empty review');
  assert.equal(empty.summary.files, 0);

  git(repo, 'checkout', '-qb', 'other', base);
  commit(repo, { 'src/other.ts': 'export const other = 1;\n' }, 'other');
  git(repo, 'checkout', '-q', 'main');
  const sideways = await call(client, 'review_studio.compute', { base: 'other', head: 'feature' });
  const artifact = await call(client, 'review_studio.get', { reviewId: sideways.reviewId });
  assert.equal(artifact.headDescendsFromBase, false, 'a head that does not descend from the base is reviewed, and says so');

  const diff = await call(client, 'index.diff', { base: 'main', head: 'feature' });
  assert.equal(diff.base, base);
  assert.equal(diff.head, head);
  assert.ok(diff.symbols.changed.includes('src/store.ts#save'));
  assert.ok(diff.files.some((file) => file.path === 'scripts/build.pl' && file.language === null));
});

test('a review of the live workspace (no head) sees uncommitted work', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const { repo, client } = await featureDaemon(s);
  writeFiles(repo, { 'src/store.ts': BASE_FILES['src/store.ts'].replace('return 1;', 'return 2;') });
  const review = await call(client, 'review_studio.compute', { base: 'main' });
  assert.deepEqual(review.head, { kind: 'workspace', workspace: 'default' });
  assert.equal(review.headResolved, null);
  assert.ok(review.cohorts.some((cohort) => cohort.files.includes('src/store.ts')), JSON.stringify(review.cohorts));
});

test('a live workspace review\'s blast radius follows the next edit (what one snapshot read is not served for the next)', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const { repo, client } = await featureDaemon(s);
  writeFiles(repo, { 'src/store.ts': BASE_FILES['src/store.ts'].replace('return value;', 'return value + 1;') });
  const first = await call(client, 'review_studio.compute', { base: 'main' });
  const before = await call(client, 'review_studio.blastRadius', { reviewId: first.reviewId });
  const depths = (radius) => Object.fromEntries(radius.symbols.map((node) => [node.id, node.depth]));
  assert.equal(depths(before)['src/api.ts#handle'], 1, JSON.stringify(depths(before)));
  assert.equal(depths(before)['src/api.test.ts'], 2, 'the test reaches save() through handle()');

  // handle() goes with its file: save() has no user left, and the test's call no longer resolves.
  rmSync(join(repo, 'src/api.ts'));
  const second = await call(client, 'review_studio.compute', { base: 'main' });
  assert.ok(second.cohorts.some((cohort) => cohort.files.includes('src/api.ts')), 'the removal is in the review');
  const after = await call(client, 'review_studio.blastRadius', { reviewId: second.reviewId });
  assert.deepEqual(after.symbols.filter((node) => node.path.startsWith('src/api')), [],
    `nothing of the removed file or its test reaches the change any more: ${JSON.stringify(depths(after))}`);
  const impact = await call(client, 'review_studio.cohortImpact', { reviewId: second.reviewId, key: cohortWith(second.cohorts, 'src/store.ts').key });
  assert.deepEqual(impact.radius.symbols.filter((node) => node.path === 'src/api.test.ts'), []);
});

test('a pushed branch head answers from its base\'s kept rows only where its own files do not: the radius equals a fresh daemon\'s', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const util = (core) => `${core ? `export function core(): number {\n  return ${core};\n}\n\n` : ''}export function other(): number {\n  return 2;\n}\n`;
  // Ten files no commit touches, so each head is stored as a delta over the base (a quarter at most differs).
  const untouched = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`src/other/f${index}.ts`, `export const f${index} = ${index};\n`]));
  const repo = s.repo('layers', {
    ...untouched,
    'src/util.ts': util('1'),
    'src/a.ts': "import { core } from './util.js';\n\nexport function a(): number {\n  return core();\n}\n",
    'src/b.ts': "import { a } from './a.js';\n\nexport function b(): number {\n  return a();\n}\n",
  });
  git(repo, 'checkout', '-qb', 'feature');
  // a.ts changes too, but not a(): the head holds a.ts itself, and a() reaches core() from there.
  commit(repo, { 'src/util.ts': util('3'), 'src/a.ts': "import { core } from './util.js';\n\nexport function a(): number {\n  return core();\n}\n\nexport function a2(): number {\n  return 4;\n}\n" }, 'core changes');
  git(repo, 'checkout', '-q', 'main');
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const first = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  const before = await call(client, 'review_studio.blastRadius', { reviewId: first.reviewId });
  const ids = (radius) => radius.symbols.map((node) => `${node.id}@${node.depth}`);
  assert.ok(ids(before).includes('src/a.ts#a@1') && ids(before).includes('src/b.ts#b@2'), JSON.stringify(ids(before)));

  // The push removes core(): a()'s call no longer resolves, and the base's row from a() to core()
  // must not be read through the head's own a.ts.
  git(repo, 'checkout', '-q', 'feature');
  const pushed = commit(repo, { 'src/util.ts': util(null) }, 'core goes');
  git(repo, 'checkout', '-q', 'main');
  const second = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.equal(second.headResolved, pushed);
  const after = plain(await call(client, 'review_studio.blastRadius', { reviewId: second.reviewId }));
  assert.ok(!ids(after).some((id) => id.startsWith('src/a.ts#a@') || id.startsWith('src/b.ts#b@')), JSON.stringify(ids(after)));

  const fresh = await s.daemon(repo, { home: join(s.dir, 'fresh-home') });
  const freshClient = await fresh.client();
  const recomputed = await call(freshClient, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.deepEqual(plain(await call(freshClient, 'review_studio.blastRadius', { reviewId: recomputed.reviewId })), after,
    'the radius read through kept rows equals one read from nothing');
});
