/**
 * Where a repository's daemon listens: the run folder under the data root, the socket, the
 * registry file and the lock, all named by the repository identity. The identity is a readable
 * slug plus a short hash of the real path of the git common dir (or of a plain directory's
 * root), so every `git worktree` of one repository reaches the same daemon. Owns these names
 * and the registry record's shape; finding the common dir is the caller's job.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Hex digits of the SHA-256 of the real path kept in the id. */
const HASH_LENGTH = 16;
const SLUG_LENGTH = 32;

/** What a daemon writes next to its socket once it accepts connections. */
export interface DaemonRegistryRecord {
  pid: number;
  repoId: string;
  /** The worktree the daemon was started for (its default workspace). */
  repoRoot: string;
  /** The git common dir, or the root of a plain directory. */
  commonDir: string;
  socket: string;
  dataRoot: string;
  serverVersion: string;
  protocolVersion: string;
  /** ISO 8601. */
  startedAt: string;
  logFile: string;
}

/**
 * A short, stable id such as `myrepo-3f2a9c0b1d4e5f60`. The path is resolved to its real path
 * when it exists (so a symlinked checkout maps to the same id).
 */
export function repoIdFor(commonDirOrRoot: string): string {
  const absolute = resolve(commonDirOrRoot);
  let real = absolute;
  try {
    real = realpathSync.native(absolute);
  } catch {
    // A path that does not exist (yet) is identified by its resolved form.
  }
  const hash = createHash('sha256').update(real).digest('hex').slice(0, HASH_LENGTH);
  return `${slugOf(real)}-${hash}`;
}

/** `$REPOGRAPH_HOME/run`: mode 0700, holds sockets, registries, locks and logs. */
export function runDirectory(dataRoot: string): string {
  return join(dataRoot, 'run');
}

export interface DaemonEndpoint {
  repoId: string;
  runDirectory: string;
  socket: string;
  registry: string;
  lock: string;
  log: string;
}

/** Every file name of one repository's daemon. */
export function daemonEndpoint(dataRoot: string, repoId: string): DaemonEndpoint {
  const run = runDirectory(dataRoot);
  return {
    repoId,
    runDirectory: run,
    socket: join(run, `${repoId}.sock`),
    registry: join(run, `${repoId}.json`),
    lock: join(run, `${repoId}.lock`),
    log: join(run, `${repoId}.log`),
  };
}

/** Unix socket paths longer than this fail to bind on Linux (sun_path is 108 bytes). */
export const MAX_SOCKET_PATH_BYTES = 107;

function slugOf(path: string): string {
  let name = basename(path);
  if (name === '.git') name = basename(dirname(path));
  else if (name.endsWith('.git')) name = name.slice(0, -'.git'.length);
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'repo' : slug;
}
