// `npm run bench [-- --corpora a,b] [--runs N] [--queries N] [--only engine,daemon,delta]`: measures
// the TypeScript/JavaScript engine on the real corpora of ../shared/bench/CORPORA.md against issue
// 2's targets, writes the raw figures to bench/results/latest.json and regenerates the ts-engine
// section of bench/RESULTS.md; then runs the daemon bench (bench/daemon.mjs) and after it the
// structural-delta bench (bench/delta.mjs), each as a child process with its own defaults. `--only`
// runs some of the three parts. It asserts nothing: it exits 0 when every tool ran, 1 when one
// crashed, 2 when the engine (or daemon) is not built (the corpus, oracle and parse figures are
// still written); with several parts, the largest of their codes.
//
// Per corpus: fetch (cached), the compiler oracle (cached), the raw parse floor (fresh child process),
// N cold indexes each with a fresh data root, store size, N re-indexes with nothing changed, export
// and score against the oracle, and in-process query latency.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureCorpus, corpusSpec, TS_CORPORA } from './corpora.mjs';
import { buildOracle } from './oracle.mjs';
import { measureParseBaselineIsolated } from './parse-baseline.mjs';
import { nodeStartMs, readPreviousResults, run } from './lib/exec.mjs';
import {
  diskUsage, exportRepository, freshDataRoot, indexRepository, peakRssMethod, scoreExport,
} from './lib/engine-cli.mjs';
import { assertCliBuilt, benchDir, ensureDir, repoRoot, resultsDir } from './lib/paths.mjs';
import { median, round } from './lib/stats.mjs';
import { writeResultsMarkdown } from './lib/results-md.mjs';
import { judgeAll } from './lib/targets.mjs';
import { describeMachine } from './lib/machine.mjs';

const latestFile = path.join(resultsDir, 'latest.json');
/** The parts of the bench, in the order they run. */
const PARTS = ['engine', 'daemon', 'delta'];
const resultsMarkdown = path.join(benchDir, 'RESULTS.md');

function parseOptions(argv) {
  const options = { corpora: TS_CORPORA, runs: 3, queries: 500, only: [...PARTS] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--corpora') options.corpora = value().split(',').map((name) => name.trim()).filter(Boolean);
    else if (flag === '--runs') options.runs = Number(value());
    else if (flag === '--queries') options.queries = Number(value());
    else if (flag === '--only') options.only = value().split(',').map((name) => name.trim()).filter(Boolean);
    else throw new Error(`bench: unknown option ${argv[i]}. Usage: npm run bench [-- --corpora a,b] [--runs N] [--queries N] [--only engine,daemon,delta]`);
  }
  for (const part of options.only) {
    if (!PARTS.includes(part)) throw new Error(`bench: --only takes some of ${PARTS.join(', ')}, not "${part}"`);
  }
  if (options.only.length === 0) throw new Error(`bench: --only needs some of ${PARTS.join(', ')}`);
  for (const name of options.corpora) {
    if (corpusSpec(name).language !== 'ts') throw new Error(`bench: ${name} is not a TypeScript/JavaScript corpus`);
  }
  if (!(options.runs >= 1)) throw new Error('bench: --runs must be a positive number');
  return options;
}

const log = (line) => console.error(`[bench] ${line}`);

/** The cold-index figures: `runs` indexes, each into a fresh data root; keeps the last data root. */
async function measureColdIndex(corpus, name, runs, parseMs) {
  const samples = [];
  let dataRoot = null;
  let lastReport = null;
  for (let i = 0; i < runs; i++) {
    if (dataRoot) fs.rmSync(dataRoot, { recursive: true, force: true });
    dataRoot = freshDataRoot(name);
    const result = await indexRepository(corpus, dataRoot).catch((error) => {
      fs.rmSync(dataRoot, { recursive: true, force: true });
      throw error;
    });
    samples.push({ wallMs: round(result.wallMs, 1), peakRssBytes: result.peakRssBytes });
    lastReport = result.report;
    log(`${name}: cold index ${i + 1}/${runs} ${(result.wallMs / 1000).toFixed(2)} s`);
  }
  const wallMs = round(median(samples.map((s) => s.wallMs)), 1);
  const rss = samples.map((s) => s.peakRssBytes).filter((v) => v != null);
  return {
    dataRoot,
    figures: {
      runs: samples,
      wallMs,
      ratio: round(wallMs / parseMs, 2),
      peakRssBytes: rss.length ? Math.max(...rss) : null,
      peakRssMethod: await peakRssMethod(),
      selfReportedPeakRssBytes: lastReport?.peakRssBytes ?? null,
      admitted: lastReport?.materials?.admitted ?? null,
      partial: lastReport?.materials?.partial ?? null,
      excluded: lastReport?.materials?.excluded ?? null,
      analysis: lastReport?.analysis ?? null,
      timings: lastReport?.timings ?? null,
      diagnosticCounts: lastReport?.diagnosticCounts ?? null,
    },
  };
}

async function measureReindex(corpus, name, dataRoot, runs) {
  const samples = [];
  let unchanged = true;
  for (let i = 0; i < runs; i++) {
    const result = await indexRepository(corpus, dataRoot);
    samples.push(round(result.wallMs, 1));
    unchanged &&= result.report?.unchanged === true;
  }
  log(`${name}: re-index ${samples.map((ms) => (ms / 1000).toFixed(3)).join(' ')} s`);
  return { runs: samples, wallMs: round(median(samples), 1), unchanged };
}

async function measureQueries(corpus, dataRoot, exportFile, count) {
  const script = path.join(benchDir, 'query-latency.mjs');
  const result = await run(process.execPath,
    [script, '--repo', corpus, '--data-root', dataRoot, '--export', exportFile, '--count', String(count)],
    { cwd: repoRoot });
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

/** Everything for one corpus. Engine failures are recorded in record.errors, not thrown. */
async function measureCorpus(name, options, state) {
  const spec = corpusSpec(name);
  const record = { name, source: spec.npm, folder: spec.folder, measuredAt: new Date().toISOString(),
    machine: describeMachine(), errors: [] };
  const corpus = await ensureCorpus(name, { log });
  const oracle = await buildOracle(name, { log });
  record.oracle = { files: oracle.files, edges: oracle.edges, externalRows: oracle.externalRows, sites: oracle.sites };
  log(`${name}: oracle ${oracle.edges} edges${oracle.cached ? ' (cached)' : ''}; measuring the parse floor`);
  const parse = await measureParseBaselineIsolated(corpus);
  record.files = parse.files;
  record.bytes = parse.bytes;
  record.parse = { ms: parse.ms, passesMs: parse.passesMs, errorFiles: parse.errorFiles, dtsFiles: parse.dtsFiles,
    byGrammar: parse.byGrammar, excluded: parse.excluded };
  log(`${name}: ${parse.files} files, ${parse.bytes} bytes, parse ${parse.ms} ms`);
  if (state.engineMissing) {
    record.errors.push(state.engineMissing);
    return record;
  }

  let dataRoot = null;
  try {
    const cold = await measureColdIndex(corpus, name, options.runs, parse.ms);
    dataRoot = cold.dataRoot;
    record.coldIndex = cold.figures;
    const usage = diskUsage(dataRoot);
    record.store = { bytes: usage.allocated, apparentBytes: usage.apparent, ratio: round(usage.allocated / parse.bytes, 2) };
    record.reindex = await measureReindex(corpus, name, dataRoot, options.runs);
    const exported = await exportRepository(name, corpus, dataRoot);
    record.accuracy = await scoreExport(oracle.path, exported.path);
    log(`${name}: recall ${record.accuracy.recall} precision@known ${record.accuracy.precisionKnown}`);
    record.queries = await measureQueries(corpus, dataRoot, exported.path, options.queries);
    log(`${name}: search p95 ${record.queries.search.p95Ms} ms, callers p95 ${record.queries.callers.p95Ms} ms`);
  } catch (error) {
    record.errors.push(error.message);
    state.crashed = true;
    log(`${name}: ${error.message}`);
  } finally {
    if (dataRoot) fs.rmSync(dataRoot, { recursive: true, force: true });
  }
  return record;
}

/** A bench script (bench/daemon.mjs, bench/delta.mjs) as a child process with this terminal; resolves to its exit code. */
function runChildBench(script) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(benchDir, script)], { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`[bench] could not start ${script}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : code ?? 1));
  });
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  let code = 0;
  if (options.only.includes('engine')) {
    code = await runEngineBench(options).catch((error) => {
      console.error(`[bench] the engine bench failed: ${error.message}`);
      return 1;
    });
  }
  if (options.only.includes('daemon')) {
    console.error('[bench] the daemon bench: node bench/daemon.mjs');
    code = Math.max(code, await runChildBench('daemon.mjs'));
  }
  if (options.only.includes('delta')) {
    console.error('[bench] the structural-delta bench: node bench/delta.mjs');
    code = Math.max(code, await runChildBench('delta.mjs'));
  }
  return code;
}

async function runEngineBench(options) {
  const state = { crashed: false, engineMissing: null };
  try {
    assertCliBuilt();
  } catch (error) {
    state.engineMissing = error.message;
    console.error(error.message);
  }

  const previous = readPreviousResults(latestFile);
  const measured = {};
  for (const name of options.corpora) {
    try {
      measured[name] = await measureCorpus(name, options, state);
    } catch (error) {
      state.crashed = true;
      console.error(`[bench] ${name}: ${error.message}`);
    }
  }

  const corpora = {};
  for (const name of TS_CORPORA) {
    const record = measured[name] ?? previous.corpora?.[name];
    if (record) corpora[name] = record;
  }
  const results = {
    updatedAt: new Date().toISOString(), machine: describeMachine(), runs: options.runs,
    nodeStartMs: await nodeStartMs(), corpora,
  };
  ensureDir(resultsDir);
  fs.writeFileSync(latestFile, JSON.stringify(results, null, 2) + '\n');
  writeResultsMarkdown(resultsMarkdown, results);

  const verdicts = judgeAll(Object.values(corpora));
  console.log(`bench: wrote ${path.relative(repoRoot, latestFile)} and ${path.relative(repoRoot, resultsMarkdown)}`);
  console.log(`bench: targets ${Object.entries(verdicts).filter(([key]) => key !== 'largest')
    .map(([key, value]) => `${key} ${value ?? 'not measured'}`).join(', ')}`);
  if (state.engineMissing) return 2;
  return state.crashed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
