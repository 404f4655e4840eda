/**
 * Starting a daemon for a client: spawn the given command detached, its output appended to the
 * endpoint's log, then wait until the socket accepts (polling from 50 ms, growing to 250 ms).
 * A daemon that exits first is an error carrying the tail of its log, unless it exited because
 * another daemon (started by a concurrent client) already serves the repository.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DaemonEndpoint } from '@repograph/protocol';
import { RepographRequestError } from './errors.js';
import { isPidAlive, readLockPid, readRegistry } from './registry.js';
import { isNotListening, tryConnect } from './socket-probe.js';

export interface AutoStartOptions {
  /** The daemon's command line, e.g. `[process.execPath, '/path/daemon/dist/main.js', '--repo', root]`. */
  command: string[];
  /** Added to the client's environment (REPOGRAPH_HOME is always set to the data root). */
  env?: NodeJS.ProcessEnv;
}

/** The exit code with which a daemon says that another daemon already serves the repository. */
const ALREADY_SERVED_EXIT_CODE = 2;
const FIRST_POLL_MS = 50;
const LONGEST_POLL_MS = 250;
const LOG_TAIL_BYTES = 4096;
const LOG_TAIL_LINES = 30;

/** Spawns the daemon and resolves with a socket connected to it. */
export async function startDaemonAndConnect(
  endpoint: DaemonEndpoint,
  dataRoot: string,
  cwd: string,
  options: AutoStartOptions,
  timeoutMs: number,
): Promise<Socket> {
  const [executable, ...args] = options.command;
  if (!executable) throw RepographRequestError.of('UsageError', 'autoStart.command is empty; give the daemon command line.');
  mkdirSync(endpoint.runDirectory, { recursive: true, mode: 0o700 });
  const logOffset = sizeOf(endpoint.log);
  const logFd = openSync(endpoint.log, 'a', 0o600);
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  let spawnError: Error | null = null;
  try {
    const child = spawn(executable, args, {
      cwd,
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, ...options.env, REPOGRAPH_HOME: dataRoot },
    });
    child.once('error', (error) => {
      spawnError = error;
    });
    child.once('exit', (code, signal) => {
      exit = { code, signal };
    });
    child.unref();
  } finally {
    closeSync(logFd);
  }

  const deadline = Date.now() + timeoutMs;
  let delay = FIRST_POLL_MS;
  for (;;) {
    const attempt = await tryConnect(endpoint.socket, Math.max(100, deadline - Date.now()));
    if ('socket' in attempt) return attempt.socket;
    if (!isNotListening(attempt.errno)) {
      throw RepographRequestError.of('DaemonUnavailable',
        `Cannot connect to the repograph daemon's socket ${endpoint.socket}: ${attempt.message}.`, { socket: endpoint.socket, log: endpoint.log });
    }
    if (spawnError) {
      throw RepographRequestError.of('DaemonUnavailable',
        `Cannot start the repograph daemon (${options.command.join(' ')}): ${(spawnError as Error).message}.`, { command: options.command });
    }
    const exited = exit as { code: number | null; signal: NodeJS.Signals | null } | null;
    if (exited && !(exited.code === ALREADY_SERVED_EXIT_CODE && anotherDaemonIsStarting(endpoint))) {
      const how = exited.signal ? `was killed by ${exited.signal}` : `exited with code ${exited.code}`;
      throw RepographRequestError.of('DaemonUnavailable',
        `The repograph daemon ${how} before accepting connections on ${endpoint.socket}. The end of its log (${endpoint.log}):\n${logTail(endpoint.log, logOffset)}`,
        { socket: endpoint.socket, log: endpoint.log, exitCode: exited.code, signal: exited.signal });
    }
    if (Date.now() >= deadline) {
      throw RepographRequestError.of('DaemonUnavailable',
        `The repograph daemon did not accept connections on ${endpoint.socket} within ${timeoutMs} ms; see its log ${endpoint.log}.`,
        { socket: endpoint.socket, log: endpoint.log });
    }
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
    delay = Math.min(LONGEST_POLL_MS, Math.round(delay * 1.5));
  }
}

/** True when the lock or the registry names a live process: a concurrent client's daemon won the lock. */
function anotherDaemonIsStarting(endpoint: DaemonEndpoint): boolean {
  const lockPid = readLockPid(endpoint.lock);
  if (lockPid !== null && isPidAlive(lockPid)) return true;
  const record = readRegistry(endpoint.registry);
  return record !== null && isPidAlive(record.pid);
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** The last lines this start wrote to the log (from `offset`), indented, or a note that there are none. */
function logTail(path: string, offset: number): string {
  let text = '';
  try {
    const buffer = readFileSync(path);
    text = buffer.subarray(Math.max(offset, buffer.length - LOG_TAIL_BYTES)).toString('utf8');
  } catch {
    return '  (the log is missing)';
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '').slice(-LOG_TAIL_LINES);
  return lines.length === 0 ? '  (the log is empty)' : lines.map((line) => `  ${line}`).join('\n');
}
