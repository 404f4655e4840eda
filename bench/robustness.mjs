// `npm run bench:robustness [-- --rounds N] [--inputs N] [--seed N] [--corpus NAME] [--only kill,fuzz,stalls]`:
// the soak of issue 11 against the built daemon (daemon/dist/main.js), each part on a fresh copy of
// a real corpus (rxjs by default, fetched into bench/.corpora/) with a fresh temporary data root.
//  1. kill -9 rounds: edits through edit.apply and on disk, SIGKILL at a seeded random point
//     (mid-cold-index, mid-reindex, during catch-up, with edits in flight), restart, then the
//     store must open, the daemon serve, and after `index.status {sync:true}` its digest equal a
//     from-scratch `repograph index --json` of the final tree in another fresh data root.
//  2. a seeded fuzzer of frames and params: malformed frames on raw sockets and mutated requests
//     to every method protocol/ declares (daemon.shutdown excluded); every answer classified, and
//     daemon deaths counted (and the daemon restarted). Prints
//     `N inputs, N daemon deaths, N untyped answers`.
// Writes bench/results/robustness.json and the robustness section of bench/RESULTS.md. Exits 0 when
// both parts ran with no loss, no death, no untyped and no Internal answer; 1 when one did not
// hold (or a part crashed; what was measured is still written); 2 when the daemon is not built.
import fs from 'node:fs';
import path from 'node:path';
import { ensureCorpus, corpusSpec } from './corpora.mjs';
import { assertDaemonBuilt } from './lib/daemon-process.mjs';
import { benchDir, ensureDir, repoRoot, resultsDir } from './lib/paths.mjs';
import { runFuzz } from './lib/robustness-fuzz.mjs';
import { runKillRounds } from './lib/robustness-kill.mjs';
import { runStallProbes } from './lib/robustness-stalls.mjs';
import { groupFindings, writeRobustnessMarkdown } from './lib/robustness-results.mjs';
import { describeMachine } from './lib/machine.mjs';

const resultsFile = path.join(resultsDir, 'robustness.json');
const resultsMarkdown = path.join(benchDir, 'RESULTS.md');
const log = (line) => console.error(`[bench:robustness] ${line}`);
const PARTS = ['kill', 'fuzz', 'stalls'];
const USAGE = 'Usage: npm run bench:robustness [-- --rounds N] [--inputs N] [--seed N] [--corpus NAME] [--only kill,fuzz,stalls] ' +
  '[--lanes N] [--frame-share F] [--findings FILE]';

function parseOptions(argv) {
  const options = {
    rounds: 100, inputs: 30_000, seed: null, corpus: 'rxjs', only: [...PARTS], lanes: 6, frameShare: 0.3,
    findings: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`bench:robustness: ${flag} needs a value. ${USAGE}`);
      return v;
    };
    const number = (min) => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < min) throw new Error(`bench:robustness: ${flag} must be a number >= ${min}. ${USAGE}`);
      return n;
    };
    if (flag === '--rounds') options.rounds = Math.floor(number(0));
    else if (flag === '--inputs') options.inputs = Math.floor(number(0));
    else if (flag === '--seed') options.seed = Math.floor(number(0));
    else if (flag === '--lanes') options.lanes = Math.floor(number(1));
    else if (flag === '--frame-share') options.frameShare = Math.min(1, number(0));
    else if (flag === '--corpus') options.corpus = value();
    else if (flag === '--findings') options.findings = value();
    else if (flag === '--only') options.only = value().split(',').map((part) => part.trim()).filter(Boolean);
    else throw new Error(`bench:robustness: unknown option ${argv[i]}. ${USAGE}`);
  }
  for (const part of options.only) if (!PARTS.includes(part)) throw new Error(`bench:robustness: --only takes some of ${PARTS.join(', ')}, not "${part}"`);
  if (corpusSpec(options.corpus).language !== 'ts') throw new Error('bench:robustness: --corpus must be a TypeScript/JavaScript corpus');
  options.seed ??= Date.now() % 1_000_000_007;
  return options;
}

/** The findings as plain text: one line per distinct (type, method, params shape). */
export function findingsText(result) {
  const lines = [`# repograph fuzz findings: seed ${result.seed}, ${result.inputs} inputs, ${result.counts.deaths} daemon deaths, ` +
    `${result.counts.untyped} untyped, ${result.counts.internal} Internal, ${result.counts.noAnswer} unanswered requests (${result.measuredAt})`,
  '# type | count | method | params shapes (mutations) that gave it | example params | error code: message'];
  const order = ['death', 'readEscape', 'internal', 'untyped', 'noAnswer', 'unanswered'];
  const groups = groupFindings(result.findings);
  for (const type of order) {
    for (const f of groups.filter((x) => x.type === type)) {
      lines.push(`${type} | ${f.count} | ${f.method} | ${f.shapes.slice(0, 8).join(', ')} | ${String(f.example).slice(0, 300)} | ${f.code ?? ''}: ${f.message}`);
    }
  }
  for (const death of result.deaths) {
    lines.push(`death at input ${death.atInput}: ${death.why}; in flight: ${death.suspects.join(' || ').slice(0, 1500)}`);
  }
  if (result.escapes.length) lines.push(`ESCAPES (files written outside the repository or into .git): ${result.escapes.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  try {
    assertDaemonBuilt();
  } catch (error) {
    console.error(error.message);
    return 2;
  }
  const corpusDir = await ensureCorpus(options.corpus, { log });
  const results = {};
  log(`seed ${options.seed} (pass --seed ${options.seed} to repeat this run); corpus ${options.corpus}`);
  console.log(`seed ${options.seed}`);
  let code = 0;
  const errors = [];

  if (options.only.includes('kill') && options.rounds > 0) {
    try {
      const kill = await runKillRounds({ corpusDir, rounds: options.rounds, seed: options.seed, log });
      results.kill = { measuredAt: new Date().toISOString(), machine: describeMachine(), corpus: options.corpus, ...kill };
      console.log(`${kill.rounds} kill -9 rounds, ${kill.losses.total} losses (${kill.losses.digestMismatch} digest mismatches, ` +
        `${kill.losses.storeNotOpened} stores not opened, ${kill.losses.daemonNotStarted} daemons not started), ${kill.wallS} s`);
      if (kill.losses.total > 0) code = 1;
    } catch (error) {
      errors.push(`kill rounds: ${error.stack ?? error.message}`);
      log(`kill rounds failed: ${error.stack ?? error.message}`);
      code = 1;
    }
  }

  if (options.only.includes('fuzz') && options.inputs > 0) {
    try {
      const fuzz = await runFuzz({
        corpusDir, inputs: options.inputs, seed: options.seed, lanes: options.lanes, frameShare: options.frameShare, log,
        progress: options.findings
          ? (partial) => fs.writeFileSync(options.findings, findingsText({ ...partial, measuredAt: `in progress, ${new Date().toISOString()}` }))
          : null,
      });
      results.fuzz = { measuredAt: new Date().toISOString(), machine: describeMachine(), corpus: options.corpus, ...fuzz };
      const c = fuzz.counts;
      console.log(`Internal answers: ${c.internal} (${Object.entries(fuzz.internalByMethod).map(([m, n]) => `${m} ${n}`).join(', ') || 'none'})`);
      console.log(`untyped answers by method: ${Object.entries(fuzz.untypedByMethod).map(([m, n]) => `${m} ${n}`).join(', ') || 'none'}`);
      console.log(`well-formed requests unanswered: ${c.noAnswer} (${Object.entries(fuzz.noAnswerByMethod).map(([m, n]) => `${m} ${n}`).join(', ') || 'none'})`);
      const top = Object.entries(fuzz.perMethod).map(([m, s]) => [m, s.internal + s.untyped + s.noAnswer]).filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(`top offending methods: ${top.map(([m, n]) => `${m} ${n}`).join(', ') || 'none'}`);
      if (fuzz.escapes.length) console.log(`files written outside the repository or into .git: ${fuzz.escapes.length}`);
      if (c.readEscapes) console.log(`answers holding a file read outside the repository or .git/config: ${c.readEscapes}`);
      console.log(`${fuzz.inputs} inputs, ${c.deaths} daemon deaths, ${c.untyped} untyped answers`);
      if (options.findings) fs.writeFileSync(options.findings, findingsText(results.fuzz));
      if (c.deaths || c.untyped || c.internal || c.noAnswer || c.readEscapes || fuzz.escapes.length) code = 1;
    } catch (error) {
      errors.push(`fuzz: ${error.stack ?? error.message}`);
      log(`the fuzzer failed: ${error.stack ?? error.message}`);
      code = 1;
    }
  }

  if (options.only.includes('stalls')) {
    try {
      const stalls = await runStallProbes({ corpusDir, corpusName: options.corpus, log });
      results.stalls = { measuredAt: new Date().toISOString(), machine: describeMachine(), ...stalls };
      for (const p of stalls.probes) console.log(`stall probe ${p.name}: index.status worst ${p.worstMs} ms (p99 ${p.p99Ms} ms), target 250 ms: ${p.met ? 'met' : 'missed'}`);
      const n = stalls.neverReads;
      console.log(`never-reading client: +${n.growthMiB} MiB (target 64), ${n.returnedWithinPercent}% above the start ${n.settleSeconds} s after it left (target 10%): ${n.met ? 'met' : 'missed'}`);
      if (!stalls.met) code = 1;
    } catch (error) {
      errors.push(`stalls: ${error.stack ?? error.message}`);
      log(`the stall probes failed: ${error.stack ?? error.message}`);
      code = 1;
    }
  }

  // The parts not run this time keep their last figures (read now, so that a `--only kill` and a
  // `--only fuzz` run side by side do not undo each other).
  const previous = (() => {
    try {
      return JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
    } catch {
      return {};
    }
  })();
  const prefixes = { kill: 'kill rounds:', fuzz: 'fuzz:', stalls: 'stalls:' };
  const ran = (error) => options.only.some((part) => error.startsWith(prefixes[part]));
  const kept = (previous.errors ?? []).filter((error) => !ran(error));
  const merged = { ...previous, ...results, updatedAt: new Date().toISOString(), machine: describeMachine(), errors: [...kept, ...errors] };
  ensureDir(resultsDir);
  fs.writeFileSync(resultsFile, JSON.stringify(merged, null, 2) + '\n');
  writeRobustnessMarkdown(resultsMarkdown, merged);
  console.log(`bench:robustness: wrote ${path.relative(repoRoot, resultsFile)} and ${path.relative(repoRoot, resultsMarkdown)}`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
