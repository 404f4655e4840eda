// Measures the store on a synthetic graph: bytes on disk (with and without LZ4 compression of the
// runs, at other block sizes and page sizes, and for facts), publish and republish time, and read
// latencies (p50/p95 over 1000 calls). For real corpora use store-sizes.mjs and latency.mjs.
// Run after `npx tsc -b packages/store`:  node packages/store/scripts/measure.mjs [files] [symbolsPerFile] [relationsPerFile]
// Every store lives in a mkdtemp folder that is removed at the end. Prints a JSON summary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openTunedRepoStore } from '../dist/repo-store.js';
import { DEFAULT_TUNING } from '../dist/layout.js';
import { makeReport, syntheticFacts, syntheticGraph } from '../dist/fixtures-graph.js';

const [files = 2500, symbolsPerFile = 20, relationsPerFile = 80] = process.argv.slice(2).map(Number);
const CALLS = 1000;
const base = DEFAULT_TUNING;
const scaled = (factor) => Object.fromEntries(Object.entries(base.blockSizes).map(([name, size]) => [name, Math.max(1, size * factor)]));
const graph = syntheticGraph({ files, symbolsPerFile, relationsPerFile });
const symbolIds = graph.groups.flatMap((group) => group.symbols.map((symbol) => symbol.id));
const report = makeReport('c'.repeat(40));
const results = { shape: { files, symbols: symbolIds.length, relations: files * relationsPerFile }, graph: [], facts: [] };

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
  return { p50: round(at(0.5) * 1000), p95: round(at(0.95) * 1000), unit: 'us' };
}
function round(value) {
  return Math.round(value * 10) / 10;
}
function time(fn) {
  const start = performance.now();
  fn();
  return performance.now() - start;
}
function pick(array, index) {
  return array[(index * 7919) % array.length];
}

async function withStore(tuning, run) {
  const dataRoot = mkdtempSync(join(tmpdir(), 'repograph-measure-'));
  const store = await openTunedRepoStore({ dataRoot, repoId: 'measure' }, tuning);
  try {
    return await run(store);
  } finally {
    await store.close();
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

async function measureGraph(label, tuning) {
  return withStore(tuning, async (store) => {
    const key = `baseline:${'c'.repeat(40)}`;
    let started = performance.now();
    await store.publishSnapshot({ key, base: null, files: graph.files, groups: graph.groups, report, digest: 'd', meta: {} });
    const publishMs = performance.now() - started;
    const afterPublish = store.stats();
    const reader = store.reader(key);
    const latency = {};
    for (const [name, call] of Object.entries({
      getSymbol: (i) => reader.getSymbol(pick(symbolIds, i)),
      relationsTo: (i) => reader.relationsTo(pick(symbolIds, i)),
      searchNames: (i) => reader.searchNames(`compute${i % 20}`, 20),
      symbolsInFile: (i) => reader.symbolsInFile(pick(graph.files, i).path),
    })) {
      for (let i = 0; i < 100; i++) call(i);
      latency[name] = percentiles(Array.from({ length: CALLS }, (_, i) => time(() => call(i))));
    }
    const scanMs = time(() => { let n = 0; for (const _ of reader.allRelations()) n++; });
    reader.close();
    latency.openReader = percentiles(Array.from({ length: CALLS }, () => time(() => store.reader(key).close())));
    // An overlay with 50 changed paths over the baseline, then the same reads through the merge.
    const changed = graph.groups.slice(0, 50).map((group) => ({ ...group, relations: group.relations.slice(0, 40) }));
    started = performance.now();
    await store.publishSnapshot({ key: 'workspace:w', base: key, files: graph.files, groups: changed, report, digest: 'o', meta: {} });
    const overlayPublishMs = performance.now() - started;
    const overlay = store.reader('workspace:w');
    const overlayLatency = {};
    for (const [name, call] of Object.entries({
      getSymbol: (i) => overlay.getSymbol(pick(symbolIds, i)),
      relationsTo: (i) => overlay.relationsTo(pick(symbolIds, i)),
      searchNames: (i) => overlay.searchNames(`compute${i % 20}`, 20),
    })) {
      for (let i = 0; i < 100; i++) call(i);
      overlayLatency[name] = percentiles(Array.from({ length: CALLS }, (_, i) => time(() => call(i))));
    }
    const overlayInfoMs = time(() => overlay.info);
    overlay.close();
    // A full-graph workspace republished in place: the cost of a no-git directory's refresh.
    started = performance.now();
    await store.publishSnapshot({ key: 'workspace:full', base: null, files: graph.files, groups: graph.groups, report, digest: 'f', meta: {} });
    const fullWorkspaceMs = performance.now() - started;
    started = performance.now();
    await store.publishSnapshot({ key: 'workspace:full', base: null, files: graph.files, groups: graph.groups, report, digest: 'f2', meta: {} });
    const republishMs = performance.now() - started;
    started = performance.now();
    await store.deleteSnapshot('workspace:full');
    const deleteMs = performance.now() - started;
    results.graph.push({
      label, tuning, bytes: afterPublish.bytes, usedBytes: afterPublish.usedBytes, publishMs: Math.round(publishMs),
      latency, allRelationsScanMs: Math.round(scanMs), overlayPublishMs: Math.round(overlayPublishMs), overlayLatency,
      overlayInfoMs: round(overlayInfoMs), fullWorkspacePublishMs: Math.round(fullWorkspaceMs),
      fullWorkspaceRepublishMs: Math.round(republishMs), deleteMs: Math.round(deleteMs),
      bytesAfterAll: store.stats().bytes, entries: afterPublish.entries,
    });
  });
}

async function measureFacts(label, tuning) {
  return withStore(tuning, async (store) => {
    const entries = graph.files.map((file, index) => ({
      blobId: index.toString(16).padStart(40, '0'), extractorVersion: 1, facts: syntheticFacts(file.path, 20, 80, index + 1),
    }));
    const factBytes = entries.reduce((sum, entry) => sum + JSON.stringify(entry.facts).length, 0);
    const started = performance.now();
    await store.putFacts(entries);
    const putMs = performance.now() - started;
    const getFacts = percentiles(Array.from({ length: CALLS }, (_, i) =>
      time(() => store.getFacts(pick(entries, i).blobId, 1))));
    results.facts.push({ label, files: entries.length, jsonBytes: factBytes, bytes: store.stats().bytes,
      usedBytes: store.stats().usedBytes, putMs: Math.round(putMs), getFacts });
  });
}

await measureGraph('default', base);
await measureGraph('blocks half as big', { ...base, blockSizes: scaled(0.5) });
await measureGraph('blocks twice as big', { ...base, blockSizes: scaled(2) });
await measureGraph('no compression of run blocks', { ...base, runCompressionThreshold: null });
await measureGraph('4 KB pages', { ...base, pageSize: 4096 });
await measureFacts('facts, LZ4 over 64 B', base);
await measureFacts('facts, LZ4 over 1 KB', { ...base, factsCompressionThreshold: 1000 });
await measureFacts('facts, no compression', { ...base, factsCompressionThreshold: null });
console.log(JSON.stringify(results, null, 2));
