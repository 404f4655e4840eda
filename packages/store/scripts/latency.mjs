// Query latency on a real store: opens the store under a data root read-only, samples symbols of
// the worktree snapshot (seeded, with replacement) and times getSymbol, relationsTo, relationsFrom
// and searchNames (the symbol's name, limit 20) with a fresh reader per call, as the daemon reads
// one snapshot per request. The block cache starts empty, so early calls pay for decoding.
// Run: node packages/store/scripts/latency.mjs <data root> [calls] [store dist folder]
// Prints p50/p95/max in microseconds per query as JSON.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dataRoot, callsArgument = '1000', distArgument] = process.argv.slice(2);
if (dataRoot === undefined) {
  console.error('usage: node packages/store/scripts/latency.mjs <data root> [calls] [store dist folder]');
  process.exit(2);
}
const dist = resolve(distArgument ?? new URL('../dist', import.meta.url).pathname);
const { openRepoStore } = await import(pathToFileURL(join(dist, 'index.js')).href);
const calls = Number(callsArgument);
const repoId = readdirSync(join(dataRoot, 'stores'))[0];
const store = await openRepoStore({ dataRoot, repoId, readOnly: true });
const key = store.listSnapshots().find((summary) => summary.key.startsWith('workspace:'))?.key ?? store.listSnapshots()[0].key;

const listing = store.reader(key);
const symbols = [...listing.allSymbols()].filter((symbol) => symbol.kind !== 'file');
listing.close();
let state = 0x5eed;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sample = Array.from({ length: calls }, () => symbols[Math.floor(random() * symbols.length)]);

const queries = {
  getSymbol: (reader, symbol) => reader.getSymbol(symbol.id),
  relationsTo: (reader, symbol) => reader.relationsTo(symbol.id),
  relationsFrom: (reader, symbol) => reader.relationsFrom(symbol.id),
  searchNames: (reader, symbol) => reader.searchNames(symbol.name.toLowerCase(), 20),
};
const results = { key, symbols: symbols.length, calls };
for (const [name, query] of Object.entries(queries)) {
  const samples = sample.map((symbol) => {
    const started = performance.now();
    const reader = store.reader(key);
    query(reader, symbol);
    reader.close();
    return (performance.now() - started) * 1000;
  });
  samples.sort((a, b) => a - b);
  const at = (share) => Math.round(samples[Math.min(samples.length - 1, Math.floor(share * samples.length))]);
  results[name] = { p50: at(0.5), p95: at(0.95), max: Math.round(samples[samples.length - 1]), unit: 'us' };
}
await store.close();
console.log(JSON.stringify(results));
