// Many clients asking index.status at once, A/B between daemon builds: on a scratch clone of a
// corpus, each build's daemon (its own empty data root) indexes the tree, then N clients send
// index.status together, R rounds; builds alternate so load on a shared machine falls on both
// alike. Prints, per build, the median and the worst round (all N answers in). Asserts nothing.
//
//   node bench/status-burst.mjs --build ref=/tmp/ref/daemon/dist/main.js \
//     --build now=daemon/dist/main.js [--corpus core-js] [--clients 16] [--rounds 10] [--runs 2]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCorpus } from './corpora.mjs';
import { connectClient, scratchRepository, spawnDaemon } from './lib/daemon-process.mjs';
import { describeMachine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    build: { type: 'string', multiple: true }, corpus: { type: 'string', default: 'core-js' },
    clients: { type: 'string', default: '16' }, rounds: { type: 'string', default: '10' }, runs: { type: 'string', default: '2' },
  },
});
const builds = (values.build ?? ['now=daemon/dist/main.js']).map((spec) => {
  const at = spec.indexOf('=');
  if (at <= 0) throw new Error(`status-burst: --build wants LABEL=PATH/TO/daemon/dist/main.js, got ${spec}`);
  const main = path.resolve(spec.slice(at + 1));
  if (!fs.existsSync(main)) throw new Error(`status-burst: ${main} does not exist; build that tree first (npm ci && npm run build)`);
  return { label: spec.slice(0, at), main };
});
const clients = Number(values.clients);
const rounds = Number(values.rounds);
const log = (line) => console.error(`[bench:status-burst] ${line}`);

/** R rounds of `clients` concurrent index.status against a fresh daemon of `main`; the rounds' times. */
async function burst(repo, main) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-status-burst-'));
  const daemon = await spawnDaemon(repo, home, { main });
  const connected = [];
  try {
    for (let i = 0; i < clients; i++) connected.push(await connectClient(repo, home, `status-${i}`, { daemon }));
    await connected[0].requestByName('index.status', { sync: true });
    const times = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      await Promise.all(connected.map((client) => client.requestByName('index.status', {})));
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    for (const client of connected) client.close();
    await daemon.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

const scratch = await scratchRepository(await ensureCorpus(values.corpus, { log }), `status-burst-${values.corpus}`);
try {
  const samples = new Map(builds.map((build) => [build.label, []]));
  for (let run = 0; run < Number(values.runs); run++) {
    for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
      const times = await burst(scratch.repo, build.main);
      samples.get(build.label).push(...times);
      log(`${build.label} run ${run + 1}: median ${Math.round(median(times))} ms over ${rounds} rounds of ${clients} clients`);
    }
  }
  console.log(JSON.stringify({ measuredAt: new Date().toISOString(), machine: describeMachine(), corpus: values.corpus, clients, rounds, runs: Number(values.runs) }));
  for (const build of builds) {
    const times = samples.get(build.label);
    console.log(JSON.stringify({ build: build.label, medianMs: Math.round(median(times) * 10) / 10, worstMs: Math.round(Math.max(...times) * 10) / 10 }));
  }
} finally {
  scratch.remove();
}
