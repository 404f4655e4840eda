/**
 * Watcher batch resolution: turns the root-relative paths touched during one window into what
 * the consumer applies. A touched path that exists now is `changed` (a file, or a symlink: the
 * consumer applies its own link policy); one that does not is `removed` (it may have been a
 * directory: the consumer drops the path and everything under `path + '/'`). A touched directory
 * that exists is left out (the directory tree touches the files of a new directory once it has
 * watched and read it), except for a sync() flush, which cannot wait for that: there it is
 * expanded to the unignored files below it, so a directory created just before sync() arrives
 * whole. Ignored paths are left out too, except the reported ones (the filter's `reports`: an
 * excluded folder or file the index names in a diagnostic): those that exist are `changed` as
 * their own path, a folder included, and never expanded. Reads no file contents.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathStatOf, type PathStat } from '@repograph/engine';

/** One batch for the consumer: root-relative POSIX paths, sorted, without duplicates. */
export interface WatchBatch {
  /** Files (or links) that exist now and were created, written or replaced. */
  changed: string[];
  /** Paths that no longer exist; a removed directory appears as its own path. */
  removed: string[];
  /**
   * The lstat taken of each changed path when the batch was resolved (a path found by reading a
   * new directory has none): the consumer need not stat it again.
   */
  stats: ReadonlyMap<string, PathStat>;
}

export type IgnoreTest = (relativePath: string, isDirectory: boolean | undefined) => boolean;

/** The watcher's two questions about a path (see the engine's WatchFilter). */
export interface PathFilter {
  /** Never watched nor descended into. */
  ignores: IgnoreTest;
  /** Ignored, yet reported as its own path while it exists (an excluded folder or file). */
  reports: IgnoreTest;
}

const STAT_CONCURRENCY = 64;

export async function resolveBatch(
  root: string, touched: readonly string[], filter: PathFilter, expandDirectories: boolean,
): Promise<WatchBatch> {
  const { ignores, reports } = filter;
  const wanted = (path: string, isDirectory: boolean): boolean => !ignores(path, isDirectory) || reports(path, isDirectory);
  const changed = new Set<string>();
  const removed = new Set<string>();
  const stats = new Map<string, PathStat>();
  const directories: string[] = [];
  let next = 0;
  const statOne = async (): Promise<void> => {
    while (next < touched.length) {
      const path = touched[next++]!;
      try {
        const stat = pathStatOf(await lstat(join(root, path)));
        if (stat.kind !== 'directory') {
          if (wanted(path, false)) {
            changed.add(path);
            stats.set(path, stat);
          }
        } else if (reports(path, true)) {
          changed.add(path); // an excluded folder: the consumer asks git what is below it
          stats.set(path, stat);
        } else if (expandDirectories) {
          directories.push(path);
        }
      } catch (error) {
        // Gone: removed. Otherwise (unreadable) it exists: the consumer reports why it cannot read it.
        if (isGone(error)) removed.add(path);
        else if (wanted(path, false)) changed.add(path);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(STAT_CONCURRENCY, touched.length) }, statOne));
  for (const directory of outermost(directories)) {
    if (!ignores(directory, true)) await collectFiles(root, directory, filter, changed);
  }
  return { changed: [...changed].sort(compare), removed: [...removed].sort(compare), stats };
}

/**
 * Adds every unignored file (or link) below `directory`, and every reported folder or file as
 * its own path; symlinked directories are not followed.
 */
async function collectFiles(root: string, directory: string, filter: PathFilter, into: Set<string>): Promise<void> {
  let entries;
  try {
    entries = await readdir(join(root, directory), { withFileTypes: true });
  } catch {
    return; // gone or unreadable since it was touched: its own events tell the rest
  }
  for (const entry of entries) {
    const path = `${directory}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!filter.ignores(path, true)) await collectFiles(root, path, filter, into);
      else if (filter.reports(path, true)) into.add(path);
    } else if (!filter.ignores(path, false) || filter.reports(path, false)) {
      into.add(path);
    }
  }
}

/** The directories not below another one of the list. */
function outermost(directories: string[]): string[] {
  const listed = new Set(directories);
  return directories.filter((directory) => {
    for (let slash = directory.lastIndexOf('/'); slash > 0; slash = directory.lastIndexOf('/', slash - 1)) {
      if (listed.has(directory.slice(0, slash))) return false;
    }
    return true;
  });
}

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
