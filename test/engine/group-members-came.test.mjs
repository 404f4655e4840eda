// A file that comes into a group (a Java package, a syntax-tier language) gives the group's
// readers new names; only the readers that look one of them up can bind otherwise (a Java
// reader reaches a class by its top-level name, LanguageBinder.groupNames; a syntax-tier reader
// by any name the file declares). Each step must equal a fresh build; the re-bound sets are
// checked against what each file can see (graph-session.ts `came`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFile } from '../../packages/extract/dist/in-process.js';
import { buildGraph, GraphSession } from '../../packages/graph/dist/index.js';

const inputOf = (path, text) => {
  const facts = extractFile(path, Buffer.from(text));
  return { path, facts, generated: false, lineCount: facts.lineCount, diagnostics: [] };
};
const fresh = (tree) => buildGraph({ files: [...tree].map(([path, text]) => inputOf(path, text)), manifests: [], buildDiagnostics: [] });
const sessionOf = (tree) => GraphSession.create({ files: [...tree].map(([path, text]) => inputOf(path, text)), manifests: [], buildDiagnostics: [] });
const callsFrom = (session, path) => session.output.groups.find((g) => g.path === path).relations.filter((r) => r.kind === 'calls' && r.to !== null).map((r) => r.to);

const JAVA = new Map([
  ['src/shop/Cart.java', 'package shop;\n\npublic class Cart {\n  public int total() { return Helper.sum(1, 2); }\n}\n'],
  ['src/shop/Order.java', 'package shop;\n\npublic class Order {\n  public int size() { return 2; }\n}\n'],
  ['src/app/Main.java', 'package app;\n\nimport shop.*;\n\npublic class Main {\n  public static void main(String[] args) { new Order().size(); }\n}\n'],
  ['src/app/Report.java', 'package app;\n\nimport shop.*;\n\npublic class Report {\n  public int run() { return Helper.sum(3, 4); }\n}\n'],
]);
const HELPER = ['src/shop/Helper.java', 'package shop;\n\npublic class Helper {\n  public static int sum(int a, int b) { return a + b; }\n  public int size() { return 0; }\n}\n'];

test('a Java class that comes into a package re-binds the readers that name it, not every reader', () => {
  const tree = new Map(JAVA);
  const session = sessionOf(tree);
  tree.set(...HELPER);
  const added = session.update({ upserts: [inputOf(...HELPER)], removed: [] });
  assert.equal(added.output.digest, fresh(tree).digest);
  assert.equal(added.mode, 'incremental');
  assert.deepEqual(added.rebound, ['src/app/Report.java', 'src/shop/Cart.java', 'src/shop/Helper.java'],
    'Cart (same package) and Report (import shop.*) name Helper; Order and Main read the package but name neither Helper nor\n' +
    'what Cart declares (a re-bound file\'s names count as changed: narrow-rebind.ts), and Helper.size is reached only through Helper');
  assert.ok(callsFrom(session, 'src/shop/Cart.java').some((to) => to.includes('Helper.sum')), 'Helper.sum(...) now resolves');
  tree.delete(HELPER[0]);
  assert.equal(session.update({ upserts: [], removed: [HELPER[0]] }).output.digest, fresh(tree).digest, 'and it leaves again');
});

test('a Ruby file that comes re-binds the files that call what it defines', () => {
  const tree = new Map([
    ['lib/report.rb', 'def report\n  format_rows([1])\nend\n'],
    ['lib/other.rb', 'def other\n  report\nend\n'],
    ['app/main.rb', 'def main\n  puts 1\nend\n'],
  ]);
  const session = sessionOf(tree);
  const added = ['lib/format.rb', 'def format_rows(rows)\n  rows.join(",")\nend\n'];
  tree.set(...added);
  const update = session.update({ upserts: [inputOf(...added)], removed: [] });
  assert.equal(update.output.digest, fresh(tree).digest);
  assert.ok(update.rebound.includes('lib/report.rb'));
  assert.ok(!update.rebound.includes('app/main.rb'), 'main.rb names nothing format.rb defines');
  assert.ok(callsFrom(session, 'lib/report.rb').some((to) => to.includes('format_rows')));
});
