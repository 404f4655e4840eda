/**
 * Model-based tests of the block layout: for a graph with awkward paths and ids, every reader
 * query must give what a plain in-memory model of the published groups gives, for baselines and
 * overlays, at block sizes from one entry per block (every lookup crosses a block boundary) to
 * the default.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import { makeFileEntry, makeRelation, makeSymbol, makeReport, syntheticGraph } from './fixtures-graph.js';
import { cleanupTempDirs, makeTempDir } from './fixtures-git.js';
import { group, removed } from './fixtures-store.js';
import { compareCodePoints } from './keys.js';
import { DEFAULT_TUNING, type BlockSizes } from './layout.js';
import { openTunedRepoStore } from './repo-store.js';
import type { PathGroup, RepoStore, SnapshotReader } from './types.js';

after(cleanupTempDirs);

/** Paths that sort around each other: a prefix, a character below '#', '#' inside a path, non-ASCII. */
const A = 'src/a.ts';
const A_BANG = 'src/a.ts!x';
const A_BAK = 'src/a.ts.bak';
const HASHED = 'src/a.ts#odd.ts';
const EMOJI = 'src/😀.ts';
const PRIVATE = 'src/p.ts';

function awkwardGroups(): PathGroup[] {
  const a = [makeSymbol(A, 'Widget', { kind: 'class' }), makeSymbol(A, 'Widget.render', { kind: 'method', container: `${A}#Widget` }),
    makeSymbol(A, 'widget'), { ...makeSymbol(A, 'widget'), id: `${A}#widget~2` }, { ...makeSymbol(A, 'file'), id: A, kind: 'file' as const, qualifiedName: A, name: 'a.ts' }];
  const bang = [makeSymbol(A_BANG, 'bang'), makeSymbol(A_BANG, 'Émile')];
  const bak = [makeSymbol(A_BAK, 'widget')];
  const hashed = [makeSymbol(HASHED, 'odd'), makeSymbol(HASHED, 'Widget')];
  const emoji = [makeSymbol(EMOJI, '😀smile'), makeSymbol(EMOJI, '\uFFFDreplacement')];
  const priv = [makeSymbol(PRIVATE, 'C.#secret', { kind: 'field' }), makeSymbol(PRIVATE, 'C')];
  return [
    group(A, a, [makeRelation(A, A, A_BAK, 1, 'imports'), makeRelation(A, `${A}#widget`, `${A_BANG}#bang`, 2),
      makeRelation(A, `${A}#widget`, null, 3), makeRelation(A, `${A}#Widget.render`, `${HASHED}#odd`, 4),
      makeRelation(A, `${A}#widget~2`, `${A}#widget`, 2, 'references')]),
    group(A_BANG, bang, [makeRelation(A_BANG, `${A_BANG}#bang`, `${A}#widget`, 7), makeRelation(A_BANG, A_BANG, `${EMOJI}#😀smile`, 1)]),
    group(A_BAK, bak, [makeRelation(A_BAK, `${A_BAK}#widget`, `${A}#widget`, 3)]),
    group(HASHED, hashed, [makeRelation(HASHED, `${HASHED}#odd`, `${A}#Widget`, 5), makeRelation(HASHED, HASHED, null, 1)]),
    group(EMOJI, emoji, [makeRelation(EMOJI, `${EMOJI}#😀smile`, `${PRIVATE}#C.#secret`, 9)]),
    group(PRIVATE, priv, [makeRelation(PRIVATE, `${PRIVATE}#C`, `${PRIVATE}#C.#secret`, 3, 'reads')]),
  ];
}

/** The groups a reader should see: the overlay's (except removals) and the base's it does not replace. */
function visibleGroups(base: PathGroup[], overlay: PathGroup[] | null): PathGroup[] {
  if (overlay === null) return base;
  const replaced = new Set(overlay.map((each) => each.path));
  return [...base.filter((each) => !replaced.has(each.path)), ...overlay.filter((each) => !each.removed)];
}

/** Checks every query of `reader` against the model of `groups`. */
function checkAgainstModel(reader: SnapshotReader, groups: PathGroup[], label: string): void {
  const byPath = [...groups].sort((a, b) => compareCodePoints(a.path, b.path));
  const symbols = byPath.flatMap((each) => each.symbols).sort((a, b) => compareCodePoints(a.id, b.id));
  const relations = byPath.flatMap((each) => each.relations);
  assert.deepEqual([...reader.allSymbols()], symbols, `${label}: allSymbols`);
  assert.deepEqual([...reader.allRelations()], relations, `${label}: allRelations`);
  assert.equal(reader.info.symbolCount, symbols.length, `${label}: symbolCount`);
  assert.equal(reader.info.relationCount, relations.length, `${label}: relationCount`);
  assert.equal(reader.info.unresolvedCount, relations.filter((relation) => relation.to === null).length, `${label}: unresolved`);
  const ids = new Set([...symbols.map((symbol) => symbol.id), ...relations.flatMap((relation) => [relation.from, relation.to ?? ''])]);
  for (const id of [...ids, `${A}#missing`, 'src', 'src/a', '']) {
    assert.deepEqual(reader.getSymbol(id), symbols.find((symbol) => symbol.id === id), `${label}: getSymbol ${id}`);
    assert.deepEqual(reader.relationsFrom(id), relations.filter((relation) => relation.from === id), `${label}: relationsFrom ${id}`);
    assert.deepEqual(reader.relationsTo(id), relations.filter((relation) => relation.to === id), `${label}: relationsTo ${id}`);
  }
  for (const path of [...byPath.map((each) => each.path), 'src/a', 'src/zzz.ts']) {
    const own = byPath.find((each) => each.path === path);
    assert.deepEqual(reader.symbolsInFile(path), symbols.filter((symbol) => symbol.path === path), `${label}: symbolsInFile ${path}`);
    assert.deepEqual(reader.relationsInFile(path), own?.relations ?? [], `${label}: relationsInFile ${path}`);
  }
  const byName = (a: SymbolRecord, b: SymbolRecord): number =>
    compareCodePoints(a.name.toLowerCase(), b.name.toLowerCase()) || compareCodePoints(a.id, b.id);
  for (const prefix of ['', 'w', 'widget', 'c', 'é', '😀', '\uFFFD', 'compute1', 'service2', 'zz']) {
    for (const limit of [1, 3, 1000]) {
      const expected = symbols.filter((symbol) => symbol.name.toLowerCase().startsWith(prefix)).sort(byName).slice(0, limit);
      assert.deepEqual(reader.searchNames(prefix, limit), expected, `${label}: searchNames ${prefix} ${limit}`);
    }
  }
}

async function storeWith(blockSizes: BlockSizes): Promise<RepoStore> {
  return openTunedRepoStore({ dataRoot: makeTempDir('repograph-model-'), repoId: 'model' }, { ...DEFAULT_TUNING, blockSizes });
}

function publish(store: RepoStore, key: string, base: string | null, groups: PathGroup[]): Promise<number> {
  const files = groups.filter((each) => !each.removed).map((each) => makeFileEntry(each.path));
  return store.publishSnapshot({ key, base, files, groups, report: makeReport(), digest: key, meta: {} });
}

const uniform = (size: number): BlockSizes =>
  ({ files: size, groups: size, symbols: size, names: size, relations: size, relationsIn: size });

describe('the block layout agrees with a model of the input', () => {
  const synthetic = syntheticGraph({ files: 12, symbolsPerFile: 6, relationsPerFile: 9, seed: 7 }).groups;
  const baseGroups = [...awkwardGroups(), ...synthetic];
  // The overlay changes a.ts (drops two symbols and their relations), removes a.ts!x, adds new.ts,
  // and changes one synthetic file.
  const changedA = group(A, baseGroups[0]!.symbols.slice(0, 3), [baseGroups[0]!.relations[0]!, baseGroups[0]!.relations[3]!]);
  const added = group('src/new.ts', [makeSymbol('src/new.ts', 'widgetFactory')],
    [makeRelation('src/new.ts', 'src/new.ts#widgetFactory', `${A}#Widget`, 2, 'instantiates')]);
  const changedSynthetic = { ...synthetic[3]!, relations: synthetic[3]!.relations.slice(2) as RelationRecord[] };
  const overlayGroups = [changedA, removed(A_BANG), added, changedSynthetic];

  for (const blockSizes of [uniform(1), uniform(2), { ...uniform(3), relations: 5 }, DEFAULT_TUNING.blockSizes]) {
    test(`blocks of ${JSON.stringify(blockSizes)}`, async () => {
      const store = await storeWith(blockSizes);
      await publish(store, 'baseline:c1', null, baseGroups);
      await publish(store, 'workspace:w', 'baseline:c1', overlayGroups);
      const baseline = store.reader('baseline:c1')!;
      checkAgainstModel(baseline, baseGroups, 'baseline');
      baseline.close();
      const overlay = store.reader('workspace:w')!;
      checkAgainstModel(overlay, visibleGroups(baseGroups, overlayGroups), 'overlay');
      overlay.close();
      await store.close();
    });
  }
});
