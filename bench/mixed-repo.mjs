// The mixed-repository bench (issue 18: "cold index of a mixed repository scales with the files
// admitted"). It makes repositories of 1, 2 and 4 copies of one unit of real files in every
// language the product reads (bench/lib/mixed-repo-build.mjs: the fourteen syntax-tier sets, and
// the mobx, requests, cobra and javafx-controls corpora when fetched), then cold-indexes each with
// the command line into a fresh data root, as a user would: `repograph index --repo DIR --json`,
// REPOGRAPH_HOME an empty temporary folder, under /usr/bin/time for the child's CPU time and peak
// RSS. Rounds go through every size, each round in another order; the medians per size give the
// wall time, CPU time and stage timings per admitted file. The target holds when the time per
// admitted file at the largest size is within 1.25x of the time per file at one copy (wall and
// CPU). Asserts nothing; writes bench/results/mixed-repo.json and RESULTS.md's mixed-repository
// section.
//
//   node bench/mixed-repo.mjs [--fetch] [--sizes 1,2,4] [--runs 3] [--keep] | --rewrite
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCorpus } from './corpora.mjs';
import { run } from './lib/exec.mjs';
import { describeMachine } from './lib/machine.mjs';
import { OTHER_CORPORA, languageCounts, makeMixedRepository, unitFiles } from './lib/mixed-repo-build.mjs';
import { summarizeMixed, writeMixedMarkdown } from './lib/mixed-repo-results.mjs';
import { assertCliBuilt, cliPath, ensureDir, resultsDir, benchDir } from './lib/paths.mjs';
import { LANGUAGES, fileSet } from './lib/syntax-sets.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const sizes = option('--sizes', '1,2,4').split(',').map(Number);
const runs = Number(option('--runs', '3'));

const GNU_TIME = '/usr/bin/time';

/** One cold index: the child's wall time, user + system time and peak RSS (null without GNU time), and its BuildReport. */
async function coldIndex(repoDir) {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-bench-mixed-home-'));
  const timeFile = `${dataRoot}.time`;
  const command = [process.execPath, cliPath, 'index', '--repo', repoDir, '--json'];
  try {
    const timed = fs.existsSync(GNU_TIME);
    const result = timed
      ? await run(GNU_TIME, ['-f', '%U %S %M', '-o', timeFile, ...command], { env: { REPOGRAPH_HOME: dataRoot } })
      : await run(command[0], command.slice(1), { env: { REPOGRAPH_HOME: dataRoot } });
    const [userS, systemS, maxRssKiB] = timed ? fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number) : [NaN, NaN, NaN];
    const report = JSON.parse(result.stdout);
    return {
      wallMs: result.wallMs, cpuMs: timed ? (userS + systemS) * 1000 : null, peakRssBytes: timed ? maxRssKiB * 1024 : null,
      admitted: report.materials.admitted, extracted: report.materials.extracted, cached: report.materials.cached,
      symbols: report.publication.nodes, relations: report.publication.relations, timings: report.timings,
    };
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
    fs.rmSync(timeFile, { force: true });
  }
}

/** --rewrite: the summary and RESULTS.md section again from the samples in mixed-repo.json, without indexing. */
function rewrite() {
  const file = path.join(resultsDir, 'mixed-repo.json');
  const result = JSON.parse(fs.readFileSync(file, 'utf8'));
  const kept = Object.keys(result.samples).map(Number);
  result.summary = summarizeMixed(kept, result.samples);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  writeMixedMarkdown(path.join(benchDir, 'RESULTS.md'), result);
  console.log(`verdict: ${result.summary.verdict}`);
}

async function main() {
  if (args.includes('--rewrite')) return rewrite();
  assertCliBuilt();
  if (args.includes('--fetch')) {
    for (const [language, spec] of Object.entries(LANGUAGES)) fileSet(language, spec, { fetch: true });
    for (const corpus of OTHER_CORPORA) await ensureCorpus(corpus.name, { log: (line) => console.error(line) });
  }
  const { files: unit, missing } = unitFiles();
  if (missing.length > 0) console.error(`mixed-repo: not fetched, left out: ${missing.join(', ')} (run with --fetch)`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-bench-mixed-'));
  const samples = Object.fromEntries(sizes.map((size) => [size, []]));
  try {
    const repos = {};
    for (const size of sizes) {
      repos[size] = path.join(scratch, `repo-${size}x`);
      const count = await makeMixedRepository(repos[size], unit, size);
      console.error(`mixed-repo: ${size}x: ${count} files in ${repos[size]}`);
    }
    for (let round = 0; round < runs; round++) {
      const order = sizes.map((_, i) => sizes[(i + round) % sizes.length]);
      for (const size of order) {
        const sample = await coldIndex(repos[size]);
        samples[size].push(sample);
        console.error(`mixed-repo: round ${round + 1}, ${size}x: ${sample.admitted} admitted, ${(sample.wallMs / 1000).toFixed(1)} s wall, ` +
          `${sample.cpuMs === null ? '-' : (sample.cpuMs / 1000).toFixed(1)} s CPU, ${(sample.wallMs / sample.admitted).toFixed(2)} ms/file`);
      }
    }
  } finally {
    if (args.includes('--keep')) console.error(`mixed-repo: kept ${scratch}`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
  const result = {
    measuredAt: new Date().toISOString(), machine: describeMachine(), loadAverage: os.loadavg(),
    unit: { files: unit.length, languages: languageCounts(unit), missing }, runs, samples,
    summary: summarizeMixed(sizes, samples),
  };
  for (const row of result.summary.sizes) {
    console.log(`${String(row.size).padStart(2)}x  ${String(row.admitted).padStart(6)} files  wall ${(row.wallMs / 1000).toFixed(1)} s (${row.wallPerFileMs.toFixed(2)} ms/file, ${row.wallScale.toFixed(2)}x)  ` +
      (row.cpuMs === null ? 'CPU not measured' : `CPU ${(row.cpuMs / 1000).toFixed(1)} s (${row.cpuPerFileMs.toFixed(2)} ms/file, ${row.cpuScale.toFixed(2)}x)`));
  }
  console.log(`verdict: ${result.summary.verdict}`);
  ensureDir(resultsDir);
  fs.writeFileSync(path.join(resultsDir, 'mixed-repo.json'), JSON.stringify(result, null, 2) + '\n');
  writeMixedMarkdown(path.join(benchDir, 'RESULTS.md'), result);
}

await main();
