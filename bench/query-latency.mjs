// Query latency in-process: opens an indexed repository through the engine's API (no daemon, no
// socket) and times `search` and `callers` over names sampled deterministically from the exported
// symbols of an export file. Owns the sampling and the timing; run.mjs runs it as a child process so
// that the engine's native handles (LMDB, workers) live and die with it.
//
// CLI: node bench/query-latency.mjs --repo DIR --data-root DIR --export FILE [--count 500] [--warmup 25]
// prints one JSON object: {sampled, search: {p50Ms, p95Ms, meanMs, maxMs, foundRate}, callers: {...}}.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percentile, round, seededRandom } from './lib/stats.mjs';
import { engineEntry, repoRoot } from './lib/paths.mjs';

const SAMPLE_SEED = 0x5eed;
const NOT_QUERYABLE = new Set(['file', 'directory', 'module', 'package']);

/** The symbols to query: `count` picks (with replacement) among the exported symbols, seeded. */
export function sampleSymbols(exportFile, count) {
  const exported = [];
  for (const line of fs.readFileSync(exportFile, 'utf8').split('\n')) {
    if (!line) continue;
    const symbol = JSON.parse(line);
    if (symbol.type === 'symbol' && symbol.exported && !NOT_QUERYABLE.has(symbol.kind)) exported.push({ id: symbol.id, name: symbol.name });
  }
  exported.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (exported.length === 0) return [];
  const random = seededRandom(SAMPLE_SEED);
  return Array.from({ length: count }, () => exported[Math.floor(random() * exported.length)]);
}

function summarize(samplesMs, extra) {
  const mean = samplesMs.reduce((sum, value) => sum + value, 0) / Math.max(1, samplesMs.length);
  return {
    count: samplesMs.length,
    p50Ms: round(percentile(samplesMs, 50), 3),
    p95Ms: round(percentile(samplesMs, 95), 3),
    meanMs: round(mean, 3),
    maxMs: round(Math.max(...samplesMs), 3),
    ...extra,
  };
}

/** True when any top-level array of a callers result is non-empty (its shape is the engine's). */
function hasAnyEntry(result) {
  if (Array.isArray(result)) return result.length > 0;
  return Object.values(result ?? {}).some((value) => Array.isArray(value) && value.length > 0);
}

/** Opens the repository and times the queries. */
export async function measureQueryLatency({ repo: repoDir, dataRoot, exportFile, count = 500, warmup = 25 }) {
  if (!fs.existsSync(engineEntry)) {
    throw new Error(
      `bench: ${path.relative(repoRoot, engineEntry)} is missing, so query latency cannot be measured. ` +
        'Build the engine first (npm run build).',
    );
  }
  const sample = sampleSymbols(exportFile, count);
  if (sample.length === 0) throw new Error(`bench: ${exportFile} has no exported symbols to query`);
  const { openRepository } = await import(pathToFileURL(engineEntry).href);
  const opened = performance.now();
  const repository = await openRepository({ repoRoot: repoDir, dataRoot });
  // The data root was indexed by `repograph index`; build here only if the engine finds no index.
  if (repository.isIndexed?.() !== true) await repository.index();
  const openMs = performance.now() - opened;
  const query = repository.query();
  try {
    for (const symbol of sample.slice(0, warmup)) {
      await query.search({ query: symbol.name, limit: 20 });
      await query.callers({ id: symbol.id, depth: 1 });
    }
    const searchMs = [];
    let found = 0;
    for (const symbol of sample) {
      const started = performance.now();
      const result = await query.search({ query: symbol.name, limit: 20 });
      searchMs.push(performance.now() - started);
      if (result?.symbols?.some((hit) => hit.id === symbol.id)) found++;
    }
    const callersMs = [];
    let nonEmpty = 0;
    for (const symbol of sample) {
      const started = performance.now();
      const result = await query.callers({ id: symbol.id, depth: 1 });
      callersMs.push(performance.now() - started);
      if (hasAnyEntry(result)) nonEmpty++;
    }
    return {
      sampled: sample.length,
      distinct: new Set(sample.map((symbol) => symbol.id)).size,
      openMs: round(openMs, 1),
      search: summarize(searchMs, { foundRate: round(found / sample.length, 3) }),
      callers: summarize(callersMs, { nonEmptyRate: round(nonEmpty / sample.length, 3) }),
    };
  } finally {
    await query.close?.();
    await repository.close();
  }
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    const value = argv[i + 1];
    if (key === 'repo') options.repo = path.resolve(value);
    else if (key === 'data-root') options.dataRoot = path.resolve(value);
    else if (key === 'export') options.exportFile = path.resolve(value);
    else if (key === 'count') options.count = Number(value);
    else if (key === 'warmup') options.warmup = Number(value);
    else throw new Error(`bench: unknown option ${argv[i]}`);
  }
  for (const required of ['repo', 'dataRoot', 'exportFile']) {
    if (!options[required]) throw new Error(`bench: query-latency needs --repo, --data-root and --export`);
  }
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  measureQueryLatency(parseArgs(process.argv.slice(2))).then(
    (result) => {
      process.stdout.write(JSON.stringify(result) + '\n');
      process.exit(0);
    },
    (error) => {
      console.error(error.stack ?? error.message);
      process.exit(1);
    },
  );
}
