/**
 * Tests of the merged reader over an overlay: changed, added and removed paths replace the base's
 * path groups, untouched paths show through, and every query (point reads, indexes, scans,
 * counts) agrees with that rule.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeFileEntry, makeRelation, makeSymbol } from './fixtures-graph.js';
import { cleanupTempDirs } from './fixtures-git.js';
import { group, openTestStore, publish, removed } from './fixtures-store.js';
import { open } from 'lmdb';
import { storeDirectory } from './environment.js';
import { openRepoStore } from './repo-store.js';
import type { RepoStore, SnapshotReader } from './types.js';

after(cleanupTempDirs);

const A = 'a.ts';
const B = 'b.ts';
const C = 'c.ts';
const D = 'd.ts';
const BASE = 'baseline:c1';
const OVERLAY = 'workspace:main';

// Base: a.ts {Widget, Widget.render, foo}, b.ts {bar}, c.ts {fooC}.
const widget = makeSymbol(A, 'Widget', { kind: 'class' });
const render = makeSymbol(A, 'Widget.render', { kind: 'method', container: widget.id });
const foo = makeSymbol(A, 'foo');
const bar = makeSymbol(B, 'bar');
const fooC = makeSymbol(C, 'fooC');
const baseA = group(A, [widget, render, foo], [makeRelation(A, foo.id, bar.id, 3), makeRelation(A, foo.id, render.id, 4)]);
const baseB = group(B, [bar], [makeRelation(B, bar.id, render.id, 2), makeRelation(B, bar.id, null, 3)]);
const baseC = group(C, [fooC], [makeRelation(C, fooC.id, render.id, 8), makeRelation(C, fooC.id, bar.id, 9), makeRelation(C, C, null, 1)]);

// Overlay: a.ts changed (foo renamed foo2), b.ts removed, d.ts added; c.ts untouched.
const foo2 = makeSymbol(A, 'foo2');
const renderChanged = { ...render, doc: 'Now documented.' };
const dFun = makeSymbol(D, 'dFun');
const overlayA = group(A, [widget, renderChanged, foo2], [makeRelation(A, foo2.id, render.id, 6), makeRelation(A, foo2.id, null, 7)]);
const overlayD = group(D, [dFun], [makeRelation(D, dFun.id, render.id, 1), makeRelation(D, dFun.id, foo2.id, 2)]);

let store: RepoStore;
let reader: SnapshotReader;

before(async () => {
  store = (await openTestStore()).store;
  await publish(store, BASE, null, [baseA, baseB, baseC]);
  await publish(store, OVERLAY, BASE, [overlayA, removed(B), overlayD],
    { files: [A, C, D].map((path) => makeFileEntry(path, `overlay:${path}`)) });
  reader = store.reader(OVERLAY)!;
});

after(async () => {
  reader.close();
  await store.close();
});

describe('overlay reader', () => {
  test('counts the merged view', () => {
    const { info } = reader;
    assert.equal(info.base, BASE);
    assert.equal(info.baseGeneration, 1);
    assert.equal(info.generation, 2);
    assert.equal(info.fileCount, 3);
    assert.equal(info.symbolCount, 3 + 1 + 1);
    assert.equal(info.relationCount, 2 + 3 + 2);
    assert.equal(info.unresolvedCount, 1 + 1);
  });

  test('lists the overlay manifest', () => {
    assert.deepEqual([...reader.files()].map((file) => [file.path, file.groupHash]),
      [[A, 'overlay:a.ts'], [C, 'overlay:c.ts'], [D, 'overlay:d.ts']]);
    assert.equal(reader.file(B), undefined);
  });

  test('resolves point reads to the visible layer', () => {
    assert.equal(reader.getSymbol(foo.id), undefined, 'a symbol of a changed path that is gone');
    assert.deepEqual(reader.getSymbol(foo2.id), foo2);
    assert.deepEqual(reader.getSymbol(render.id), renderChanged);
    assert.equal(reader.getSymbol(bar.id), undefined, 'a symbol of a removed path');
    assert.deepEqual(reader.getSymbol(fooC.id), fooC, 'an untouched path shows through');
    assert.deepEqual(reader.getSymbol(dFun.id), dFun);
  });

  test('takes each path group from one layer', () => {
    assert.deepEqual(reader.symbolsInFile(A), [widget, renderChanged, foo2]);
    assert.deepEqual(reader.symbolsInFile(B), []);
    assert.deepEqual(reader.symbolsInFile(C), [fooC]);
    assert.deepEqual(reader.symbolsInFile(D), [dFun]);
    assert.deepEqual(reader.relationsInFile(A), overlayA.relations);
    assert.deepEqual(reader.relationsInFile(B), []);
    assert.deepEqual(reader.relationsInFile(C), baseC.relations);
  });

  test('merges relationsTo: base minus overlaid paths, plus the overlay, by site path', () => {
    assert.deepEqual(reader.relationsTo(render.id),
      [overlayA.relations[0], baseC.relations[0], overlayD.relations[0]]);
    assert.deepEqual(reader.relationsTo(bar.id), [baseC.relations[1]], 'only the untouched path still points at bar');
    assert.deepEqual(reader.relationsTo(foo2.id), [overlayD.relations[1]]);
    assert.deepEqual(reader.relationsTo(foo.id), []);
  });

  test('merges relationsFrom the same way', () => {
    assert.deepEqual(reader.relationsFrom(foo.id), []);
    assert.deepEqual(reader.relationsFrom(foo2.id), overlayA.relations);
    assert.deepEqual(reader.relationsFrom(fooC.id), baseC.relations.slice(0, 2));
    assert.deepEqual(reader.relationsFrom(C), [baseC.relations[2]]);
    assert.deepEqual(reader.relationsFrom(bar.id), []);
  });

  test('merges the name index in name order, hiding overlaid base symbols', () => {
    assert.deepEqual(reader.searchNames('foo', 10).map((symbol) => symbol.id), [foo2.id, fooC.id]);
    assert.deepEqual(reader.searchNames('foo', 1).map((symbol) => symbol.id), [foo2.id]);
    assert.deepEqual(reader.searchNames('bar', 10), []);
    assert.deepEqual(reader.searchNames('', 10).map((symbol) => symbol.name), ['dFun', 'foo2', 'fooC', 'render', 'Widget']);
  });

  test('merges full scans in id and path order', () => {
    assert.deepEqual([...reader.allSymbols()], [widget, renderChanged, foo2, fooC, dFun]);
    assert.deepEqual([...reader.allRelations()], [...overlayA.relations, ...baseC.relations, ...overlayD.relations]);
    const early = reader.allRelations();
    assert.deepEqual(early.next().value, overlayA.relations[0]);
    early.return?.(undefined);
  });

  test('leaves the base reader unchanged', () => {
    const base = store.reader(BASE)!;
    assert.deepEqual(base.info.symbolCount, 5);
    assert.deepEqual(base.symbolsInFile(B), [bar]);
    assert.deepEqual(base.relationsTo(render.id), [baseA.relations[1], baseB.relations[0], baseC.relations[0]]);
    base.close();
  });

  test('an empty overlay shows the base; republishing the overlay replaces it', async () => {
    await publish(store, 'workspace:empty', BASE, [], { files: [A, B, C].map((path) => makeFileEntry(path)) });
    const empty = store.reader('workspace:empty')!;
    assert.equal(empty.info.symbolCount, 5);
    assert.deepEqual([...empty.allSymbols()].map((symbol) => symbol.id), [widget.id, render.id, foo.id, bar.id, fooC.id]);
    assert.deepEqual(empty.relationsTo(render.id), [baseA.relations[1], baseB.relations[0], baseC.relations[0]]);
    empty.close();
    await publish(store, 'workspace:empty', BASE, [removed(A)], { files: [B, C].map((path) => makeFileEntry(path)) });
    const republished = store.reader('workspace:empty')!;
    assert.equal(republished.info.symbolCount, 2);
    assert.deepEqual(republished.symbolsInFile(A), []);
    assert.deepEqual(republished.relationsTo(render.id), [baseB.relations[0], baseC.relations[0]]);
    republished.close();
  });

  test('stores the overlay manifest as a delta and rebuilds it exactly', async () => {
    const { store: deltaStore, dataRoot, repoId } = await openTestStore('delta');
    const baseFiles = [A, B, C].map((path) => ({ ...makeFileEntry(path), mtimeMs: 0, ino: 0 }));
    await publish(deltaStore, BASE, null, [baseA, baseB, baseC], { files: baseFiles });
    const worktreeFiles = [
      { ...baseFiles[0]!, mtimeMs: 1_700_000_000_000.5, ino: 9 }, baseFiles[2]!, makeFileEntry(D, 'new'),
    ];
    await publish(deltaStore, OVERLAY, BASE, [removed(B), overlayD], { files: worktreeFiles });
    const merged = deltaStore.reader(OVERLAY)!;
    assert.deepEqual([...merged.files()], worktreeFiles);
    assert.deepEqual(merged.file(A), worktreeFiles[0]);
    assert.equal(merged.file(B), undefined, 'removed from the manifest');
    assert.deepEqual(merged.file(C), baseFiles[2]);
    assert.deepEqual(merged.file(D), worktreeFiles[2]);
    merged.close();
    await deltaStore.close();
    // Reopened, the base's manifest is read back from the store instead of kept from its publish.
    const reopened = await openRepoStore({ dataRoot, repoId });
    await publish(reopened, 'workspace:other', BASE, [], { files: worktreeFiles });
    const other = reopened.reader('workspace:other')!;
    assert.deepEqual([...other.files()], worktreeFiles);
    other.close();
    await reopened.close();
  });

  test('republishing the baseline keeps its overlays\' manifests and recounts what they hide', async () => {
    const { store: rebased } = await openTestStore('rebased');
    await publish(rebased, BASE, null, [baseA, baseB, baseC]);
    const overlayFiles = [A, C, D].map((path) => makeFileEntry(path, `overlay:${path}`));
    await publish(rebased, OVERLAY, BASE, [overlayA, removed(B), overlayD], { files: overlayFiles });
    // The new baseline drops c.ts and gives b.ts another manifest entry.
    const newBase = [baseA, group(B, [bar], [])];
    await publish(rebased, BASE, null, newBase, { files: [A, B].map((path) => makeFileEntry(path, `v2:${path}`)), replace: true });
    const reader = rebased.reader(OVERLAY)!;
    assert.deepEqual([...reader.files()], overlayFiles, 'the overlay manifest is the one it published');
    assert.equal(reader.info.symbolCount, 3 + 1, 'a.ts and d.ts of the overlay; b.ts removed; no c.ts any more');
    assert.equal(reader.info.relationCount, overlayA.relations.length + overlayD.relations.length);
    assert.deepEqual([...reader.allSymbols()].map((symbol) => symbol.id), [widget.id, render.id, foo2.id, dFun.id]);
    reader.close();
    await rebased.close();
  });

  test('point reads of a manifest stay right across a baseline republish (its cached blocks are named by base)', async () => {
    const { store: rebased } = await openTestStore('rebased-point-reads');
    await publish(rebased, BASE, null, [baseA, baseB, baseC]);
    const overlayFiles = [A, C, D].map((path) => makeFileEntry(path, `overlay:${path}`));
    await publish(rebased, OVERLAY, BASE, [overlayA, removed(B), overlayD], { files: overlayFiles });
    // Enough point reads that the block keys are loaded and the blocks cached under the old base.
    const warm = rebased.reader(OVERLAY)!;
    for (let round = 0; round < 20; round++) for (const path of [A, B, C, D]) warm.file(path);
    assert.deepEqual([A, B, C, D].map((path) => warm.file(path)), [overlayFiles[0], undefined, overlayFiles[1], overlayFiles[2]]);
    warm.close();
    const newFiles = [A, B].map((path) => makeFileEntry(path, `v2:${path}`));
    await publish(rebased, BASE, null, [baseA, group(B, [bar], [])], { files: newFiles, replace: true });
    const overlay = rebased.reader(OVERLAY)!;
    assert.deepEqual([A, B, C, D].map((path) => overlay.file(path)), [overlayFiles[0], undefined, overlayFiles[1], overlayFiles[2]],
      'the rewritten overlay manifest, not the cached delta against the old base');
    overlay.close();
    const baseline = rebased.reader(BASE)!;
    assert.deepEqual([A, B, C].map((path) => baseline.file(path)), [newFiles[0], newFiles[1], undefined]);
    baseline.close();
    await rebased.close();
  });

  test('recounts what an overlay hides when its stored counts were made against another base', async () => {
    const { store: tampered, dataRoot, repoId } = await openTestStore('tampered');
    await publish(tampered, BASE, null, [baseA, baseB, baseC]);
    await publish(tampered, OVERLAY, BASE, [overlayA, removed(B), overlayD], { files: [A, C, D].map((path) => makeFileEntry(path)) });
    const expected = tampered.reader(OVERLAY)!.info;
    await tampered.close();
    const root = open({ path: storeDirectory(dataRoot, repoId), noSubdir: false, maxDbs: 16, pageSize: 8192 });
    const snapshots = root.openDB({ name: 'snapshots' });
    const header = snapshots.get(OVERLAY) as { hidden: { baseSid: string } };
    await snapshots.put(OVERLAY, { ...header, hidden: { baseSid: 'zz', symbolCount: 99, relationCount: 99, unresolvedCount: 99 } });
    await root.close();
    const reopened = await openRepoStore({ dataRoot, repoId });
    assert.deepEqual(reopened.reader(OVERLAY)!.info, expected);
    await reopened.close();
  });
});
