// Test helpers for the daemon: the built daemon spawned as a real process with its data root
// (and so its socket, registry and log) in a temporary folder, and clients over the real socket.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, findRepository } from '../../packages/client/dist/index.js';
import { daemonEndpoint } from '../../protocol/dist/index.js';
import { projectRoot } from './repo.mjs';

export const daemonMain = join(projectRoot, 'daemon/dist/main.js');

/** The endpoint files of the repository's daemon under `home`. */
export async function endpointOf(repo, home) {
  const identity = await findRepository(repo);
  return daemonEndpoint(home, identity.repoId);
}

/**
 * Spawns the daemon for `repo` with REPOGRAPH_HOME=`home` and waits until a client can talk to
 * it. Returns {child, endpoint, client(name), stop(), exited, output()}.
 */
export async function startDaemon(repo, home, { args = [], env = {} } = {}) {
  const child = spawn(process.execPath, [daemonMain, '--repo', repo, '--idle-timeout', '0', ...args], {
    env: { ...process.env, REPOGRAPH_HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const endpoint = await endpointOf(repo, home);
  const clients = [];
  const daemon = {
    child, endpoint, exited,
    output: () => output,
    async client(name = 'test') {
      const client = await connect({ repoRoot: repo, dataRoot: home, clientName: name });
      clients.push(client);
      return client;
    },
    async stop() {
      for (const client of clients) {
        try { client.close(); } catch { /* already closed */ }
      }
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the daemon exited (${child.exitCode}) before it was ready:\n${output}`);
    try {
      await daemon.client('readiness');
      return daemon;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`the daemon was not ready within 30 s: ${error.message}\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Calls a method by name (params as an object) and returns the result. */
export function call(client, method, params = {}) {
  return client.requestByName(method, params);
}

/** Waits until `predicate()` is truthy (polling), or fails after `timeoutMs`. */
export async function waitFor(predicate, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reads the registry record of the endpoint, or null. */
export function registryOf(endpoint) {
  try {
    return JSON.parse(readFileSync(endpoint.registry, 'utf8'));
  } catch {
    return null;
  }
}
