// `npm run bench:delta [-- --corpora core-js,three] [--edits N] [--check-runs N] ...`: measures the
// structural delta against its targets on real corpora: deltaMs and edit -> delta of one-file edits
// on a warm daemon, through `edit.apply` and through a write on disk (graph.delta), and
// `repograph check --base HEAD` on a 50-file change (warm daemon; then none running). Writes the
// figures to bench/results/delta.json and regenerates the delta section of bench/RESULTS.md. It
// asserts nothing: it exits 0 when every measurement ran, 1 when one failed (what was measured is
// still written, and RESULTS.md lists what was not), 2 when the daemon or the command line is not built.
//
// Every daemon started is stopped, also on failure: the bench's own with SIGTERM (daemon-process.mjs),
// those the command line starts with `repograph stop` and then SIGTERM to the registry's pid
// (delta-check.mjs). The fetched corpora are not touched (each run works on a clone).
import fs from 'node:fs';
import path from 'node:path';
import { corpusSpec, ensureCorpus } from './corpora.mjs';
import { listAdmittedFiles } from './parse-baseline.mjs';
import { nodeStartMs, readPreviousResults, run } from './lib/exec.mjs';
import { assertCliBuilt, benchDir, cliPath, ensureDir, repoRoot, resultsDir } from './lib/paths.mjs';
import { median, round } from './lib/stats.mjs';
import { assertDaemonBuilt, daemonMain, scratchRepository, sleep, spawnDaemon, waitIdle } from './lib/daemon-process.mjs';
import { distribution } from './lib/daemon-scenarios.mjs';
import { planEdits, readGraph } from './lib/delta-edits.mjs';
import { measureApply, measureDisk } from './lib/delta-scenarios.mjs';
import { makeChange, timeCheck, timeColdChecks } from './lib/delta-check.mjs';
import { judgeDelta, writeDeltaMarkdown } from './lib/delta-results.mjs';
import { describeMachine } from './lib/machine.mjs';

const resultsFile = path.join(resultsDir, 'delta.json');
const resultsMarkdown = path.join(benchDir, 'RESULTS.md');
const log = (line) => console.error(`[bench:delta] ${line}`);

const USAGE = 'Usage: npm run bench:delta [-- --corpora a,b] [--edits N] [--warmup N] [--gap-ms MS] [--check-corpus NAME|none] ' +
  '[--check-files N] [--check-renames N] [--check-new-files N] [--check-runs N] [--cold-runs N (0: skip)] [--seed N] [--quick]';

function parseOptions(argv) {
  const options = {
    corpora: ['core-js', 'three'], edits: 60, warmup: 3, gapMs: 250, checkCorpus: 'core-js', checkFiles: 50, checkRenames: 10,
    checkNewFiles: 4, checkRuns: 5, coldRuns: 5, seed: 20261130,
  };
  const numeric = {
    '--edits': 'edits', '--warmup': 'warmup', '--gap-ms': 'gapMs', '--check-files': 'checkFiles', '--check-renames': 'checkRenames',
    '--check-new-files': 'checkNewFiles', '--check-runs': 'checkRuns', '--cold-runs': 'coldRuns', '--seed': 'seed',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`bench:delta: ${flag} needs a value. ${USAGE}`);
      return v;
    };
    if (flag === '--corpora') options.corpora = value().split(',').map((name) => name.trim()).filter((name) => name && name !== 'none');
    else if (flag === '--check-corpus') options.checkCorpus = value().trim();
    else if (flag === '--quick') Object.assign(options, { edits: 9, warmup: 1, checkRuns: 2, coldRuns: 1 });
    else if (numeric[flag]) {
      const number = Number(value());
      if (!Number.isInteger(number) || number < 0) throw new Error(`bench:delta: ${flag} must be a whole number >= 0`);
      options[numeric[flag]] = number;
    } else throw new Error(`bench:delta: unknown option ${argv[i]}. ${USAGE}`);
  }
  if (options.checkCorpus === 'none') options.checkCorpus = null;
  for (const name of [...options.corpora, ...(options.checkCorpus ? [options.checkCorpus] : [])]) {
    if (corpusSpec(name).language !== 'ts') throw new Error(`bench:delta: ${name} is not a TypeScript/JavaScript corpus`);
  }
  if (options.checkCorpus && options.checkFiles < options.checkRenames + options.checkNewFiles) {
    throw new Error('bench:delta: --check-files must be at least --check-renames + --check-new-files');
  }
  return options;
}

/** The watcher's settle time as the built daemon sets it (informative), or null. */
function watchSettleMs() {
  try {
    const match = fs.readFileSync(path.join(path.dirname(daemonMain), 'live-trees.js'), 'utf8').match(/WATCH_SETTLE_MS\s*=\s*(\d+)/);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function describeBuild() {
  const commit = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, allowFailure: true }).catch(() => null);
  const status = await run('git', ['status', '--porcelain', '--', 'daemon', 'packages', 'protocol'], { cwd: repoRoot, allowFailure: true }).catch(() => null);
  let builtAt = null;
  try {
    builtAt = fs.statSync(daemonMain).mtime.toISOString();
  } catch { /* not built */ }
  return {
    daemon: path.relative(repoRoot, daemonMain), cli: path.relative(repoRoot, cliPath), builtAt, watchSettleMs: watchSettleMs(),
    commit: commit?.status === 0 ? commit.stdout.trim() : null,
    dirty: status?.status === 0 ? status.stdout.trim().length > 0 : null,
  };
}

/** Runs one measurement; a failure is recorded in record.errors and does not stop the others. */
async function step(record, state, label, measure) {
  try {
    return await measure();
  } catch (error) {
    record.errors.push(`${label}: ${error.message}`);
    state.crashed = true;
    log(`${record.name ?? record.corpus}: ${label} failed: ${error.message}`);
    return undefined;
  }
}

const byKind = (intents) => Object.fromEntries(['body', 'add', 'rename'].map((k) => [k, intents.filter((p) => p.kind === k).length]));

/** One-file edits on one corpus: (a) edit.apply, then (b) writes on disk, on one warm daemon. */
async function measureEdits(name, options, state) {
  const spec = corpusSpec(name);
  const record = { name, source: spec.npm, measuredAt: new Date().toISOString(), machine: describeMachine(), errors: [] };
  const corpus = await ensureCorpus(name, { log });
  const scratch = await scratchRepository(corpus, `delta-${name}`);
  let daemon = null;
  try {
    record.files = listAdmittedFiles(scratch.repo).files.length;
    log(`${name}: ${record.files} source files; starting the daemon in ${scratch.base}`);
    daemon = await spawnDaemon(scratch.repo, scratch.home);
    const client = await daemon.client('bench-delta-main');
    const status = await waitIdle(client, { warm: true });
    record.coldStartMs = round(performance.now() - daemon.spawnedAt, 1);
    record.index = { files: status.files, symbols: status.symbols, relations: status.relations };
    const graph = await readGraph(client);
    const used = new Set();
    const count = options.warmup + options.edits;
    const renamed = new Set();
    const applyPlans = planEdits(scratch.repo, graph, { count, seed: options.seed, serialBase: 0, used, renamed });
    const diskPlans = planEdits(scratch.repo, graph, { count, seed: options.seed + 1, serialBase: 10_000, used, renamed });
    record.planned = { apply: byKind(applyPlans), disk: byKind(diskPlans), renameCandidates: graph.callerFiles.size };
    if (applyPlans.length < count || diskPlans.length < count) {
      record.errors.push(`planned ${applyPlans.length} + ${diskPlans.length} of ${count} + ${count} edits (the corpus ran out of candidates)`);
    }
    log(`${name}: indexed in ${(record.coldStartMs / 1000).toFixed(2)} s; ${applyPlans.length} edit.apply edits, then ${diskPlans.length} on disk`);
    record.apply = await step(record, state, 'edit.apply', () => measureApply(daemon, { intents: applyPlans, graph, warmup: options.warmup, gapMs: options.gapMs }));
    if (record.apply) {
      log(`${name}: edit.apply wall p50 ${record.apply.wallMs?.p50} p95 ${record.apply.wallMs?.p95} ms; deltaMs p50 ${record.apply.deltaMs?.p50} ` +
        `p95 ${record.apply.deltaMs?.p95}; reingestMs p50 ${record.apply.reingestMs?.p50} (${record.apply.errors.length} errors)`);
    }
    record.disk = await step(record, state, 'write -> graph.delta', () => measureDisk(daemon, { intents: diskPlans, graph, warmup: options.warmup, gapMs: options.gapMs }));
    if (record.disk) {
      log(`${name}: write -> graph.delta p50 ${record.disk.latencyMs?.p50} p95 ${record.disk.latencyMs?.p95} ms; deltaMs p50 ${record.disk.deltaMs?.p50} ` +
        `p95 ${record.disk.deltaMs?.p95}; missed ${record.disk.missed}`);
    }
  } catch (error) {
    record.errors.push(error.message);
    state.crashed = true;
    log(`${name}: ${error.message}`);
  } finally {
    if (daemon) await daemon.stop();
    scratch.remove();
  }
  return record;
}

/** Distributions over check samples (failed runs counted apart). */
function checkFigures(samples) {
  const ok = samples.filter((s) => !s.error);
  const last = ok.at(-1);
  return {
    runs: samples.length, failed: samples.length - ok.length,
    wallMs: distribution(ok.map((s) => s.wallMs)), serverMs: distribution(ok.map((s) => s.serverMs)),
    deltaMs: distribution(ok.map((s) => s.deltaMs)), reingestMs: distribution(ok.map((s) => s.reingestMs)),
    findings: last?.findings ?? null,
    findingsStable: ok.every((s) => JSON.stringify(s.findings) === JSON.stringify(last.findings)),
    samples,
  };
}

/** `repograph check --base HEAD --json` on a many-file change: warm daemon, then none running. */
async function measureCheck(name, options, state) {
  const record = { corpus: name, measuredAt: new Date().toISOString(), machine: describeMachine(), errors: [] };
  const corpus = await ensureCorpus(name, { log });
  const scratch = await scratchRepository(corpus, `check-${name}`);
  let daemon = null;
  try {
    record.files = listAdmittedFiles(scratch.repo).files.length;
    const floor = [];
    for (let i = 0; i < 5; i++) floor.push((await run(process.execPath, [cliPath, '--help'], { allowFailure: true })).wallMs);
    record.cliFloorMs = round(median(floor), 1);
    daemon = await spawnDaemon(scratch.repo, scratch.home);
    const client = await daemon.client('bench-check-main');
    await waitIdle(client, { warm: true });
    record.coldStartMs = round(performance.now() - daemon.spawnedAt, 1);
    const graph = await readGraph(client);

    const events = [];
    await client.subscribe('graph.delta', {}, (event) => events.push({ at: performance.now(), reingestMs: event.payload?.reingestMs ?? null,
      deltaMs: event.payload?.deltaMs ?? null, reparsed: event.payload?.reparsed?.length ?? 0 }));
    const started = performance.now();
    record.changed = makeChange(scratch.repo, graph, { files: options.checkFiles, renames: options.checkRenames, newFiles: options.checkNewFiles, seed: options.seed + 7 });
    const writtenMs = performance.now() - started;
    await client.requestByName('symbols.search', { query: 'repographBenchNewModule1', limit: 1, sync: true });
    await waitIdle(client, { warm: true, pollMs: 10 });
    const idleMs = performance.now() - started;
    await sleep(500);
    const kinds = {};
    for (const c of record.changed) kinds[c.how] = (kinds[c.how] ?? 0) + 1;
    record.composition = `${kinds.body ?? 0} body edits, ${kinds.rename ?? 0} renames at the definition (callers in ${record.changed.filter((c) => c.how === 'rename')
      .reduce((sum, c) => sum + c.callerFiles, 0)} other files left as they were), ${kinds['new-copy'] ?? 0} new files copied from a module beside them, ` +
      `${kinds['new-module'] ?? 0} new modules that require one`;
    record.absorb = { writtenMs: round(writtenMs, 1), idleMs: round(idleMs, 1), generations: events.length,
      reingestMs: events.map((e) => e.reingestMs), deltaMs: events.map((e) => e.deltaMs), reparsed: events.map((e) => e.reparsed) };
    log(`check: ${record.changed.length} files changed (${record.composition}); the daemon was idle again after ${(idleMs / 1000).toFixed(2)} s`);

    const warm = [];
    for (let i = 0; i < options.checkRuns; i++) {
      const sample = await timeCheck(scratch.repo, scratch.home);
      warm.push(sample);
      log(`check (warm daemon) ${i + 1}/${options.checkRuns}: ${(sample.wallMs / 1000).toFixed(2)} s${sample.error ? ` failed: ${sample.error}` : ''}`);
    }
    record.warm = checkFigures(warm);
    if (record.warm.failed) record.errors.push(`check with a warm daemon: ${record.warm.failed} of ${record.warm.runs} runs failed: ${warm.find((s) => s.error).error}`);
    if (!daemon.alive()) record.errors.push('the warm daemon exited during the checks');
    await daemon.stop();
    daemon = null;

    if (options.coldRuns > 0) {
      record.coldStore = await step(record, state, 'check with no daemon (store kept)', async () =>
        checkFigures(await timeColdChecks(scratch.repo, scratch.home, { runs: options.coldRuns, emptyHome: false, log })));
      record.coldEmpty = await step(record, state, 'check with no daemon (empty data root)', async () =>
        checkFigures(await timeColdChecks(scratch.repo, scratch.home, { runs: options.coldRuns, emptyHome: true, log })));
      for (const [key, label] of [['coldStore', 'store kept'], ['coldEmpty', 'empty data root']]) {
        const figures = record[key];
        if (figures?.failed) record.errors.push(`check with no daemon (${label}): ${figures.failed} of ${figures.runs} runs failed: ${figures.samples.find((s) => s.error).error}`);
      }
    }
  } catch (error) {
    record.errors.push(error.message);
    state.crashed = true;
    log(`check: ${error.message}`);
  } finally {
    if (daemon) await daemon.stop();
    scratch.remove();
  }
  if (record.errors.length) state.crashed = true;
  return record;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  try {
    assertDaemonBuilt();
    assertCliBuilt();
  } catch (error) {
    console.error(error.message);
    return 2;
  }
  const state = { crashed: false };
  const previous = readPreviousResults(resultsFile);
  const measured = {};
  for (const name of options.corpora) {
    try {
      measured[name] = await measureEdits(name, options, state);
    } catch (error) {
      state.crashed = true;
      log(`${name}: ${error.message}`);
    }
  }
  let check = previous.check ?? null;
  if (options.checkCorpus) {
    try {
      check = await measureCheck(options.checkCorpus, options, state);
    } catch (error) {
      state.crashed = true;
      log(`check: ${error.message}`);
    }
  }
  const corpora = { ...(previous.corpora ?? {}) };
  for (const [name, record] of Object.entries(measured)) corpora[name] = record;
  const results = {
    updatedAt: new Date().toISOString(), machine: describeMachine(), build: await describeBuild(),
    options: { ...options, corpora: undefined }, nodeStartMs: await nodeStartMs(), corpora, check,
  };
  ensureDir(resultsDir);
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  writeDeltaMarkdown(resultsMarkdown, results);
  const verdicts = judgeDelta(results);
  console.log(`bench:delta: wrote ${path.relative(repoRoot, resultsFile)} and ${path.relative(repoRoot, resultsMarkdown)}`);
  console.log(`bench:delta: targets ${Object.entries(verdicts).map(([key, value]) => `${key} ${value ?? 'not measured'}`).join(', ')}`);
  return state.crashed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
