// `repograph check --base HEAD --json` on a many-file change, as CI or a pre-commit hook runs it:
// the change is made on disk (bodies edited, functions renamed at their definition, new files),
// then the command line is timed end to end as a child process (Node's start included), with a
// warm daemon already serving the repository, and with none (the command line starts one, which
// this module stops after each run: `repograph stop`, then SIGTERM to the registry's pid).
// Owns the auto-started daemons' cleanup; no verdicts.
import fs from 'node:fs';
import path from 'node:path';
import { run } from './exec.mjs';
import { loadClient, sleep } from './daemon-process.mjs';
import { materialize, planEdits, writePlan } from './delta-edits.mjs';
import { deltaCounts } from './delta-scenarios.mjs';
import { cliPath } from './paths.mjs';
import { round, seededRandom } from './stats.mjs';

/**
 * Changes `files` files of the worktree on disk: `renames` renames (at the definition, callers in
 * other files left as they were), `newFiles` new files (half copies of an existing module beside
 * it, so new duplicates; half a small module that requires one and calls it) and body edits for
 * the rest. Returns the list of what was done.
 */
export function makeChange(repo, graph, { files, renames, newFiles, seed, serialBase = 500_000 }) {
  const used = new Set();
  const renameIntents = planEdits(repo, graph, { count: renames, seed, serialBase, used, kinds: ['rename'] });
  const bodyIntents = planEdits(repo, graph, { count: files - newFiles - renameIntents.length, seed: seed + 1, serialBase: serialBase + 1000, used, kinds: ['body'] });
  const random = seededRandom(seed + 2);
  const sources = graph.files.filter((rel) => /\.(?:[cm]?[jt]s)$/.test(rel) && !rel.endsWith('.d.ts') && !used.has(rel) && fs.existsSync(path.join(repo, rel)));
  const created = [];
  for (let i = 0; i < newFiles && sources.length; i++) {
    const source = sources.splice(Math.floor(random() * sources.length), 1)[0];
    const dir = path.posix.dirname(source);
    const extension = path.posix.extname(source);
    const base = path.posix.basename(source, extension);
    const copy = i % 2 === 0;
    const target = path.posix.join(dir, `${base}-bench-${copy ? 'copy' : 'user'}${i}${extension}`);
    const commonJs = /\.c?js$/.test(extension) && !/^\s*(?:import|export)\s/m.test(fs.readFileSync(path.join(repo, source), 'utf8'));
    const text = copy ? fs.readFileSync(path.join(repo, source), 'utf8')
      : commonJs
        ? `'use strict';\nvar dependency = require('./${base}${extension}');\n\nfunction repographBenchNewModule${i}(value) {\n` +
          `  var result = typeof dependency == 'function' ? dependency(value) : dependency;\n  return [result, ${i}];\n}\n\nmodule.exports = repographBenchNewModule${i};\n`
        : `import * as dependency from './${base}${/\.ts$/.test(extension) ? '' : extension}';\n\nexport function repographBenchNewModule${i}(value${/ts$/.test(extension) ? ': unknown' : ''}) {\n` +
          `  return [Object.keys(dependency).length, value, ${i}];\n}\n`;
    fs.writeFileSync(path.join(repo, target), text);
    created.push({ how: copy ? 'new-copy' : 'new-module', path: target, from: source });
  }
  const made = [];
  for (const intent of [...renameIntents, ...bodyIntents]) {
    const plan = materialize(repo, graph, intent);
    if (!plan) continue;
    writePlan(repo, plan);
    made.push(plan.how === 'rename' ? { how: 'rename', path: plan.path, from: plan.from, to: plan.to, callerFiles: plan.callerFiles } : { how: plan.how, path: plan.path });
  }
  return [...made, ...created];
}

/** The failing findings as `repograph check --fail-on-found` counts them, and every category. */
export function findingsOf(delta) {
  const counts = deltaCounts(delta);
  const arityFailing = delta?.arityFindings?.filter((f) => f.verdict === 'too_many' || f.verdict === 'too_few').length ?? 0;
  return {
    failing: counts.danglingCallers + arityFailing + counts.newDuplicates + counts.newImportCycles,
    ...counts,
  };
}

/** One `repograph check --base REF --json` in `repo` with REPOGRAPH_HOME=`home`, timed as a child process. */
export async function timeCheck(repo, home, base = 'HEAD') {
  const result = await run(process.execPath, [cliPath, 'check', '--base', base, '--json'], { cwd: repo, env: { REPOGRAPH_HOME: home }, allowFailure: true });
  const sample = { wallMs: round(result.wallMs, 1), exitCode: result.status };
  if (result.status !== 0) {
    sample.error = result.stderr.trim().split('\n').slice(-5).join(' / ').slice(0, 600);
    return sample;
  }
  const delta = JSON.parse(result.stdout);
  return {
    ...sample, serverMs: delta.meta?.timings?.totalMs ?? null, deltaMs: delta.deltaMs ?? null, reingestMs: delta.reingestMs ?? null,
    generation: delta.meta?.generation ?? null, base: delta.base ?? null, findings: findingsOf(delta),
  };
}

// Daemons the command line started for a run without one: stopped after each run and, whatever
// happens, when this process exits.
const autoStarted = new Set();
let hooked = false;
function hookExit() {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const pid of autoStarted) {
      try { process.kill(pid, 'SIGTERM'); } catch { /* gone */ }
    }
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** The registry file of the repository's daemon under `home`. */
async function registryFile(repo, home) {
  const { client, protocol } = await loadClient();
  const identity = await client.findRepository(repo);
  return protocol.daemonEndpoint(home, identity.repoId).registry;
}

/** The pid the registry names for the repository's daemon, or null. */
export async function registryPid(repo, home) {
  try {
    const record = JSON.parse(fs.readFileSync(await registryFile(repo, home), 'utf8'));
    return Number.isInteger(record.pid) ? record.pid : null;
  } catch {
    return null;
  }
}

/**
 * Stops the repository's daemon under `home` that the command line started: `repograph stop`
 * (same REPOGRAPH_HOME), then SIGTERM to the registry's pid if it still runs, SIGKILL after 20 s.
 * Returns how it ended.
 */
export async function stopAutoStarted(repo, home) {
  const pid = await registryPid(repo, home);
  if (pid) {
    hookExit();
    autoStarted.add(pid);
  }
  const stop = await run(process.execPath, [cliPath, 'stop'], { cwd: repo, env: { REPOGRAPH_HOME: home }, allowFailure: true });
  let via = 'repograph stop';
  if (pid) {
    const deadline = performance.now() + 20_000;
    let signalled = false;
    while (alive(pid)) {
      if (!signalled && performance.now() > deadline - 15_000) {
        try { process.kill(pid, 'SIGTERM'); } catch { /* gone */ }
        signalled = true;
        via = 'SIGTERM';
      }
      if (performance.now() > deadline) {
        try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
        via = 'SIGKILL';
        break;
      }
      await sleep(20);
    }
    autoStarted.delete(pid);
  }
  return { pid, via, stopExit: stop.status, stopOutput: stop.stdout.trim() };
}

/**
 * `runs` checks with no daemon running beforehand: each auto-starts one (with `home` as it is, or
 * emptied first when `emptyHome`), which is stopped after the run. Returns the samples.
 */
export async function timeColdChecks(repo, home, { runs, emptyHome, log = () => {} }) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    if (emptyHome) {
      fs.rmSync(home, { recursive: true, force: true });
      fs.mkdirSync(home);
    }
    let sample;
    try {
      sample = await timeCheck(repo, home);
    } finally {
      const stopped = await stopAutoStarted(repo, home);
      sample = { ...(sample ?? {}), stoppedVia: stopped.via, daemonPid: stopped.pid };
    }
    log(`check (no daemon${emptyHome ? ', empty data root' : ', store kept'}) ${i + 1}/${runs}: ${(sample.wallMs / 1000).toFixed(2)} s` +
      `${sample.error ? ` failed: ${sample.error}` : ''}`);
    samples.push(sample);
  }
  return samples;
}
