/**
 * The unpublished reader answers every query exactly as the stored reader of the same input does
 * once it is published: same records (fields, values and key order, compared as JSON), same
 * orders, same counts; only the generation and the sid differ.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { SymbolRecord } from '@repograph/core';
import { makeFileEntry, makeRelation, makeReport, makeSymbol, syntheticGraph } from './fixtures-graph.js';
import { cleanupTempDirs } from './fixtures-git.js';
import { openTestStore } from './fixtures-store.js';
import { unpublishedReader } from './unpublished-reader.js';
import type { PathGroup, PublishInput, SnapshotReader } from './types.js';

after(cleanupTempDirs);

/** Every answer of `reader`, as JSON text, for the probes given. */
function answers(reader: SnapshotReader, probes: { ids: string[]; paths: string[]; prefixes: string[] }): Record<string, string> {
  const out: Record<string, string> = {};
  const json = (value: unknown): string => JSON.stringify(value);
  const { generation: _generation, ...info } = reader.info;
  out.info = json(info);
  out.files = json([...reader.files()]);
  out.ownFiles = json([...reader.ownFiles()]);
  out.allSymbols = json([...reader.allSymbols()]);
  out.allRelations = json([...reader.allRelations()]);
  out.layerGroups = json([reader.layerGroups('own'), reader.layerGroups('base')]);
  out.layerFileSymbols = json([[...reader.layerFileSymbols('own')], [...reader.layerFileSymbols('base')]]);
  for (const path of probes.paths) {
    out[`file ${path}`] = json(reader.file(path) ?? null);
    out[`symbolsInFile ${path}`] = json(reader.symbolsInFile(path));
    out[`relationsInFile ${path}`] = json(reader.relationsInFile(path));
    out[`relationsFrom ${path}`] = json(reader.relationsFrom(path));
  }
  for (const id of probes.ids) {
    out[`getSymbol ${id}`] = json(reader.getSymbol(id) ?? null);
    out[`relationsFrom ${id}`] = json(reader.relationsFrom(id));
    out[`relationsTo ${id}`] = json(reader.relationsTo(id));
    out[`layerRelationsTo ${id}`] = json([reader.layerRelationsTo('own', id), reader.layerRelationsTo('base', id)]);
  }
  for (const prefix of probes.prefixes) {
    out[`searchNames ${prefix}`] = json([reader.searchNames(prefix, 5), reader.searchNames(prefix, 1000)]);
  }
  return out;
}

async function assertSameAsStored(input: PublishInput, probes: { ids: string[]; paths: string[]; prefixes: string[] }): Promise<void> {
  const { store } = await openTestStore();
  try {
    await store.publishSnapshot(input);
    const stored = store.reader(input.key)!;
    const unpublished = unpublishedReader(store.storeId, input);
    const expected = answers(stored, probes);
    const actual = answers(unpublished, probes);
    for (const name of Object.keys(expected)) assert.equal(actual[name], expected[name], name);
    assert.equal(unpublished.info.generation, 0);
    assert.equal(unpublished.storage.baseSid, null);
    assert.notEqual(unpublished.storage.sid, stored.storage.sid);
    stored.close();
    unpublished.close();
    assert.throws(() => unpublished.files().next(), /closed/);
    assert.throws(() => unpublished.getSymbol(probes.ids[0]!), /closed/);
  } finally {
    await store.close();
  }
}

test('a synthetic graph reads the same unpublished as stored', async () => {
  const graph = syntheticGraph({ files: 60, symbolsPerFile: 7, relationsPerFile: 25, seed: 3 });
  // Published in a shuffled order: the reader sorts as the store does.
  const groups = [...graph.groups].reverse();
  const ids = graph.groups.flatMap((group) => group.symbols.map((symbol) => symbol.id)).filter((_, index) => index % 5 === 0);
  await assertSameAsStored({
    key: 'baseline:synthetic', base: null, files: [...graph.files].reverse(), groups, report: makeReport('c1'),
    digest: 'd', meta: { commit: 'c1' },
  }, {
    ids: [...ids, 'missing.ts#nothing', graph.groups[0]!.path], paths: [...graph.groups.map((g) => g.path).slice(0, 12), 'missing.ts'],
    prefixes: ['', 'w', 'get', 'zz', 'GET'],
  });
});

test('records with unknown fields, odd names and nested ids read the same unpublished as stored', async () => {
  const a = 'src/a.ts';
  const b = 'src/a.ts.d/b.ts';
  const c = 'lib/\u00e9t\u00e9/\u{1F600}.ts';
  const widget: SymbolRecord = { ...makeSymbol(a, 'Widget', { kind: 'class', doc: 'A widget.' }), futureField: { note: 'kept as is', list: [1, 2] } } as unknown as SymbolRecord;
  const render = makeSymbol(a, 'Widget.render', { kind: 'method', container: widget.id, signature: 'render', params: [] });
  const file = makeSymbol(a, a, { kind: 'file', name: 'a.ts' });
  file.id = a;
  const helper = makeSymbol(b, 'helper', { container: 'elsewhere#x' });
  const smile = makeSymbol(c, 'Émoji', { exported: false, generated: true });
  const relations = [
    makeRelation(a, a, b + '#helper', 2, 'imports'),
    { ...makeRelation(a, render.id, widget.id, 5), site: { path: a, line: 5, column: 9, endColumn: 14 } },
    makeRelation(a, render.id, null, 6),
    { ...makeRelation(a, render.id, smile.id, 7, 'instantiates'), via: 'factory' },
  ];
  const groups: PathGroup[] = [
    { path: c, removed: false, symbols: [smile], relations: [makeRelation(c, smile.id, widget.id, 1, 'extends')] },
    { path: a, removed: false, symbols: [widget, render, file], relations },
    { path: b, removed: false, symbols: [helper], relations: [makeRelation(b, helper.id, render.id, 3), makeRelation(b, b, a, 1, 'imports')] },
  ];
  await assertSameAsStored({
    key: 'baseline:odd', base: null, files: [makeFileEntry(c), makeFileEntry(a), { ...makeFileEntry(b), status: 'partial' }, makeFileEntry('README.md')],
    groups, report: makeReport('c2'), digest: 'odd', meta: {},
  }, {
    ids: [widget.id, render.id, helper.id, smile.id, a, b, 'src/a.ts#Widget.render#inner'], paths: [a, b, c, 'README.md'],
    prefixes: ['w', 'é', 'émoji', 'a.ts', ''],
  });
});

test('an input on a base is refused', () => {
  assert.throws(() => unpublishedReader('store', {
    key: 'baseline:x', base: 'baseline:y', files: [], groups: [], report: makeReport('c'), digest: '', meta: {},
  }), /complete/);
});
