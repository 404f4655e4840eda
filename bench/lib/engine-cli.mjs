// Drives the engine from outside, as a user would: `repograph index` and `repograph export` as child
// processes with their own data root, timed by wall clock, with the child's peak RSS taken by GNU
// time (/usr/bin/time -f %M) or, where that is missing, by a preload that reports
// process.resourceUsage().maxRSS at exit. Also runs the shared scorer. Owns nothing of the engine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandError, run } from './exec.mjs';
import { assertCliBuilt, cliPath, ensureDir, repoRoot, sharedRoot, workDir } from './paths.mjs';

const GNU_TIME = '/usr/bin/time';
const rssProbe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rss-probe.mjs');

let peakRssMethodCache = null;

/**
 * How peak RSS is measured here: "gnu-time" when /usr/bin/time -f %M works, else "probe".
 * REPOGRAPH_BENCH_RSS=probe forces the probe.
 */
export async function peakRssMethod() {
  if (peakRssMethodCache) return peakRssMethodCache;
  peakRssMethodCache = 'probe';
  if (process.env.REPOGRAPH_BENCH_RSS !== 'probe' && fs.existsSync(GNU_TIME)) {
    const out = path.join(os.tmpdir(), `repograph-bench-time-${process.pid}`);
    const check = await run(GNU_TIME, ['-f', '%M', '-o', out, 'true'], { allowFailure: true }).catch(() => null);
    if (check?.status === 0 && /^\d+\s*$/.test(fs.readFileSync(out, 'utf8'))) peakRssMethodCache = 'gnu-time';
    fs.rmSync(out, { force: true });
  }
  return peakRssMethodCache;
}

/** A fresh, empty data root (REPOGRAPH_HOME) under bench/.work/data/. */
export function freshDataRoot(label) {
  return fs.mkdtempSync(path.join(ensureDir(path.join(workDir, 'data')), `${label}-`));
}

/**
 * Runs the repograph command line with a data root and returns {stdout, stderr, wallMs,
 * peakRssBytes}. stdoutFile sends stdout to a file. Throws naming the command when it fails.
 */
export async function runCli(args, { dataRoot, stdoutFile } = {}) {
  assertCliBuilt();
  const method = await peakRssMethod();
  const rssFile = path.join(os.tmpdir(), `repograph-bench-rss-${process.pid}-${Date.now()}`);
  const env = { REPOGRAPH_HOME: dataRoot };
  let command;
  let commandArgs;
  if (method === 'gnu-time') {
    command = GNU_TIME;
    commandArgs = ['-f', '%M', '-o', rssFile, process.execPath, cliPath, ...args];
  } else {
    command = process.execPath;
    commandArgs = ['--import', pathToFileURL(rssProbe).href, cliPath, ...args];
    env.REPOGRAPH_BENCH_RSS_FILE = rssFile;
  }
  try {
    const result = await run(command, commandArgs, { cwd: repoRoot, env, stdoutFile, allowFailure: true });
    if (result.status !== 0) throw commandError('repograph', args, result);
    return { ...result, peakRssBytes: readPeakRss(rssFile, method) };
  } finally {
    fs.rmSync(rssFile, { force: true });
  }
}

function readPeakRss(file, method) {
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  const value = Number(lines[lines.length - 1]);
  if (!Number.isFinite(value)) return null;
  return method === 'gnu-time' ? value * 1024 : value;
}

/** `repograph index --repo DIR --json`: returns {wallMs, peakRssBytes, report}. */
export async function indexRepository(repoDir, dataRoot) {
  const result = await runCli(['index', '--repo', repoDir, '--json'], { dataRoot });
  let report = null;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    throw new Error(
      `bench: \`repograph index --repo ${repoDir} --json\` did not print a JSON BuildReport on stdout ` +
        `(first bytes: ${JSON.stringify(result.stdout.slice(0, 200))})`,
    );
  }
  return { wallMs: result.wallMs, peakRssBytes: result.peakRssBytes, report };
}

/** `repograph export --repo DIR --format jsonl` into bench/.work/export/<name>.jsonl; returns the path. */
export async function exportRepository(name, repoDir, dataRoot) {
  const file = path.join(ensureDir(path.join(workDir, 'export')), `${name}.jsonl`);
  const result = await runCli(['export', '--repo', repoDir, '--format', 'jsonl'], { dataRoot, stdoutFile: file });
  return { path: file, wallMs: result.wallMs };
}

/**
 * <shared>/tools/score.mjs ORACLE EXPORT --json [--kinds K,...]: {oracle, candidate, matched,
 * recall, precisionKnown, precisionStrict}. `kinds`: the edge kinds that count (Go: ['calls']).
 */
export async function scoreExport(oracleFile, exportFile, kinds = null) {
  const scorer = path.join(sharedRoot(), 'tools', 'score.mjs');
  const result = await run(process.execPath, [scorer, oracleFile, exportFile, '--json', ...(kinds ? ['--kinds', kinds.join(',')] : [])], { cwd: repoRoot });
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

/** Bytes a folder takes on disk: allocated (as du prints) and apparent (sum of file sizes). */
export function diskUsage(dir) {
  let allocated = 0;
  let apparent = 0;
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      const stat = fs.lstatSync(full);
      allocated += stat.blocks * 512;
      if (entry.isDirectory()) walk(full);
      else apparent += stat.size;
    }
  };
  walk(dir);
  return { allocated, apparent };
}
