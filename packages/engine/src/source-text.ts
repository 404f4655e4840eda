/**
 * Reading a workspace's source text for answers (excerpts, spans, context, text search): the
 * unsaved buffer when the workspace holds one, else the file on disk, and only when the path is
 * inside the workspace root after normalization and after resolving symlinks (a file replaced
 * by a link to /etc/passwd is refused). Owns that check and a per-answer line cache.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { normalizeRelativePath, RepographError } from '@repograph/core';

/** Files larger than this are not read for answers. */
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

export class SourceReader {
  private readonly lines = new Map<string, string[] | null>();

  constructor(private readonly root: string, private readonly buffers: ReadonlyMap<string, Uint8Array> = new Map()) {}

  /** The text of a repository-relative path, or null when it cannot be read. Throws PathOutsideRepo. */
  text(path: string): string | null {
    const normalized = repositoryPath(path, 'path');
    const buffer = this.buffers.get(normalized);
    if (buffer) return Buffer.from(buffer).toString('utf8');
    let real: string;
    try {
      real = realpathSync.native(join(this.root, normalized));
    } catch {
      return null;
    }
    if (real !== this.root && !real.startsWith(this.root + sep)) {
      throw new RepographError('PathOutsideRepo', `'${path}' resolves outside the repository (a symbolic link); only files inside ${this.root} are read.`, { path });
    }
    try {
      if (statSync(real).size > MAX_SOURCE_BYTES) return null;
      return readFileSync(real, 'utf8');
    } catch {
      return null;
    }
  }

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

/**
 * A client-given path as a normalized repository-relative path. Absolute paths, `..` escapes,
 * NUL bytes and non-strings are refused with the field named.
 */
export function repositoryPath(path: unknown, field: string): string {
  if (typeof path !== 'string' || path === '') {
    throw new RepographError('InvalidParams', `\`${field}\` must be a non-empty path relative to the repository root.`, { field });
  }
  const normalized = path.includes('\0') || path.startsWith('/') ? null : normalizeRelativePath(path);
  if (normalized === null || normalized === '') {
    throw new RepographError('PathOutsideRepo', `${field} '${path}' is not inside the repository; give a path relative to its root (no '..' above it, not absolute).`, { field, path });
  }
  return normalized;
}
