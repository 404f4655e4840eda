/**
 * Tests of opening a store: directory mode, read-only opens, damaged and foreign files, schema
 * versions (older: rebuilt, newer: refused), bad arguments, and repository ids.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { open } from 'lmdb';
import { cleanupTempDirs, git, makeRepo, makeTempDir } from './fixtures-git.js';
import { group, openTestStore, publish } from './fixtures-store.js';
import { makeSymbol } from './fixtures-graph.js';
import { storeDirectory } from './environment.js';
import { repoIdFor } from './repo-id.js';
import { openRepoStore } from './repo-store.js';
import { SCHEMA_VERSION } from './versions.js';

after(cleanupTempDirs);

/** A store with one baseline, closed again; returns where it lives. */
async function populatedStore(): Promise<{ dataRoot: string; repoId: string; path: string }> {
  const { store, dataRoot, repoId } = await openTestStore();
  await publish(store, 'baseline:c1', null, [group('a.ts', [makeSymbol('a.ts', 'foo')])]);
  await store.close();
  return { dataRoot, repoId, path: storeDirectory(dataRoot, repoId) };
}

/** Overwrites one meta value through a raw lmdb handle. */
async function setMeta(path: string, name: string, value: unknown): Promise<void> {
  const root = open({ path, noSubdir: false, maxDbs: 16, pageSize: 8192 });
  await root.openDB({ name: 'meta' }).put(name, value);
  await root.close();
}

describe('opening a store', () => {
  test('creates <dataRoot>/stores/<repoId> with mode 0700', async () => {
    const { store, dataRoot, repoId } = await openTestStore();
    assert.equal(store.path, join(dataRoot, 'stores', repoId));
    assert.equal(statSync(store.path).mode & 0o777, 0o700);
    assert.equal(statSync(join(dataRoot, 'stores')).mode & 0o777, 0o700);
    const stats = store.stats();
    assert.equal(stats.schemaVersion, SCHEMA_VERSION);
    assert.equal(stats.pageSize, 8192);
    assert.ok(stats.bytes > 0 && stats.usedBytes <= stats.bytes);
    await store.close();
  });

  test('opens read-only for reading, refuses writes, and says NotIndexed when there is no store', async () => {
    const { dataRoot, repoId } = await populatedStore();
    const readOnly = await openRepoStore({ dataRoot, repoId, readOnly: true });
    assert.equal(readOnly.reader('baseline:c1')!.getSymbol('a.ts#foo')?.name, 'foo');
    assert.equal(readOnly.hasSnapshot('baseline:c1'), true);
    assert.equal(readOnly.hasSnapshot('baseline:c2'), false);
    await assert.rejects(publish(readOnly, 'workspace:w', null, []), { code: 'StoreError', message: /read-only/ });
    await readOnly.close();
    await assert.rejects(openRepoStore({ dataRoot, repoId: 'other-repo', readOnly: true }), { code: 'NotIndexed' });
  });

  test('rejects a relative data root and an unsafe repo id', async () => {
    await assert.rejects(openRepoStore({ dataRoot: 'relative/home', repoId: 'x' }),
      { code: 'StoreError', message: /not an absolute path/ });
    await assert.rejects(openRepoStore({ dataRoot: makeTempDir(), repoId: '../escape' }),
      { code: 'StoreError', message: /repoIdFor/ });
  });

  test('refuses a garbage data file with a StoreError naming the path and the fix', async () => {
    const dataRoot = makeTempDir();
    const path = storeDirectory(dataRoot, 'broken');
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'data.mdb'), Buffer.alloc(20_000, 0x07));
    await assert.rejects(openRepoStore({ dataRoot, repoId: 'broken' }), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'StoreError');
      assert.match(error.message, /not an LMDB data file/);
      assert.ok(error.message.includes(path), 'names the path');
      assert.match(error.message, /delete .* rebuild/);
      return true;
    });
  });

  test('refuses a truncated data file', async () => {
    const { dataRoot, repoId, path } = await populatedStore();
    const size = statSync(join(path, 'data.mdb')).size;
    truncateSync(join(path, 'data.mdb'), Math.floor(size / 2));
    await assert.rejects(openRepoStore({ dataRoot, repoId }), { code: 'StoreError', message: /truncated/ });
  });

  test('refuses an LMDB environment that is not a repograph store', async () => {
    const dataRoot = makeTempDir();
    const path = storeDirectory(dataRoot, 'foreign');
    const foreign = open({ path, noSubdir: false, maxDbs: 4 });
    await foreign.openDB({ name: 'someone-elses' }).put('k', 'v');
    await foreign.close();
    await assert.rejects(openRepoStore({ dataRoot, repoId: 'foreign' }), { code: 'StoreError', message: /not a repograph store/ });
    assert.ok(readFileSync(join(path, 'data.mdb')).length > 0, 'the foreign file is left alone');
  });

  test('rebuilds a store with an older schema and refuses a newer one', async () => {
    const older = await populatedStore();
    await setMeta(older.path, 'schemaVersion', SCHEMA_VERSION - 1);
    const rebuilt = await openRepoStore({ dataRoot: older.dataRoot, repoId: older.repoId });
    assert.deepEqual(rebuilt.listSnapshots(), [], 'the outdated cache was wiped');
    assert.equal(rebuilt.generation(), 0);
    assert.equal(await publish(rebuilt, 'baseline:c2', null, []), 1);
    await rebuilt.close();

    const newer = await populatedStore();
    await setMeta(newer.path, 'schemaVersion', SCHEMA_VERSION + 1);
    await assert.rejects(openRepoStore({ dataRoot: newer.dataRoot, repoId: newer.repoId }),
      { code: 'StoreError', message: /newer than this repograph/ });
    await setMeta(newer.path, 'schemaVersion', SCHEMA_VERSION);
    const intact = await openRepoStore({ dataRoot: newer.dataRoot, repoId: newer.repoId });
    assert.equal(intact.listSnapshots().length, 1, 'a newer store is never wiped');
    await intact.close();
  });

  test('has an identity of its own: kept across opens, another after a wipe or in another data root', async () => {
    const first = await populatedStore();
    const reopened = await openRepoStore({ dataRoot: first.dataRoot, repoId: first.repoId });
    const id = reopened.storeId;
    assert.match(id, /^[0-9a-f]{16}$/);
    await reopened.close();
    const readOnly = await openRepoStore({ dataRoot: first.dataRoot, repoId: first.repoId, readOnly: true });
    assert.equal(readOnly.storeId, id, 'the same store, the same id');
    await readOnly.close();

    const other = await populatedStore();
    const otherStore = await openRepoStore({ dataRoot: other.dataRoot, repoId: other.repoId });
    assert.notEqual(otherStore.storeId, id, 'another data root, another id');
    await otherStore.close();

    await setMeta(first.path, 'schemaVersion', SCHEMA_VERSION - 1);
    const rebuilt = await openRepoStore({ dataRoot: first.dataRoot, repoId: first.repoId });
    assert.notEqual(rebuilt.storeId, id, 'a wiped store, another id');
    await rebuilt.close();

    // A store from before there were ids gets one on its first writable open, and keeps it.
    await setMeta(first.path, 'storeId', undefined);
    const upgraded = await openRepoStore({ dataRoot: first.dataRoot, repoId: first.repoId });
    const given = upgraded.storeId;
    await upgraded.close();
    const again = await openRepoStore({ dataRoot: first.dataRoot, repoId: first.repoId });
    assert.equal(again.storeId, given);
    await again.close();
  });
});

describe('repoIdFor', () => {
  test('is stable, readable, and the same for every worktree of a repository', async () => {
    const { root } = makeRepo({ 'a.ts': 'a' });
    const commonDir = join(root, '.git');
    const id = repoIdFor(commonDir);
    assert.match(id, /^[a-z0-9-]+-[0-9a-f]{16}$/);
    assert.ok(id.startsWith(root.split('/').pop()!.toLowerCase().replace(/[^a-z0-9]+/g, '-')));
    assert.equal(repoIdFor(commonDir), id);
    assert.equal(repoIdFor(`${commonDir}/`), id);
    const link = join(makeTempDir(), 'link');
    symlinkSync(root, link);
    assert.equal(repoIdFor(join(link, '.git')), id, 'a symlinked path maps to the real path');
    const worktree = join(makeTempDir(), 'wt');
    git(root, 'worktree', 'add', '-q', '-b', 'other', worktree);
    assert.equal(repoIdFor(git(worktree, 'rev-parse', '--git-common-dir')), id);
    assert.notEqual(repoIdFor(root), id);
    assert.match(repoIdFor('/srv/My Project.git'), /^my-project-[0-9a-f]{16}$/);
    assert.match(repoIdFor('/'), /^repo-[0-9a-f]{16}$/);
  });
});
