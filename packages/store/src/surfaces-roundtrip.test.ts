// Architecture facts on a file symbol (core SymbolRecord `surfaces`/`mounts`) travel through the
// codecs' structured `rest`: a real publish and read gives them back as published, in a baseline
// and in an overlay; and the layer views the engine's surface index caches by (storage, layerGroups,
// layerFileSymbols) say what each layer holds.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { SymbolRecord } from '@repograph/core';
import { makeSymbol } from './fixtures-graph.js';
import { cleanupTempDirs } from './fixtures-git.js';
import { group, openTestStore, publish, removed } from './fixtures-store.js';

after(cleanupTempDirs);

function fileSymbol(path: string, extra: Partial<SymbolRecord> = {}): SymbolRecord {
  return {
    id: path, kind: 'file', name: path.split('/').pop()!, qualifiedName: path, path,
    range: { start: { line: 1, column: 1 }, end: { line: 20, column: 1 } },
    selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    exported: false, generated: false, ...extra,
  };
}

const routes = fileSymbol('src/routes.ts', {
  surfaces: [
    { kind: 'endpoint', key: '/', framework: 'express', method: 'GET', owner: 'src/routes.ts', target: 'src/handlers.ts#list', router: 'src/routes.ts#router', line: 3, column: 12 },
    { kind: 'endpoint', key: '/:id/*', framework: 'express', method: 'POST', partial: true, owner: 'src/routes.ts', target: null, targetName: 'missing', router: 'src/routes.ts#router', line: 4, column: 13 },
    { kind: 'config', key: 'PORT', framework: 'env', access: 'process.env', default: "'3000'", owner: 'src/routes.ts#mount', line: 8, column: 5 },
    { kind: 'table', key: 'users', framework: 'sql', access: 'read', owner: 'src/routes.ts#mount', line: 9, column: 5 },
  ],
});
const app = fileSymbol('src/app.ts', {
  mounts: [
    { prefix: '/users', framework: 'express', mounted: 'src/routes.ts#router', on: 'src/app.ts#app', owner: 'src/app.ts', line: 4, column: 9 },
    { prefix: '/x', framework: 'express', partial: true, mounted: null, on: null, owner: 'src/app.ts', line: 5, column: 9 },
  ],
});

test('surfaces and mounts round-trip through a publish and a read, in a baseline and an overlay', async () => {
  const { store } = await openTestStore();
  try {
    const list = makeSymbol('src/handlers.ts', 'list');
    await publish(store, 'baseline:c1', null, [group('src/app.ts', [app]), group('src/handlers.ts', [fileSymbol('src/handlers.ts'), list]), group('src/routes.ts', [routes])]);
    const edited = { ...routes, surfaces: [...routes.surfaces!, { kind: 'endpoint' as const, key: '/new', framework: 'express', method: 'PUT', owner: 'src/routes.ts', router: 'src/routes.ts#router', line: 12, column: 3 }] };
    await publish(store, 'workspace:default', 'baseline:c1', [group('src/routes.ts', [edited]), removed('src/handlers.ts')],
      { files: ['src/app.ts', 'src/routes.ts'].map((path) => ({ path, blobId: null, size: 1, mtimeMs: 1, ino: 1, language: 'typescript', status: 'parsed' as const, generated: false, groupHash: path })) });

    const base = store.reader('baseline:c1')!;
    try {
      assert.deepEqual(base.getSymbol('src/routes.ts'), routes);
      assert.deepEqual(base.getSymbol('src/app.ts'), app);
      assert.equal(base.storage.baseSid, null);
      assert.equal(base.storage.storeId, store.storeId);
      assert.deepEqual(base.layerGroups('own').map((g) => g.path), ['src/app.ts', 'src/handlers.ts', 'src/routes.ts']);
      assert.deepEqual(base.layerGroups('base'), []);
      assert.deepEqual([...base.layerFileSymbols('own')].map((s) => s.id), ['src/app.ts', 'src/handlers.ts', 'src/routes.ts']);
      assert.deepEqual([...base.layerFileSymbols('base')], []);
    } finally {
      base.close();
    }
    const overlay = store.reader('workspace:default')!;
    const baseAgain = store.reader('baseline:c1')!;
    try {
      assert.deepEqual(overlay.getSymbol('src/routes.ts'), edited);
      assert.deepEqual(overlay.getSymbol('src/app.ts'), app, 'an untouched path shows the base');
      assert.equal(overlay.storage.baseSid, baseAgain.storage.sid);
      assert.notEqual(overlay.storage.sid, baseAgain.storage.sid);
      assert.deepEqual(overlay.layerGroups('own'), [{ path: 'src/handlers.ts', removed: true }, { path: 'src/routes.ts', removed: false }]);
      assert.deepEqual([...overlay.layerFileSymbols('own')], [edited]);
      assert.deepEqual([...overlay.layerFileSymbols('base')].map((s) => s.id), ['src/app.ts', 'src/handlers.ts', 'src/routes.ts']);
      assert.deepEqual([...overlay.layerFileSymbols('base')][2], routes, 'the base layer alone, whatever the overlay holds');
    } finally {
      overlay.close();
      baseAgain.close();
    }
  } finally {
    await store.close();
  }
});
