/**
 * Reading a workspace's source text for answers (excerpts, spans, context, text search): the
 * unsaved buffer when the workspace holds one, else the file on disk, only when the path
 * resolves inside the workspace root and outside `.git` and the data root (path-guard.ts: every
 * link resolved, a dangling one too) and only when it is a regular file of at most 8 MiB
 * (regular-file.ts: a FIFO never blocks a read). Answers never read inside `.git`: remote URLs
 * with tokens live there. Owns the client-path normalization and a per-answer line cache.
 */
import { normalizeRelativePath, RepographError } from '@repograph/core';
import type { PathGuard } from './path-guard.js';
import { describeReadProblem, readRegularFileSync, type RegularFileRead } from './regular-file.js';

/** Files larger than this are not read for answers. */
export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

/** The longest client-given path accepted (as Linux's PATH_MAX). */
export const MAX_PATH_LENGTH = 4096;

/** Why a source could not be read. */
export type SourceProblem = Exclude<RegularFileRead, { ok: true }>;

export class SourceReader {
  private readonly lines = new Map<string, string[] | null>();

  constructor(private readonly guard: PathGuard, private readonly buffers: ReadonlyMap<string, Uint8Array> = new Map()) {}

  /** The text of a repository-relative path, or null when it cannot be read. Throws PathOutsideRepo. */
  text(path: string): string | null {
    const read = this.read(path, 'path');
    return typeof read === 'string' ? read : null;
  }

  /**
   * The text of a path, or why it cannot be read (missing, not a regular file, too large...).
   * Throws PathOutsideRepo (naming `field`) for a path that leaves the root or enters `.git`.
   */
  read(path: string, field: string): string | SourceProblem {
    const normalized = repositoryPath(path, field);
    const buffer = this.buffers.get(normalized);
    if (buffer) return Buffer.from(buffer).toString('utf8');
    const target = this.guard.resolve(normalized, field);
    if (target.kind === 'missing') return { ok: false, problem: 'missing' };
    if (target.kind !== 'file') return { ok: false, problem: 'not_a_regular_file' };
    const read = readRegularFileSync(target.absolute, MAX_SOURCE_BYTES);
    return read.ok ? read.bytes.toString('utf8') : read;
  }

  /** Files on disk are read as they are asked for: nothing to read ahead. */
  preload(_paths: Iterable<string>): void {}

  async preloadAsync(_paths: readonly string[]): Promise<void> {}

  /** The lines of a path (cached for this reader), or null. */
  linesOf(path: string): string[] | null {
    let found = this.lines.get(path);
    if (found === undefined) {
      const text = this.text(path);
      found = text === null ? null : text.split(/\r?\n/);
      this.lines.set(path, found);
    }
    return found;
  }
}

/** The typed error of a source that cannot be read for `code.span` and the like. */
export function sourceProblemError(path: string, problem: SourceProblem): RepographError {
  if (problem.problem === 'missing') {
    return new RepographError('FileNotFound', `${path} is not a readable file of the workspace; check the path (relative to the repository root).`, { path });
  }
  return new RepographError('UsageError', `${path} ${describeReadProblem(problem, MAX_SOURCE_BYTES)}.`, { path, reason: problem.problem, ...(problem.size !== undefined ? { size: problem.size, limit: MAX_SOURCE_BYTES } : {}) });
}

/**
 * A client-given path as a normalized repository-relative path. Absolute paths, `..` escapes,
 * NUL bytes, over-long paths and non-strings are refused with the field named.
 */
export function repositoryPath(path: unknown, field: string): string {
  if (typeof path !== 'string' || path === '') {
    throw new RepographError('InvalidParams', `\`${field}\` must be a non-empty path relative to the repository root.`, { field });
  }
  if (path.length > MAX_PATH_LENGTH) {
    throw new RepographError('InvalidParams', `\`${field}\` is ${path.length} characters long; paths are at most ${MAX_PATH_LENGTH}.`, { field });
  }
  const normalized = path.includes('\0') || path.startsWith('/') ? null : normalizeRelativePath(path);
  if (normalized === null || normalized === '') {
    throw new RepographError('PathOutsideRepo', `${field} '${path}' is not inside the repository; give a path relative to its root (no '..' above it, not absolute).`, { field, path });
  }
  return normalized;
}

/** Like repositoryPath, but the root itself ('' or '.') is allowed: a path prefix for searches. */
export function repositoryPrefix(path: unknown, field: string): string {
  if (path === '.' || path === './') return '';
  return repositoryPath(path, field);
}
