// `npm run bench:daemon [-- --corpora core-js,three] [--edits N] [--clients N] [--duration S] ...`:
// measures the built daemon against the daemon issue's targets on real corpora, writes the figures
// to bench/results/daemon.json and regenerates the daemon section of bench/RESULTS.md. It asserts
// nothing: it exits 0 when every measurement ran, 1 when one failed (what was measured is still
// written, and RESULTS.md lists what was not), 2 when the daemon is not built.
//
// Per corpus, on a fresh clone in a temporary folder with an empty data root: spawn the daemon and
// wait for the initial index; RSS, watches and what was indexed (repo.export); edit on disk ->
// graph.delta; edit on disk -> sync query; many clients querying during re-index; RSS again; then
// warm restarts. Then, unless --synthetic-files 0, warm restarts of core-js grown to 5,000 files.
// Every daemon started is stopped with SIGTERM, also on failure; the fetched corpora are not touched.
import fs from 'node:fs';
import path from 'node:path';
import { corpusSpec, ensureCorpus } from './corpora.mjs';
import { listAdmittedFiles } from './parse-baseline.mjs';
import { nodeStartMs, readPreviousResults, run } from './lib/exec.mjs';
import { benchDir, ensureDir, repoRoot, resultsDir } from './lib/paths.mjs';
import { round } from './lib/stats.mjs';
import {
  assertDaemonBuilt, daemonMain, git, inotifyLimits, scratchRepository, spawnDaemon, waitIdle,
} from './lib/daemon-process.mjs';
import {
  corpusSample, editableFiles, extendCorpus, idsFromSearch, measureEditToDelta, measureEditToSyncQuery, measureLoad,
  measureRestarts, memoryAndWatches,
} from './lib/daemon-scenarios.mjs';
import { judgeDaemon, writeDaemonMarkdown } from './lib/daemon-results.mjs';
import { describeMachine } from './lib/machine.mjs';

const resultsFile = path.join(resultsDir, 'daemon.json');
const resultsMarkdown = path.join(benchDir, 'RESULTS.md');
const log = (line) => console.error(`[bench:daemon] ${line}`);

const USAGE = 'Usage: npm run bench:daemon [-- --corpora a,b] [--edits N] [--gap-ms MS] [--sync-edits N] [--clients N] ' +
  '[--duration S] [--writer-ms MS] [--refresh-every S] [--restarts N] [--synthetic-files N (0: skip)] [--quick]';

function parseOptions(argv) {
  const options = {
    corpora: ['core-js', 'three'], edits: 60, gapMs: 150, syncEdits: 20, clients: 64, durationS: 30, writerMs: 200,
    refreshEveryS: 5, restarts: 5, syntheticFiles: 5000, seed: 20261129,
  };
  const numeric = {
    '--edits': 'edits', '--gap-ms': 'gapMs', '--sync-edits': 'syncEdits', '--clients': 'clients', '--duration': 'durationS',
    '--writer-ms': 'writerMs', '--refresh-every': 'refreshEveryS', '--restarts': 'restarts', '--synthetic-files': 'syntheticFiles',
    '--seed': 'seed',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`bench:daemon: ${flag} needs a value. ${USAGE}`);
      return v;
    };
    if (flag === '--corpora') options.corpora = value().split(',').map((name) => name.trim()).filter(Boolean);
    else if (flag === '--quick') Object.assign(options, { edits: 10, syncEdits: 5, durationS: 5, restarts: 2, syntheticFiles: 0 });
    else if (numeric[flag]) {
      const number = Number(value());
      if (!Number.isFinite(number) || number < 0) throw new Error(`bench:daemon: ${flag} must be a number >= 0`);
      options[numeric[flag]] = number;
    } else throw new Error(`bench:daemon: unknown option ${argv[i]}. ${USAGE}`);
  }
  for (const name of options.corpora) corpusSpec(name);
  if (options.clients < 1) throw new Error('bench:daemon: --clients must be at least 1');
  return options;
}

/** Which build was measured: the daemon entry, the checkout's commit and whether it had local changes. */
async function describeBuild() {
  const commit = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, allowFailure: true }).catch(() => null);
  const status = await run('git', ['status', '--porcelain', '--', 'daemon', 'packages', 'protocol'], { cwd: repoRoot, allowFailure: true }).catch(() => null);
  let builtAt = null;
  try {
    builtAt = fs.statSync(daemonMain).mtime.toISOString();
  } catch { /* not built */ }
  return {
    daemon: path.relative(repoRoot, daemonMain), builtAt, watchSettleMs: watchSettleMs(),
    commit: commit?.status === 0 ? commit.stdout.trim() : null,
    dirty: status?.status === 0 ? status.stdout.trim().length > 0 : null,
  };
}

/**
 * The watcher's settle time as the build sets it (read from the built daemon's source text:
 * informative only, so the report can say how much of edit -> delta is the settle), or null.
 */
function watchSettleMs() {
  const dist = path.dirname(daemonMain);
  for (const [file, pattern] of [['live-trees.js', /WATCH_SETTLE_MS\s*=\s*(\d+)/], ['watcher.js', /settleMs:\s*options\.settleMs\s*\?\?\s*(\d+)/]]) {
    try {
      const match = fs.readFileSync(path.join(dist, file), 'utf8').match(pattern);
      if (match) return Number(match[1]);
    } catch { /* not there */ }
  }
  return null;
}

/** Runs one measurement; a failure is recorded in record.errors and does not stop the others. */
async function step(record, state, label, measure) {
  try {
    return await measure();
  } catch (error) {
    record.errors.push(`${label}: ${error.message}`);
    state.crashed = true;
    log(`${record.name ?? record.label}: ${label} failed: ${error.message}`);
    return undefined;
  }
}

const seconds = (ms) => (ms / 1000).toFixed(2);

/** Logs a restart series and records its failure (a restart that did not answer) as an error. */
function restartReport(record, state, key, label) {
  const result = record[key];
  if (!result) return;
  log(`${record.name}: ${label} -> first answer ${result.samples.map((s) => s.answeredMs).join(' ') || 'none'} ms`);
  if (result.failure) {
    record.errors.push(`${label}: ${result.failure}`);
    state.crashed = true;
    log(`${record.name}: ${label} failed: ${result.failure.split('\n').slice(0, 3).join(' / ')}`);
  }
}

async function measureCorpus(name, options, state) {
  const spec = corpusSpec(name);
  const record = { name, source: spec.npm ?? spec.deb, measuredAt: new Date().toISOString(), machine: describeMachine(), errors: [] };
  const corpus = await ensureCorpus(name, { log });
  const scratch = await scratchRepository(corpus, name);
  let daemon = null;
  try {
    record.files = listAdmittedFiles(scratch.repo).files.length;
    log(`${name}: ${record.files} source files; starting the daemon in ${scratch.base}`);
    daemon = await spawnDaemon(scratch.repo, scratch.home);
    const main = await daemon.client('bench-main');
    const status = await waitIdle(main, { warm: true });
    record.coldStartMs = round(performance.now() - daemon.spawnedAt, 1);
    record.index = { files: status.files, symbols: status.symbols, relations: status.relations };
    record.afterIndex = await memoryAndWatches(daemon, main);
    log(`${name}: indexed in ${seconds(record.coldStartMs)} s; RSS ${(record.afterIndex.rssBytes / 2 ** 20).toFixed(0)} MB, ` +
      `${record.afterIndex.watchedDirectories} watched directories, ${record.afterIndex.inotify?.watches} inotify watches`);
    const sample = await corpusSample(main, { seed: options.seed });
    record.admitted = { files: sample.files.length, directories: sample.directories, directoriesWithAncestors: sample.directoriesWithAncestors,
      symbols: sample.symbols, relations: sample.relations, names: sample.names.length };
    const files = editableFiles(scratch.repo, sample.files);
    if (files.length === 0) throw new Error('no indexed source file to edit');
    let serial = 0;

    // Warm restarts over the store the initial index left (the tree unchanged since).
    const stopped = performance.now();
    record.stopAfterIndex = { ...(await daemon.stop()), ms: round(performance.now() - stopped, 1) };
    daemon = null;
    if (options.restarts > 0) {
      record.restart = await step(record, state, 'warm restart after the initial index', () => measureRestarts({
        repo: scratch.repo, home: scratch.home, restarts: options.restarts, query: sample.names[0],
      }));
      restartReport(record, state, 'restart', 'warm restart after the initial index');
    }
    // The daemon the edits and the load run on, warm (its startup catch-up done). When it cannot
    // start on the store it left (recorded as an error), the data root is emptied and the tree indexed
    // again, so that the other measurements still run.
    let live;
    try {
      daemon = await spawnDaemon(scratch.repo, scratch.home);
      live = await daemon.client('bench-main');
      await waitIdle(live, { warm: true });
    } catch (error) {
      record.errors.push(`starting the daemon for the edits on the store it left: ${error.message} ` +
        '(the data root was emptied and the tree indexed again for the measurements that follow)');
      state.crashed = true;
      log(`${name}: the daemon did not start on its store; indexing again from an empty data root`);
      if (daemon) await daemon.stop();
      fs.rmSync(scratch.home, { recursive: true, force: true });
      fs.mkdirSync(scratch.home);
      daemon = await spawnDaemon(scratch.repo, scratch.home);
      live = await daemon.client('bench-main');
      await waitIdle(live, { warm: true });
    }
    record.rewarmMs = round(performance.now() - daemon.spawnedAt, 1);

    if (options.edits > 0) {
      record.edit = await step(record, state, 'edit -> graph.delta', () => measureEditToDelta(daemon,
        { files, edits: options.edits, gapMs: options.gapMs, seed: options.seed, serialBase: serial }));
      serial += options.edits;
      if (record.edit) {
        log(`${name}: edit -> graph.delta p50 ${record.edit.latencyMs?.p50} p95 ${record.edit.latencyMs?.p95} max ${record.edit.latencyMs?.max} ms ` +
          `(reingestMs p50 ${record.edit.reingestMs?.p50}; missed ${record.edit.missed})`);
      }
    }
    if (options.syncEdits > 0) {
      record.sync = await step(record, state, 'edit -> sync query', () => measureEditToSyncQuery(daemon,
        { files, edits: options.syncEdits, gapMs: options.gapMs, seed: options.seed + 1, serialBase: 100_000 + serial }));
      serial += options.syncEdits;
      if (record.sync) log(`${name}: edit -> sync query p50 ${record.sync.latencyMs?.p50} p95 ${record.sync.latencyMs?.p95} ms (found ${record.sync.found}/${record.sync.edits})`);
    }
    if (options.durationS > 0) {
      record.load = await step(record, state, `${options.clients} clients under re-index`, async () => {
        const ids = await idsFromSearch(live, sample.names);
        if (ids.length === 0) throw new Error('symbols.search found no symbol for the sampled names');
        log(`${name}: ${options.clients} clients for ${options.durationS} s (${sample.names.length} names, ${ids.length} ids)`);
        return measureLoad(daemon, {
          clients: options.clients, durationS: options.durationS, names: sample.names, ids, files,
          writerMs: options.writerMs, refreshEveryS: options.refreshEveryS, seed: options.seed, serialBase: 200_000,
        });
      });
      if (record.load) {
        log(`${name}: ${record.load.queries} queries, ${record.load.errors} errors, p50 ${record.load.latencyMs?.p50} p99 ${record.load.latencyMs?.p99} ms; ` +
          `${record.load.generationsPublished} generations published`);
      }
    }
    record.afterLoad = await step(record, state, 'memory after the load', () => memoryAndWatches(daemon, live));
    if (record.afterLoad) log(`${name}: RSS after the load ${(record.afterLoad.rssBytes / 2 ** 20).toFixed(0)} MB (peak ${(record.afterLoad.peakRssBytes / 2 ** 20).toFixed(0)} MB)`);
    const stopping = performance.now();
    record.stopAfterLoad = { ...(await daemon.stop()), ms: round(performance.now() - stopping, 1) };
    daemon = null;

    // Warm restarts again, over the store after the edits and the load (an overlay of many generations).
    if (options.restarts > 0) {
      record.restartAfterLoad = await step(record, state, 'warm restart after the edits and the load', () => measureRestarts({
        repo: scratch.repo, home: scratch.home, restarts: options.restarts, query: sample.names[0],
      }));
      restartReport(record, state, 'restartAfterLoad', 'warm restart after the edits and the load');
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

/** core-js grown to `files` source files (copies of modules/), indexed once, then warm restarts. */
async function measureSynthetic(options, state) {
  const label = `core-js + copies of modules/ (${options.syntheticFiles} files)`;
  const record = { label, name: 'core-js-synthetic', measuredAt: new Date().toISOString(), machine: describeMachine(), errors: [] };
  const corpus = await ensureCorpus('core-js', { log });
  const scratch = await scratchRepository(corpus, 'core-js-synthetic');
  let daemon = null;
  try {
    record.files = await extendCorpus(scratch.repo, { fromFolder: 'modules', targetFiles: options.syntheticFiles, git });
    log(`synthetic: ${record.files} source files; first index`);
    daemon = await spawnDaemon(scratch.repo, scratch.home);
    const main = await daemon.client('bench-main');
    const status = await waitIdle(main, { warm: true });
    record.coldStartMs = round(performance.now() - daemon.spawnedAt, 1);
    record.index = { files: status.files, symbols: status.symbols, relations: status.relations };
    record.afterIndex = await memoryAndWatches(daemon, main);
    const query = (await main.requestByName('symbols.search', { query: 'isCallable', limit: 1 })).symbols?.[0]?.name ?? 'isCallable';
    await daemon.stop();
    daemon = null;
    record.restart = await step(record, state, 'warm restart', () => measureRestarts({
      repo: scratch.repo, home: scratch.home, restarts: options.restarts, query,
    }));
    restartReport(record, state, 'restart', 'warm restart');
  } catch (error) {
    record.errors.push(error.message);
    state.crashed = true;
    log(`synthetic: ${error.message}`);
  } finally {
    if (daemon) await daemon.stop();
    scratch.remove();
  }
  return record;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  try {
    assertDaemonBuilt();
  } catch (error) {
    console.error(error.message);
    return 2;
  }
  const state = { crashed: false };
  const previous = readPreviousResults(resultsFile);
  const measured = {};
  for (const name of options.corpora) {
    try {
      measured[name] = await measureCorpus(name, options, state);
    } catch (error) {
      state.crashed = true;
      log(`${name}: ${error.message}`);
    }
  }
  let synthetic = previous.synthetic ?? null;
  if (options.syntheticFiles > 0 && options.restarts > 0) {
    try {
      synthetic = await measureSynthetic(options, state);
    } catch (error) {
      state.crashed = true;
      log(`synthetic: ${error.message}`);
    }
  }

  const corpora = { ...(previous.corpora ?? {}) };
  for (const [name, record] of Object.entries(measured)) corpora[name] = record;
  const results = {
    updatedAt: new Date().toISOString(), machine: describeMachine(), build: await describeBuild(),
    options: { ...options, corpora: undefined }, nodeStartMs: await nodeStartMs(), inotifyLimits: inotifyLimits(),
    corpora, synthetic,
  };
  ensureDir(resultsDir);
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  writeDaemonMarkdown(resultsMarkdown, results);
  const verdicts = judgeDaemon(results);
  console.log(`bench:daemon: wrote ${path.relative(repoRoot, resultsFile)} and ${path.relative(repoRoot, resultsMarkdown)}`);
  console.log(`bench:daemon: targets ${Object.entries(verdicts).filter(([key]) => key !== 'largest')
    .map(([key, value]) => `${key} ${value ?? 'not measured'}`).join(', ')}`);
  return state.crashed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
