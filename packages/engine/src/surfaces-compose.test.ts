// Composition of architecture facts (surfaces-compose.ts) over hand-made published records:
// mounts across files, several mount places, nested mounts, cycles, parameter routers, Django's
// concatenation, GORM TableName, grouping of keys and tables, and the order of every list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MountRecord, SurfaceRecord } from '@repograph/core';
import { composeSurfaces, joinPath, MAX_MOUNT_DEPTH, recomposeSurfaces, type FileSurfaces } from './surfaces-compose.js';

function endpoint(key: string, router: string, line: number, extra: Partial<SurfaceRecord> = {}): SurfaceRecord {
  return { kind: 'endpoint', key, framework: 'express', method: 'GET', owner: 'x', router, line, column: 1, ...extra };
}

function mount(prefix: string, mounted: string | null, line: number, extra: Partial<MountRecord> = {}): MountRecord {
  return { prefix, framework: 'express', mounted, owner: 'x', line, column: 1, ...extra };
}

function file(path: string, surfaces: SurfaceRecord[] = [], mounts: MountRecord[] = []): FileSurfaces {
  return { path, surfaces, mounts };
}

test('an endpoint takes the prefixes of the mounts above its router, across files, once per mount chain', () => {
  const composed = composeSurfaces([
    file('routes/users.js', [endpoint('/', 'routes/users.js#router', 3, { target: 'routes/users.js#list', owner: 'routes/users.js' }), endpoint('/:id', 'routes/users.js#router', 4, { method: 'POST', target: null, targetName: 'create' })]),
    file('routes/api.js', [], [mount('/users', 'routes/users.js#router', 2, { on: 'routes/api.js#api' })]),
    file('app.js', [endpoint('/health', 'app.js#app', 9)], [mount('/api', 'routes/api.js#api', 5, { on: 'app.js#app' }), mount('/v2', 'routes/api.js#api', 6, { on: 'app.js#app' })]),
  ]);
  assert.deepEqual(composed.endpoints.map((e) => `${e.method} ${e.path} <- ${e.pattern} [${e.mounts.map((m) => m.prefix).join(' ')}]`), [
    'GET /api/users <- / [/api /users]',
    'POST /api/users/:id <- /:id [/api /users]',
    'GET /health <- /health []',
    'GET /v2/users <- / [/v2 /users]',
    'POST /v2/users/:id <- /:id [/v2 /users]',
  ]);
  const first = composed.endpoints[0]!;
  assert.equal(first.handler, 'routes/users.js#list');
  assert.equal(first.handlerName, undefined);
  assert.deepEqual(first.mounts.map((m) => m.site), [{ path: 'app.js', line: 5, column: 1 }, { path: 'routes/api.js', line: 2, column: 1 }]);
  assert.equal(composed.endpoints[1]!.handler, null);
  assert.equal(composed.endpoints[1]!.handlerName, 'create');
  assert.equal(composed.endpoints.some((e) => e.unmounted), false);
});

test('cycles stop before the repeated mount, depth is bounded, partial prefixes make partial paths', () => {
  const cyclic = composeSurfaces([
    file('a.js', [endpoint('/x', 'a.js#a', 1)], [mount('/b', 'a.js#a', 2, { on: 'b.js#b' })]),
    file('b.js', [], [mount('/a', 'b.js#b', 2, { on: 'a.js#a' })]),
  ]);
  assert.deepEqual(cyclic.endpoints.map((e) => e.path), ['/a/b/x']);

  const chain: FileSurfaces[] = [file('r0.js', [endpoint('/leaf', 'r0', 1)])];
  for (let i = 0; i < MAX_MOUNT_DEPTH + 5; i++) chain.push(file(`m${i}.js`, [], [mount(`/p${i}`, `r${i}`, 1, { on: `r${i + 1}` })]));
  const deep = composeSurfaces(chain);
  assert.equal(deep.endpoints.length, 1);
  assert.equal(deep.endpoints[0]!.mounts.length, MAX_MOUNT_DEPTH);

  const partial = composeSurfaces([file('a.js', [endpoint('/x', 'r', 1)], [mount('/*', 'r', 2, { partial: true })])]);
  assert.equal(partial.endpoints[0]!.path, '/*/x');
  assert.equal(partial.endpoints[0]!.partial, true);
});

test('a sub-router or parameter router nothing mounts is unmounted, `*` before its path; a mount through the call applies its prefix', () => {
  const alone = composeSurfaces([file('routes.go', [endpoint('/users', 'routes.go#Register(0)', 3, { framework: 'gin' })]),
    file('r.js', [endpoint('x', 'r.js#router', 1, { routerKind: 'router' }), endpoint('/y', 'r.js#make(-1)', 2), endpoint('/app', 'r.js#app', 3, { routerKind: 'app' })])]);
  assert.deepEqual(alone.endpoints.map((e) => [e.path, e.partial, e.unmounted]), [
    ['*/users', true, true], ['*/x', true, true], ['*/y', true, true], ['/app', false, undefined],
  ]);
  const mounted = composeSurfaces([
    file('routes.go', [endpoint('/users', 'routes.go#Register(0)', 3, { framework: 'gin' })]),
    file('main.go', [], [mount('/api', 'routes.go#Register(0)', 7, { framework: 'gin', on: 'main.go#main.r' })]),
  ]);
  assert.equal(mounted.endpoints[0]!.path, '/api/users');
  assert.equal(mounted.endpoints[0]!.unmounted, undefined);
});

test('Django includes concatenate, nested includes compose through the including module', () => {
  const django = (key: string, line: number): SurfaceRecord => ({ kind: 'endpoint', key, framework: 'django', method: 'ANY', owner: 'x', router: '', line, column: 1 });
  const composed = composeSurfaces([
    file('proj/urls.py', [{ ...django('health/', 3), router: 'proj/urls.py' }], [mount('api/', 'app/urls.py', 4, { framework: 'django' })]),
    file('app/urls.py', [{ ...django('users/<int:pk>/', 2), router: 'app/urls.py' }], [mount('sub/', 'app/sub/urls.py', 3, { framework: 'django' })]),
    file('app/sub/urls.py', [{ ...django('x/', 1), router: 'app/sub/urls.py' }]),
  ]);
  assert.deepEqual(composed.endpoints.map((e) => e.path), ['api/sub/x/', 'api/users/<int:pk>/', 'health/']);
});

test('joinPath follows each framework', () => {
  assert.equal(joinPath('/users', '/', 'express'), '/users');
  assert.equal(joinPath('/users/', '/:id', 'express'), '/users/:id');
  assert.equal(joinPath('/users', '/', 'flask'), '/users/');
  assert.equal(joinPath('/api', 'v1', 'gin'), '/api/v1');
  assert.equal(joinPath('api/', 'users/', 'django'), 'api/users/');
  assert.equal(joinPath('', '/x', 'chi'), '/x');
});

test('config keys and tables are grouped by key with their sites in order; GORM TableName replaces the default name', () => {
  const config = (key: string, path: string, line: number, extra: Partial<SurfaceRecord> = {}): SurfaceRecord =>
    ({ kind: 'config', key, framework: 'env', access: 'process.env', owner: path, line, column: 1, ...extra });
  const table = (key: string, access: string, owner: string, line: number, extra: Partial<SurfaceRecord> = {}): SurfaceRecord =>
    ({ kind: 'table', key, framework: 'gorm', access, owner, line, column: 1, ...extra });
  const composed = composeSurfaces([
    file('b.ts', [config('PORT', 'b.ts', 2, { default: '3000' }), config('DB_*', 'b.ts', 3, { partial: true })]),
    file('a.ts', [config('PORT', 'a.ts#main', 9, { access: 'import.meta.env' })]),
    file('models.go', [
      table('users', 'model', 'models.go#User', 3),
      table('accounts', 'model', 'models.go#User.TableName', 8, { target: 'models.go#User' }),
      table('orders', 'model', 'models.go#Order', 12),
    ]),
    file('repo.go', [table('accounts', 'read', 'repo.go#Find', 4, { framework: 'sql' }), table('accounts', 'write', 'repo.go#Save', 9, { framework: 'sql' })]),
  ]);
  assert.deepEqual(composed.configKeys.map((k) => [k.key, k.partial, k.sites.map((s) => `${s.site.path}:${s.site.line} ${s.access}${s.default ? ` =${s.default}` : ''}`)]), [
    ['DB_*', true, ['b.ts:3 process.env']],
    ['PORT', false, ['a.ts:9 import.meta.env', 'b.ts:2 process.env =3000']],
  ]);
  assert.deepEqual(composed.tables.map((t) => [t.table, t.models, t.access, t.sites.length]), [
    ['accounts', ['models.go#User'], ['model', 'read', 'write'], 3],
    ['orders', ['models.go#Order'], ['model'], 1],
  ]);
});

test('recomposing with changed files equals composing them afresh, and refuses when mounts change', () => {
  const files: FileSurfaces[] = [];
  for (let i = 0; i < 40; i++) {
    const path = `src/f${i}.ts`;
    if (i % 4 === 0) files.push(file(path, [endpoint(`/r${i}`, `${path}#router`, 1), endpoint('/', `${path}#router`, 2, { method: 'POST' }),
      { kind: 'config', key: `K${i % 3}`, framework: 'env', access: 'process.env', owner: path, line: 5, column: 1 },
      { kind: 'table', key: `t${i % 5}`, framework: 'gorm', access: 'model', owner: `${path}#M${i}`, line: 6, column: 1 }]));
    else if (i % 4 === 1) files.push(file(path, [], [mount(`/m${i}`, `src/f${i - 1}.ts#router`, 1), mount(`/again${i}`, `src/f${i - 1}.ts#router`, 2)]));
  }
  const base = composeSurfaces(files);
  const changed = new Map<string, FileSurfaces | null>([
    ['src/f0.ts', file('src/f0.ts', [endpoint('/changed', 'src/f0.ts#router', 3)])],
    ['src/f8.ts', null],
    ['src/f2.ts', file('src/f2.ts', [{ kind: 'table', key: 'renamed', framework: 'gorm', access: 'model', owner: 'src/f2.ts#M4.TableName', target: 'src/f4.ts#M4', line: 1, column: 1 }])],
    ['src/new.ts', file('src/new.ts', [endpoint('/fresh', 'src/f4.ts#router', 9)])],
  ]);
  const patched = recomposeSurfaces(base, changed);
  const after = [...files.filter((f) => !changed.has(f.path)), ...[...changed.values()].filter((f): f is FileSurfaces => f !== null)];
  const fresh = composeSurfaces(after);
  assert.ok(patched);
  for (const key of ['endpoints', 'configSites', 'tableSites', 'configKeys', 'tables', 'fileCount', 'mountCount'] as const) {
    assert.deepEqual(patched[key], fresh[key], key);
  }
  assert.ok(fresh.endpoints.some((e) => e.path === '/m5/fresh'), 'a new file\'s endpoint takes the base\'s mounts');
  assert.deepEqual(fresh.tables.find((t) => t.table === 'renamed')?.models, ['src/f4.ts#M4']);
  assert.ok(!fresh.tables.find((t) => t.table === 't4')!.models.includes('src/f4.ts#M4'), 'TableName replaces the default name');
  assert.equal(recomposeSurfaces(base, new Map([['src/f1.ts', file('src/f1.ts', [], [mount('/other', 'src/f0.ts#router', 1)])]])), null);
  assert.equal(recomposeSurfaces(base, new Map([['src/f1.ts', null]])), null);
});

test('a mount onto a returned or parameter router (onParam, `<fn>(n)`) composes through whatever mounts that router', () => {
  // Ghost: routes() returns a router; setupApiApp's local app (returned) mounts it; the parent app
  // lazily mounts setupApiApp's app at /admin/; the backend app, which a serving site reaches,
  // mounts the parent at /ghost/api.
  const files = [
    file('admin/routes.js', [endpoint('/site', 'admin/routes.js#apiRoutes(-1)', 3, { routerKind: 'router' })]),
    file('admin/app.js', [], [mount('', 'admin/routes.js#apiRoutes(-1)', 9, { on: 'admin/app.js#setupApiApp(-1)', onKind: 'app' })]),
    file('api/app.js', [], [mount('/admin/', 'admin/app.js#setupApiApp(-1)', 4, { on: 'api/app.js#setupApiApp(-1)', onKind: 'app' })]),
    file('backend.js', [], [mount('/ghost/api', 'api/app.js#setupApiApp(-1)', 5, { on: 'backend.js#export=(-1)', onKind: 'app' })]),
  ];
  const composed = composeSurfaces([...files, file('server.js', [], [mount('', 'backend.js#export=(-1)', 2, { serves: true })])]);
  assert.deepEqual(composed.endpoints.map((e) => `${e.path}${e.partial ? ' partial' : ''}`), ['/ghost/api/admin/site']);
  assert.equal(composed.endpoints[0]!.mounts.length, 3);
  // No serving site: the backend app is served wherever its caller puts it, so the chain is partial.
  assert.deepEqual(composeSurfaces(files).endpoints.map((e) => `${e.path}${e.partial ? ' partial' : ''}${e.unmounted ? ' unmounted' : ''}`),
    ['*/ghost/api/admin/site partial unmounted']);

  // The chain's top a sub-router nothing mounts (onKind router, or a parameter not known to be an app): partial.
  const top = (onKind: 'app' | 'router' | undefined): string[] => composeSurfaces([
    file('r.js', [endpoint('/x', 'r.js#routes(-1)', 1)]),
    file('m.js', [], [mount('/api', 'r.js#routes(-1)', 2, { on: 'm.js#setup(0)', ...(onKind ? { onKind } : {}) })]),
  ]).endpoints.map((e) => `${e.path}${e.partial ? ' partial' : ''}${e.unmounted ? ' unmounted' : ''}`);
  assert.deepEqual(top(undefined), ['*/api/x partial unmounted']);
  assert.deepEqual(top('router'), ['*/api/x partial unmounted']);
  // A parameter known to be an app, nothing mounting or serving it: still served where its caller puts it.
  assert.deepEqual(top('app'), ['*/api/x partial unmounted']);
  // A module-level app nothing mounts is the root, as before.
  assert.deepEqual(composeSurfaces([
    file('r.js', [endpoint('/x', 'r.js#routes(-1)', 1)]),
    file('m.js', [], [mount('/api', 'r.js#routes(-1)', 2, { on: 'm.js#app', onKind: 'app' })]),
  ]).endpoints.map((e) => `${e.path}${e.partial ? ' partial' : ''}`), ['/api/x']);

  // An app a function returns, nothing mounting or serving it (Ghost's setupApiApp behind its own
  // lazyUse): partial, never as if served at the root.
  const app = composeSurfaces([file('app.js', [endpoint('/server/ping', 'app.js#createApp(-1)', 1, { routerKind: 'app' })])]);
  assert.deepEqual(app.endpoints.map((e) => `${e.path}${e.partial ? ' partial' : ''}${e.unmounted ? ' unmounted' : ''}`), ['*/server/ping partial unmounted']);
  const returned = composeSurfaces([file('r.js', [endpoint('/x', 'r.js#routes(-1)', 1)])]);
  assert.deepEqual(returned.endpoints.map((e) => e.path), ['*/x']);
});

test('a serving site (MountRecord.serves) puts a returned app at the root: its own routes and the chains that end at it', () => {
  // Directus: createApp() returns the app; server.js passes its result to http.createServer.
  const files = [
    file('app.js', [endpoint('/server/ping', 'app.js#createApp(-1)', 1, { routerKind: 'app' })],
      [mount('/items', 'controllers/items.js#router', 5, { on: 'app.js#createApp(-1)', onKind: 'app' })]),
    file('controllers/items.js', [endpoint('/:collection', 'controllers/items.js#router', 3, { routerKind: 'router' })]),
  ];
  const serving = file('server.js', [], [mount('', 'app.js#createApp(-1)', 22, { serves: true })]);
  const show = (composed: ReturnType<typeof composeSurfaces>): string[] =>
    composed.endpoints.map((e) => `${e.path}${e.partial ? ' partial' : ''}${e.unmounted ? ' unmounted' : ''} [${e.mounts.map((m) => m.prefix).join(' ')}]`);
  const served = composeSurfaces([...files, serving]);
  assert.deepEqual(show(served), ['/items/:collection [/items]', '/server/ping []']);
  assert.equal(served.mountCount, 2);
  assert.deepEqual(show(composeSurfaces(files)), ['*/items/:collection partial unmounted [/items]', '*/server/ping partial unmounted []']);

  // Two serving sites put it at the root once; a router both served and mounted appears at both places.
  const twice = composeSurfaces([...files, serving, file('dev.js', [], [mount('', 'app.js#createApp(-1)', 3, { serves: true })])]);
  assert.deepEqual(show(twice), show(served));
  const both = composeSurfaces([
    file('r.js', [endpoint('/x', 'r.js#routes(-1)', 1, { routerKind: 'router' })]),
    file('m.js', [], [mount('/api', 'r.js#routes(-1)', 2), mount('', 'r.js#routes(-1)', 3, { serves: true })]),
  ]);
  assert.deepEqual(show(both), ['/api/x [/api]', '/x []']);

  // A serving site for an unbound callee (mounted null) serves nothing; a recompose keeps the served set.
  assert.deepEqual(show(composeSurfaces([...files, file('server.js', [], [mount('', null, 22, { serves: true })])])), show(composeSurfaces(files)));
  const patched = recomposeSurfaces(served, new Map([['app.js', file('app.js', [endpoint('/server/pong', 'app.js#createApp(-1)', 1, { routerKind: 'app' })],
    [mount('/items', 'controllers/items.js#router', 5, { on: 'app.js#createApp(-1)', onKind: 'app' })])]]));
  assert.ok(patched);
  assert.deepEqual(show(patched), ['/items/:collection [/items]', '/server/pong []']);
});

test('a mount that replaces the router\'s own prefix (Flask register_blueprint url_prefix) takes routerPrefix off first', () => {
  const flask = (extra: Partial<MountRecord>): string[] => composeSurfaces([
    file('bp.py', [endpoint('/admin/users', 'bp.py#bp', 1, { framework: 'flask', routerPrefix: '/admin' }), endpoint('/admin', 'bp.py#bp', 2, { framework: 'flask', routerPrefix: '/admin' })]),
    file('app.py', [], [mount('/q', 'bp.py#bp', 3, { framework: 'flask', ...extra })]),
  ]).endpoints.map((e) => e.path);
  assert.deepEqual(flask({ replacesPrefix: true }), ['/q', '/q/users']);
  assert.deepEqual(flask({}), ['/q/admin', '/q/admin/users']);
  // FastAPI's include_router prefix goes before the APIRouter's own.
  const fastapi = composeSurfaces([
    file('items.py', [endpoint('/items/{id}', 'items.py#router', 1, { framework: 'fastapi' })]),
    file('main.py', [], [mount('/v1', 'items.py#router', 2, { framework: 'fastapi' })]),
  ]);
  assert.deepEqual(fastapi.endpoints.map((e) => e.path), ['/v1/items/{id}']);
});
