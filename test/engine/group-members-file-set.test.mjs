// A file that comes into a group (a Java package, a syntax-tier language) gives the group's
// readers new names, and one that leaves takes its names away; only the readers that look one of
// them up can bind otherwise (a Java
// reader reaches a class by its top-level name, LanguageBinder.groupNames; a syntax-tier reader
// by any name the file declares). Each step must equal a fresh build; the re-bound sets are
// checked against what each file can see (graph-session.ts `came`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callsFrom, sessionOf, step } from '../helpers/graph-tree.mjs';

const JAVA = new Map([
  ['src/shop/Cart.java', 'package shop;\n\npublic class Cart {\n  public int total() { return Helper.sum(1, 2); }\n}\n'],
  ['src/shop/Order.java', 'package shop;\n\npublic class Order {\n  public int size() { return 2; }\n}\n'],
  ['src/app/Main.java', 'package app;\n\nimport shop.*;\n\npublic class Main {\n  public static void main(String[] args) { new Order().size(); }\n}\n'],
  ['src/app/Report.java', 'package app;\n\nimport shop.*;\n\npublic class Report {\n  public int run() { return Helper.sum(3, 4); }\n}\n'],
]);
const HELPER = ['src/shop/Helper.java', 'package shop;\n\npublic class Helper {\n  public static int sum(int a, int b) { return a + b; }\n  public int size() { return 0; }\n}\n'];

test('a Java class that comes into a package, then leaves it, re-binds the readers that name it, not every reader', () => {
  const tree = new Map(JAVA);
  const session = sessionOf(tree);
  const added = step(session, tree, { add: [HELPER] });
  assert.equal(added.mode, 'incremental');
  assert.deepEqual(added.rebound, ['src/app/Report.java', 'src/shop/Cart.java', 'src/shop/Helper.java'],
    'Cart (same package) and Report (import shop.*) name Helper; Order and Main read the package but name neither Helper nor\n' +
    'what Cart declares (a re-bound file\'s names count as changed: narrow-rebind.ts), and Helper.size is reached only through Helper');
  assert.ok(callsFrom(session, 'src/shop/Cart.java').some((to) => to.includes('Helper.sum')), 'Helper.sum(...) now resolves');
  const removed = step(session, tree, { remove: [HELPER[0]] }, 'and it leaves again');
  assert.deepEqual(removed.rebound, ['src/app/Report.java', 'src/shop/Cart.java'], 'when it goes, the readers that named Helper, and no other');
  assert.ok(!callsFrom(session, 'src/shop/Cart.java').some((to) => to.includes('Helper')), 'Helper.sum(...) resolves to nothing once Helper is gone');
});

test('a Ruby file that comes, then goes, re-binds the files that call what it defines', () => {
  const tree = new Map([
    ['lib/report.rb', 'def report\n  format_rows([1])\nend\n'],
    ['lib/other.rb', 'def other\n  report\nend\n'],
    ['app/main.rb', 'def main\n  puts 1\nend\n'],
  ]);
  const session = sessionOf(tree);
  const added = step(session, tree, { add: [['lib/format.rb', 'def format_rows(rows)\n  rows.join(",")\nend\n']] });
  assert.ok(added.rebound.includes('lib/report.rb'));
  assert.ok(!added.rebound.includes('app/main.rb'), 'main.rb names nothing format.rb defines');
  assert.ok(callsFrom(session, 'lib/report.rb').some((to) => to.includes('format_rows')));
  const removed = step(session, tree, { remove: ['lib/format.rb'] });
  assert.ok(removed.rebound.includes('lib/report.rb'));
  assert.ok(!removed.rebound.includes('app/main.rb'), 'nor when it goes');
  assert.ok(!callsFrom(session, 'lib/report.rb').some((to) => to.includes('format_rows')), 'format_rows([1]) resolves to nothing once format.rb is gone');
});
