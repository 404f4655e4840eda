// Cold index, A/B between builds: `repograph index --repo CORPUS --json` of each build in turn
// (alternated, so load on a shared machine falls on both alike), each run into a fresh data root,
// timed by wall clock and by the child's CPU (user + system, from GNU time). Prints the medians of
// wall, CPU and each BuildReport stage per build, the ratio of each build to the first, and the
// graph digest of every run (a digest that differs between builds is flagged). Asserts nothing.
//
//   node bench/cold-ab.mjs --build ref=/tmp/ref/packages/cli/bin/repograph.js \
//     --build now=packages/cli/bin/repograph.js --corpus webpack [--corpus svelte] [--runs 6]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { run } from './lib/exec.mjs';
import { describeMachine } from './lib/machine.mjs';
import { corporaDir } from './lib/paths.mjs';
import { median } from './lib/stats.mjs';

const GNU_TIME = '/usr/bin/time';

const { values } = parseArgs({
  options: {
    build: { type: 'string', multiple: true },
    corpus: { type: 'string', multiple: true },
    runs: { type: 'string', default: '6' },
  },
});
const builds = (values.build ?? []).map((spec) => {
  const at = spec.indexOf('=');
  if (at <= 0) throw new Error(`cold-ab: --build wants LABEL=PATH/TO/repograph.js, got ${spec}`);
  return { label: spec.slice(0, at), cli: path.resolve(spec.slice(at + 1)) };
});
if (builds.length < 2) throw new Error('cold-ab: give at least two --build LABEL=PATH');
if (!fs.existsSync(GNU_TIME)) throw new Error('cold-ab: needs GNU time at /usr/bin/time for CPU time');
const runs = Number(values.runs);
const corpora = values.corpus ?? ['webpack'];

console.log(JSON.stringify({ measuredAt: new Date().toISOString(), machine: describeMachine(), runs }));
for (const corpus of corpora) {
  const repo = path.join(corporaDir, corpus);
  if (!fs.existsSync(repo)) throw new Error(`cold-ab: ${repo} is missing; run node bench/corpora.mjs fetch ${corpus}`);
  const samples = new Map(builds.map((build) => [build.label, []]));
  for (let round = 0; round < runs; round++) {
    // Alternate which build goes first, so neither always runs right after the other.
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) samples.get(build.label).push(await indexOnce(build.cli, repo));
  }
  report(corpus, samples);
}

/** One cold index: a fresh data root, the child timed by wall clock and GNU time. */
async function indexOnce(cli, repo) {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-cold-ab-'));
  const timeFile = path.join(dataRoot, 'time.txt');
  try {
    const result = await run(GNU_TIME, ['-f', '%U %S %M', '-o', timeFile, process.execPath, cli, 'index', '--repo', repo, '--json'], {
      env: { REPOGRAPH_HOME: path.join(dataRoot, 'home') },
    });
    const [user, system, rssKb] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(/\s+/).map(Number);
    const report = JSON.parse(result.stdout);
    return { wallMs: result.wallMs, cpuMs: (user + system) * 1000, rssMb: rssKb / 1024, timings: report.timings, digest: report.digest };
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

function report(corpus, samples) {
  const rows = [];
  let first = null;
  for (const [label, list] of samples) {
    const stages = Object.keys(list[0].timings);
    const row = {
      corpus, build: label, runs: list.length,
      wallMs: median(list.map((s) => s.wallMs)),
      cpuMs: median(list.map((s) => s.cpuMs)),
      rssMb: median(list.map((s) => s.rssMb)),
      ...Object.fromEntries(stages.map((stage) => [stage, median(list.map((s) => s.timings[stage]))])),
      wallSamples: list.map((s) => Math.round(s.wallMs)),
      digests: [...new Set(list.map((s) => s.digest))],
    };
    first ??= row;
    row.wallRatio = row.wallMs / first.wallMs;
    row.cpuRatio = row.cpuMs / first.cpuMs;
    row.sameDigest = row.digests.length === 1 && row.digests[0] === first.digests[0];
    rows.push(row);
  }
  for (const row of rows) {
    const round = (v) => (typeof v === 'number' ? Math.round(v * (Math.abs(v) < 10 ? 1000 : 1)) / (Math.abs(v) < 10 ? 1000 : 1) : v);
    console.log(JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, round(v)]))));
  }
}
