// The cost of large answers, this build against another (issue 17's surfaces.* target): both
// daemons run at once, each on its own clone of a corpus with its own data root, and the same
// requests (surfaces.* with limit 2000, the largest answers of a corpus) go to them alternated in
// rounds (which build goes first flips every round), so load from other processes on a shared
// machine falls on both alike. Per method and build: the medians over the rounds of each round's
// p50 and p95 round trip over the socket, and the daemon's CPU time per answer (utime + stime of
// /proc/<pid>/stat around each round, 10 ms ticks), which load moves far less than wall time.
// Asserts nothing; prints one line per method and build, and the JSON of it all.
//
// CLI: node bench/answer-path-ab.mjs --other PATH/TO/daemon/dist/main.js [--corpus DIR] [--rounds 7] [--samples 100]
//   --corpus: a fetched corpus folder (a git repository), default bench/.corpora/facts-ghost
//   (node bench/lib/facts-corpora.mjs fetch ghost).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { connectClient, daemonMain, scratchRepository, waitIdle } from './lib/daemon-process.mjs';
import { corporaDir } from './lib/paths.mjs';
import { median, percentile, round } from './lib/stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index < 0 ? fallback : args[index + 1];
};
const other = option('other', null);
const corpus = path.resolve(option('corpus', path.join(corporaDir, 'facts-ghost')));
const rounds = Number(option('rounds', '7'));
const samples = Number(option('samples', '100'));
const METHODS = ['surfaces.endpoints', 'surfaces.configKeys', 'surfaces.dbTables'];

if (!other || !fs.existsSync(other)) {
  console.error('answer-path-ab: give --other PATH to the daemon/dist/main.js of the build to compare against (an existing file).');
  process.exit(2);
}
if (!fs.existsSync(corpus)) {
  console.error(`answer-path-ab: ${corpus} is missing; fetch it first (node bench/lib/facts-corpora.mjs fetch ghost).`);
  process.exit(2);
}

/** CPU ticks (user + system, 1/100 s) the process has used. */
function cpuTicks(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function start(label, main) {
  const scratch = await scratchRepository(corpus, `answer-ab-${label}`);
  const child = spawn(process.execPath, [main, '--repo', scratch.repo, '--idle-timeout', '0'], {
    env: { ...process.env, REPOGRAPH_HOME: scratch.home }, stdio: 'ignore',
  });
  const client = await connectClient(scratch.repo, scratch.home, `answer-ab-${label}`, { timeoutMs: 120_000 });
  await waitIdle(client, { timeoutMs: 600_000, warm: true });
  return { label, main, child, client, scratch };
}

const builds = [await start('this', daemonMain), await start('other', path.resolve(other))];
const per = {};
try {
  for (let r = 0; r < rounds; r++) {
    for (const method of METHODS) {
      for (const build of r % 2 === 0 ? builds : [...builds].reverse()) {
        await build.client.requestByName(method, { limit: 2000 });
        const times = [];
        const ticks = cpuTicks(build.child.pid);
        for (let i = 0; i < samples; i++) {
          const started = performance.now();
          await build.client.requestByName(method, { limit: 2000 });
          times.push(performance.now() - started);
        }
        const cpuMs = ((cpuTicks(build.child.pid) - ticks) * 10) / samples;
        ((per[method] ??= {})[build.label] ??= []).push({ p50: percentile(times, 50), p95: percentile(times, 95), cpuMs });
      }
    }
  }
} finally {
  for (const build of builds) {
    build.client.close();
    build.child.kill('SIGTERM');
  }
  await Promise.all(builds.map((build) => new Promise((resolve) => (build.child.exitCode !== null ? resolve() : build.child.once('exit', resolve)))));
  for (const build of builds) build.scratch.remove();
}

const summary = { corpus: path.basename(corpus), rounds, samples, other: path.resolve(other), methods: {} };
for (const [method, byBuild] of Object.entries(per)) {
  for (const [label, list] of Object.entries(byBuild)) {
    const figures = {
      p50Ms: round(median(list.map((each) => each.p50)), 3), p95Ms: round(median(list.map((each) => each.p95)), 3),
      cpuMsPerAnswer: round(median(list.map((each) => each.cpuMs)), 2), p95RoundsMs: list.map((each) => round(each.p95, 2)),
    };
    (summary.methods[method] ??= {})[label] = figures;
    console.log(`${method}\t${label}\tp50 ${figures.p50Ms} ms\tp95 ${figures.p95Ms} ms\tdaemon CPU ${figures.cpuMsPerAnswer} ms/answer\trounds' p95 ${figures.p95RoundsMs.join(' ')}`);
  }
}
console.log(JSON.stringify(summary));
