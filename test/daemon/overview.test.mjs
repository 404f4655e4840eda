// graph.trace and repo.summarize through the real daemon on real repositories. graph.trace: the
// call tree breadth first with each node's sites, a symbol already on the path marked `cycle`, one
// expanded elsewhere marked `seen`, the depth default (4) and bounds (1 to 8: InvalidParams naming
// `depth`), a class reached by `new` expanded through its constructor, an entry that is not a
// function (InvalidParams naming `entry`), an unknown id (SymbolNotFound), an endpoint entry
// (`METHOD /path`, path parameters compared loosely) annotated with its endpoint, config keys and
// tables, the query budgets cutting the tree with `truncated`, and committed mode. repo.summarize
// on a small mixed repository: languages, packages and entry points, the most imported modules,
// test and generated folders; two calls give the same payload; committed mode.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const FLOW = `import { Store } from './store';
export function start(): number {
  return left() + right() + new Store().size();
}
export function left(): number {
  return shared();
}
export function right(): number {
  return shared() + ping(3);
}
export function shared(): number {
  return leaf();
}
export function leaf(): number {
  return 1;
}
export function ping(n: number): number {
  return n > 0 ? pong(n - 1) : 0;
}
export function pong(n: number): number {
  return ping(n);
}
export function deep1(): number { return deep2(); }
export function deep2(): number { return deep3(); }
export function deep3(): number { return deep4(); }
export function deep4(): number { return deep5(); }
export function deep5(): number { return deep6(); }
export function deep6(): number { return 6; }
`;
const STORE = `export class Store {
  constructor() {
    init();
  }
  size(): number {
    return 0;
  }
}
function init(): void {}
`;
const ROUTES = `import express from 'express';
import { findUser } from './users';
const app = express();
app.get('/users/:id', getUser);
app.post('/orders', createOrder);
export function getUser(req: any, res: any) {
  const limit = process.env.PAGE_LIMIT ?? '20';
  res.json(findUser(req.params.id, Number(limit)));
}
export function createOrder(req: any, res: any) {
  res.json({ ok: true });
}
`;
const USERS = `export function findUser(id: string, limit: number) {
  return db.query('SELECT * FROM users WHERE id = $1 LIMIT ' + limit, [id]);
}
declare const db: { query(sql: string, args: unknown[]): unknown };
`;

const names = (nodes) => nodes.map((node) => node.symbol.id.slice(node.symbol.id.indexOf('#') + 1));

test('graph.trace walks calls breadth first, marks cycles and repeats, and refuses bad entries and depths', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('trace', { 'package.json': JSON.stringify({ name: 'trace' }), 'src/flow.ts': FLOW, 'src/store.ts': STORE });
  const daemon = await s.daemon(repo);
  const client = await daemon.client('trace');
  await call(client, 'index.status', { sync: true });

  const traced = await call(client, 'graph.trace', { entry: 'src/flow.ts#start' });
  assert.equal(traced.entry, 'src/flow.ts#start');
  assert.deepEqual([traced.depth, traced.truncated, traced.endpoints], [4, false, []]);
  assert.equal(traced.roots.length, 1);
  const root = traced.roots[0];
  assert.deepEqual([root.symbol.id, root.sites], ['src/flow.ts#start', []]);
  assert.deepEqual(names(root.children), ['left', 'right', 'Store', 'Store.size']);
  assert.deepEqual(root.children[0].sites, [{ path: 'src/flow.ts', line: 3, column: 10, confidence: 'exact' }]);
  const [left, right, store] = root.children;
  assert.deepEqual(names(left.children), ['shared']);
  assert.equal(left.children[0].seen, undefined, 'shared is expanded where it is first reached');
  assert.deepEqual(names(left.children[0].children), ['leaf']);
  assert.deepEqual(names(right.children), ['shared', 'ping']);
  assert.deepEqual([right.children[0].seen, right.children[0].children], [true, []], 'reached again: shown, not expanded');
  const ping = right.children[1];
  assert.deepEqual(names(ping.children), ['pong']);
  assert.deepEqual(names(ping.children[0].children), ['ping']);
  assert.deepEqual([ping.children[0].children[0].cycle, ping.children[0].children[0].children], [true, []], 'ping is on the path: a cycle');
  assert.deepEqual(names(store.children), ['init'], 'a class reached by new runs its constructor');
  for (const node of [root, left, right, ping]) assert.deepEqual([node.endpoints, node.configKeys, node.tables], [[], [], []]);
  assert.equal(traced.nodes, 12);
  assert.equal(traced.meta.workspace, 'default');

  const count = (nodes) => nodes.reduce((sum, node) => sum + 1 + count(node.children), 0);
  const chain = await call(client, 'graph.trace', { entry: 'src/flow.ts#deep1' });
  const depthOf = (node) => (node.children.length === 0 ? 0 : 1 + Math.max(...node.children.map(depthOf)));
  assert.equal(depthOf(chain.roots[0]), 4, 'depth 4 by default: four levels below the entry');
  const deeper = await call(client, 'graph.trace', { entry: 'src/flow.ts#deep1', depth: 8 });
  assert.equal(depthOf(deeper.roots[0]), 5);
  assert.equal(count(deeper.roots), deeper.nodes);
  const one = await call(client, 'graph.trace', { entry: 'src/flow.ts#start', depth: 1 });
  assert.deepEqual([names(one.roots[0].children), one.nodes], [['left', 'right', 'Store', 'Store.size'], 5]);
  assert.ok(one.roots[0].children.every((node) => node.children.length === 0));

  for (const depth of [0, 9, 1000, 2.5, '4']) {
    const error = await rejection(call(client, 'graph.trace', { entry: 'src/flow.ts#start', depth }), `depth ${depth}`);
    assert.deepEqual([error.codeName, error.data.field], ['InvalidParams', 'depth']);
    assert.match(error.message, /from 1 to 8/);
  }
  const notAFunction = await rejection(call(client, 'graph.trace', { entry: 'src/store.ts#Store' }));
  assert.deepEqual([notAFunction.codeName, notAFunction.data.field], ['InvalidParams', 'entry']);
  assert.match(notAFunction.message, /is a class; graph\.trace starts at a function, method or constructor/);
  const file = await rejection(call(client, 'graph.trace', { entry: 'src/flow.ts' }));
  assert.deepEqual([file.codeName, file.data.field], ['InvalidParams', 'entry']);
  const unknown = await rejection(call(client, 'graph.trace', { entry: 'src/flow.ts#nowhere' }));
  assert.equal(unknown.codeName, 'SymbolNotFound');
  const noRoute = await rejection(call(client, 'graph.trace', { entry: 'GET /nowhere' }));
  assert.deepEqual([noRoute.codeName, noRoute.data.field], ['SymbolNotFound', 'entry']);
  const missing = await rejection(call(client, 'graph.trace', {}));
  assert.deepEqual([missing.codeName, missing.data.field], ['InvalidParams', 'entry']);

  // Committed mode: the commit's graph, whatever the worktree holds now.
  writeFiles(repo, { 'src/flow.ts': FLOW.replace('return left() + right()', 'return right()') });
  await call(client, 'index.status', { sync: true });
  const live = await call(client, 'graph.trace', { entry: 'src/flow.ts#start', depth: 1 });
  assert.deepEqual(names(live.roots[0].children), ['right', 'Store', 'Store.size']);
  const committed = await call(client, 'graph.trace', { entry: 'src/flow.ts#start', depth: 1, commit: 'HEAD' });
  assert.deepEqual(names(committed.roots[0].children), ['left', 'right', 'Store', 'Store.size']);
  assert.match(committed.meta.workspace, /^commit:[0-9a-f]{40}$/);
});

test('graph.trace stops at the query budgets with truncated', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const fan = 'export function hub(): number {\n  return a1() + a2() + a3() + a4();\n}\n' +
    [1, 2, 3, 4].map((i) => `export function a${i}(): number {\n  return sink();\n}\n`).join('') + 'export function sink(): number {\n  return 0;\n}\n';
  const repo = s.repo('budgets', { '.repograph.json': JSON.stringify({ budgets: { queries: { depth: 3, results: 3 } } }), 'src/fan.ts': fan });
  const daemon = await s.daemon(repo);
  const client = await daemon.client('budgets');
  await call(client, 'index.status', { sync: true });
  const cut = await call(client, 'graph.trace', { entry: 'src/fan.ts#hub', depth: 2 });
  assert.equal(cut.truncated, true);
  assert.equal(cut.nodes, 3, 'at most the results budget of nodes');
  assert.deepEqual(names(cut.roots[0].children), ['a1', 'a2']);
  const defaults = await call(client, 'graph.trace', { entry: 'src/fan.ts#a1' });
  assert.deepEqual([defaults.depth, defaults.truncated], [3, false], 'the default depth is capped by the budget');
  const deep = await rejection(call(client, 'graph.trace', { entry: 'src/fan.ts#hub', depth: 4 }));
  assert.deepEqual([deep.codeName, deep.data.field, deep.data.limit], ['InvalidParams', 'depth', 3]);
});

test('graph.trace from an endpoint annotates the handler with its endpoint, config keys and tables', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('api', {
    'package.json': JSON.stringify({ name: 'api', dependencies: { express: '^4.0.0' } }),
    'src/routes.ts': ROUTES,
    'src/users.ts': USERS,
  });
  const daemon = await s.daemon(repo);
  const client = await daemon.client('endpoints');
  await call(client, 'index.status', { sync: true });
  const traced = await call(client, 'graph.trace', { entry: 'GET /users/{userId}' });
  assert.deepEqual(traced.endpoints.map((endpoint) => [endpoint.method, endpoint.path, endpoint.handler]), [['GET', '/users/:id', 'src/routes.ts#getUser']]);
  assert.equal(traced.factsAvailable, true);
  const [handler] = traced.roots;
  assert.equal(handler.symbol.id, 'src/routes.ts#getUser');
  assert.deepEqual(handler.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`), ['GET /users/:id']);
  assert.deepEqual(handler.configKeys.map((key) => [key.key, key.access, key.site.line]), [['PAGE_LIMIT', 'process.env', 7]]);
  const findUser = handler.children.find((node) => node.symbol.id === 'src/users.ts#findUser');
  assert.ok(findUser, JSON.stringify(names(handler.children)));
  assert.deepEqual(findUser.tables.map((table) => [table.table, table.access]), [['users', 'read']]);
  const post = await call(client, 'graph.trace', { entry: 'post /orders/' });
  assert.deepEqual(post.roots.map((node) => node.symbol.id), ['src/routes.ts#createOrder']);
  const any = await call(client, 'graph.trace', { entry: '/users/42' });
  assert.deepEqual(any.roots.map((node) => node.symbol.id), ['src/routes.ts#getUser'], 'a path alone matches any method; a parameter matches a value');
});

const MIXED = {
  'package.json': JSON.stringify({ name: 'mixed', main: 'dist/index.js', bin: { mixed: 'bin/cli.js' }, exports: { '.': { import: './dist/index.js', types: './dist/index.d.ts' }, './util': './dist/util.js' } }),
  'src/index.ts': "import { util } from './util';\nimport { helper } from './helper';\nexport const run = () => util() + helper();\n",
  'src/util.ts': "import { helper } from './helper';\nexport function util(): number {\n  return helper();\n}\n",
  'src/helper.ts': 'export function helper(): number {\n  return 1;\n}\n',
  'src/generated/api.ts': '// Code generated by openapi-gen. DO NOT EDIT.\nexport const api = 1;\n',
  'src/generated/types.ts': '// Code generated by openapi-gen. DO NOT EDIT.\nexport type T = number;\n',
  'tests/util.test.ts': "import { util } from '../src/util';\nif (util() !== 1) throw new Error('util');\n",
  'tests/helper.test.ts': "import { helper } from '../src/helper';\nif (helper() !== 1) throw new Error('helper');\n",
  'py/pyproject.toml': '[project]\nname = "mixedpy"\n\n[project.scripts]\nmixed-py = "mixedpy.cli:main"\n',
  'py/mixedpy/__init__.py': '',
  'py/mixedpy/cli.py': 'import os\n\n\ndef main():\n    return os.getenv("MIXED_HOME", "/tmp")\n',
  'py/tests/test_cli.py': 'from mixedpy.cli import main\n\n\ndef test_main():\n    assert main()\n',
  'go/go.mod': 'module example.com/mixed\n\ngo 1.21\n',
  'go/cmd/mixed/main.go': 'package main\n\nimport "example.com/mixed/lib"\n\nfunc main() {\n\tlib.Run()\n}\n',
  'go/lib/lib.go': 'package lib\n\n// Run runs.\nfunc Run() {}\n',
  'go/lib/lib_test.go': 'package lib\n\nimport "testing"\n\nfunc TestRun(t *testing.T) { Run() }\n',
  'README.md': '# mixed\n',
};

test('repo.summarize answers a bounded, deterministic overview of a mixed repository, live and committed', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('mixed', MIXED);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('summary');
  await call(client, 'index.status', { sync: true });
  const summary = await call(client, 'repo.summarize', {});
  const again = await call(client, 'repo.summarize', {});
  const { meta, ...payload } = summary;
  const { meta: againMeta, ...againPayload } = again;
  assert.deepEqual(againPayload, payload, 'two calls give the same payload');
  assert.equal(JSON.stringify(againPayload), JSON.stringify(payload), 'in the same order');
  assert.equal(meta.workspace, 'default');
  assert.equal(againMeta.generation, meta.generation);

  assert.deepEqual(summary.languages.map((entry) => [entry.language, entry.files]), [['typescript', 7], ['go', 3], ['python', 3]]);
  assert.ok(summary.files.total >= 13 && summary.files.indexed === 13, JSON.stringify(summary.files));
  const packages = Object.fromEntries(summary.packages.items.map((entry) => [entry.manifest, entry]));
  assert.deepEqual(Object.keys(packages), ['go/go.mod', 'package.json', 'py/pyproject.toml']);
  assert.deepEqual([packages['package.json'].ecosystem, packages['package.json'].name], ['npm', 'mixed']);
  assert.deepEqual(packages['package.json'].entryPoints.map((point) => `${point.kind}:${point.name ?? ''}:${point.target}`), [
    'main::dist/index.js', 'exports:.:./dist/index.js', 'exports:.:./dist/index.d.ts', 'exports:./util:./dist/util.js', 'bin:mixed:bin/cli.js',
  ]);
  assert.deepEqual([packages['py/pyproject.toml'].name, packages['py/pyproject.toml'].entryPoints], ['mixedpy', [{ kind: 'script', name: 'mixed-py', target: 'mixedpy.cli:main' }]]);
  assert.deepEqual([packages['go/go.mod'].name, packages['go/go.mod'].entryPoints], ['example.com/mixed', [{ kind: 'command', target: 'go/cmd/mixed' }]]);
  assert.equal(summary.packages.total, 3);

  assert.deepEqual(summary.dependedOn.items[0], { id: 'src/helper.ts', path: 'src/helper.ts', importers: 3, imports: 3 });
  assert.deepEqual(summary.dependedOn.items[1], { id: 'src/util.ts', path: 'src/util.ts', importers: 2, imports: 2 });
  assert.ok(summary.dependedOn.items.length <= 10);
  assert.equal(summary.tests.files, 4);
  assert.deepEqual(summary.tests.folders.items, [
    { folder: 'tests', files: 2, of: 2 }, { folder: 'go/lib', files: 1, of: 2 }, { folder: 'py/tests', files: 1, of: 1 },
  ]);
  assert.equal(summary.generated.files, 2);
  assert.deepEqual(summary.generated.folders.items, [{ folder: 'src/generated', files: 2, of: 2 }]);
  for (const list of ['endpoints', 'configKeys', 'tables']) {
    assert.equal(summary[list].items.length <= 25, true);
    assert.equal(summary[list].total >= summary[list].items.length, true);
  }
  assert.equal(summary.factsAvailable, true);
  assert.deepEqual(summary.configKeys.items.map((entry) => [entry.key, entry.reads, entry.site.path]), [['MIXED_HOME', 1, 'py/mixedpy/cli.py']]);
  assert.deepEqual([summary.endpoints.total, summary.tables.total], [0, 0]);

  // Committed mode reads the commit: a file added since is not in it.
  writeFiles(repo, { 'src/extra.ts': "import { helper } from './helper';\nexport const extra = helper;\n" });
  await call(client, 'index.status', { sync: true });
  const live = await call(client, 'repo.summarize', {});
  assert.deepEqual(live.dependedOn.items[0], { id: 'src/helper.ts', path: 'src/helper.ts', importers: 4, imports: 4 });
  const committed = await call(client, 'repo.summarize', { commit: 'HEAD' });
  assert.deepEqual(committed.dependedOn.items[0].importers, 3);
  assert.match(committed.meta.workspace, /^commit:[0-9a-f]{40}$/);
  assert.deepEqual(committed.packages, summary.packages);
  const both = await rejection(call(client, 'repo.summarize', { commit: 'HEAD', workspace: 'default' }));
  assert.deepEqual([both.codeName, both.data.field], ['InvalidParams', 'commit']);
  git(repo, 'status', '--short');
});
