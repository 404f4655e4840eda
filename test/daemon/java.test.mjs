// Java through the real daemon on a real git repository: a Maven-layout project
// (test/helpers/java-shop-project.mjs: packages under src/main/java, JUnit 5 and JUnit 4 tests
// under src/test/java) answers every navigation method as TypeScript does: symbols.search,
// symbols.card, symbols.context, graph.callers (depth 2, and followInterface from an interface
// method), graph.callees, refs.find (by kind), types.hierarchy (extends, implements, overrides),
// graph.path, symbols.outline (overloads as `~2`), and committed mode (`commit`). A Gradle
// layout does the same, with a file of a package outside any source root and default-package
// files in two folders sharing the unnamed package.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';
import { CART, P, shopGradle, shopMaven } from '../helpers/java-shop-project.mjs';

const ids = (list) => list.map((entry) => entry.symbol?.id ?? entry.id);
const tree = (nodes) => nodes.map((node) => (node.children.length > 0 ? [node.symbol.id, tree(node.children)] : node.symbol.id));
const lineOf = (text, needle) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

test('a Maven Java project answers search, card, context, callers, callees, refs, hierarchy, path and outline', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shop', shopMaven);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('java');
  await call(client, 'index.status', { sync: true });
  const item = (member) => `${P.item}#Item${member ? `.${member}` : ''}`;
  const cart = (member) => `${P.cart}#Cart${member ? `.${member}` : ''}`;

  // symbols.search: methods by name (every override), kinds, a path filter.
  const price = await call(client, 'symbols.search', { query: 'price', kinds: ['method'] });
  assert.deepEqual(ids(price.symbols.slice(0, 3)).sort(), [`${P.discounted}#Discounted.price`, item('price'), `${P.priced}#Priced.price`], 'exact names first');
  assert.deepEqual(ids(price.symbols.slice(3)), [`${P.cartTest}#CartTest.totalSumsThePrices`], 'then word parts');
  const adds = await call(client, 'symbols.search', { query: 'add', kinds: ['method'], path: 'src/main/java/com/acme/shop' });
  assert.deepEqual(ids(adds.symbols), [cart('add'), cart('add~2')], 'overloads are two symbols');
  assert.deepEqual(adds.symbols.map((symbol) => symbol.signature), ['public void add(Item item)', 'public void add(String name, int cents)']);
  assert.deepEqual(adds.symbols[1].params.map((param) => [param.name, param.typeText]), [['name', 'String'], ['cents', 'int']]);
  const classes = await call(client, 'symbols.search', { query: 'Item', kinds: ['class'] });
  assert.deepEqual(ids(classes.symbols), [item()]);
  const tests = await call(client, 'symbols.search', { query: 'rendersAnEmptyCart' });
  assert.deepEqual(ids(tests.symbols), [`${P.invoiceTest}#InvoiceTest.rendersAnEmptyCart`]);

  // symbols.card: the symbol with its doc, container, visibility and counts.
  const card = await call(client, 'symbols.card', { id: item() });
  assert.deepEqual([card.symbol.kind, card.symbol.signature, card.symbol.doc, card.symbol.exported], ['class', 'public class Item implements Priced', 'A named item at a fixed price.', true]);
  const priceCard = await call(client, 'symbols.card', { id: item('price') });
  assert.deepEqual([priceCard.symbol.container, priceCard.callers, priceCard.callees], [item(), 3, 0]);
  const field = await call(client, 'symbols.card', { id: item('cents') });
  assert.deepEqual([field.symbol.kind, field.symbol.exported], ['field', false], 'a private field');
  assert.equal(card.meta.semanticLevel ?? 'full', 'full', 'Java is not the syntax tier');

  // symbols.context: the source and the callees' sources.
  const context = await call(client, 'symbols.context', { id: cart('total') });
  assert.equal(context.source.text, CART.split('\n').slice(17, 24).join('\n'));
  assert.deepEqual(context.calleeSources.map((entry) => entry.symbol.id), [item('price')]);
  assert.match(context.calleeSources[0].source.text, /return cents;/);

  // graph.callers, depth 2: through the enhanced for's element type, super.price(), an
  // unqualified call, a static call, a test in another source root and another package.
  const callers = await call(client, 'graph.callers', { id: item('price'), depth: 2 });
  assert.deepEqual(tree(callers.callers), [
    [cart('total'), [`${P.invoice}#Invoice.render`, `${P.cartTest}#CartTest.totalSumsThePrices`]],
    `${P.discounted}#Discounted.price`,
    item('label'),
  ]);
  assert.deepEqual(callers.callers[0].sites, [{ path: P.cart, line: lineOf(CART, 'sum += item.price()'), column: 19, confidence: 'typed' }]);
  // Overloads: each call reaches the one its arguments choose (a subclass argument included).
  const byItem = await call(client, 'graph.callers', { id: cart('add') });
  assert.deepEqual(ids(byItem.callers), [`${P.app}#App.main`, cart('add~2'), `${P.cartTest}#CartTest.totalSumsThePrices`]);
  const byName = await call(client, 'graph.callers', { id: cart('add~2') });
  assert.deepEqual(ids(byName.callers), [`${P.app}#App.main`, `${P.cartTest}#CartTest.totalSumsThePrices`]);
  // super(...) reaches the constructor.
  const constructor = await call(client, 'graph.callers', { id: item('Item') });
  assert.deepEqual(ids(constructor.callers), [`${P.discounted}#Discounted.Discounted`]);
  // followInterface: a call typed by the class is a caller of the interface method too, marked via.
  const viaInterface = await call(client, 'graph.callers', { id: `${P.priced}#Priced.price`, followInterface: true });
  assert.deepEqual(viaInterface.callers, [], 'nothing calls Priced.price itself or through an overriding method\'s interface');

  // graph.callees: a call and a `new` (an instantiates edge to the class).
  const callees = await call(client, 'graph.callees', { id: cart('add~2') });
  assert.deepEqual(callees.callees.map((node) => [node.symbol.id, node.sites[0].confidence]), [[cart('add'), 'typed'], [item(), 'exact']]);
  const main = await call(client, 'graph.callees', { id: `${P.app}#App.main` });
  assert.deepEqual(ids(main.callees).sort(), [cart(), cart('add'), cart('add~2'), `${P.discounted}#Discounted`, `${P.invoice}#Invoice.render`].sort(),
    'System.out.println is the JDK\'s: no target in the tree');

  // refs.find: every kind by default, or the kinds asked for.
  const refs = await call(client, 'refs.find', { id: item() });
  assert.deepEqual(refs.references.map((hit) => [hit.relation.kind, hit.relation.from]), [
    ['references', cart()], ['references', cart('add')], ['instantiates', cart('add~2')], ['references', cart('total')], ['extends', `${P.discounted}#Discounted`],
  ]);
  assert.equal(refs.references[0].excerpt, 'private final List<Item> items = new ArrayList<>();');
  const made = await call(client, 'refs.find', { id: item(), kinds: ['instantiates'] });
  assert.deepEqual(made.references.map((hit) => hit.relation.site), [{ path: P.cart, line: lineOf(CART, 'add(new Item(name, cents))'), column: 13 }]);
  const implemented = await call(client, 'refs.find', { id: `${P.priced}#Priced`, kinds: ['implements'] });
  assert.deepEqual(implemented.references.map((hit) => hit.relation.from), [item()]);
  const totalRefs = await call(client, 'refs.find', { id: cart('total'), kinds: ['calls'] });
  assert.deepEqual(totalRefs.references.map((hit) => hit.excerpt), ['return format(cart.total());', 'assertEquals(4, cart.total());']);

  // types.hierarchy: extends and implements (through the base), derived types, overrides both ways.
  const discounted = await call(client, 'types.hierarchy', { id: `${P.discounted}#Discounted` });
  assert.deepEqual(discounted.bases.map((entry) => [entry.symbol.id, entry.depth, entry.relation]), [[item(), 1, 'extends']]);
  assert.deepEqual(discounted.interfaces.map((entry) => [entry.symbol.id, entry.depth, entry.through]), [[`${P.priced}#Priced`, 2, item()]]);
  assert.deepEqual(discounted.notes, []);
  const priced = await call(client, 'types.hierarchy', { id: `${P.priced}#Priced` });
  assert.deepEqual(priced.derived.map((entry) => [entry.symbol.id, entry.depth, entry.relation]), [[item(), 1, 'implements'], [`${P.discounted}#Discounted`, 2, 'extends']]);
  const override = await call(client, 'types.hierarchy', { id: `${P.discounted}#Discounted.price` });
  assert.deepEqual(override.overrides.map((entry) => [entry.symbol.id, entry.owner, entry.relation]),
    [[item('price'), item(), 'extends'], [`${P.priced}#Priced.price`, `${P.priced}#Priced`, 'implements']]);
  const abstract = await call(client, 'types.hierarchy', { id: `${P.priced}#Priced.price` });
  assert.deepEqual(ids(abstract.overriddenBy), [item('price'), `${P.discounted}#Discounted.price`]);

  // graph.path: from the entry point across packages to the method.
  const path = await call(client, 'graph.path', { from: `${P.app}#App.main`, to: item('price') });
  assert.deepEqual(path.paths.map((entry) => entry.symbols), [[`${P.app}#App.main`, `${P.invoice}#Invoice.render`, cart('total'), item('price')]]);
  assert.deepEqual(path.paths[0].hops.map((hop) => [hop.kind, hop.confidence]), [['calls', 'typed'], ['calls', 'typed'], ['calls', 'typed']]);
  const none = await call(client, 'graph.path', { from: item('price'), to: `${P.app}#App.main` });
  assert.deepEqual(none.paths, []);

  // symbols.outline: the file's declarations in source order, members with their container.
  const outline = await call(client, 'symbols.outline', { path: P.cart });
  assert.deepEqual(outline.symbols.map((entry) => [entry.id, entry.kind, entry.line]), [
    [cart(), 'class', 7], [cart('items'), 'field', 8], [cart('add'), 'method', 10], [cart('add~2'), 'method', 14],
    [cart('total'), 'method', 18], [cart('count'), 'method', 26],
  ]);
  assert.deepEqual(outline.symbols.map((entry) => entry.container ?? null), [null, cart(), cart(), cart(), cart(), cart()]);
  const exported = await call(client, 'symbols.outline', { path: P.item, exportedOnly: true });
  assert.deepEqual(exported.symbols.map((entry) => entry.id), [item()], 'what the file exports: its public top-level class');
  const gone = await rejection(call(client, 'symbols.outline', { path: 'src/main/java/com/acme/shop/Nowhere.java' }));
  assert.equal(gone.codeName, 'FileNotFound');
});

test('committed mode answers Java queries from a commit\'s baseline, whatever the worktree holds', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shop', shopMaven);
  git(repo, 'tag', 'v1');
  writeFiles(repo, { [P.cart]: CART.replace('public int total()', 'public int sum()') });
  git(repo, 'commit', '-qam', 'rename total');
  writeFiles(repo, { [P.cart]: CART.replace('public int total()', 'public int wip()') });
  const daemon = await s.daemon(repo);
  const client = await daemon.client('committed');
  await call(client, 'index.status', { sync: true });

  const at = (query) => call(client, 'symbols.search', { query, kinds: ['method'] });
  assert.deepEqual(ids((await at('wip')).symbols), [`${P.cart}#Cart.wip`], 'the worktree');
  const old = await call(client, 'symbols.search', { query: 'total', kinds: ['method'], commit: 'v1' });
  assert.deepEqual(ids(old.symbols), [`${P.cart}#Cart.total`, `${P.cartTest}#CartTest.totalSumsThePrices`]);
  assert.match(old.meta.workspace, /^commit:[0-9a-f]{40}$/);
  const callers = await call(client, 'graph.callers', { id: `${P.cart}#Cart.total`, commit: 'v1' });
  assert.deepEqual(ids(callers.callers), [`${P.invoice}#Invoice.render`, `${P.cartTest}#CartTest.totalSumsThePrices`]);
  const context = await call(client, 'symbols.context', { id: `${P.cart}#Cart.total`, commit: 'v1' });
  assert.match(context.source.text, /public int total\(\)/);
  const head = await call(client, 'graph.callers', { id: `${P.cart}#Cart.sum`, commit: 'HEAD' });
  assert.deepEqual(head.callers, [], 'at HEAD the callers still call total(): nothing reaches sum()');
  const dangling = await call(client, 'refs.find', { id: `${P.invoice}#Invoice.render`, commit: 'HEAD', kinds: ['calls'] });
  assert.deepEqual(dangling.references.map((hit) => hit.relation.from), [`${P.app}#App.main`, `${P.invoiceTest}#InvoiceTest.rendersAnEmptyCart`]);
  const missing = await rejection(call(client, 'symbols.card', { id: `${P.cart}#Cart.wip`, commit: 'HEAD' }));
  assert.equal(missing.codeName, 'SymbolNotFound');
});

test('a Gradle project: source roots, a package outside them and the unnamed package bind as javac would', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('gradle-shop', shopGradle);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('gradle');
  await call(client, 'index.status', { sync: true });
  const item = 'src/main/java/com/acme/shop/Item.java#Item';
  const cart = 'src/main/java/com/acme/shop/Cart.java#Cart';

  const callers = await call(client, 'graph.callers', { id: `${item}.price`, depth: 2 });
  assert.deepEqual(tree(callers.callers), [
    [`${cart}.total`, ['src/main/java/Launcher.java#Launcher.main', 'src/test/java/com/acme/shop/CartTest.java#CartTest.totalSumsThePrices', 'tools/Restock.java#Restock.value']],
    'src/main/java/com/acme/shop/Discounted.java#Discounted.price',
    `${item}.label`,
    'tools/Restock.java#Restock.value',
  ]);
  // tools/Restock.java declares package com.acme.shop: it sees Cart and Item with no import.
  const restock = await call(client, 'graph.callees', { id: 'tools/Restock.java#Restock.value' });
  assert.deepEqual(ids(restock.callees).sort(), [`${cart}.add`, `${cart}.total`, `${item}.price`]);
  // Default-package files in two folders share the unnamed package; one imports a named package.
  const launcher = await call(client, 'graph.callees', { id: 'src/main/java/Launcher.java#Launcher.main' });
  assert.deepEqual(ids(launcher.callees).sort(), ['scripts/Banner.java#Banner.line', cart, `${cart}.add~2`, `${cart}.total`].sort());
  const test = await call(client, 'graph.callees', { id: 'src/test/java/com/acme/shop/CartTest.java#CartTest.totalSumsThePrices' });
  assert.deepEqual(ids(test.callees).sort(), [cart, `${cart}.add`, `${cart}.add~2`, `${cart}.total`, 'src/main/java/com/acme/shop/Discounted.java#Discounted'].sort(),
    'src/test/java shares the package of src/main/java; assertEquals is JUnit\'s');
  const hierarchy = await call(client, 'types.hierarchy', { id: 'src/main/java/com/acme/shop/Discounted.java#Discounted.price' });
  assert.deepEqual(ids(hierarchy.overrides), [`${item}.price`, 'src/main/java/com/acme/shop/Priced.java#Priced.price']);
  const banner = await call(client, 'symbols.outline', { path: 'scripts/Banner.java' });
  assert.deepEqual(banner.symbols.map((entry) => [entry.id, entry.exported]), [['scripts/Banner.java#Banner', true], ['scripts/Banner.java#Banner.line', false]]);
});
