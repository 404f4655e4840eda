// Latency of surfaces.* over the socket on fetched corpora (issue 17's target: p95 < 5 ms on the
// largest corpus): the built daemon on a scratch clone, a client timing each method (no filter,
// with a filter, the card of a handler), the first answer after an edit (the overlay's index is
// built again from the cached base plus the overlay's groups) and the in-process index build.
// Asserts nothing; prints one JSON object per corpus.
//
// CLI: node bench/surfaces-latency.mjs [--corpus NAME ...] [--count 300] [--edits 10]
import fs from 'node:fs';
import path from 'node:path';
import { connectClient, scratchRepository, spawnDaemon, waitIdle } from './lib/daemon-process.mjs';
import { corporaDir } from './lib/paths.mjs';
import { percentile, round } from './lib/stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index < 0 ? fallback : args[index + 1];
};
const corpora = args.flatMap((arg, i) => (args[i - 1] === '--corpus' ? [arg] : []));
const count = Number(option('count', '300'));
const edits = Number(option('edits', '10'));

function summary(samples) {
  return { count: samples.length, p50Ms: round(percentile(samples, 50), 3), p95Ms: round(percentile(samples, 95), 3), maxMs: round(Math.max(...samples), 3) };
}

async function timed(client, method, params) {
  const started = performance.now();
  const result = await client.requestByName(method, params);
  return { ms: performance.now() - started, result };
}

async function measure(name) {
  const dir = path.join(corporaDir, name);
  if (!fs.existsSync(dir)) throw new Error(`bench: ${dir} is missing; fetch the corpus first (node bench/corpora.mjs)`);
  const scratch = await scratchRepository(dir, `surfaces-${name}`);
  const daemon = await spawnDaemon(scratch.repo, scratch.home);
  try {
    const client = await connectClient(scratch.repo, scratch.home, 'surfaces-bench', { daemon, timeoutMs: 120_000 });
    const status = await waitIdle(client, { timeoutMs: 600_000, warm: true });
    const first = await timed(client, 'surfaces.endpoints', { limit: 2000 });
    const endpoints = first.result.endpoints;
    const configKeys = (await client.requestByName('surfaces.configKeys', { limit: 2000 })).configKeys;
    const tables = (await client.requestByName('surfaces.dbTables', { limit: 2000 })).dbTables;
    const handler = endpoints.find((e) => e.handler)?.handler ?? null;
    const someFile = endpoints[0]?.site.path ?? configKeys[0]?.sites[0]?.site.path ?? null;
    const cases = {
      endpoints: { method: 'surfaces.endpoints', params: {} },
      endpointsFiltered: { method: 'surfaces.endpoints', params: { kind: 'GET', keyPrefix: '/a' } },
      configKeys: { method: 'surfaces.configKeys', params: {} },
      configKeysByPath: { method: 'surfaces.configKeys', params: someFile ? { path: someFile.split('/')[0] } : {} },
      dbTables: { method: 'surfaces.dbTables', params: {} },
      ...(handler ? { cardOfHandler: { method: 'symbols.card', params: { id: handler } } } : {}),
    };
    const results = {};
    for (const [label, { method, params }] of Object.entries(cases)) {
      const samples = [];
      for (let i = 0; i < count; i++) samples.push((await timed(client, method, params)).ms);
      results[label] = summary(samples);
    }
    // After an edit the next answer composes the overlay's index again: time that first answer.
    const afterEdit = [];
    const target = someFile ?? (await client.requestByName('symbols.search', { query: 'a', limit: 1 })).symbols[0]?.path;
    if (target) {
      const file = path.join(scratch.repo, target);
      const original = fs.readFileSync(file, 'utf8');
      for (let i = 0; i < edits; i++) {
        fs.writeFileSync(file, `${original}\n// edit ${i}\n`);
        await client.requestByName('index.status', { sync: true });
        afterEdit.push((await timed(client, 'surfaces.endpoints', {})).ms);
      }
      fs.writeFileSync(file, original);
    }
    return {
      corpus: name, files: status.files, counts: { endpoints: endpoints.length, configKeys: configKeys.length, tables: tables.length },
      firstAnswerMs: round(first.ms, 3), latency: results, firstAfterEdit: afterEdit.length > 0 ? summary(afterEdit) : null,
    };
  } finally {
    await daemon.stop();
    scratch.remove();
  }
}

for (const name of corpora.length > 0 ? corpora : ['core-js']) {
  process.stdout.write(`${JSON.stringify(await measure(name))}\n`);
}
