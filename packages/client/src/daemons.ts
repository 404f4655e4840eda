/**
 * The daemons of one data root: list them from their registry files with a liveness check
 * (the pid exists and the socket accepts), clear the files of stale ones, and stop one
 * (`daemon.shutdown`, falling back to SIGTERM) and wait for its process to end.
 */
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { daemonEndpoint, DaemonShutdownRequest, runDirectory, type DaemonRegistryRecord } from '@repograph/protocol';
import { RepographClient } from './client.js';
import { RepographRequestError } from './errors.js';
import { isPidAlive, readRegistry } from './registry.js';
import { socketAccepts, tryConnect } from './socket-probe.js';

export interface DaemonListing extends DaemonRegistryRecord {
  /** `running`: the pid exists and the socket accepts; `stale`: the files outlived the daemon. */
  state: 'running' | 'stale';
  registryFile: string;
  /** Why a listing is stale (for people). */
  staleReason?: string;
  /** True when `removeStale` deleted this stale daemon's files. */
  removed?: boolean;
}

export interface ListDaemonsOptions {
  /** Delete the registry and socket (and, when the pid is gone, the lock) of stale daemons. */
  removeStale?: boolean;
  /** How long a socket may take to accept; default 1000 ms. */
  probeTimeoutMs?: number;
}

/** Every daemon registered under `dataRoot`, sorted by repository root. */
export async function listDaemons(dataRoot: string, options: ListDaemonsOptions = {}): Promise<DaemonListing[]> {
  const run = runDirectory(dataRoot);
  let names: string[];
  try {
    names = readdirSync(run).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const listings = await Promise.all(names.map((name) => inspect(dataRoot, join(run, name), options)));
  return listings.sort((a, b) => (a.repoRoot < b.repoRoot ? -1 : a.repoRoot > b.repoRoot ? 1 : a.repoId < b.repoId ? -1 : 1));
}

async function inspect(dataRoot: string, registryFile: string, options: ListDaemonsOptions): Promise<DaemonListing> {
  const repoId = basename(registryFile, '.json');
  const endpoint = daemonEndpoint(dataRoot, repoId);
  const record = readRegistry(registryFile);
  let listing: DaemonListing;
  let pidAlive = false;
  if (!record) {
    listing = {
      pid: 0, repoId, repoRoot: '', commonDir: '', socket: endpoint.socket, dataRoot, serverVersion: '', protocolVersion: '',
      startedAt: '', logFile: endpoint.log, state: 'stale', registryFile, staleReason: 'the registry file is unreadable',
    };
  } else {
    pidAlive = isPidAlive(record.pid);
    const accepts = pidAlive ? await socketAccepts(record.socket, options.probeTimeoutMs ?? 1000) : false;
    listing = { ...record, state: 'running', registryFile };
    if (!pidAlive) {
      listing = { ...listing, state: 'stale', staleReason: `process ${record.pid} is gone` };
    } else if (accepts === false) {
      listing = { ...listing, state: 'stale', staleReason: `nothing listens on ${record.socket}` };
    }
  }
  if (listing.state === 'stale' && options.removeStale) {
    for (const file of [registryFile, listing.socket, ...(pidAlive ? [] : [endpoint.lock])]) rmSync(file, { force: true });
    listing.removed = true;
  }
  return listing;
}

export interface StopResult {
  /** False when no daemon was running (its files were stale or gone). */
  wasRunning: boolean;
  /** How it was asked to stop. */
  via: 'shutdown' | 'SIGTERM' | 'none';
}

/**
 * Stops a listed daemon: `daemon.shutdown` over its socket, else SIGTERM when the socket
 * accepts but the daemon does not answer; then waits until its process is gone.
 */
export async function stopDaemon(record: DaemonRegistryRecord, options: { timeoutMs?: number } = {}): Promise<StopResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!isPidAlive(record.pid)) return { wasRunning: false, via: 'none' };
  const attempt = await tryConnect(record.socket, 2000);
  if (!('socket' in attempt)) return { wasRunning: false, via: 'none' };
  let via: StopResult['via'] = 'shutdown';
  try {
    const client = await RepographClient.open(attempt.socket, {
      clientName: 'repograph-stop',
      repository: { root: record.repoRoot, commonDir: record.commonDir, repoId: record.repoId },
      endpoint: daemonEndpoint(record.dataRoot, record.repoId),
      initializeTimeoutMs: Math.min(timeoutMs, 5000),
    });
    try {
      await client.request(DaemonShutdownRequest, {});
    } catch (error) {
      // The daemon may close the connection before its answer arrives; that is a success.
      if (!(error instanceof RepographRequestError && error.codeName === 'DaemonUnavailable')) throw error;
    } finally {
      client.close();
    }
  } catch {
    via = 'SIGTERM';
    try {
      process.kill(record.pid, 'SIGTERM');
    } catch {
      // Gone in the meantime.
    }
  }
  const deadline = Date.now() + timeoutMs;
  while (isPidAlive(record.pid)) {
    if (Date.now() >= deadline) {
      throw RepographRequestError.of('DaemonUnavailable',
        `The repograph daemon for ${record.repoRoot} (pid ${record.pid}) did not exit within ${timeoutMs} ms of ${via}; ` +
        `see ${record.logFile}, or end it with \`kill ${record.pid}\`.`, { pid: record.pid });
    }
    await sleep(50);
  }
  return { wasRunning: true, via };
}
