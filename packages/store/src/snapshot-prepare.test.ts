/**
 * Tests of a publish's preparation (snapshot-data.ts prepareSnapshotData): the checks and every
 * block are made in steps before the write transaction, touching nothing in the store, so the
 * event loop turns between them; a published snapshot reads back the same; a malformed record
 * rejects before anything is written.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { cleanupTempDirs, makeTempDir } from './fixtures-git.js';
import { makeReport, makeSymbol, syntheticGraph } from './fixtures-graph.js';
import { group, publish } from './fixtures-store.js';
import { openEnvironment } from './environment.js';
import { openRepoStore } from './repo-store.js';
import { prepareSnapshotData } from './snapshot-data.js';
import type { PublishInput } from './types.js';

after(cleanupTempDirs);

test('a snapshot of 2,000 files is prepared in many steps, before and without any write', async () => {
  const dataRoot = makeTempDir('repograph-data-');
  const environment = await openEnvironment({ dataRoot, repoId: 'prepare-test', readOnly: false });
  try {
    const graph = syntheticGraph({ files: 2000, symbolsPerFile: 5, relationsPerFile: 10 });
    const input: PublishInput = {
      key: 'baseline:c1', base: null, files: graph.files, groups: graph.groups, report: makeReport('c1'), digest: 'd', meta: {},
    };
    const steps = prepareSnapshotData(environment, input);
    let yields = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) yields++;
    const prepared = next.value;
    assert.ok(yields >= 2000 / 32, `${yields} steps: the thread may be given away between each`);
    assert.equal(prepared.files.length, 2000);
    assert.equal(prepared.symbolCount, 10_000);
    assert.equal(prepared.relationCount, 20_000);
    assert.ok(prepared.manifest !== null && prepared.manifest.blocks.length > 0, 'a snapshot without a base has its manifest made too');
    for (const run of Object.values(prepared.runs)) assert.ok(run.length > 0);
    assert.equal(environment.databases.snapshots.getCount(), 0, 'nothing is written while preparing');
    assert.equal(environment.databases.groups.getCount(), 0);
  } finally {
    await environment.root.close();
  }
});

test('a published snapshot reads back whole; a malformed one rejects and leaves the store as it was', async () => {
  const dataRoot = makeTempDir('repograph-data-');
  const store = await openRepoStore({ dataRoot, repoId: 'prepare-roundtrip' });
  try {
    const graph = syntheticGraph({ files: 300, symbolsPerFile: 4, relationsPerFile: 6, seed: 7 });
    await store.publishSnapshot({ key: 'baseline:c1', base: null, files: graph.files, groups: graph.groups, report: makeReport('c1'), digest: 'd1', meta: {} });
    const reader = store.reader('baseline:c1')!;
    try {
      assert.equal([...reader.files()].length, 300);
      for (const each of [graph.groups[0]!, graph.groups[150]!, graph.groups[299]!]) {
        assert.deepEqual(reader.symbolsInFile(each.path).map((symbol) => symbol.id), each.symbols.map((symbol) => symbol.id).sort());
        assert.deepEqual(reader.relationsInFile(each.path), each.relations);
      }
    } finally {
      reader.close();
    }

    const twice = makeSymbol('b.ts', 'twice');
    await assert.rejects(publish(store, 'baseline:c2', null, [group('b.ts', [twice, twice])]), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'InvalidParams', error.message);
      return true;
    });
    assert.equal(store.hasSnapshot('baseline:c2'), false, 'nothing of the malformed snapshot was written');
    assert.equal(await publish(store, 'baseline:c3', null, [group('c.ts', [makeSymbol('c.ts', 'c')])]) > 0, true, 'the store goes on');
  } finally {
    await store.close();
  }
});
