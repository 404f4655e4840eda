// graph.trace and repo.summarize latency in-process (issue 17's target: trace depth 4 p95 < 20 ms
// on the largest corpus): indexes a corpus (bench/corpora.mjs) into a fresh data root under
// bench/.work/, opens it through the engine's API (no daemon, no socket, as query-latency.mjs), and
// times `trace` from functions and methods sampled with a fixed seed (depth 4 by default), then
// `summarize` a few times. The engine's session is reused across calls as the daemon's is within a
// generation (its surface index is built on the first call and counted there). Prints one JSON
// object; writes nothing else. Measures, never asserts.
//
// CLI: node bench/overview-latency.mjs [--corpus core-js] [--count 300] [--depth 4] [--warmup 20]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureCorpus } from './corpora.mjs';
import { scratchRepository } from './lib/daemon-process.mjs';
import { freshDataRoot, indexRepository } from './lib/engine-cli.mjs';
import { engineEntry, repoRoot } from './lib/paths.mjs';
import { percentile, round, seededRandom } from './lib/stats.mjs';

const log = (line) => console.error(`[bench:overview] ${line}`);

function parseArgs(argv) {
  const options = { corpus: 'core-js', count: 300, depth: 4, warmup: 20 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    const value = argv[i + 1];
    if (key === 'corpus') options.corpus = value;
    else if (['count', 'depth', 'warmup'].includes(key)) options[key] = Number(value);
    else throw new Error(`bench: unknown option ${argv[i]}`);
  }
  return options;
}

function stats(samples) {
  return { count: samples.length, p50Ms: round(percentile(samples, 50), 3), p95Ms: round(percentile(samples, 95), 3), maxMs: round(Math.max(...samples), 3) };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(engineEntry)) throw new Error(`bench: ${path.relative(repoRoot, engineEntry)} is missing; build first (npx tsc -b)`);
  const corpus = await ensureCorpus(options.corpus, { log });
  const scratch = await scratchRepository(corpus, `overview-${options.corpus}`);
  const home = freshDataRoot(`overview-${options.corpus}`);
  try {
    const indexStarted = performance.now();
    await indexRepository(scratch.repo, home);
    const indexMs = performance.now() - indexStarted;
    const { openRepository } = await import(pathToFileURL(engineEntry).href);
    const repository = await openRepository({ repoRoot: scratch.repo, dataRoot: home });
    const query = repository.query();
    try {
      const callable = [];
      for (const { record } of query.exportRecords()) {
        if ((record.kind === 'function' || record.kind === 'method') && !record.generated) callable.push(record.id);
      }
      callable.sort();
      const random = seededRandom(0x7ace);
      const sample = Array.from({ length: options.count }, () => callable[Math.floor(random() * callable.length)]);
      const firstStarted = performance.now();
      query.trace({ entry: sample[0], depth: options.depth });
      const firstMs = performance.now() - firstStarted;
      for (const id of sample.slice(0, options.warmup)) query.trace({ entry: id, depth: options.depth });
      const samples = [];
      let nodes = 0;
      let truncated = 0;
      let largest = 0;
      for (const id of sample) {
        const started = performance.now();
        const trace = query.trace({ entry: id, depth: options.depth });
        samples.push(performance.now() - started);
        nodes += trace.nodes;
        largest = Math.max(largest, trace.nodes);
        if (trace.truncated) truncated++;
      }
      const summarizeMs = [];
      let summary = null;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        summary = query.summarize({ isTestFile: (file) => /\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)__tests__\/|_test\.go$|(^|\/)(test_[^/]*|[^/]*_test)\.py$/.test(file) });
        summarizeMs.push(performance.now() - started);
      }
      console.log(JSON.stringify({
        corpus: options.corpus, files: summary.files.indexed, functions: callable.length, indexMs: round(indexMs, 0),
        trace: { depth: options.depth, firstCallMs: round(firstMs, 2), ...stats(samples), meanNodes: round(nodes / sample.length, 1), maxNodes: largest, truncated },
        summarize: { ...stats(summarizeMs), firstMs: round(summarizeMs[0], 2), dependedOn: summary.dependedOn.items.slice(0, 3).map((entry) => `${entry.id} (${entry.importers})`) },
      }, null, 2));
    } finally {
      query.close?.();
      await repository.close();
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
    scratch.remove();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
