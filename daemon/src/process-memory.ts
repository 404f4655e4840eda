/**
 * The resident memory of another process of the daemon's (its git spawner), from Linux's
 * /proc/<pid>/status; null where that cannot be read (another system, the process gone).
 */
import { readFileSync } from 'node:fs';

/** VmRSS of process `pid`, in bytes, or null. */
export function processRssBytes(pid: number): number | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}
