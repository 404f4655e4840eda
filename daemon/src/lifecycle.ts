/**
 * The daemon's place on disk: the run folder (0700, ours alone), the O_EXCL lock that keeps a
 * second daemon for the same repository from starting, stale lock/socket detection after a crash
 * (kill -9 leaves them behind), the socket's mode (0600) and the registry record that `repograph
 * ps` and supervisor scripts read. Owns acquire/release of all of them.
 */
import { closeSync, constants, chmodSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import type { DaemonEndpoint, DaemonRegistryRecord } from '@repograph/protocol';
import { MAX_SOCKET_PATH_BYTES } from '@repograph/protocol';

/** Why the daemon cannot start; main prints the message and exits 2. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** Creates the run folder (0700) or checks that an existing one is a private folder of ours. */
export function prepareRunDirectory(endpoint: DaemonEndpoint): void {
  mkdirSync(endpoint.runDirectory, { recursive: true, mode: 0o700 });
  const stats = lstatSync(endpoint.runDirectory);
  if (!stats.isDirectory()) {
    throw new StartupError(`${endpoint.runDirectory} is not a directory; remove it so the daemon can create its run folder.`);
  }
  if (typeof process.getuid === 'function' && stats.uid !== process.getuid()) {
    throw new StartupError(`${endpoint.runDirectory} belongs to another user; set REPOGRAPH_HOME to a folder of your own.`);
  }
  if ((stats.mode & 0o077) !== 0) chmodSync(endpoint.runDirectory, 0o700);
  if (Buffer.byteLength(endpoint.socket) > MAX_SOCKET_PATH_BYTES) {
    throw new StartupError(`the socket path ${endpoint.socket} is longer than ${MAX_SOCKET_PATH_BYTES} bytes, which Unix sockets cannot use; set REPOGRAPH_HOME to a shorter absolute path.`);
  }
}

/** True when a process with this pid exists and is not a zombie (it may belong to another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // A killed daemon not yet reaped by its parent still answers kill(pid, 0).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): trust kill(pid, 0)
  }
}

/**
 * Takes the repository's lock (O_EXCL create, holding our pid). A lock whose pid is gone is stale
 * and taken over; a live one means another daemon serves the repository.
 */
export function acquireLock(endpoint: DaemonEndpoint): void {
  for (let attempt = 0; attempt < 3; attempt++) {
    // The pid is written to a private file first and linked into place: link() fails when the
    // lock exists, and a lock is never seen half-written (an empty lock would look stale).
    const temporary = `${endpoint.lock}.${process.pid}.tmp`;
    const fd = openSync(temporary, constants.O_CREAT | constants.O_TRUNC | constants.O_WRONLY, 0o600);
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temporary, endpoint.lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
    const holder = lockHolder(endpoint);
    if (holder !== null && holder !== process.pid && processAlive(holder) && !startedAfterLock(holder, endpoint)) {
      const registry = readRegistry(endpoint);
      throw new StartupError(
        `a repograph daemon (pid ${holder}) already serves ${registry?.repoRoot ?? 'this repository'} on ${endpoint.socket}; ` +
        'use it (`repograph call ...`), or stop it first with `repograph stop`.');
    }
    // Stale: its daemon died without cleaning up (kill -9, a crash, a reboot; after a reboot its
    // pid may name another process, one that started after the lock was written).
    rmSync(endpoint.lock, { force: true });
  }
  throw new StartupError(`could not take the lock ${endpoint.lock}; another daemon is starting for this repository. Try again.`);
}

/**
 * True when process `pid` started after the lock was written, so it cannot be the daemon that
 * wrote it (its pid was reused). False when either time is unknown (no /proc: trust the pid).
 */
function startedAfterLock(pid: number, endpoint: DaemonEndpoint): boolean {
  try {
    const writtenMs = statSync(endpoint.lock).mtimeMs;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, starttime, in clock ticks (USER_HZ, 100 per second) after boot.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const boot = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!boot || !Number.isFinite(ticks)) return false;
    const startedMs = Number(boot[1]) * 1000 + ticks * 10;
    // A margin for the second-granular boot time and small clock adjustments.
    return startedMs > writtenMs + 5000;
  } catch {
    return false;
  }
}

/** The pid written in the lock, or null when unreadable. */
function lockHolder(endpoint: DaemonEndpoint): number | null {
  try {
    const pid = Number.parseInt(readFileSync(endpoint.lock, 'utf8').trim(), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Removes a socket file left by a dead daemon (we hold the lock, so no live daemon uses it). */
export function removeStaleSocket(endpoint: DaemonEndpoint): void {
  try {
    if (statSync(endpoint.socket).isSocket()) rmSync(endpoint.socket, { force: true });
    else throw new StartupError(`${endpoint.socket} exists and is not a socket; remove it so the daemon can listen there.`);
  } catch (error) {
    if (error instanceof StartupError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Writes the registry record atomically (temp file + rename), mode 0600. */
export function writeRegistry(endpoint: DaemonEndpoint, record: DaemonRegistryRecord): void {
  const temporary = `${endpoint.registry}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(record, null, 2)}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, endpoint.registry);
}

/** The registry record, or null when missing or unreadable. */
export function readRegistry(endpoint: DaemonEndpoint): DaemonRegistryRecord | null {
  try {
    return JSON.parse(readFileSync(endpoint.registry, 'utf8')) as DaemonRegistryRecord;
  } catch {
    return null;
  }
}

/** Removes socket, registry and lock, but only those that are still ours. */
export function releaseEndpoint(endpoint: DaemonEndpoint): void {
  const registry = readRegistry(endpoint);
  if (registry === null || registry.pid === process.pid) {
    rmSync(endpoint.registry, { force: true });
    rmSync(endpoint.socket, { force: true });
  }
  if (lockHolder(endpoint) === process.pid) rmSync(endpoint.lock, { force: true });
}
