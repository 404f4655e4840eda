// Binding of architecture facts (surfaces-bind.ts) over hand-made FileFacts: owners, targets,
// router identities (declaration, module, parameter, unpublished local), mounts, the group hash,
// and incremental re-binding equal to a fresh build when a target resolves through another file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DeclarationFact, FileFacts, SymbolRecord } from '@repograph/core';
import { buildGraph, type GraphFileInput } from './build.js';
import { GraphSession } from './graph-session.js';

const range = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 20 } });

function declaration(name: string, kind: DeclarationFact['kind'], line: number, extra: Partial<DeclarationFact> = {}): DeclarationFact {
  return {
    kind, name, qualifiedName: name, range: range(line), selection: range(line), parent: -1, scope: 'module',
    published: true, exported: true, ...extra,
  };
}

function facts(path: string, parts: Partial<FileFacts>): FileFacts {
  return {
    path, language: 'typescript', extractorVersion: 1, generated: false, partial: false, lineCount: 20,
    declarations: [], imports: [], exports: [], references: [], diagnostics: [], ...parts,
  };
}

function input(all: FileFacts[]): GraphFileInput[] {
  return all.map((f) => ({ path: f.path, facts: f, generated: false, lineCount: f.lineCount, diagnostics: [] }));
}

/** handlers.ts exports `list` (or `listAll`); routes.ts registers two routes on its exported router. */
function handlers(name = 'list'): FileFacts {
  return facts('src/handlers.ts', {
    declarations: [declaration(name, 'function', 1)],
    exports: [{ style: 'local', exported: name, value: { k: 'decl', decl: 0 }, typeOnly: false, line: 1, column: 1 }],
  });
}

const routes = facts('src/routes.ts', {
  declarations: [
    declaration('router', 'variable', 2),
    declaration('mount', 'function', 6),
    declaration('r', 'parameter', 6, { parent: 1, scope: 'parameter', published: false, exported: false }),
  ],
  imports: [{ specifier: './handlers', style: 'named', imported: 'list', local: 'list', typeOnly: false, line: 1, column: 10 }],
  exports: [
    { style: 'local', exported: 'router', value: { k: 'decl', decl: 0 }, typeOnly: false, line: 2, column: 1 },
    { style: 'local', exported: 'mount', value: { k: 'decl', decl: 1 }, typeOnly: false, line: 6, column: 1 },
  ],
  references: [{ kind: 'read', name: 'list', target: { k: 'import', imp: 0 }, from: -1, line: 3, column: 22 }],
  surfaces: [
    { kind: 'endpoint', key: '/', method: 'GET', framework: 'express', from: -1, target: { k: 'import', imp: 0 }, router: { k: 'decl', decl: 0 }, line: 3, column: 12 },
    { kind: 'endpoint', key: '/:id', method: 'POST', framework: 'express', partial: true, from: -1, target: { k: 'global', name: 'missing' }, router: { k: 'decl', decl: 0 }, line: 4, column: 13 },
    { kind: 'endpoint', key: '/health', method: 'GET', framework: 'express', from: 1, routerParam: 0, line: 7, column: 9 },
    { kind: 'config', key: 'PORT', framework: 'env', access: 'process.env', default: '3000', from: 1, line: 8, column: 5 },
  ],
});

const app = facts('src/app.ts', {
  declarations: [
    declaration('app', 'variable', 3),
    declaration('main', 'function', 5),
    declaration('api', 'variable', 6, { parent: 1, scope: 'local', published: false, exported: false }),
  ],
  imports: [
    { specifier: './routes', style: 'named', imported: 'router', local: 'router', typeOnly: false, line: 1, column: 10 },
    { specifier: './routes', style: 'named', imported: 'mount', local: 'mount', typeOnly: false, line: 1, column: 18 },
    { specifier: './admin', style: 'namespace', imported: '*', local: 'admin', typeOnly: false, line: 2, column: 8 },
  ],
  references: [
    { kind: 'read', name: 'router', target: { k: 'import', imp: 0 }, from: -1, line: 4, column: 22 },
    { kind: 'call', name: 'mount', target: { k: 'import', imp: 1 }, from: 1, line: 7, column: 3 },
  ],
  mounts: [
    { prefix: '/users', framework: 'express', mounted: { k: 'import', imp: 0 }, on: { k: 'decl', decl: 0 }, from: -1, line: 4, column: 9 },
    { prefix: '/admin', framework: 'express', mounted: { k: 'import', imp: 2 }, from: -1, line: 9, column: 9 },
    { prefix: '/v1', framework: 'express', mountedParam: { callee: { k: 'import', imp: 1 }, param: 0 }, on: { k: 'decl', decl: 2 }, from: 1, line: 7, column: 3 },
    { prefix: '/gone', framework: 'express', mounted: { k: 'global', name: 'nowhere' }, from: -1, line: 10, column: 9 },
  ],
});

const admin = facts('src/admin.ts', {
  surfaces: [{ kind: 'endpoint', key: '/stats', method: 'GET', framework: 'express', from: -1, line: 1, column: 5 }],
});

function fileSymbol(output: ReturnType<typeof buildGraph>, path: string): SymbolRecord {
  return output.groups.find((g) => g.path === path)!.symbols.find((s) => s.id === path)!;
}

test('surfaces and mounts are bound onto the file symbol', () => {
  const output = buildGraph({ files: input([handlers(), routes, app, admin]), manifests: [], buildDiagnostics: [] });
  const routesFile = fileSymbol(output, 'src/routes.ts');
  assert.deepEqual(routesFile.surfaces, [
    { kind: 'endpoint', key: '/', framework: 'express', method: 'GET', owner: 'src/routes.ts', target: 'src/handlers.ts#list', router: 'src/routes.ts#router', line: 3, column: 12 },
    { kind: 'endpoint', key: '/:id', framework: 'express', method: 'POST', partial: true, owner: 'src/routes.ts', target: null, targetName: 'missing', router: 'src/routes.ts#router', line: 4, column: 13 },
    { kind: 'endpoint', key: '/health', framework: 'express', method: 'GET', owner: 'src/routes.ts#mount', router: 'src/routes.ts#mount(0)', line: 7, column: 9 },
    { kind: 'config', key: 'PORT', framework: 'env', access: 'process.env', default: '3000', owner: 'src/routes.ts#mount', line: 8, column: 5 },
  ]);
  assert.equal(routesFile.mounts, undefined);
  assert.deepEqual(fileSymbol(output, 'src/app.ts').mounts, [
    { prefix: '/users', framework: 'express', mounted: 'src/routes.ts#router', on: 'src/app.ts#app', owner: 'src/app.ts', line: 4, column: 9 },
    { prefix: '/admin', framework: 'express', mounted: 'src/admin.ts', owner: 'src/app.ts', line: 9, column: 9 },
    { prefix: '/v1', framework: 'express', mounted: 'src/routes.ts#mount(0)', on: 'src/app.ts#api', owner: 'src/app.ts#main', line: 7, column: 3 },
    { prefix: '/gone', framework: 'express', mounted: null, owner: 'src/app.ts', line: 10, column: 9 },
  ]);
  // No router given: the file's own module is the router (a mount of the module finds it).
  assert.equal(fileSymbol(output, 'src/admin.ts').surfaces![0]!.router, 'src/admin.ts');
  assert.equal(fileSymbol(output, 'src/handlers.ts').surfaces, undefined);
});

test('a route change changes the group hash and the digest', () => {
  const before = buildGraph({ files: input([handlers(), routes, app, admin]), manifests: [], buildDiagnostics: [] });
  const moved = { ...routes, surfaces: routes.surfaces!.map((s, i) => (i === 0 ? { ...s, key: '/all' } : s)) };
  const after = buildGraph({ files: input([handlers(), moved, app, admin]), manifests: [], buildDiagnostics: [] });
  const hash = (output: typeof before) => output.groups.find((g) => g.path === 'src/routes.ts')!.hash;
  assert.notEqual(hash(after), hash(before));
  assert.notEqual(after.digest, before.digest);
  assert.equal(after.groups.find((g) => g.path === 'src/app.ts')!.hash, before.groups.find((g) => g.path === 'src/app.ts')!.hash);
});

test('incremental re-binding equals a fresh build when a surface target or a mount resolves through a changed file', () => {
  const session = GraphSession.create({ files: input([handlers(), routes, app, admin]), manifests: [], buildDiagnostics: [] });
  // The handler is renamed: routes.ts's target no longer binds (routes.ts itself is unchanged).
  const update = session.update({ upserts: input([handlers('listAll')]), removed: [] });
  assert.ok(update.rebound.includes('src/routes.ts'), `re-bound: ${update.rebound.join(', ')}`);
  const fresh = buildGraph({ files: input([handlers('listAll'), routes, app, admin]), manifests: [], buildDiagnostics: [] });
  assert.equal(session.output.digest, fresh.digest);
  assert.equal(fileSymbol(session.output, 'src/routes.ts').surfaces![0]!.target, null);
  assert.equal(fileSymbol(session.output, 'src/routes.ts').surfaces![0]!.targetName, 'list');

  // The router is renamed: app.ts's mount no longer binds.
  const renamed = {
    ...routes,
    declarations: routes.declarations.map((d, i) => (i === 0 ? { ...d, name: 'users', qualifiedName: 'users' } : d)),
    exports: routes.exports.map((e, i) => (i === 0 ? { ...e, exported: 'users' } : e)),
  };
  session.update({ upserts: input([renamed]), removed: [] });
  const fresh2 = buildGraph({ files: input([handlers('listAll'), renamed, app, admin]), manifests: [], buildDiagnostics: [] });
  assert.equal(session.output.digest, fresh2.digest);
  assert.equal(fileSymbol(session.output, 'src/app.ts').mounts![0]!.mounted, null);

  // And back: both bind again, still equal to fresh.
  session.update({ upserts: input([handlers(), routes]), removed: [] });
  const fresh3 = buildGraph({ files: input([handlers(), routes, app, admin]), manifests: [], buildDiagnostics: [] });
  assert.equal(session.output.digest, fresh3.digest);
  assert.equal(fileSymbol(session.output, 'src/app.ts').mounts![0]!.mounted, 'src/routes.ts#router');
});

test('a mount onto a parameter or returned router (onParam) is bound as `<from id>(n)`, with onKind, replacesPrefix and routerPrefix kept', () => {
  const setup = facts('src/setup.ts', {
    declarations: [declaration('setupApiApp', 'function', 2), declaration('mountOn', 'function', 8)],
    imports: [{ specifier: './routes', style: 'named', imported: 'mount', local: 'mount', typeOnly: false, line: 1, column: 10 }],
    references: [{ kind: 'call', name: 'mount', target: { k: 'import', imp: 0 }, from: 0, line: 3, column: 15 }],
    surfaces: [{ kind: 'endpoint', key: '/admin/users', method: 'GET', framework: 'flask', from: 0, routerParam: -1, routerKind: 'router', routerPrefix: '/admin', line: 4, column: 9 }],
    mounts: [
      { prefix: '', framework: 'express', mountedParam: { callee: { k: 'import', imp: 0 }, param: -1 }, onParam: -1, onKind: 'app', from: 0, line: 3, column: 15 },
      { prefix: '/m', framework: 'flask', mountedParam: { callee: { k: 'import', imp: 0 }, param: 0 }, onParam: 0, replacesPrefix: true, from: 1, line: 9, column: 3 },
    ],
  });
  const output = buildGraph({ files: input([handlers(), routes, setup]), manifests: [], buildDiagnostics: [] });
  const file = fileSymbol(output, 'src/setup.ts');
  assert.deepEqual(file.mounts, [
    { prefix: '', framework: 'express', mounted: 'src/routes.ts#mount(-1)', on: 'src/setup.ts#setupApiApp(-1)', onKind: 'app', owner: 'src/setup.ts#setupApiApp', line: 3, column: 15 },
    { prefix: '/m', framework: 'flask', mounted: 'src/routes.ts#mount(0)', on: 'src/setup.ts#mountOn(0)', replacesPrefix: true, owner: 'src/setup.ts#mountOn', line: 9, column: 3 },
  ]);
  assert.equal(file.surfaces![0]!.router, 'src/setup.ts#setupApiApp(-1)');
  assert.equal(file.surfaces![0]!.routerPrefix, '/admin');
});

test('a serving site (serves) is bound like a mount of the called function\'s returned router, serves kept', () => {
  const server = facts('src/server.ts', {
    declarations: [declaration('start', 'function', 2)],
    imports: [{ specifier: './routes', style: 'named', imported: 'mount', local: 'mount', typeOnly: false, line: 1, column: 10 }],
    references: [{ kind: 'call', name: 'mount', target: { k: 'import', imp: 0 }, from: 0, line: 3, column: 35 }],
    mounts: [{ prefix: '', framework: 'express', mountedParam: { callee: { k: 'import', imp: 0 }, param: -1 }, serves: true, from: 0, line: 3, column: 22 }],
  });
  const output = buildGraph({ files: input([handlers(), routes, server]), manifests: [], buildDiagnostics: [] });
  assert.deepEqual(fileSymbol(output, 'src/server.ts').mounts, [
    { prefix: '', framework: 'express', mounted: 'src/routes.ts#mount(-1)', serves: true, owner: 'src/server.ts#start', line: 3, column: 22 },
  ]);
});
