// A review of a Java change end to end: a real daemon over a real git repository (the Maven
// project of test/helpers/java-shop-project.mjs plus an unrelated utility class). The feature
// branch adds a parameter to Cart.total and updates its caller in Invoice (two related files, in
// two packages) and edits the unrelated utility. The call between the pair makes one `graph`
// cohort (full semantic level, not the syntax tier) with the JUnit 5 and JUnit 4 tests reaching
// it; the utility is a `path` cohort of its own; the test that still calls total() is an arity
// finding; the blast radius follows the callers back to the entry point and the tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { call } from '../helpers/daemon.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';
import { CART, INVOICE, P, shopMaven } from '../helpers/java-shop-project.mjs';

const STRINGS = 'src/main/java/com/acme/util/Strings.java';
const strings = (body) => `package com.acme.util;\n\npublic class Strings {\n  public static String pad(String s) {\n    return ${body};\n  }\n}\n`;
const CART_TEST_ID = `${P.cartTest}#CartTest.totalSumsThePrices`;
const INVOICE_TEST_ID = `${P.invoiceTest}#InvoiceTest.rendersAnEmptyCart`;

test('a review of a Java change groups the related pair into a graph cohort and leaves the unrelated file on its own', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shop', { ...shopMaven, [STRINGS]: strings('" " + s') });
  git(repo, 'checkout', '-qb', 'feature');
  writeFiles(repo, {
    [P.cart]: CART.replace('public int total() {', 'public int total(int discount) {').replace('    return sum;\n  }\n\n  public int count', '    return sum - discount;\n  }\n\n  public int count'),
    [P.invoice]: INVOICE.replace('format(cart.total())', 'format(cart.total(0))'),
    [STRINGS]: strings('s.isEmpty() ? s : " " + s'),
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'feature');
  git(repo, 'checkout', '-q', 'main');
  const daemon = await s.daemon(repo);
  const client = await daemon.client('java-review');

  const review = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.equal(review.summary.files, 3);
  assert.deepEqual([review.summary.cohorts, review.summary.graphCohorts, review.summary.pathCohorts], [2, 1, 1], JSON.stringify(review.summary));
  const pair = review.cohorts.find((cohort) => cohort.files.includes(P.cart));
  assert.equal(pair.basis, 'graph');
  assert.deepEqual(pair.files, [P.invoice, P.cart]);
  assert.deepEqual(pair.symbols, [`${P.invoice}#Invoice.render`, `${P.cart}#Cart.total`]);
  assert.deepEqual(pair.tests, [INVOICE_TEST_ID, CART_TEST_ID], 'JUnit 4 and JUnit 5 tests under src/test/java');
  assert.ok(pair.semanticLevel === undefined || pair.semanticLevel === 'full', `Java is precise, not the syntax tier: ${pair.semanticLevel}`);
  assert.equal(pair.impact.parts.arityFindings, 1, 'CartTest still calls total() with no argument');
  assert.equal(pair.impact.parts.testsReaching, 2);
  const alone = review.cohorts.find((cohort) => cohort.files.includes(STRINGS));
  assert.deepEqual([alone.basis, alone.files, alone.symbols, alone.tests], ['path', [STRINGS], [`${STRINGS}#Strings.pad`], []]);
  assert.deepEqual([review.summary.symbolsChanged, review.summary.arityFindings, review.summary.danglingCallers], [3, 1, 0], JSON.stringify(review.summary));

  const cohorts = await call(client, 'review_studio.cohorts', { reviewId: review.reviewId });
  assert.deepEqual(cohorts.cohorts.map((cohort) => [cohort.key, cohort.basis, cohort.files]), review.cohorts.map((cohort) => [cohort.key, cohort.basis, cohort.files]));
  assert.equal(cohorts.stale, false);

  const radius = await call(client, 'review_studio.blastRadius', { reviewId: review.reviewId });
  assert.deepEqual(radius.seeds, [`${P.invoice}#Invoice.render`, `${P.cart}#Cart.total`, `${STRINGS}#Strings.pad`]);
  const methods = radius.symbols.filter((entry) => entry.kind === 'method').map((entry) => [entry.id, entry.depth, entry.test]);
  assert.deepEqual(methods, [[`${P.app}#App.main`, 1, false], [INVOICE_TEST_ID, 1, true], [CART_TEST_ID, 1, true]]);
  assert.deepEqual(radius.tests.map((entry) => entry.id), [INVOICE_TEST_ID, CART_TEST_ID]);
  assert.deepEqual(radius.symbols.find((entry) => entry.id === `${P.app}#App.main`).through, [`${P.app}#App.main`, `${P.invoice}#Invoice.render`]);
  assert.ok(!radius.symbols.some((entry) => entry.id.startsWith(STRINGS)), 'nothing uses Strings.pad');
  const deeper = await call(client, 'review_studio.blastRadius', { reviewId: review.reviewId, depth: 1 });
  assert.ok(deeper.symbols.every((entry) => entry.depth <= 1));
});
