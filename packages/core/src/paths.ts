/**
 * Repository-relative path helpers: POSIX separators, no `..`, no leading slash. Pure string
 * functions; the I/O checks (realpath, symlinks) live where files are read.
 */

/** Normalizes a repository-relative path to POSIX form; returns null if it escapes the root. */
export function normalizeRelativePath(input: string): string | null {
  const parts: string[] = [];
  for (const part of input.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.join('/');
}

/** The directory part of a POSIX relative path ('' for a top-level file). */
export function dirnameOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** Joins POSIX relative path segments and normalizes; null if the result escapes the root. */
export function joinRelative(base: string, relative: string): string | null {
  return normalizeRelativePath(base === '' ? relative : `${base}/${relative}`);
}
