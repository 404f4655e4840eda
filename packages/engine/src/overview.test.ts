// The pure parts of graph.trace and repo.summarize: an endpoint entry's parsing and loose
// matching (parameters, catch-alls, the best match kept, a named method over ANY), the package
// manifests' entry points, and the folders where files of one sort cluster.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FileEntry } from '@repograph/store';
import type { Endpoint } from './architecture-facts.js';
import { folderClusters } from './summarize.js';
import { packageOf } from './summarize-packages.js';
import { matchEndpoints, parseEndpointEntry } from './trace-entry.js';

function endpoint(method: string, path: string, handler: string): Endpoint {
  return { method, path, pattern: path, framework: 'express', partial: false, handler, owner: 'app.ts', site: { path: 'app.ts', line: 1, column: 1 }, mounts: [] };
}

const ROUTES = [
  endpoint('GET', '/users/:id', 'byId'),
  endpoint('GET', '/users/me', 'me'),
  endpoint('POST', '/users', 'create'),
  endpoint('ANY', '/health', 'anyHealth'),
  endpoint('GET', '/health', 'getHealth'),
  endpoint('GET', '/files/*path', 'files'),
  endpoint('GET', '/docs/[...slug]', 'docs'),
  endpoint('GET', '/orders/{orderId}/items/<int:item>', 'item'),
  endpoint('GET', '/api/*/status', 'partial'),
];
const handlers = (entry: string) => matchEndpoints(parseEndpointEntry(entry)!, ROUTES).map((each) => each.handler);

test('an endpoint entry is METHOD /path or /path, the method in any case', () => {
  assert.deepEqual(parseEndpointEntry('post /orders'), { method: 'POST', path: '/orders' });
  assert.deepEqual(parseEndpointEntry('  /orders/ '), { method: null, path: '/orders/' });
  assert.equal(parseEndpointEntry('src/a.ts#main'), null);
  assert.equal(parseEndpointEntry('GET orders'), null);
});

test('paths match segment by segment, parameters loosely, and the best matches are kept', () => {
  assert.deepEqual(handlers('GET /users/{userId}'), ['byId'], 'a parameter matches a parameter of another spelling');
  assert.deepEqual(handlers('GET /users/42'), ['byId'], 'a parameter matches a value');
  assert.deepEqual(handlers('GET /users/me'), ['me'], 'the literal match beats the parameter');
  assert.deepEqual(handlers('GET /users//'), [], 'no GET /users');
  assert.deepEqual(handlers('POST /users/'), ['create'], 'a trailing slash is ignored');
  assert.deepEqual(handlers('GET /health'), ['getHealth'], 'a method named exactly beats ANY');
  assert.deepEqual(handlers('DELETE /health'), ['anyHealth'], 'ANY serves every method');
  assert.deepEqual(handlers('/health'), ['anyHealth', 'getHealth'], 'no method: every method');
  assert.deepEqual(handlers('GET /files/a/b/c.txt'), ['files'], 'a catch-all takes the rest');
  assert.deepEqual(handlers('GET /docs/guide/intro'), ['docs']);
  assert.deepEqual(handlers('GET /orders/7/items/3'), ['item']);
  assert.deepEqual(handlers('GET /api/v2/status'), ['partial'], 'a partial key\'s `*` matches one segment');
  assert.deepEqual(handlers('GET /nowhere'), []);
});

test('package manifests give their names and entry points', () => {
  const npm = packageOf('pkg/package.json', JSON.stringify({
    name: '@scope/tool', main: 'lib/index.js', types: 'lib/index.d.ts', bin: 'bin/tool.js',
    exports: { '.': { import: './lib/index.mjs', require: './lib/index.js' }, './util': './lib/util.js' },
  }), []);
  assert.deepEqual([npm.ecosystem, npm.name], ['npm', '@scope/tool']);
  assert.deepEqual(npm.entryPoints.map((point) => `${point.kind}:${point.name ?? ''}:${point.target}`), [
    'main::lib/index.js', 'types::lib/index.d.ts', 'exports:.:./lib/index.mjs', 'exports:.:./lib/index.js', 'exports:./util:./lib/util.js', 'bin:tool:bin/tool.js',
  ]);
  const broken = packageOf('package.json', '{ not json', []);
  assert.deepEqual([broken.problem, broken.entryPoints], ['not valid JSON', []]);
  const pyproject = packageOf('pyproject.toml', '[project]\nname = "svc"\n\n[project.scripts]\nsvc = "svc.cli:main"\n\n[tool.setuptools]\npackages = [\n  "svc",\n  "svc.api",\n]\n', []);
  assert.deepEqual([pyproject.name, pyproject.entryPoints.map((point) => `${point.kind}:${point.name ?? ''}:${point.target}`)],
    ['svc', ['script:svc:svc.cli:main', 'package::svc', 'package::svc.api']]);
  const poetry = packageOf('pyproject.toml', '[tool.poetry]\nname = "app"\npackages = [{ include = "app" }]\n\n[tool.poetry.scripts]\napp = "app.main:run"\n', []);
  assert.deepEqual([poetry.name, poetry.entryPoints.map((point) => point.target)], ['app', ['app.main:run', 'app']]);
  const cfg = packageOf('setup.cfg', '[metadata]\nname = legacy\n\n[options]\npackages = legacy, legacy.sub\n\n[options.entry_points]\nconsole_scripts =\n    legacy = legacy.cli:main\n', []);
  assert.deepEqual([cfg.name, cfg.entryPoints.map((point) => `${point.kind}:${point.target}`)], ['legacy', ['script:legacy.cli:main', 'package:legacy', 'package:legacy.sub']]);
  const go = packageOf('svc/go.mod', 'module example.com/svc\n\ngo 1.21\n', ['svc/cmd/a', 'svc/cmd/b', 'other/cmd']);
  assert.deepEqual([go.name, go.entryPoints.map((point) => point.target)], ['example.com/svc', ['svc/cmd/a', 'svc/cmd/b']]);
  assert.equal(packageOf('go.mod', 'go 1.21\n', []).problem, 'no `module` directive');
});

function files(paths: string[]): FileEntry[] {
  return paths.map((path) => ({ path, blobId: null, size: 1, mtimeMs: 0, ino: 0, language: 'typescript', status: 'parsed', generated: false, groupHash: '' }));
}

test('folders where members cluster: the highest mostly-member folder, else each member\'s own folder', () => {
  const tree = files(['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.test.ts', 'test/unit/x.ts', 'test/unit/y.ts', 'test/e2e/z.ts', 'lib/gen/p.ts', 'lib/gen/q.ts', 'lib/r.ts']);
  assert.deepEqual(folderClusters(tree, new Set(['test/unit/x.ts', 'test/unit/y.ts', 'test/e2e/z.ts', 'src/a.test.ts'])), [
    { folder: 'test', files: 3, of: 3 }, { folder: 'src', files: 1, of: 4 },
  ]);
  assert.deepEqual(folderClusters(tree, new Set(['lib/gen/p.ts', 'lib/gen/q.ts'])), [{ folder: 'lib/gen', files: 2, of: 2 }]);
  assert.deepEqual(folderClusters(files(['a.ts', 'b.ts']), new Set(['a.ts', 'b.ts'])), [{ folder: '', files: 2, of: 2 }], 'the root when every file is a member');
  assert.deepEqual(folderClusters(tree, new Set()), []);
});
