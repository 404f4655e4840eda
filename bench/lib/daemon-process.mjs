// The daemon as the bench drives it: the built daemon (daemon/dist/main.js) spawned as a real
// process with its data root (REPOGRAPH_HOME) in a temporary folder, clients over its real socket
// (packages/client), a corpus copied into a temporary git repository, and what /proc says about the
// process (resident set, inotify watches). Every daemon started here is stopped with SIGTERM when
// the bench ends, however it ends. Owns no measurement.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './exec.mjs';
import { repoRoot } from './paths.mjs';

/** The daemon entry the bench spawns; $REPOGRAPH_BENCH_DAEMON measures another build. */
export const daemonMain = process.env.REPOGRAPH_BENCH_DAEMON
  ? path.resolve(process.env.REPOGRAPH_BENCH_DAEMON)
  : path.join(repoRoot, 'daemon', 'dist', 'main.js');
const clientEntry = path.join(repoRoot, 'packages', 'client', 'dist', 'index.js');
const protocolEntry = path.join(repoRoot, 'protocol', 'dist', 'index.js');

/** Throws a clear error (code DAEMON_MISSING) when the daemon or the client is not built. */
export function assertDaemonBuilt() {
  for (const file of [daemonMain, clientEntry, protocolEntry]) {
    if (!fs.existsSync(file)) {
      const error = new Error(`bench: ${path.relative(repoRoot, file)} is missing, so the daemon cannot be measured. ` +
        'Install and build first (npm ci && npm run build), then run this again.');
      error.code = 'DAEMON_MISSING';
      throw error;
    }
  }
}

let modules = null;
/** The client and protocol packages (loaded on first use, so a missing build fails with a message). */
export async function loadClient() {
  assertDaemonBuilt();
  modules ??= {
    client: await import(pathToFileURL(clientEntry).href),
    protocol: await import(pathToFileURL(protocolEntry).href),
  };
  return modules;
}

// Every daemon child still running, stopped (SIGTERM) when this process exits for any reason, and
// every scratch folder not yet removed, removed then too.
const running = new Set();
const scratchFolders = new Set();
let exitHooked = false;
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const child of running) {
      try { child.kill('SIGTERM'); } catch { /* gone already */ }
    }
    for (const folder of scratchFolders) fs.rmSync(folder, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      console.error(`[bench:daemon] ${signal}: stopping ${running.size} daemon(s)`);
      process.exit(130);
    });
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A daemon build as the A/B benches name it: `PATH/daemon/dist/main.js`, optionally followed by
 * `#` and node flags separated by commas (`main.js#--max-semi-space-size=32,--single-threaded-gc`)
 * to measure V8 or Node flags on one build.
 */
export function daemonBuild(spec) {
  const hash = spec.indexOf('#');
  if (hash < 0) return { path: spec, nodeFlags: [] };
  return { path: spec.slice(0, hash), nodeFlags: spec.slice(hash + 1).split(',').filter((flag) => flag !== '') };
}

/**
 * The `--build LABEL=PATH/daemon/dist/main.js[#flags]` options of an A/B bench, as
 * [{label, main}] (`main` absolute, flags kept); throws naming `tool` when one is malformed or
 * its build does not exist.
 */
export function abBuilds(specs, tool) {
  return (specs ?? []).map((spec) => {
    const at = spec.indexOf('=');
    if (at <= 0) throw new Error(`${tool}: --build wants LABEL=PATH/TO/daemon/dist/main.js, got ${spec}`);
    const main = path.resolve(spec.slice(at + 1));
    if (!fs.existsSync(daemonBuild(main).path)) throw new Error(`${tool}: ${main} does not exist; build that tree first (npm ci && npm run build)`);
    return { label: spec.slice(0, at), main };
  });
}

/**
 * Spawns the daemon for `repo` with REPOGRAPH_HOME=`home` (no idle timeout; `main`: another
 * build's daemon/dist/main.js, with node flags after a `#`: daemonBuild). Returns at once with
 * {child, pid, spawnedAt (performance.now() just before spawn), endpoint, output(), exited, stop()}.
 * Use connectClient() to wait until it answers.
 */
export async function spawnDaemon(repo, home, { args = [], main = daemonMain } = {}) {
  assertDaemonBuilt();
  hookExit();
  const { client, protocol } = await loadClient();
  const identity = await client.findRepository(repo);
  const endpoint = protocol.daemonEndpoint(home, identity.repoId);
  const spawnedAt = performance.now();
  const { path: mainPath, nodeFlags } = daemonBuild(main);
  const child = spawn(process.execPath, [...nodeFlags, mainPath, '--repo', repo, '--idle-timeout', '0', ...args], {
    env: { ...process.env, REPOGRAPH_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    running.delete(child);
    resolve({ code, signal });
  }));
  const clients = new Set();
  return {
    child, pid: child.pid, spawnedAt, endpoint, exited, repo, home,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    /** Connects a client (retrying until `timeoutMs`); the client is closed by stop(). */
    async client(name, { timeoutMs = 60_000 } = {}) {
      const connected = await connectClient(repo, home, name, { timeoutMs, daemon: this });
      clients.add(connected);
      return connected;
    },
    /** Closes its clients, sends SIGTERM and waits for the exit (SIGKILL after `timeoutMs`). */
    async stop({ timeoutMs = 20_000 } = {}) {
      for (const c of clients) {
        try { c.close(); } catch { /* closed already */ }
      }
      clients.clear();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }, timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Connects a client to the repository's daemon, retrying while nothing listens yet; fails after
 * `timeoutMs`, or at once when `daemon` (from spawnDaemon) has exited.
 */
export async function connectClient(repo, home, name, { timeoutMs = 60_000, daemon = null } = {}) {
  const { client } = await loadClient();
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (daemon && !daemon.alive()) {
      throw new Error(`bench: the daemon exited before it answered:\n${daemon.output().trim().split('\n').slice(-15).join('\n')}`);
    }
    try {
      return await client.connect({ repoRoot: repo, dataRoot: home, clientName: name });
    } catch (error) {
      if (performance.now() > deadline) throw new Error(`bench: no daemon answered within ${timeoutMs} ms: ${error.message}`);
      await sleep(10);
    }
  }
}

/**
 * Polls index.status until the live worktree is indexed and no refresh runs (and, with `warm`,
 * until the tree is bound in memory). Returns the last status.
 */
export async function waitIdle(client, { timeoutMs = 300_000, warm = false, pollMs = 50 } = {}) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const status = await client.requestByName('index.status', {});
    if (status.state === 'idle' && status.files > 0 && (!warm || status.warm !== false)) return status;
    if (status.state === 'error') throw new Error(`bench: the daemon's index is in error: ${status.error ?? 'no message'}`);
    if (performance.now() > deadline) throw new Error(`bench: the daemon did not finish indexing within ${timeoutMs} ms (state ${status.state})`);
    await sleep(pollMs);
  }
}

/** Resident set now and at its peak (VmRSS, VmHWM of /proc/<pid>/status), in bytes; nulls off Linux. */
export function procMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => {
      const match = status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'));
      return match ? Number(match[1]) * 1024 : null;
    };
    return { rssBytes: kb('VmRSS'), peakRssBytes: kb('VmHWM') };
  } catch {
    return { rssBytes: null, peakRssBytes: null };
  }
}

/**
 * The process's inotify use: its inotify instances (fds whose link is anon_inode:inotify) and the
 * watches on them (the `inotify wd:` lines of /proc/<pid>/fdinfo/<fd>). Null off Linux.
 */
export function inotifyWatches(pid) {
  try {
    let instances = 0;
    let watches = 0;
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      let link;
      try {
        link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue; // closed meanwhile
      }
      if (link !== 'anon_inode:inotify') continue;
      instances++;
      try {
        watches += fs.readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8').split('\n').filter((line) => line.startsWith('inotify wd:')).length;
      } catch { /* closed meanwhile */ }
    }
    return { instances, watches };
  } catch {
    return null;
  }
}

/** The system's inotify limits (/proc/sys/fs/inotify), or null. */
export function inotifyLimits() {
  const read = (name) => {
    try {
      return Number(fs.readFileSync(`/proc/sys/fs/inotify/${name}`, 'utf8').trim());
    } catch {
      return null;
    }
  };
  return { maxUserWatches: read('max_user_watches'), maxUserInstances: read('max_user_instances') };
}

const gitEnv = {
  GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
};
/** Runs git in `dir` with a fixed identity and no user configuration. */
export function git(dir, ...args) {
  return run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'commit.gpgsign=false', ...args],
    { cwd: dir, env: gitEnv });
}

/**
 * A scratch folder for one corpus run: `repo` (a fresh clone of the fetched corpus, so the fetched
 * copy is never touched) and `home` (an empty data root). remove() deletes both.
 */
export async function scratchRepository(corpusDir, label) {
  hookExit();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), `rg-bench-${label}-`));
  scratchFolders.add(base);
  const repo = path.join(base, 'repo');
  const home = path.join(base, 'home');
  fs.mkdirSync(home);
  await run('git', ['clone', '-q', '--no-hardlinks', corpusDir, repo], { env: gitEnv });
  return {
    base, repo: fs.realpathSync(repo), home,
    remove: () => {
      fs.rmSync(base, { recursive: true, force: true });
      scratchFolders.delete(base);
    },
  };
}
