// A Java declaration's type is written in it and resolved in its own file, so when a class comes
// or goes, a file re-bound because it names the class gives others a new meaning only for the
// declarations that mention it (a method returning it, a field of its type, a class extending
// it): files that reach those declarations are re-bound, and files that reach only the rest of
// what it declares are not (java/signature-names.ts). Each step must equal a fresh build.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callsFrom, sessionOf, step } from '../helpers/graph-tree.mjs';

const HELPER = ['src/shop/Helper.java', 'package shop;\n\npublic class Helper {\n  public int sum(int a, int b) { return a + b; }\n}\n'];

const TREE = new Map([
  HELPER,
  // Names Helper in a body only: re-bound, but what it declares means what it meant.
  ['src/shop/Cart.java', 'package shop;\n\npublic class Cart {\n  public int total() { return new Helper().sum(1, 2); }\n}\n'],
  // `helper()` returns a Helper: its callers bind otherwise; `count()` does not.
  ['src/shop/Store.java', 'package shop;\n\npublic class Store {\n  public Helper helper() { return new Helper(); }\n  public int count() { return 1; }\n}\n'],
  // Extends Helper: its members now lack sum.
  ['src/shop/Special.java', 'package shop;\n\npublic class Special extends Helper {\n  public int twice() { return 2; }\n}\n'],
  ['src/app/Main.java', 'package app;\n\nimport shop.Store;\n\npublic class Main {\n  public int run() { return new Store().helper().sum(1, 2); }\n}\n'],
  ['src/app/RunsMain.java', 'package app;\n\npublic class RunsMain {\n  public int r() { return new Main().run(); }\n}\n'],
  ['src/app/Inherits.java', 'package app;\n\nimport shop.Special;\n\npublic class Inherits {\n  public int run() { Special s = new Special(); return s.sum(3, 4); }\n}\n'],
  ['src/app/Other.java', 'package app;\n\nimport shop.Cart;\n\npublic class Other {\n  public int go() { return new Cart().total(); }\n}\n'],
  ['src/app/Counter.java', 'package app;\n\nimport shop.Store;\n\npublic class Counter {\n  public int n() { return new Store().count(); }\n}\n'],
  // Imports Helper itself (its dependencies change) and uses it in a body only.
  ['src/app/Uses.java', 'package app;\n\nimport shop.Helper;\n\npublic class Uses {\n  public int u() { return new Helper().sum(5, 6); }\n}\n'],
  ['src/app/UsesUser.java', 'package app;\n\npublic class UsesUser {\n  public int v() { return new Uses().u(); }\n}\n'],
]);

test('a Java class that leaves re-binds the files that name it and those that reach a declaration mentioning it, no others', () => {
  const tree = new Map(TREE);
  const session = sessionOf(tree);
  assert.ok(callsFrom(session, 'src/app/Main.java').some((to) => to.endsWith('Helper.sum')));
  assert.ok(callsFrom(session, 'src/app/Inherits.java').some((to) => to.endsWith('Helper.sum')), 'Special inherits sum');
  const removed = step(session, tree, { remove: [HELPER[0]] }, 'Helper leaves');
  assert.deepEqual(removed.rebound, [
    'src/app/Inherits.java', 'src/app/Main.java', 'src/app/Uses.java',
    'src/shop/Cart.java', 'src/shop/Special.java', 'src/shop/Store.java',
  ], 'Cart, Store, Special and Uses name Helper; Main calls helper() (a Helper), Inherits names Special (which extends it);\n' +
    'Other reaches only Cart.total, Counter only Store.count, UsesUser only Uses.u, RunsMain only Main.run: what those mean has not changed');
  for (const path of ['src/app/Main.java', 'src/app/Inherits.java', 'src/app/Uses.java', 'src/shop/Cart.java']) {
    assert.ok(!callsFrom(session, path).some((to) => to.includes('Helper')), `${path} no longer reaches Helper`);
  }
  assert.ok(callsFrom(session, 'src/app/Other.java').some((to) => to.endsWith('Cart.total')), 'Other still reaches Cart.total');
  const added = step(session, tree, { add: [HELPER] }, 'and it comes back');
  assert.deepEqual(added.rebound, [
    'src/app/Inherits.java', 'src/app/Main.java', 'src/app/Uses.java',
    'src/shop/Cart.java', 'src/shop/Helper.java', 'src/shop/Special.java', 'src/shop/Store.java',
  ], 'when it comes back, the same files and Helper itself');
  assert.ok(callsFrom(session, 'src/app/Main.java').some((to) => to.endsWith('Helper.sum')), 'helper().sum(...) resolves again');
});

test('a Java method whose return type changes re-binds its callers, and theirs only where their own declarations mention it', () => {
  const tree = new Map(TREE);
  const session = sessionOf(tree);
  // Store.helper() now returns a Special: Main's `helper().sum` still reaches Helper.sum, through Special.
  const edited = step(session, tree, {
    add: [['src/shop/Store.java', 'package shop;\n\npublic class Store {\n  public Special helper() { return new Special(); }\n  public int count() { return 1; }\n}\n']],
  }, 'helper() returns a Special');
  assert.ok(edited.rebound.includes('src/app/Main.java'), 'Main calls helper()');
  assert.ok(!edited.rebound.includes('src/app/Counter.java'), 'Counter reaches only count(), unchanged');
  assert.ok(!edited.rebound.includes('src/app/RunsMain.java'), 'Main, re-bound, declares nothing that mentions helper(): run() still returns an int');
  assert.ok(!edited.rebound.includes('src/app/UsesUser.java'));
  assert.ok(callsFrom(session, 'src/app/Main.java').some((to) => to.endsWith('Helper.sum')));
});

test('a Java import that is added or points elsewhere re-binds the file, and others only where its declarations name the import', () => {
  const tree = new Map([
    HELPER,
    ['src/other/Helper.java', 'package other;\n\npublic class Helper {\n  public int sum(int a, int b) { return a - b; }\n}\n'],
    ['src/app/Maker.java', 'package app;\n\nimport shop.Helper;\n\npublic class Maker {\n  public Helper make() { return new Helper(); }\n  public int size() { return 1; }\n}\n'],
    ['src/app/MakerUser.java', 'package app;\n\npublic class MakerUser {\n  public int m() { return new Maker().make().sum(1, 2); }\n}\n'],
    ['src/app/SizeUser.java', 'package app;\n\npublic class SizeUser {\n  public int s() { return new Maker().size(); }\n}\n'],
  ]);
  const session = sessionOf(tree);
  const unused = step(session, tree, {
    add: [['src/app/Maker.java', 'package app;\n\nimport java.util.List;\nimport shop.Helper;\n\npublic class Maker {\n  public Helper make() { return new Helper(); }\n  public int size() { return 1; }\n}\n']],
  }, 'an import no declaration names');
  assert.deepEqual(unused.rebound, ['src/app/Maker.java'], 'no declaration of Maker names java.util.List: nothing it declares means anything new');
  const repointed = step(session, tree, {
    add: [['src/app/Maker.java', 'package app;\n\nimport java.util.List;\nimport other.Helper;\n\npublic class Maker {\n  public Helper make() { return new Helper(); }\n  public int size() { return 1; }\n}\n']],
  }, 'Helper now imported from another package');
  assert.deepEqual(repointed.rebound, ['src/app/Maker.java', 'src/app/MakerUser.java'], 'make() returns the other Helper: its callers, not size()\'s');
  assert.ok(callsFrom(session, 'src/app/MakerUser.java').some((to) => to === 'src/other/Helper.java#Helper.sum'), 'make().sum(...) now reaches other.Helper');
});

test('a class that leaves re-binds what reaches a nested or static import of it through a declaration', () => {
  const tree = new Map([
    ['src/shop/Helper.java', 'package shop;\n\npublic class Helper {\n  public static class Inner {\n    public int v() { return 1; }\n  }\n  public static Inner make() { return new Inner(); }\n}\n'],
    ['src/app/NestedUser.java', 'package app;\n\nimport shop.Helper.Inner;\n\npublic class NestedUser {\n  public Inner inner() { return new Inner(); }\n}\n'],
    ['src/app/NestedCaller.java', 'package app;\n\npublic class NestedCaller {\n  public int c() { return new NestedUser().inner().v(); }\n}\n'],
    ['src/app/StaticUser.java', 'package app;\n\nimport static shop.Helper.make;\n\npublic class StaticUser {\n  public int s() { return make().v(); }\n}\n'],
  ]);
  const session = sessionOf(tree);
  assert.ok(callsFrom(session, 'src/app/NestedCaller.java').some((to) => to.endsWith('Helper.Inner.v')));
  const removed = step(session, tree, { remove: ['src/shop/Helper.java'] }, 'Helper leaves');
  assert.ok(removed.rebound.includes('src/app/NestedCaller.java'), 'inner() returned a Helper.Inner');
  assert.ok(removed.rebound.includes('src/app/StaticUser.java'), 'make() was Helper\'s');
  assert.ok(!callsFrom(session, 'src/app/NestedCaller.java').some((to) => to.includes('Helper')));
  step(session, tree, { add: [['src/shop/Helper.java', 'package shop;\n\npublic class Helper {\n  public static class Inner {\n    public int v() { return 1; }\n  }\n  public static Inner make() { return new Inner(); }\n}\n']] }, 'and it comes back');
  assert.ok(callsFrom(session, 'src/app/NestedCaller.java').some((to) => to.endsWith('Helper.Inner.v')));
});

test('an edit that renames a Java class re-binds the files whose imports now name it, or no longer do', () => {
  const tree = new Map([
    ['src/p/B.java', 'package p;\n\npublic class B1 {\n  public int f() { return 1; }\n}\n'],
    ['src/q/A.java', 'package q;\n\nimport p.B2;\n\npublic class A {\n  public int g() { return new B2().f(); }\n}\n'],
    ['src/r/C.java', 'package r;\n\nimport p.B1;\n\npublic class C {\n  public int k() { return new B1().f(); }\n}\n'],
  ]);
  const session = sessionOf(tree);
  assert.deepEqual(callsFrom(session, 'src/q/A.java'), [], 'p.B2 names no class yet');
  const renamed = step(session, tree, { add: [['src/p/B.java', 'package p;\n\npublic class B2 {\n  public int f() { return 1; }\n}\n']] }, 'B1 renamed B2');
  assert.deepEqual(renamed.rebound, ['src/p/B.java', 'src/q/A.java', 'src/r/C.java'], 'A depended on nothing: only asking its imports again finds B');
  assert.deepEqual(callsFrom(session, 'src/q/A.java'), ['src/p/B.java#B2.f'], 'A\'s import now names B2');
  assert.deepEqual(callsFrom(session, 'src/r/C.java'), [], 'C\'s no longer names anything');
  // A depends on B now: an edit of B2 reaches it.
  step(session, tree, { add: [['src/p/B.java', 'package p;\n\npublic class B2 {\n  public int h() { return 1; }\n}\n']] }, 'f renamed h');
  assert.deepEqual(callsFrom(session, 'src/q/A.java'), [], 'B2.f is gone');
});

test('an import that now names another class re-binds the callers of a method whose parameter it types', () => {
  const tree = new Map([
    ['src/p/Tab.java', 'package p;\n\npublic class Tab {\n  public void open() { Support.attach(this); }\n}\n'],
    ['src/r/Tab.java', 'package r;\n\npublic class Tab {\n}\n'],
    ['src/p/Support.java', 'package p;\n\nimport p.Tab;\n\npublic class Support {\n  public static void attach(Tab tab) { }\n}\n'],
  ]);
  const session = sessionOf(tree);
  assert.ok(callsFrom(session, 'src/p/Tab.java').some((to) => to.endsWith('Support.attach')));
  const edited = step(session, tree, {
    add: [['src/p/Support.java', 'package p;\n\nimport r.Tab;\n\npublic class Support {\n  public static void attach(Tab tab) { }\n}\n']],
  }, 'Tab now imported from r');
  assert.ok(edited.rebound.includes('src/p/Tab.java'), 'attach(Tab) now takes r.Tab: p.Tab\'s call of it binds otherwise');
});
