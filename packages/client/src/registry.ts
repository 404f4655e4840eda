/**
 * Reading a daemon's registry file (`run/<repoId>.json`) and lock (`run/<repoId>.lock`, which
 * holds the pid of the daemon that owns the repository), and telling whether a pid is alive.
 */
import { readFileSync } from 'node:fs';
import type { DaemonRegistryRecord } from '@repograph/protocol';

/** The registry record at `path`, or null when it is missing or not a registry record. */
export function readRegistry(path: string): DaemonRegistryRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  return isRegistryRecord(value) ? value : null;
}

function isRegistryRecord(value: unknown): value is DaemonRegistryRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Number.isInteger(record.pid) && (record.pid as number) > 0 &&
    typeof record.repoId === 'string' && typeof record.repoRoot === 'string' && typeof record.socket === 'string';
}

/**
 * True when a process with this id exists (also one of another user: EPERM) and is not a
 * zombie (a killed daemon whose parent has not reaped it yet still answers `kill(pid, 0)`).
 */
export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/** Linux: the state letter in /proc/PID/stat is Z. Elsewhere (no /proc) nothing is a zombie. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

/** The pid written in a daemon lock file, or null when it is missing or unreadable. */
export function readLockPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
