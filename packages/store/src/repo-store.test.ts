/**
 * Tests of a store's snapshot life cycle on a real LMDB environment: publish and read back,
 * baseline immutability, full replacement on republish, atomicity against open readers, failed
 * publishes, deletion, the fact cache and reopening.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { RelationRecord } from '@repograph/core';
import { makeFileEntry, makeRelation, makeSymbol, syntheticFacts } from './fixtures-graph.js';
import { cleanupTempDirs } from './fixtures-git.js';
import { group, openTestStore, publish } from './fixtures-store.js';
import { openRepoStore } from './repo-store.js';

after(cleanupTempDirs);

const A = 'src/a.ts';
const B = 'src/b.ts';
const HASH_PATH = 'docs/#notes#.ts';

/** A small baseline: a.ts calls into b.ts, b.ts back, one unresolved, one module-level import. */
function baselineGroups() {
  const foo = makeSymbol(A, 'foo');
  const widget = makeSymbol(A, 'Widget', { kind: 'class' });
  const render = makeSymbol(A, 'Widget.render', { kind: 'method', container: widget.id, doc: 'Renders.' });
  const bar = makeSymbol(B, 'bar');
  const odd = makeSymbol(HASH_PATH, 'odd');
  return [
    group(A, [widget, render, foo], [
      makeRelation(A, A, bar.id, 1, 'imports'),
      makeRelation(A, foo.id, bar.id, 9),
      makeRelation(A, render.id, foo.id, 5),
      makeRelation(A, foo.id, null, 7),
    ]),
    group(B, [bar], [makeRelation(B, bar.id, foo.id, 3), makeRelation(B, bar.id, odd.id, 4)]),
    group(HASH_PATH, [odd], [makeRelation(HASH_PATH, odd.id, render.id, 2), makeRelation(HASH_PATH, odd.id, null, 3)]),
  ];
}

describe('publish and read', () => {
  test('round-trips a baseline through every reader method', async () => {
    const { store } = await openTestStore();
    const groups = baselineGroups();
    const generation = await publish(store, 'baseline:c1', null, groups);
    assert.equal(generation, 1);
    assert.equal(store.generation(), 1);
    const reader = store.reader('baseline:c1')!;
    const allRelations = groups.flatMap((each) => each.relations);
    assert.deepEqual({ ...reader.info, report: undefined }, {
      key: 'baseline:c1', base: null, generation: 1, baseGeneration: null, digest: 'digest of baseline:c1',
      report: undefined, meta: { key: 'baseline:c1' }, fileCount: 3, symbolCount: 5, relationCount: 8, unresolvedCount: 2,
    });
    assert.equal(reader.info.report.commit, 'baseline:c1');
    assert.deepEqual([...reader.files()].map((file) => file.path), [HASH_PATH, A, B]);
    assert.deepEqual(reader.file(A), makeFileEntry(A));
    assert.equal(reader.file('nope.ts'), undefined);
    assert.deepEqual(reader.getSymbol(`${A}#Widget.render`), groups[0]!.symbols[1]);
    assert.equal(reader.getSymbol(`${A}#nope`), undefined);
    assert.deepEqual(reader.symbolsInFile(A).map((symbol) => symbol.id), [`${A}#Widget`, `${A}#Widget.render`, `${A}#foo`]);
    assert.deepEqual(reader.symbolsInFile(HASH_PATH), groups[2]!.symbols);
    assert.deepEqual([...reader.allSymbols()].map((symbol) => symbol.id),
      [`${HASH_PATH}#odd`, `${A}#Widget`, `${A}#Widget.render`, `${A}#foo`, `${B}#bar`]);
    // Relations come back exactly as published, in published order within a path.
    assert.deepEqual(reader.relationsInFile(A), groups[0]!.relations);
    assert.deepEqual([...reader.allRelations()], [...groups[2]!.relations, ...groups[0]!.relations, ...groups[1]!.relations]);
    assert.equal([...reader.allRelations()].length, allRelations.length);
    assert.deepEqual(reader.relationsFrom(A), [groups[0]!.relations[0]]);
    assert.deepEqual(reader.relationsFrom(`${A}#foo`), [groups[0]!.relations[3], groups[0]!.relations[1]].sort(byOrdinalIn(groups[0]!.relations)));
    assert.deepEqual(reader.relationsFrom(`${B}#bar`), groups[1]!.relations);
    assert.deepEqual(reader.relationsFrom(`${HASH_PATH}#odd`), groups[2]!.relations, 'a path with # in it');
    assert.deepEqual(reader.relationsFrom(`${A}#nope`), []);
    assert.deepEqual(reader.relationsTo(`${A}#foo`), [groups[0]!.relations[2], groups[1]!.relations[0]]);
    assert.deepEqual(reader.relationsTo(`${B}#bar`), [groups[0]!.relations[0], groups[0]!.relations[1]]);
    assert.deepEqual(reader.relationsTo('nobody'), []);
    reader.close();
    await store.close();
  });

  test('searches names by lowercased prefix in name order, with a limit', async () => {
    const { store } = await openTestStore();
    const symbols = ['parseFile', 'ParseError', 'parser', 'Parse', 'render', 'ünïcode'].map((name) => makeSymbol(A, name));
    await publish(store, 'baseline:c1', null, [group(A, symbols)]);
    const reader = store.reader('baseline:c1')!;
    assert.deepEqual(reader.searchNames('parse', 10).map((symbol) => symbol.name), ['Parse', 'ParseError', 'parseFile', 'parser']);
    assert.deepEqual(reader.searchNames('PARSE', 2).map((symbol) => symbol.name), ['Parse', 'ParseError']);
    assert.deepEqual(reader.searchNames('parsee', 10).map((symbol) => symbol.name), ['ParseError']);
    assert.deepEqual(reader.searchNames('ü', 10).map((symbol) => symbol.name), ['ünïcode']);
    assert.equal(reader.searchNames('', 100).length, symbols.length);
    assert.deepEqual(reader.searchNames('parse', 0), []);
    reader.close();
    await store.close();
  });

  test('keeps an existing baseline unless replace is set', async () => {
    const { store } = await openTestStore();
    await publish(store, 'baseline:c1', null, baselineGroups());
    assert.equal(await publish(store, 'baseline:c1', null, [group(A)], { digest: 'other' }), 1);
    assert.equal(store.reader('baseline:c1')!.info.digest, 'digest of baseline:c1');
    assert.equal(await publish(store, 'baseline:c1', null, [group(A)], { digest: 'other', replace: true }), 2);
    const reader = store.reader('baseline:c1')!;
    assert.equal(reader.info.digest, 'other');
    assert.equal(reader.info.symbolCount, 0);
    assert.equal(reader.getSymbol(`${A}#foo`), undefined);
    await store.close();
  });

  test('replaces a republished key fully, leaving no stale keys', async () => {
    const { store } = await openTestStore('republished');
    const { store: fresh } = await openTestStore('fresh');
    await publish(store, 'workspace:w', null, baselineGroups());
    const final = [group(A, [makeSymbol(A, 'only')], [makeRelation(A, `${A}#only`, `${A}#only`, 1)])];
    await publish(store, 'workspace:w', null, final);
    await publish(fresh, 'workspace:w', null, final);
    const reader = store.reader('workspace:w')!;
    assert.deepEqual([...reader.allSymbols()].map((symbol) => symbol.id), [`${A}#only`]);
    assert.deepEqual(reader.relationsTo(`${B}#bar`), []);
    assert.deepEqual(reader.searchNames('foo', 10), []);
    assert.deepEqual([...reader.files()].map((file) => file.path), [A]);
    assert.deepEqual(store.stats().entries, { ...fresh.stats().entries, meta: 5 }); // format, schemaVersion, generation, snapshotSequence, storeId
    assert.equal(store.stats().snapshotCount, 1);
    await store.close();
    await fresh.close();
  });
});

describe('atomicity', () => {
  test('a reader keeps the generation it opened while later publishes commit', async () => {
    const { store } = await openTestStore();
    await publish(store, 'workspace:w', null, baselineGroups());
    const before = store.reader('workspace:w')!;
    const relationsBefore = [...before.allRelations()];
    await publish(store, 'workspace:w', null, [group(A, [makeSymbol(A, 'replacement')])]);
    await publish(store, 'baseline:later', null, [group(B)]);
    const afterwards = store.reader('workspace:w')!;
    assert.equal(afterwards.info.generation, 2);
    assert.deepEqual(afterwards.symbolsInFile(A).map((symbol) => symbol.name), ['replacement']);
    assert.equal(before.info.generation, 1);
    assert.deepEqual([...before.allRelations()], relationsBefore);
    assert.deepEqual(before.symbolsInFile(A).map((symbol) => symbol.name), ['Widget', 'render', 'foo']);
    assert.equal(before.getSymbol(`${A}#replacement`), undefined);
    assert.equal(store.reader('baseline:later')?.info.generation, 3);
    before.close();
    assert.throws(() => before.getSymbol(`${A}#foo`), { code: 'StoreError' });
    await store.close();
  });

  test('a failed publish writes nothing and keeps the previous generation', async () => {
    const { store } = await openTestStore();
    await publish(store, 'workspace:w', null, baselineGroups());
    const entries = store.stats().entries;
    await assert.rejects(publish(store, 'workspace:x', 'baseline:missing', [group(A)]), { code: 'StoreError' });
    const unencodable = makeSymbol(B, 'zzz', { doc: Symbol('not msgpack') as unknown as string });
    await assert.rejects(publish(store, 'workspace:w', null, [group(B, [makeSymbol(B, 'aaa'), unencodable])]),
      { code: 'StoreError', message: /nothing was written/ });
    assert.equal(store.generation(), 1);
    assert.deepEqual(store.stats().entries, entries);
    assert.equal(store.reader('workspace:w')!.info.symbolCount, 5);
    await store.close();
  });

  test('shapes first seen in an aborted publish or putFacts still decode after a reopen', async () => {
    const { store, dataRoot, repoId } = await openTestStore();
    const shaped = (name: string, novel: unknown) => ({ ...makeSymbol(A, name), novelField: novel as number });
    await assert.rejects(publish(store, 'workspace:w', null, [group(A, [shaped('a', 1), shaped('z', Symbol('x'))])]));
    await publish(store, 'workspace:w', null, [group(A, [shaped('b', 2)])]);
    // The fact log keeps msgpack record shapes: one first seen in an aborted putFacts must not be
    // referenced by later values without being stored.
    const novelFacts = (novel: unknown) => ({ ...syntheticFacts(A, 1, 1), novelFact: { shape: novel } });
    await assert.rejects(store.putFacts([
      { blobId: 'aa'.repeat(20), extractorVersion: 1, facts: novelFacts(1) },
      { blobId: 'bb'.repeat(20), extractorVersion: 1, facts: novelFacts(Symbol('x')) },
    ]), { code: 'StoreError', message: /nothing was written/ });
    assert.equal(store.getFacts('aa'.repeat(20), 1), undefined);
    await store.putFacts([{ blobId: 'cc'.repeat(20), extractorVersion: 1, facts: novelFacts(2) }]);
    await store.close();
    const reopened = await openRepoStore({ dataRoot, repoId });
    assert.deepEqual(reopened.reader('workspace:w')!.getSymbol(`${A}#b`), shaped('b', 2));
    assert.deepEqual(reopened.getFacts('cc'.repeat(20), 1), novelFacts(2));
    await reopened.close();
  });

  test('rejects malformed input before writing', async () => {
    const { store } = await openTestStore();
    const wrongGroup = group(A, [makeSymbol(B, 'x')]);
    const cases: Array<[string, Promise<number>, string]> = [
      ['bad key', publish(store, 'commit:x', null, []), 'InvalidParams'],
      ['workspace on a workspace', publish(store, 'workspace:w', 'workspace:v', []), 'InvalidParams'],
      ['symbol in another group', publish(store, 'workspace:w', null, [wrongGroup]), 'InvalidParams'],
      ['duplicate group', publish(store, 'workspace:w', null, [group(A), group(A)]), 'InvalidParams'],
      ['relation elsewhere', publish(store, 'workspace:w', null, [group(A, [], [makeRelation(B, B, null)])]), 'InvalidParams'],
      ['relation from another file', publish(store, 'workspace:w', null, [group(A, [], [makeRelation(A, `${B}#x`, null)])]), 'InvalidParams'],
      ['from a path that only starts alike', publish(store, 'workspace:w', null, [group(A, [], [makeRelation(A, `${A}x#y`, null)])]), 'InvalidParams'],
      ['symbol id outside its path', publish(store, 'workspace:w', null, [group(A, [{ ...makeSymbol(A, 'x'), id: `${B}#x` }])]), 'InvalidParams'],
      ['NUL in an id', publish(store, 'workspace:w', null, [group(A, [makeSymbol(A, 'a\u0000b')])]), 'StoreError'],
      ['key too long', publish(store, 'workspace:w', null, [group(`${'d/'.repeat(2100)}x.ts`)]), 'StoreError'],
      ['baseline on a missing base', publish(store, 'baseline:x', 'baseline:y', []), 'StoreError'],
    ];
    for (const [label, promise, code] of cases) await assert.rejects(promise, { code }, label);
    assert.equal(store.generation(), 0);
    assert.deepEqual(store.listSnapshots(), []);
    await store.close();
  });
});

describe('delete, list, facts and reopen', () => {
  test('a baseline sits on a complete baseline; nothing sits on one that sits on another', async () => {
    const { store } = await openTestStore();
    await publish(store, 'baseline:c1', null, baselineGroups());
    await publish(store, 'baseline:c2', 'baseline:c1', [group(A, [makeSymbol(A, 'changed')])]);
    const reader = store.reader('baseline:c2')!;
    assert.deepEqual(reader.symbolsInFile(A).map((symbol) => symbol.name), ['changed'], 'its own group');
    assert.deepEqual(reader.symbolsInFile(B).map((symbol) => symbol.name), ['bar'], 'the anchor\'s group where it has none');
    assert.equal(reader.storage.baseSid !== null, true);
    reader.close();
    await assert.rejects(publish(store, 'workspace:w', 'baseline:c2', [group(A)]), { code: 'StoreError', message: /sits only on a complete baseline/ });
    await assert.rejects(publish(store, 'baseline:c3', 'baseline:c2', []), { code: 'StoreError', message: /sits only on a complete baseline/ });
    await assert.rejects(store.deleteSnapshot('baseline:c1'), { code: 'StoreError', message: /baseline:c2/ });
    assert.equal(await store.deleteSnapshot('baseline:c2'), true);
    assert.equal(await store.deleteSnapshot('baseline:c1'), true);
    await store.close();
  });

  test('deletes snapshots, refusing a baseline an overlay sits on', async () => {
    const { store } = await openTestStore();
    await publish(store, 'baseline:c1', null, baselineGroups());
    await publish(store, 'workspace:w', 'baseline:c1', [group(A)]);
    assert.deepEqual(store.listSnapshots().map((summary) => [summary.key, summary.base, summary.generation]),
      [['baseline:c1', null, 1], ['workspace:w', 'baseline:c1', 2]]);
    await assert.rejects(store.deleteSnapshot('baseline:c1'), { code: 'StoreError', message: /workspace:w/ });
    assert.equal(await store.deleteSnapshot('workspace:w'), true);
    assert.equal(await store.deleteSnapshot('workspace:w'), false);
    assert.equal(await store.deleteSnapshot('baseline:c1'), true);
    assert.equal(store.reader('baseline:c1'), undefined);
    const entries = store.stats().entries;
    for (const name of ['files', 'groups', 'symbols', 'names', 'relations', 'relationsIn']) assert.equal(entries[name], 0, name);
    await store.close();
  });

  test('caches facts by blob, extractor version and variant', async () => {
    const { store, dataRoot, repoId } = await openTestStore();
    const blob = 'ab'.repeat(20);
    const facts = syntheticFacts(A, 30, 120);
    const tsx = { ...syntheticFacts(A, 2, 3), language: 'tsx' as const };
    await store.putFacts([
      { blobId: blob, extractorVersion: 3, facts },
      { blobId: blob, extractorVersion: 3, variant: 'tsx', facts: tsx },
    ]);
    assert.deepEqual(store.getFacts(blob, 3), facts);
    assert.deepEqual(store.getFacts(blob, 3, 'tsx'), tsx);
    assert.equal(store.getFacts(blob, 4), undefined);
    assert.equal(store.getFacts('cd'.repeat(20), 3), undefined);
    await store.putFacts([]);
    // Batches in any order, below and between existing keys: sorted writes append only when safe.
    const blobs = ['ff', '01', '80', 'c0'].map((byte) => byte.repeat(20));
    await store.putFacts(blobs.map((blobId, index) => ({ blobId, extractorVersion: 3, facts: syntheticFacts(`${index}.ts`, 2, 3, index) })));
    await store.putFacts([{ blobId: '00'.repeat(20), extractorVersion: 3, facts: tsx }, { blobId: 'fe'.repeat(20), extractorVersion: 1, facts }]);
    blobs.forEach((blobId, index) => assert.deepEqual(store.getFacts(blobId, 3), syntheticFacts(`${index}.ts`, 2, 3, index)));
    assert.deepEqual(store.getFacts('00'.repeat(20), 3), tsx);
    assert.deepEqual(store.getFacts('fe'.repeat(20), 1), facts);
    await store.close();
    const reopened = await openRepoStore({ dataRoot, repoId });
    assert.deepEqual(reopened.getFacts(blob, 3), facts);
    assert.equal(reopened.stats().factCount, 8);
    await reopened.close();
  });

  test('reopens with its data and generation; a closed store and its readers refuse calls', async () => {
    const { store, dataRoot, repoId } = await openTestStore();
    await publish(store, 'baseline:c1', null, baselineGroups());
    const openReader = store.reader('baseline:c1')!;
    await store.close();
    await store.close();
    assert.throws(() => openReader.getSymbol(`${A}#foo`), { code: 'StoreError' });
    assert.throws(() => store.reader('baseline:c1'), { code: 'StoreError' });
    await assert.rejects(store.publishSnapshot({} as never), { code: 'StoreError' });
    const reopened = await openRepoStore({ dataRoot, repoId });
    assert.equal(reopened.generation(), 1);
    assert.equal(reopened.reader('baseline:c1')!.getSymbol(`${A}#foo`)?.name, 'foo');
    assert.equal(await publish(reopened, 'workspace:w', 'baseline:c1', []), 2);
    await reopened.close();
  });
});

function byOrdinalIn(relations: RelationRecord[]): (a: RelationRecord, b: RelationRecord) => number {
  return (a, b) => relations.indexOf(a) - relations.indexOf(b);
}
