/**
 * Reading a file only when it is a regular file, everywhere the engine and the daemon read one
 * (answers, edit.apply's replace, the policy file, the indexer). The file is opened with
 * O_NONBLOCK (opening a FIFO without a writer returns at once instead of blocking the thread)
 * and O_NOFOLLOW (a link that appeared since the path was checked is refused), then fstat'ed on
 * the descriptor, so what is checked is what is read; a FIFO, socket or device is never read.
 * Reads stop at a size bound. Owns these rules; which paths are allowed is path-guard.ts's.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export type RegularFileRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; problem: 'missing' | 'not_a_regular_file' | 'too_large' | 'unreadable'; size?: number; errno?: string };

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/**
 * The read that says whether a file grew past its fstat size goes into this one buffer, kept for
 * every call (the reads are synchronous, so no two share it at once; what a read finds there is
 * copied into the bytes it returns). A fresh 64 KiB buffer per file was 220 MiB of short-lived
 * external memory over core-js's 3,500 files: a scavenge every few hundred files forced by
 * external memory pressure, and ~2x the CPU of the reads themselves.
 */
const GROWTH_PROBE = Buffer.allocUnsafeSlow(64 * 1024);

/** Reads `absolute` when it is a regular file of at most `maxBytes` bytes. Never throws for I/O. */
export function readRegularFileSync(absolute: string, maxBytes: number): RegularFileRead {
  let fd: number;
  try {
    fd = openSync(absolute, OPEN_FLAGS);
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code;
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return { ok: false, problem: 'missing', errno };
    if (errno === 'ELOOP' || errno === 'ENXIO' || errno === 'EISDIR') return { ok: false, problem: 'not_a_regular_file', errno };
    return { ok: false, problem: 'unreadable', errno: errno ?? 'error' };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, problem: 'not_a_regular_file' };
    if (stats.size > maxBytes) return { ok: false, problem: 'too_large', size: stats.size };
    // The usual case: exactly the size fstat gave, into a buffer of its own (no pooled slab, no
    // slack), so the indexer can hand it to a worker without a copy; one more read says whether
    // the file grew meanwhile.
    const exact = Buffer.allocUnsafeSlow(stats.size);
    let total = 0;
    while (total < exact.length) {
      const read = readSync(fd, exact, total, exact.length - total, null);
      if (read === 0) break;
      total += read;
    }
    if (total < exact.length) return { ok: true, bytes: exact.subarray(0, total) };
    let read = readSync(fd, GROWTH_PROBE, 0, Math.min(GROWTH_PROBE.length, maxBytes + 1 - total), null);
    if (read === 0) return { ok: true, bytes: exact };
    // It grew while read: read on, at most one byte past the bound to notice. (The probe's bytes
    // are kept as a view: Buffer.concat copies them out before any other read could reuse it.)
    const chunks: Buffer[] = [exact];
    for (let buffer = GROWTH_PROBE.subarray(0, read); read > 0; read = readSync(fd, buffer, 0, buffer.length, null)) {
      chunks.push(buffer.subarray(0, read));
      total += read;
      if (total > maxBytes) return { ok: false, problem: 'too_large', size: total };
      buffer = Buffer.allocUnsafe(Math.min(64 * 1024, maxBytes + 1 - total));
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } catch (error) {
    return { ok: false, problem: 'unreadable', errno: (error as NodeJS.ErrnoException).code ?? 'error' };
  } finally {
    closeSync(fd);
  }
}

/** What a failed read says to a person: "is a FIFO or other special file", "is 9.2 MB"... */
export function describeReadProblem(read: Exclude<RegularFileRead, { ok: true }>, maxBytes: number): string {
  switch (read.problem) {
    case 'missing': return 'does not exist';
    case 'not_a_regular_file': return 'is not a regular file (a FIFO, socket, device or link); only regular files are read';
    case 'too_large': return `is ${read.size ?? 'over'} bytes, over the ${maxBytes}-byte limit for this read`;
    default: return `cannot be read (${read.errno ?? 'error'}); check its permissions`;
  }
}

/** The UTF-8 text of a regular file of at most `maxBytes`, or null (missing, special, too large, unreadable). */
export function readRegularTextSync(absolute: string, maxBytes: number): string | null {
  const read = readRegularFileSync(absolute, maxBytes);
  return read.ok ? read.bytes.toString('utf8') : null;
}
