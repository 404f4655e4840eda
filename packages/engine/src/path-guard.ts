/**
 * The one check every client-given path of a workspace goes through before anything is read or
 * written (DESIGN.md invariant 6). A path is resolved component by component from the workspace
 * root: each component is lstat'ed, a symbolic link is replaced by its link text (absolute or
 * relative, dangling or not) and resolution goes on through it, and every prefix reached must
 * stay inside the root and outside the forbidden folders (the workspace's git dir, the
 * repository's common git dir, the data root), compared as real paths, never by spelling. A
 * component named `.git` (in any case, as git itself refuses) is refused wherever it appears.
 * The answer is the real path (every link resolved) and what is there, so callers read or write
 * that path and nothing a link could redirect. Owns this resolution; reading and writing are
 * regular-file.ts's and the callers'.
 */
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { RepographError } from '@repograph/core';
import { readRegularFileSync } from './regular-file.js';

/** What a resolved path names. */
export type GuardedKind = 'file' | 'directory' | 'missing' | 'special';

export interface GuardedPath {
  /** The repository-relative path after resolving every link (POSIX separators). */
  relative: string;
  /** The absolute real path. */
  absolute: string;
  kind: GuardedKind;
}

/** Links followed in one resolution before it is refused as a loop (as the kernel's ELOOP). */
const MAX_LINK_HOPS = 40;

export class PathGuard {
  private readonly forbidden: string[];

  /**
   * `root` is the workspace's real root; `forbidden` are folders no path may enter even when
   * they lie inside the root (their real paths are compared).
   */
  constructor(readonly root: string, forbidden: readonly string[]) {
    // A folder that holds the root (a data root above the repository) forbids nothing inside it.
    this.forbidden = [...new Set(forbidden.map(realOrSelf))].filter((dir) => dir !== '' && !within(root, dir));
  }

  /** The guard of a worktree: its own git dir is off limits, and `offLimits` (the common dir, the data root). */
  static forWorktree(root: string, offLimits: readonly string[]): PathGuard {
    const gitDir = gitDirOfSync(root);
    return new PathGuard(root, gitDir ? [gitDir, ...offLimits] : offLimits);
  }

  /**
   * Resolves a normalized repository-relative path (see repositoryPath). Throws PathOutsideRepo
   * naming `field` when any step leaves the root or enters a forbidden folder, and InvalidParams
   * when a component that must be a folder is a file.
   */
  resolve(path: string, field: string): GuardedPath {
    const pending = path.split('/').filter((part) => part !== '' && part !== '.');
    let current = this.root;
    let hops = 0;
    while (pending.length > 0) {
      const name = pending.shift()!;
      if (name === '..') {
        if (current === this.root) throw this.outside(path, field, 'a symbolic link leads above the workspace root');
        current = dirname(current);
        continue;
      }
      if (name.toLowerCase() === '.git') throw this.intoGit(path, field);
      const next = join(current, name);
      let stats;
      try {
        stats = lstatSync(next);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return this.missing(path, field, next, pending);
        if (code === 'ENOTDIR') throw belowFile(path, field, this.relativeOf(current));
        throw new RepographError('FileNotFound', `${field} '${path}' cannot be examined (${code ?? 'error'}); check its permissions.`, { field, path });
      }
      if (stats.isSymbolicLink()) {
        if (++hops > MAX_LINK_HOPS) throw this.outside(path, field, 'symbolic links loop');
        const text = readlinkSync(next);
        if (isAbsolute(text)) {
          const entered = this.enterAbsolute(text, path, field);
          current = entered.from;
          this.checkAllowed(current, path, field);
          pending.unshift(...entered.parts);
        } else {
          pending.unshift(...text.split('/').filter((part) => part !== '' && part !== '.'));
        }
        continue;
      }
      current = next;
      this.checkAllowed(current, path, field);
      if (stats.isDirectory()) continue;
      if (pending.length > 0) throw belowFile(path, field, this.relativeOf(current));
      return { relative: this.relativeOf(current), absolute: current, kind: stats.isFile() ? 'file' : 'special' };
    }
    this.checkAllowed(current, path, field);
    return { relative: this.relativeOf(current), absolute: current, kind: 'directory' };
  }

  /** True when `absolute` (a real path) lies inside the root and outside every forbidden folder. */
  allows(absolute: string): boolean {
    return within(absolute, this.root) && !this.forbidden.some((dir) => within(absolute, dir));
  }

  private checkAllowed(absolute: string, path: string, field: string): void {
    if (!within(absolute, this.root)) throw this.outside(path, field, 'it resolves outside the workspace root');
    if (this.forbidden.some((dir) => within(absolute, dir))) throw this.intoGit(path, field);
  }

  /**
   * An absolute link text: the walk goes on from the root when the text spells a path inside it,
   * else from the real path of the text's nearest existing ancestor, which must lie inside the
   * root (a link spelled through another link to the root). Returns where to go on from and the
   * components still to walk.
   */
  private enterAbsolute(text: string, path: string, field: string): { from: string; parts: string[] } {
    const target = resolve(text);
    if (within(target, this.root)) return { from: this.root, parts: target === this.root ? [] : target.slice(this.root.length + 1).split(sep) };
    const parts: string[] = [];
    let probe = target;
    for (;;) {
      let real: string | null = null;
      try {
        real = realpathSync.native(probe);
      } catch {
        real = null;
      }
      if (real !== null) {
        if (!within(real, this.root)) throw this.outside(path, field, 'a symbolic link points outside the workspace root');
        return { from: real, parts };
      }
      const parent = dirname(probe);
      if (parent === probe) throw this.outside(path, field, 'a symbolic link points outside the workspace root');
      parts.unshift(probe.slice(parent.length).replace(/^\//, ''));
      probe = parent;
    }
  }

  /** The rest of the path does not exist: it may be created when no later step could escape. */
  private missing(path: string, field: string, next: string, rest: string[]): GuardedPath {
    if (rest.includes('..')) throw this.outside(path, field, 'a symbolic link leads through a missing folder');
    if (rest.some((part) => part.toLowerCase() === '.git')) throw this.intoGit(path, field);
    const absolute = rest.length === 0 ? next : join(next, ...rest);
    this.checkAllowed(dirname(next), path, field);
    this.checkAllowed(absolute, path, field);
    return { relative: this.relativeOf(absolute), absolute, kind: 'missing' };
  }

  private relativeOf(absolute: string): string {
    return absolute === this.root ? '' : absolute.slice(this.root.length + 1).split(sep).join('/');
  }

  private outside(path: string, field: string, why: string): RepographError {
    return new RepographError('PathOutsideRepo', `${field} '${path}' is refused: ${why}; only files inside ${this.root} are read or written.`, { field, path });
  }

  private intoGit(path: string, field: string): RepographError {
    return new RepographError('PathOutsideRepo', `${field} '${path}' is inside the git directory (or the data root); repograph never reads or writes there.`, { field, path });
  }
}

function belowFile(path: string, field: string, file: string): RepographError {
  return new RepographError('InvalidParams', `${field} '${path}' lies below '${file}', which is a file, not a folder; give a path whose folders are folders.`, { field, path });
}

/** True when `path` is `dir` or lies inside it. */
function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/**
 * The git dir of a worktree, read as git reads it: `.git` itself when it is a folder, else the
 * folder its `gitdir:` line names. Null outside git.
 */
export function gitDirOfSync(root: string): string | null {
  const dotGit = join(root, '.git');
  try {
    if (statSync(dotGit).isDirectory()) return realOrSelf(dotGit);
    // A `.git` file is one `gitdir:` line; anything else (a FIFO: never opened blocking) is not git's.
    const read = readRegularFileSync(dotGit, 64 * 1024);
    if (!read.ok) return null;
    const text = read.bytes.toString('utf8').trim();
    const target = text.startsWith('gitdir:') ? text.slice('gitdir:'.length).trim() : text;
    return realOrSelf(isAbsolute(target) ? target : resolve(root, target));
  } catch {
    return null;
  }
}
