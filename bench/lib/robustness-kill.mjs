// kill -9 rounds against the real daemon: one copy of the corpus and one data root carried from
// round to round (the store survives kill after kill), and in each round edits through edit.apply
// and on disk, a SIGKILL at a seeded random point, a restart, and the check that nothing was lost:
// the daemon starts, its store opens, and after `index.status {sync:true}` the digest of
// `index.report` equals that of a from-scratch `repograph index --json` of the final tree in a
// fresh data root (built while the daemon restarts). Kill points: mid-cold-index (the data root
// wiped first), mid-reindex (a batch of disk edits), during catch-up (edits made while it was
// down), with edit.apply requests in flight, and mixed. A lost round starts the next from a fresh
// data root. Owns the rounds and their verdicts.
import fs from 'node:fs';
import path from 'node:path';
import { run } from './exec.mjs';
import { cliPath } from './paths.mjs';
import { sleep, spawnDaemon } from './daemon-process.mjs';
import { makeScratch } from './robustness-fuzz.mjs';
import { seededRandom } from './stats.mjs';

export const KILL_POINTS = ['cold-index', 'reindex', 'catch-up', 'edit-in-flight', 'mixed'];

/** The .ts/.js files of the worktree (repository-relative), sorted; .git excluded. */
function sourceFiles(root, dir = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...sourceFiles(root, rel));
    else if (/\.(ts|js)$/.test(entry.name)) out.push(rel);
  }
  return out.sort();
}

/** A from-scratch build of `repo` into a fresh data root; resolves to its digest (or throws). */
async function freshDigest(repo, base, round) {
  const home = path.join(base, `fresh-${round}`);
  fs.mkdirSync(home, { recursive: true });
  try {
    const result = await run(process.execPath, [cliPath, 'index', '--repo', repo, '--json'], { env: { REPOGRAPH_HOME: home } });
    return JSON.parse(result.stdout).digest;
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/**
 * Runs the rounds. Options: corpusDir, rounds, seed, log, connectTimeoutMs, syncTimeoutMs.
 * Resolves to {seed, rounds, wallS, losses:{total, digestMismatch, storeNotOpened,
 * daemonNotStarted}, byPoint, failures, samples}.
 */
export async function runKillRounds({ corpusDir, rounds, seed, log, connectTimeoutMs = 60_000, syncTimeoutMs = 180_000 }) {
  const random = seededRandom(seed ^ 0x5bd1e995);
  const int = (n) => Math.floor(random() * n);
  const pick = (list) => list[int(list.length)];
  const scratch = makeScratch('kill');
  await scratch.clone(corpusDir);
  const { repo } = scratch;
  let home = scratch.home;
  let homeNumber = 0;
  let daemon = null;
  let client = null;
  let step = 0;
  const started = performance.now();

  const freshHome = () => {
    home = path.join(scratch.base, `home-${++homeNumber}`);
    fs.mkdirSync(home);
  };
  const kill9 = async () => {
    if (!daemon) return;
    if (daemon.alive()) daemon.child.kill('SIGKILL');
    await daemon.exited;
    daemon = null;
    client = null;
  };
  const start = async () => {
    daemon = await spawnDaemon(repo, home);
    return daemon;
  };
  const connect = async () => {
    client = await daemon.client('kill-rounds', { timeoutMs: connectTimeoutMs });
    return client;
  };
  const waitServing = async () => {
    if (!client) await connect();
    for (;;) {
      const status = await client.requestByName('index.status', {});
      if (status.state !== 'indexing' && status.files > 0) return status;
      await sleep(50);
    }
  };

  // ---- Edits: plausible code, so the graph changes (renames, added calls, new, deleted, moved files).
  const diskEdit = () => {
    step++;
    const files = sourceFiles(repo);
    const file = pick(files);
    const absolute = path.join(repo, file);
    const roll = random();
    if (roll < 0.5) {
      const text = fs.readFileSync(absolute, 'utf8');
      const edited = random() < 0.5
        ? text.replace(/export function (\w+)/, (_m, name) => `export function ${name}K${step}`)
        : `${text}\nexport function killAdded${step}(): void {\n  killAdded${step}();\n}\n`;
      fs.writeFileSync(absolute, edited);
    } else if (roll < 0.7) {
      fs.mkdirSync(path.join(repo, 'src/kill'), { recursive: true });
      fs.writeFileSync(path.join(repo, `src/kill/made${step}.ts`), `import { Observable } from '../internal/Observable';\nexport function made${step}() { return new Observable(); }\n`);
    } else if (roll < 0.85 && files.length > 50) {
      fs.rmSync(absolute);
    } else if (files.length > 50) {
      fs.renameSync(absolute, absolute.replace(/\.(ts|js)$/, `-m${step}.$1`));
    }
  };
  const diskEdits = (n) => { for (let i = 0; i < n; i++) diskEdit(); };
  const applyEdit = () => {
    if (!client) return Promise.resolve();
    step++;
    const files = sourceFiles(repo);
    const edits = random() < 0.5
      ? [{ path: `src/kill/applied${step}.ts`, content: `export function applied${step}(x: number) { return x * ${step}; }\n` }]
      : [{ path: pick(files), replace: { old: 'export', new: 'export' } }];
    if (random() < 0.3) edits.push({ path: `src/kill/applied${step}b.ts`, content: `export const v${step} = ${step};\n` });
    return client.requestByName('edit.apply', { edits }).catch(() => undefined);
  };

  const losses = { total: 0, digestMismatch: 0, storeNotOpened: 0, daemonNotStarted: 0 };
  const byPoint = Object.fromEntries(KILL_POINTS.map((p) => [p, { rounds: 0, losses: 0 }]));
  const failures = [];
  const samples = [];

  for (let round = 1; round <= rounds; round++) {
    const point = round === 1 ? 'cold-index' : pick(KILL_POINTS);
    const roundStarted = performance.now();
    let killAfterMs = 0;
    // ---- Bring the daemon to the kill point and kill it.
    if (point === 'cold-index') {
      await kill9();
      if (round > 1) {
        fs.rmSync(home, { recursive: true, force: true });
        freshHome();
      }
      if (random() < 0.5) diskEdits(1 + int(5));
      await start();
      killAfterMs = int(3000);
      await sleep(killAfterMs);
    } else if (point === 'catch-up') {
      await kill9();
      diskEdits(1 + int(15));
      await start();
      killAfterMs = int(1500);
      await sleep(killAfterMs);
    } else {
      if (!daemon) {
        await start();
        await waitServing();
      } else if (!client) await connect();
      if (point === 'reindex') {
        diskEdits(1 + int(20));
        killAfterMs = int(800);
        await sleep(killAfterMs);
      } else if (point === 'edit-in-flight') {
        const n = 1 + int(6);
        for (let i = 0; i < n; i++) void applyEdit();
        killAfterMs = int(250);
        await sleep(killAfterMs);
      } else {
        const deadline = performance.now() + int(1500);
        while (performance.now() < deadline) {
          if (random() < 0.5) diskEdits(1 + int(3));
          else void applyEdit();
          await sleep(int(120));
        }
        killAfterMs = Math.round(performance.now() - roundStarted);
      }
    }
    // What the daemon was doing when killed (when a client is connected; answered within 50 ms).
    let stateAtKill = 'unknown';
    if (client && daemon?.alive()) {
      stateAtKill = await Promise.race([
        client.requestByName('index.status', {}).then((s) => `${s.state}${s.progress?.total ? ` ${s.progress.done}/${s.progress.total}` : ''}`, () => 'unknown'),
        sleep(50).then(() => 'busy (no answer in 50 ms)'),
      ]);
    } else if (daemon?.alive()) stateAtKill = 'starting or catching up (no client yet)';
    await kill9();
    if (random() < 0.3) diskEdits(1 + int(4));

    // ---- Restart and check; the fresh build of the final tree runs meanwhile.
    const fresh = freshDigest(repo, scratch.base, round).then((digest) => ({ digest }), (error) => ({ error }));
    let loss = null;
    let detail = '';
    let liveDigest = null;
    try {
      await start();
      try {
        await connect();
      } catch (error) {
        const output = daemon.output();
        loss = /store|sqlite|database|corrupt|malformed|lmdb|journal/i.test(output) ? 'storeNotOpened' : 'daemonNotStarted';
        detail = `${error.message.split('\n')[0]}; log: ${output.trim().split('\n').slice(-3).join(' / ')}`;
      }
      if (!loss) {
        const status = await withTimeout(client.requestByName('index.status', { sync: true }), syncTimeoutMs, 'index.status {sync:true}');
        let settled = status;
        while (settled.state === 'indexing') {
          await sleep(50);
          settled = await client.requestByName('index.status', {});
        }
        if (settled.state === 'error') {
          loss = settled.errorCode === 'StoreError' || /store/i.test(settled.error ?? '') ? 'storeNotOpened' : 'daemonNotStarted';
          detail = `index.status is in error: ${settled.errorCode ?? ''} ${settled.error ?? ''}`;
        } else {
          const report = await withTimeout(client.requestByName('index.report', { sync: true }), syncTimeoutMs, 'index.report {sync:true}');
          liveDigest = report.digest;
        }
      }
    } catch (error) {
      loss = error.code === 'StoreError' || /store/i.test(error.message) ? 'storeNotOpened' : 'daemonNotStarted';
      detail = error.message.split('\n')[0];
    }
    const freshResult = await fresh;
    if (!loss) {
      if (freshResult.error) throw new Error(`bench:robustness: the fresh build of round ${round} failed: ${freshResult.error.message}`);
      if (typeof liveDigest !== 'string' || typeof freshResult.digest !== 'string' || liveDigest !== freshResult.digest) {
        loss = 'digestMismatch';
        detail = `live ${liveDigest} vs fresh ${freshResult.digest}`;
      }
    }
    byPoint[point].rounds++;
    const roundMs = Math.round(performance.now() - roundStarted);
    samples.push({ round, point, killAfterMs, stateAtKill, roundMs, loss });
    if (loss) {
      losses.total++;
      losses[loss]++;
      byPoint[point].losses++;
      failures.push({ round, point, killAfterMs, loss, detail, logTail: daemon?.output().trim().split('\n').slice(-10).join('\n') ?? '' });
      log(`kill: round ${round} (${point}, killed after ${killAfterMs} ms) LOST: ${loss}: ${detail}`);
      // Start the next round clean.
      await kill9();
      fs.rmSync(home, { recursive: true, force: true });
      freshHome();
    } else if (round % 5 === 0 || rounds <= 10) {
      log(`kill: round ${round}/${rounds} (${point}, killed after ${killAfterMs} ms, ${stateAtKill}) ok in ${(roundMs / 1000).toFixed(1)} s; ` +
        `${losses.total} losses so far, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  if (daemon) await daemon.stop();
  scratch.remove();
  return { seed, rounds, wallS: Math.round((performance.now() - started) / 100) / 10, losses, byPoint, failures, samples };
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} unanswered after ${ms} ms`)), ms); }),
  ]);
}
