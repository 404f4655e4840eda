// The surface index over a real store (surfaces-index.ts): a baseline's index, an overlay's
// built from the cached base plus its own groups, and after every further publish (an edit, a
// removal, a revert to the base) the index equals one composed from scratch over the merged view.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { BuildReport, MountRecord, SurfaceRecord, SymbolRecord } from '@repograph/core';
import { openRepoStore, type FileEntry, type PathGroup, type RepoStore, type SnapshotReader } from '@repograph/store';
import { composeSurfaces, type FileSurfaces } from './surfaces-compose.js';
import { clearSurfaceCaches, surfaceIndexOf } from './surfaces-index.js';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

function fileSymbol(path: string, surfaces?: SurfaceRecord[], mounts?: MountRecord[]): SymbolRecord {
  const symbol: SymbolRecord = {
    id: path, kind: 'file', name: path.split('/').pop()!, qualifiedName: path, path,
    range: { start: { line: 1, column: 1 }, end: { line: 20, column: 1 } },
    selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    exported: false, generated: false,
  };
  if (surfaces) symbol.surfaces = surfaces;
  if (mounts) symbol.mounts = mounts;
  return symbol;
}

const route = (key: string, line: number, extra: Partial<SurfaceRecord> = {}): SurfaceRecord =>
  ({ kind: 'endpoint', key, framework: 'express', method: 'GET', owner: 'src/users.ts', router: 'src/users.ts#router', line, column: 3, ...extra });

const report = { repoRoot: '/r', commit: null, generation: 0, materials: { submitted: 0, admitted: 0, excluded: {}, failed: 0, cached: 0, extracted: 0, partial: 0, bytes: 0 },
  analysis: { entities: 0, references: 0, relations: 0, unresolved: 0 }, selection: { preset: 'full', published: 0, core: 0, context: 0, bridges: 0, dropped: 0, searchWork: 0 },
  publication: { nodes: 0, relations: 0 }, timings: {}, diagnostics: [], diagnosticCounts: {}, digest: 'd', unchanged: false } as BuildReport;

function entry(path: string): FileEntry {
  return { path, blobId: null, size: 1, mtimeMs: 1, ino: 1, language: 'typescript', status: 'parsed', generated: false, groupHash: `h:${path}` };
}

async function publish(store: RepoStore, key: string, base: string | null, groups: PathGroup[], files: string[]): Promise<void> {
  await store.publishSnapshot({ key, base, files: files.map(entry), groups, report, digest: key, meta: {} });
}

const group = (symbol: SymbolRecord): PathGroup => ({ path: symbol.path, removed: false, symbols: [symbol], relations: [] });

/** The index composed from scratch over what the merged reader shows. */
function fresh(reader: SnapshotReader) {
  const files: FileSurfaces[] = [];
  for (const file of reader.files()) {
    const symbol = reader.getSymbol(file.path);
    if (symbol?.surfaces || symbol?.mounts) files.push({ path: file.path, surfaces: symbol.surfaces ?? [], mounts: symbol.mounts ?? [] });
  }
  return composeSurfaces(files);
}

function check(store: RepoStore, key: string, expectedPaths: string[]): void {
  const reader = store.reader(key)!;
  try {
    const index = surfaceIndexOf(reader);
    const scratch = fresh(reader);
    assert.deepEqual(index.endpoints(), scratch.endpoints, `${key}: endpoints equal a fresh composition`);
    assert.deepEqual(index.configKeys(), scratch.configKeys);
    assert.deepEqual(index.tables(), scratch.tables);
    assert.deepEqual(index.endpoints().map((e) => `${e.method} ${e.path}`), expectedPaths);
    assert.equal(surfaceIndexOf(reader), index, 'the same snapshot reuses its index');
  } finally {
    reader.close();
  }
}

test('an overlay index stays equal to a fresh composition after every publish', async () => {
  clearSurfaceCaches();
  const root = mkdtempSync(join(tmpdir(), 'repograph-surfaces-'));
  roots.push(root);
  const store = await openRepoStore({ dataRoot: root, repoId: 'surfaces' });
  try {
    const users = fileSymbol('src/users.ts', [route('/', 3), route('/:id', 4, { method: 'DELETE' }), { kind: 'config', key: 'PORT', framework: 'env', access: 'process.env', owner: 'src/users.ts', line: 9, column: 1 }]);
    const app = fileSymbol('src/app.ts', [], [{ prefix: '/users', framework: 'express', mounted: 'src/users.ts#router', on: 'src/app.ts#app', owner: 'src/app.ts', line: 4, column: 9 }]);
    const plain = fileSymbol('src/plain.ts');
    const files = ['src/app.ts', 'src/plain.ts', 'src/users.ts'];
    await publish(store, 'baseline:c1', null, [group(app), group(plain), group(users)], files);
    check(store, 'baseline:c1', ['GET /users', 'DELETE /users/:id']);

    // A workspace adds a route: only the overlay's own group is read again.
    const edited = fileSymbol('src/users.ts', [...users.surfaces!, route('/new', 12, { method: 'POST' })]);
    await publish(store, 'workspace:default', 'baseline:c1', [group(edited)], files);
    check(store, 'workspace:default', ['GET /users', 'DELETE /users/:id', 'POST /users/new']);

    // The mount moves to another prefix, and a new file mounts the router again.
    const moved = fileSymbol('src/app.ts', [], [{ ...app.mounts![0]!, prefix: '/people' }]);
    const v2 = fileSymbol('src/v2.ts', [], [{ prefix: '/v2', framework: 'express', mounted: 'src/users.ts#router', owner: 'src/v2.ts', line: 1, column: 1 }]);
    await publish(store, 'workspace:default', 'baseline:c1', [group(edited), group(moved), group(v2)], [...files, 'src/v2.ts']);
    check(store, 'workspace:default', ['GET /people', 'DELETE /people/:id', 'POST /people/new', 'GET /v2', 'DELETE /v2/:id', 'POST /v2/new']);

    // users.ts is removed: its endpoints go, the mounts compose nothing.
    await publish(store, 'workspace:default', 'baseline:c1', [group(moved), group(v2), { path: 'src/users.ts', removed: true, symbols: [], relations: [] }], ['src/app.ts', 'src/plain.ts', 'src/v2.ts']);
    check(store, 'workspace:default', []);

    // Everything reverted: the overlay holds no groups and shows the base's facts again.
    await publish(store, 'workspace:default', 'baseline:c1', [], files);
    check(store, 'workspace:default', ['GET /users', 'DELETE /users/:id']);

    const reader = store.reader('workspace:default')!;
    try {
      const index = surfaceIndexOf(reader);
      assert.deepEqual(index.factsOf('src/users.ts').map((f) => `${f.kind} ${f.key}`), ['endpoint /users', 'endpoint /users/:id', 'config PORT']);
      assert.deepEqual(index.endpoints({ kind: 'delete' }).map((e) => e.path), ['/users/:id']);
      assert.deepEqual(index.endpoints({ keyPrefix: '/users/' }).map((e) => e.path), ['/users/:id']);
      assert.deepEqual(index.endpoints({ path: 'src/app.ts' }), []);
      assert.deepEqual(index.configKeys({ kind: 'os.getenv' }), []);
      assert.equal(index.configKeys({ path: 'src' }).length, 1);
      assert.equal(index.stats.endpoints, 2);
    } finally {
      reader.close();
    }
  } finally {
    await store.close();
  }
});
