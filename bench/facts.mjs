// The fact-scoring benchmark of issue 17 ("Measured, not asserted"): every corpus of
// lib/facts-corpora.mjs is fetched, cloned into a scratch repository, indexed with the built CLI,
// served by the built daemon, and its `surfaces.endpoints`, `surfaces.configKeys` and
// `surfaces.dbTables` answers (limit 2000) scored against the reviewed list bench/facts/<corpus>.json
// (lib/facts-score.mjs: identities, scopes, partial and optional entries). Prints each miss and
// false positive, so the extraction can be fixed against them; measures surfaces.* latency over the
// socket on the largest corpus and, when REPOGRAPH_BENCH_CLI_BASELINE names the bin of the build
// before the extraction change, the cold index time with facts on vs off (alternated runs, median
// of each). Writes bench/results/facts.json and the facts section of bench/RESULTS.md.
//
// CLI: node bench/facts.mjs [--corpora a,b] [--samples N] [--rounds N] [--runs N] [--no-write] [--self-test] [--check-lists]
//   --samples/--rounds: surfaces.* latency is `rounds` rounds of `samples` calls of each method (default 5 of 50),
//   methods alternated round by round; the figures are medians over the rounds.
//   --self-test: only the scorer's test on a tiny hand-made answer; --check-lists: only fetch and
//   check each list's sites against its corpus (the second pass).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './lib/exec.mjs';
import { describeMachine } from './lib/machine.mjs';
import { assertCliBuilt, cliPath, ensureDir, repoRoot, resultsDir } from './lib/paths.mjs';
import { median, percentile, round } from './lib/stats.mjs';
import { scratchRepository, spawnDaemon, waitIdle } from './lib/daemon-process.mjs';
import { FACT_CORPORA, ensureFactCorpus, factListPath, readFactCorpusMarker } from './lib/facts-corpora.mjs';
import { KINDS, checkSites, kindScored, readFactList, scoreKind, selfTest, sumScores } from './lib/facts-score.mjs';
import { FACT_TARGETS, writeFactsMarkdown } from './lib/facts-results.mjs';

const log = (line) => console.error(`[bench:facts] ${line}`);
const LIMIT = 2000;
/** The wire method and the answer's array of each kind. */
const METHODS = {
  endpoints: { method: 'surfaces.endpoints', field: 'endpoints' },
  configKeys: { method: 'surfaces.configKeys', field: 'configKeys' },
  tables: { method: 'surfaces.dbTables', field: 'dbTables' },
};

function parseArgs(argv) {
  const options = { corpora: null, samples: 50, rounds: 5, runs: 3, write: true, selfTestOnly: false, checkOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--corpora') options.corpora = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (flag === '--samples') options.samples = Number(argv[++i]);
    else if (flag === '--runs') options.runs = Number(argv[++i]);
    else if (flag === '--rounds') options.rounds = Number(argv[++i]);
    else if (flag === '--no-write') options.write = false;
    else if (flag === '--self-test') options.selfTestOnly = true;
    else if (flag === '--check-lists') options.checkOnly = true;
    else {
      console.error(`bench:facts: unknown flag ${flag}; use --corpora a,b, --samples N, --rounds N, --runs N, --no-write, --self-test, --check-lists`);
      process.exit(2);
    }
  }
  return options;
}

/** `repograph index --repo DIR --json` with `bin` and data root `home`: {wallMs, cpuMs (null when not known), report}. */
async function cliIndex(bin, repo, home) {
  const cpuFile = path.join(home, '..', `cpu-${path.basename(home)}.txt`);
  const result = await run(process.execPath, ['--import', pathToFileURL(cpuProbe).href, bin, 'index', '--repo', repo, '--json'], {
    cwd: repoRoot, env: { REPOGRAPH_HOME: home, REPOGRAPH_BENCH_CPU_FILE: cpuFile },
  });
  let report = null;
  try {
    report = JSON.parse(result.stdout);
  } catch { /* an older build may print something else: the wall time still counts */ }
  let cpuMs = null;
  try {
    cpuMs = Number(fs.readFileSync(cpuFile, 'utf8'));
  } catch { /* no figure: the wall time still counts */ }
  return { wallMs: result.wallMs, cpuMs, report };
}

const cpuProbe = path.join(repoRoot, 'bench', 'lib', 'cpu-probe.mjs');

/** One surfaces.* call; a method the daemon does not serve comes back as {missing: true}. */
async function call(client, method, params) {
  try {
    return { answer: await client.requestByName(method, params) };
  } catch (error) {
    if (error?.codeName === 'MethodNotFound' || /not found|unknown method/i.test(error?.message ?? '')) return { missing: true };
    throw error;
  }
}

/** Prints a kind's misses and false positives (every one: the extraction engineers fix from them). */
function printDetails(corpus, kind, score) {
  for (const miss of score.misses) console.log(`${corpus}\t${kind}\tMISS\t${miss.id}\t${miss.site}${miss.partial ? '\t(partial)' : ''}`);
  for (const fp of score.falsePositiveList) console.log(`${corpus}\t${kind}\tFALSE+\t${fp.id}\t${fp.site ?? ''}${fp.partial ? '\t(partial)' : ''}`);
}

async function measureCorpus(spec, list, options) {
  const corpusDir = await ensureFactCorpus(spec.name, { log });
  const scratch = await scratchRepository(corpusDir, `facts-${spec.name}`);
  let daemon = null;
  try {
    const indexed = await cliIndex(cliPath, scratch.repo, scratch.home);
    daemon = await spawnDaemon(scratch.repo, scratch.home);
    const client = await daemon.client('bench-facts');
    await waitIdle(client);
    const row = { corpus: spec.name, language: spec.language, commit: readFactCorpusMarker(spec.name)?.commit ?? null,
      files: indexed.report?.materials?.admitted ?? null, indexMs: Math.round(indexed.wallMs), scores: {}, truncated: [], missingMethods: [] };
    for (const kind of KINDS) {
      const { method, field } = METHODS[kind];
      const got = await call(client, method, { limit: LIMIT });
      if (got.missing) { row.missingMethods.push(method); continue; }
      if (got.answer.truncated) row.truncated.push(method);
      if (!kindScored(list, kind)) continue;
      const score = scoreKind(kind, list, got.answer[field] ?? []);
      row.scores[kind] = score;
      printDetails(spec.name, kind, score);
      log(`${spec.name} ${kind}: ${score.matched}/${score.expected} found, ${score.falsePositives} false positives, precision ${score.precision?.toFixed(3) ?? '—'}, recall ${score.recall?.toFixed(3) ?? '—'}`);
    }
    if (row.missingMethods.length) row.error = `the daemon does not serve ${row.missingMethods.join(', ')}`;
    if (options.latency) row.latency = await measureLatency(client, options.samples, options.rounds);
    return row;
  } finally {
    if (daemon) await daemon.stop();
    scratch.remove();
  }
}

/**
 * p50/p95 of each surfaces.* method over the socket, after one warm-up call each: `rounds` rounds
 * of `samples` calls of every method, the methods alternated round by round; each figure is the
 * median over the rounds (a burst of load from other processes on a shared machine moves one
 * round, not the figure), with the range of the rounds' p95 and the slowest call beside it.
 */
async function measureLatency(client, samples, rounds) {
  const present = [];
  for (const { method } of Object.values(METHODS)) {
    if (!(await call(client, method, { limit: LIMIT })).missing) present.push(method);
  }
  const perRound = Object.fromEntries(present.map((method) => [method, []]));
  for (let r = 0; r < rounds; r++) {
    for (const method of present) {
      const times = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await client.requestByName(method, { limit: LIMIT });
        times.push(performance.now() - started);
      }
      perRound[method].push({ p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) });
    }
  }
  const methods = {};
  for (const [method, list] of Object.entries(perRound)) {
    const p95s = list.map((each) => each.p95);
    methods[method] = {
      p50Ms: round(median(list.map((each) => each.p50)), 3), p95Ms: round(median(p95s), 3),
      p95RangeMs: [round(Math.min(...p95s), 3), round(Math.max(...p95s), 3)], maxMs: round(Math.max(...list.map((each) => each.max)), 3),
    };
  }
  return methods;
}

/** Cold index with facts on (this build) and off (REPOGRAPH_BENCH_CLI_BASELINE), alternated, fresh data roots. */
async function measureColdIndex(spec, runs) {
  const baseline = process.env.REPOGRAPH_BENCH_CLI_BASELINE ? path.resolve(process.env.REPOGRAPH_BENCH_CLI_BASELINE) : null;
  if (!baseline) return { corpus: spec.name, why: 'REPOGRAPH_BENCH_CLI_BASELINE is not set' };
  if (!fs.existsSync(baseline)) return { corpus: spec.name, why: `REPOGRAPH_BENCH_CLI_BASELINE=${baseline} does not exist` };
  const corpusDir = await ensureFactCorpus(spec.name, { log });
  const on = [];
  const off = [];
  const onCpu = [];
  const offCpu = [];
  for (let i = 0; i < runs; i++) {
    for (const [bin, into, cpuInto] of [[baseline, off, offCpu], [cliPath, on, onCpu]]) {
      const scratch = await scratchRepository(corpusDir, `facts-cold-${spec.name}`);
      try {
        const indexed = await cliIndex(bin, scratch.repo, scratch.home);
        into.push(indexed.wallMs);
        if (indexed.cpuMs !== null) cpuInto.push(indexed.cpuMs);
      } finally {
        scratch.remove();
      }
    }
    log(`cold index ${spec.name} run ${i + 1}: off ${Math.round(off[i])} ms (CPU ${Math.round(offCpu[i] ?? NaN)}), on ${Math.round(on[i])} ms (CPU ${Math.round(onCpu[i] ?? NaN)})`);
  }
  const onMs = median(on);
  const offMs = median(off);
  const cpu = onCpu.length === runs && offCpu.length === runs
    ? { onCpuMs: Math.round(median(onCpu)), offCpuMs: Math.round(median(offCpu)), cpuRatio: round(median(onCpu) / median(offCpu), 4) }
    : {};
  return { corpus: spec.name, runs, baseline: path.relative(repoRoot, baseline) || baseline, onMs: Math.round(onMs), offMs: Math.round(offMs),
    onRunsMs: on.map(Math.round), offRunsMs: off.map(Math.round), ratio: round(onMs / offMs, 4), ...cpu };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  log(selfTest());
  if (options.selfTestOnly) return;
  const specs = FACT_CORPORA.filter((spec) => options.corpora === null || options.corpora.includes(spec.name));
  const lists = new Map();
  for (const spec of specs) {
    const list = readFactList(factListPath(spec.name));
    const problems = checkSites(list, await ensureFactCorpus(spec.name, { log }));
    if (problems.length) throw new Error(`bench: bench/facts/${spec.name}.json does not match its corpus:\n${problems.join('\n')}`);
    lists.set(spec.name, list);
    log(`${spec.name}: list checked (${KINDS.map((kind) => `${list[kind].length} ${kind}`).join(', ')})`);
  }
  if (options.checkOnly) return;
  assertCliBuilt();

  // The largest corpus (by files in git) carries the latency and cold-index figures.
  const sizes = new Map();
  for (const spec of specs) {
    const listed = await run('git', ['ls-files'], { cwd: await ensureFactCorpus(spec.name, { log }) });
    sizes.set(spec.name, listed.stdout.split('\n').filter(Boolean).length);
  }
  const largest = [...specs].sort((a, b) => sizes.get(b.name) - sizes.get(a.name))[0];

  const rows = [];
  for (const spec of specs) {
    try {
      rows.push(await measureCorpus(spec, lists.get(spec.name), { latency: spec === largest, samples: options.samples, rounds: options.rounds }));
    } catch (error) {
      log(`${spec.name}: not measured: ${error.message}`);
      rows.push({ corpus: spec.name, language: spec.language, error: error.message.split('\n')[0] });
    }
  }
  const byLanguage = {};
  for (const language of ['ts', 'python', 'go']) {
    const of = rows.filter((row) => row.language === language && row.scores);
    for (const kind of KINDS) {
      const scores = of.map((row) => row.scores[kind]).filter(Boolean);
      if (scores.length) (byLanguage[language] ??= {})[kind] = sumScores(scores);
    }
  }
  const latencyRow = rows.find((row) => row.corpus === largest.name);
  const latencyMethods = latencyRow?.latency ?? null;
  const p95s = latencyMethods ? Object.values(latencyMethods).map((v) => v.p95Ms) : [];
  const worstP95 = p95s.length > 0 && p95s.every((p95) => typeof p95 === 'number') ? Math.max(...p95s) : null;
  const coldIndex = await measureColdIndex(largest, options.runs).catch((error) => ({ corpus: largest.name, why: error.message.split('\n')[0] }));
  const missing = [...new Set(rows.flatMap((row) => row.missingMethods ?? []))];
  const results = {
    measuredAt: new Date().toISOString(), machine: describeMachine(), cli: path.relative(repoRoot, cliPath) || cliPath,
    status: missing.length === 0 && rows.every((row) => !row.error) ? 'measured' : 'incomplete',
    why: missing.length ? `the daemon does not serve ${missing.join(', ')} yet` : rows.filter((row) => row.error).map((row) => `${row.corpus}: ${row.error}`).join('; '),
    targets: FACT_TARGETS, byLanguage,
    latency: { corpus: largest.name, samples: options.samples, rounds: options.rounds, methods: latencyMethods,
      verdict: worstP95 == null ? 'not measured' : worstP95 < FACT_TARGETS.surfacesP95Ms ? 'met' : 'missed' },
    coldIndex,
    corpora: rows.map((row) => ({ ...row, scores: Object.fromEntries(Object.entries(row.scores ?? {}).map(([kind, s]) => [kind, s])) })),
  };
  for (const [language, kinds] of Object.entries(byLanguage)) {
    for (const [kind, s] of Object.entries(kinds)) {
      console.log(`${language}\t${kind}\tprecision ${s.precision?.toFixed(3) ?? '—'}\trecall ${s.recall?.toFixed(3) ?? '—'}\t(${s.matched}/${s.expected}, ${s.falsePositives} false positives)`);
    }
  }
  for (const [method, v] of Object.entries(latencyMethods ?? {})) {
    console.log(`${largest.name}\t${method}\tp50 ${v.p50Ms} ms\tp95 ${v.p95Ms} ms\t(rounds' p95 ${v.p95RangeMs?.join('-') ?? '—'} ms)`);
  }
  if (!options.write) return;
  if (rows.every((row) => !row.scores)) {
    // Nothing was measured (a broken build, say): keep the last figures rather than overwrite them.
    log(`nothing measured, bench/results/facts.json and RESULTS.md left as they were: ${results.why}`);
    process.exitCode = 1;
    return;
  }
  fs.writeFileSync(path.join(ensureDir(resultsDir), 'facts.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFactsMarkdown(results);
  process.exitCode = results.status === 'measured' ? 0 : 1;
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
