// The structural delta in Java through the real daemon (edit.apply on the Maven project of
// test/helpers/java-shop-project.mjs): added, removed, renamed and changed methods; dangling
// callers after a rename (in another package and in a JUnit test); arity findings after a
// parameter is added, judged against every overload of the name (one overload keeping the old
// arity is no finding; a varargs method takes any count from its fixed parameters on; `new`,
// `super(...)` against the constructors); tests reaching a changed method through JUnit 5 and
// JUnit 4 tests; new duplicates; `repograph check` on a Java change; the same in a Gradle layout.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { brief, deltaSession, replace, siteOf } from '../helpers/delta.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { repograph, writeFiles } from '../helpers/repo.mjs';
import { APP, CART, CART_TEST, DISCOUNTED, INVOICE, ITEM, P, shopGradle, shopMaven } from '../helpers/java-shop-project.mjs';

const site = (path, text, needle, occurrence = 1) => siteOf(path, text, needle, occurrence);
const tests = (delta) => delta.testsReaching.map((entry) => [entry.id, entry.depth]);
const CART_TEST_ID = `${P.cartTest}#CartTest.totalSumsThePrices`;
const INVOICE_TEST_ID = `${P.invoiceTest}#InvoiceTest.rendersAnEmptyCart`;

test('Java symbol changes, dangling callers after a rename, new duplicates and tests reaching', { timeout: 180_000 }, async (t) => {
  const { apply } = await deltaSession(t, shopMaven);

  // A body edit: changed, nothing else; tests reaching through JUnit 5 (depth 2) and JUnit 4 (depth 3).
  const body = await apply([replace(P.item, 'return cents;', 'return cents + 0;')], { dryRun: true });
  assert.deepEqual(body.symbols, { added: [], removed: [], renamed: [], changed: [`${P.item}#Item.price`] }, brief(body));
  assert.deepEqual([body.danglingCallers, body.arityFindings, body.newDuplicates, body.signatureChanges], [[], [], [], []], brief(body));
  assert.deepEqual(tests(body), [[INVOICE_TEST_ID, 3], [CART_TEST_ID, 2]], brief(body));
  assert.deepEqual(body.testsReaching[1].through, [`${P.item}#Item`, `${P.item}#Item.price`]);

  // A rename: callers in another package and in a test dangle, naming the new method.
  const renamed = await apply([replace(P.cart, 'public int total()', 'public int sum()')], { dryRun: true });
  assert.deepEqual(renamed.symbols.renamed, [{ old: `${P.cart}#Cart.total`, new: `${P.cart}#Cart.sum`, path: P.cart }], brief(renamed));
  assert.deepEqual(renamed.danglingCallers, [
    { caller: `${P.invoice}#Invoice.render`, ...pos(site(P.invoice, INVOICE, 'total()')), target: `${P.cart}#Cart.total`, renamedTo: `${P.cart}#Cart.sum` },
    { caller: CART_TEST_ID, ...pos(site(P.cartTest, CART_TEST, 'total()')), target: `${P.cart}#Cart.total`, renamedTo: `${P.cart}#Cart.sum` },
  ], brief(renamed));
  assert.deepEqual(renamed.arityFindings, [], 'new Item(name, cents) fits Item\'s constructor');
  assert.deepEqual(renamed.affected, [P.invoice, P.cartTest]);

  // Added and removed methods (two names nothing links: not a rename).
  const addRemove = await apply([replace(P.item, '  public String label() {\n    return name + " " + price();\n  }',
    '  public boolean free() {\n    return cents == 0;\n  }\n\n  public int cents() {\n    return cents;\n  }')], { dryRun: true });
  assert.deepEqual(addRemove.symbols.added, [`${P.item}#Item.cents~2`, `${P.item}#Item.free`].sort(), brief(addRemove));
  assert.deepEqual(addRemove.symbols.removed, [`${P.item}#Item.label`], brief(addRemove));

  // A pasted copy of a method is a new exact duplicate.
  const copy = '  public int subtotal() {\n    int sum = 0;\n    for (Item item : items) {\n      sum += item.price();\n    }\n    return sum;\n  }\n\n';
  const pasted = await apply([replace(P.cart, '  public int count(', `${copy}  public int count(`)], { dryRun: true });
  assert.deepEqual(pasted.symbols.added, [`${P.cart}#Cart.subtotal`]);
  assert.deepEqual(pasted.newDuplicates, [{ symbol: `${P.cart}#Cart.subtotal`, original: `${P.cart}#Cart.total`, similarity: 1, kind: 'exact' }], brief(pasted));
  assert.deepEqual(pasted.arityFindings, []);

  // Applied for real, the rename is the workspace's graph: the callers stay dangling.
  const applied = await apply([replace(P.cart, 'public int total()', 'public int sum()')]);
  assert.deepEqual(applied.written, [P.cart]);
  assert.equal(applied.danglingCallers.length, 2, brief(applied));
});

function pos(where) {
  return { path: where.path, line: where.line, column: where.column };
}

test('Java arity findings are judged against every overload of the name', { timeout: 180_000 }, async (t) => {
  const { apply } = await deltaSession(t, shopMaven);
  const finding = (path, text, needle, callee, verdict, occurrence = 1) => ({ site: pos(site(path, text, needle, occurrence)), callee, verdict });

  // A parameter added to a method with no overload: its caller is too_few.
  const format = await apply([replace(P.invoice, 'static String format(int cents)', 'static String format(int cents, String currency)')], { dryRun: true });
  assert.deepEqual(format.arityFindings, [finding(P.invoice, INVOICE, 'format(cart', `${P.invoice}#Invoice.format`, 'too_few')], brief(format));
  assert.deepEqual(format.signatureChanges, [{ id: `${P.invoice}#Invoice.format`, before: 'static String format(int cents)', after: 'static String format(int cents, String currency)' }]);

  // add(Item) gains a parameter; add(String, int) has two: no overload takes one argument, so
  // every one-argument call is too_few (in another package, in the class, in a test).
  const addItem = await apply([replace(P.cart, 'public void add(Item item)', 'public void add(Item item, int times)')], { dryRun: true });
  assert.deepEqual(addItem.arityFindings, [
    finding(P.app, APP, 'add(new Discounted', `${P.cart}#Cart.add`, 'too_few'),
    finding(P.cart, CART, 'add(new Item', `${P.cart}#Cart.add`, 'too_few'),
    finding(P.cartTest, CART_TEST, 'add(new Discounted', `${P.cart}#Cart.add`, 'too_few'),
  ], brief(addItem));
  assert.deepEqual(addItem.danglingCallers, []);

  // add(Item) gains a parameter while add(String, int) already takes two: a two-argument call
  // fits that overload (the arity verdict does not judge argument types), so nothing is found
  // for the two-argument calls; the one-argument ones still are.
  const two = await apply([replace(P.cart, 'public void add(Item item)', 'public void add(Item item, String note)')], { dryRun: true });
  assert.deepEqual(two.arityFindings.map((f) => f.site.path), [P.app, P.cart, P.cartTest], brief(two));
  assert.ok(two.arityFindings.every((f) => f.verdict === 'too_few'));

  // add(Item) gains a parameter while a new overload add(Discounted) takes one argument: every
  // one-argument call fits that overload by arity (the verdict does not judge argument types):
  // no finding. (The new overload is declared last: overload ids are positional, see below.)
  const kept = await apply([replace(P.cart, '  public void add(Item item) {\n    items.add(item);\n  }',
    '  public void add(Item item, int times) {\n    items.add(item);\n  }')
    , replace(P.cart, '    return names.length;\n  }\n', '    return names.length;\n  }\n\n  public void add(Discounted item) {\n    items.add(item);\n  }\n')], { dryRun: true });
  assert.deepEqual([kept.symbols.added, kept.symbols.changed], [[`${P.cart}#Cart.add~3`], [`${P.cart}#Cart.add`]], brief(kept));
  assert.deepEqual(kept.arityFindings, [], brief(kept));

  // add(String, int) gains a parameter: the two-argument calls fit no overload (add(Item) takes
  // one): too_few against the overload they reach.
  const addName = await apply([replace(P.cart, 'public void add(String name, int cents)', 'public void add(String name, int cents, int times)')], { dryRun: true });
  assert.deepEqual(addName.arityFindings, [
    finding(P.app, APP, 'add("tea"', `${P.cart}#Cart.add~2`, 'too_few'),
    finding(P.cartTest, CART_TEST, 'add("a"', `${P.cart}#Cart.add~2`, 'too_few'),
  ], brief(addName));

  // A parameter added to the constructor: `new Item(...)` and `super(...)` are too_few.
  const constructor = await apply([replace(P.item, 'public Item(String name, int cents)', 'public Item(String name, int cents, int stock)')], { dryRun: true });
  assert.deepEqual(constructor.arityFindings, [
    finding(P.cart, CART, 'Item(name', `${P.item}#Item.Item`, 'too_few'),
    finding(P.discounted, DISCOUNTED, 'super(', `${P.item}#Item.Item`, 'too_few'),
  ], brief(constructor));
  // A second constructor of the old arity: no finding.
  const overloaded = await apply([replace(P.item, '  public Item(String name, int cents) {',
    '  public Item(String name, int cents, int stock) {\n    this(name, cents);\n  }\n\n  public Item(String name, int cents) {')], { dryRun: true });
  assert.deepEqual(overloaded.arityFindings, [], brief(overloaded));

  // Varargs: any count from the fixed parameters on; a method losing its varargs is too_many for more.
  const varargs = await apply([replace(P.app, '    cart.add("tea", 250);', '    cart.add("tea", 250);\n    cart.count();\n    cart.count("a", "b", "c");')], { dryRun: true });
  assert.deepEqual(varargs.arityFindings, [], brief(varargs));
  const counts = APP.replace('    cart.add("tea", 250);', '    cart.add("tea", 250);\n    cart.count();\n    cart.count("a", "b", "c");');
  const fixed = await apply([
    { path: P.app, content: counts },
    replace(P.cart, 'public int count(String... names)', 'public int count(String first, String... names)'),
  ], { dryRun: true });
  assert.deepEqual(fixed.arityFindings, [finding(P.app, counts, 'count()', `${P.cart}#Cart.count`, 'too_few')], 'one fixed parameter before the varargs: ' + brief(fixed));
  const threeCounts = APP.replace('    cart.add("tea", 250);', '    cart.add("tea", 250);\n    cart.count("a", "b", "c");');
  const tooMany = await apply([
    { path: P.app, content: threeCounts },
    replace(P.cart, 'public int count(String... names)', 'public int count(String name)'),
  ], { dryRun: true });
  assert.deepEqual(tooMany.arityFindings, [finding(P.app, threeCounts, 'count(', `${P.cart}#Cart.count`, 'too_many')], brief(tooMany));
});

test('repograph check reports a Java rename\'s dangling callers and arity findings against a base commit', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shop', shopMaven);
  s.deferCliDaemonStop(repo);
  writeFiles(repo, {
    [P.cart]: CART.replace('public int total()', 'public int sum()'),
    [P.invoice]: INVOICE.replace('static String format(int cents)', 'static String format(int cents, String currency)'),
  });
  const result = repograph(['check', '--repo', repo, '--base', 'HEAD', '--json'], { home: s.home });
  assert.equal(result.status, 0, result.stderr);
  const delta = JSON.parse(result.stdout);
  assert.deepEqual(delta.symbols.renamed, [{ old: `${P.cart}#Cart.total`, new: `${P.cart}#Cart.sum`, path: P.cart }]);
  assert.deepEqual(delta.symbols.changed, [`${P.invoice}#Invoice.format`]);
  assert.deepEqual(delta.danglingCallers.map((d) => [d.caller, d.renamedTo]), [
    [`${P.invoice}#Invoice.render`, `${P.cart}#Cart.sum`],
    [CART_TEST_ID, `${P.cart}#Cart.sum`],
  ]);
  assert.deepEqual(delta.arityFindings.map((f) => [f.callee, f.verdict]), [[`${P.invoice}#Invoice.format`, 'too_few']]);
  assert.deepEqual(delta.testsReaching.map((entry) => entry.id).sort(), [INVOICE_TEST_ID, CART_TEST_ID].sort());
  const failing = repograph(['check', '--repo', repo, '--base', 'HEAD', '--fail-on-found'], { home: s.home });
  assert.equal(failing.status, 1, failing.stdout + failing.stderr);
});

test('the Gradle layout: the same delta, tests reaching from src/test/java and a file outside the roots', { timeout: 180_000 }, async (t) => {
  const { apply } = await deltaSession(t, shopGradle, 'gradle-shop');
  const cart = 'src/main/java/com/acme/shop/Cart.java';
  const renamed = await apply([replace(cart, 'public int total()', 'public int sum()')], { dryRun: true });
  assert.deepEqual(renamed.danglingCallers.map((d) => d.caller), [
    'src/main/java/Launcher.java#Launcher.main', 'src/test/java/com/acme/shop/CartTest.java#CartTest.totalSumsThePrices', 'tools/Restock.java#Restock.value',
  ], brief(renamed));
  assert.deepEqual(tests(renamed), [['src/test/java/com/acme/shop/CartTest.java#CartTest.totalSumsThePrices', 1]], 'Launcher and Restock are not tests');
  const banner = await apply([replace('scripts/Banner.java', 'static String line(int cents)', 'static String line(int cents, char fill)')], { dryRun: true });
  assert.deepEqual(banner.arityFindings.map((f) => [f.site.path, f.callee, f.verdict]), [['src/main/java/Launcher.java', 'scripts/Banner.java#Banner.line', 'too_few']], brief(banner));
});
