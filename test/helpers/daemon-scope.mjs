// Per-test scaffolding for the end-to-end daemon tests: a temporary folder holding the test's
// repositories and data root, and cleanups that always run (last registered, first run), so
// every daemon a test starts is stopped (SIGTERM, then SIGKILL if it hangs) and every folder
// removed, whether the test passed or not.
import { spawn } from 'node:child_process';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { isPidAlive, readRegistry } from '../../packages/client/dist/index.js';
import { daemonMain, endpointOf, startDaemon } from './daemon.mjs';
import { cliPath, gitRepo, projectRoot, repograph, tempDir } from './repo.mjs';

/** How long a daemon may take to stop on SIGTERM before the cleanup kills it. */
const STOP_GRACE_MS = 20_000;

export function scope(t) {
  const { dir: raw, cleanup } = tempDir('repograph-e2e-');
  const dir = realpathSync(raw);
  const cleanups = [cleanup];
  t.after(async () => {
    for (const run of cleanups.reverse()) {
      try {
        await run();
      } catch (error) {
        process.stderr.write(`cleanup failed: ${error?.stack ?? error}\n`);
      }
    }
  });
  const home = join(dir, 'home');
  return {
    dir,
    home,
    /** Runs `fn` when the test ends (before the cleanups registered earlier). */
    defer(fn) { cleanups.push(fn); },
    /** A git repository `dir/name` with the files committed (real path). */
    repo(name, files) {
      const root = join(dir, name);
      mkdirSync(root, { recursive: true });
      return gitRepo(root, files);
    },
    /** The daemon for `repo` (startDaemon), stopped when the test ends. */
    async daemon(repo, options = {}) {
      const daemon = await startDaemon(repo, options.home ?? home, options);
      cleanups.push(() => stopOrKill(daemon));
      return daemon;
    },
    /** A daemon process that may fail to start: {child, exited, output(), stdout(), stderr()}; killed when the test ends. */
    spawnDaemon(repo, args = [], options = {}) {
      return track(spawnProcess([daemonMain, '--repo', repo, ...args], options.home ?? home, options.env));
    },
    /** `repograph ARGS` as a process (for commands that might not return): {child, exited, output(), stdout(), stderr()}. */
    spawnCli(args, options = {}) {
      return track(spawnProcess([cliPath, ...args], options.home ?? home, options.env));
    },
    /** Stops the daemon a CLI command auto-started for `repo`, when the test ends. */
    deferCliDaemonStop(repo, options = {}) {
      const dataRoot = options.home ?? home;
      cleanups.push(async () => {
        const endpoint = await endpointOf(repo, dataRoot);
        const record = readRegistry(endpoint.registry);
        repograph(['stop', '--repo', repo], { home: dataRoot });
        if (record && isPidAlive(record.pid)) {
          process.kill(record.pid, 'SIGKILL');
        }
      });
    },
  };

  function track(processHandle) {
    cleanups.push(async () => {
      const { child } = processHandle;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await processHandle.exited;
      clearTimeout(timer);
    });
    return processHandle;
  }
}

/** Stops a daemon from startDaemon with SIGTERM (SIGKILL after a grace period); resolves with its exit. */
export async function stopOrKill(daemon) {
  const timer = setTimeout(() => daemon.child.kill('SIGKILL'), STOP_GRACE_MS);
  try {
    return await daemon.stop();
  } finally {
    clearTimeout(timer);
  }
}

function spawnProcess(args, home, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...process.env, REPOGRAPH_HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { output += chunk; stdout += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; stderr += chunk; });
  // 'close' rather than 'exit': every byte of its output has been read by then.
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output, stdout: () => stdout, stderr: () => stderr };
}

/** Awaits a request expected to fail and returns the error (a RepographRequestError). */
export async function rejection(promise, what = 'the request') {
  try {
    const result = await promise;
    throw new Error(`${what} succeeded but should have failed: ${JSON.stringify(result).slice(0, 500)}`);
  } catch (error) {
    if (error?.name !== 'RepographRequestError') throw error;
    return error;
  }
}

/** Resolves with `promise`'s value, or rejects after `timeoutMs` naming `what`. */
export async function within(promise, timeoutMs, what) {
  let timer;
  try {
    return await Promise.race([
      promise,
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs); }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
