/**
 * Watcher directory tree: one non-recursive `fs.watch` (one inotify watch) per admitted
 * directory of the worktree and none per file. Owns the walk that places the watches, the
 * watches themselves (added when a directory appears, closed when it goes, re-walked when the
 * ignore rules change) and the intake of their events as touched root-relative paths: admitted
 * paths, and the excluded ones that the filter reports (an excluded folder or file whose
 * appearance or removal changes the index's `excluded_material` diagnostics).
 *
 * Why not chokidar: chokidar 4 puts an fs.watch on every file as well as on every directory
 * (`_handleFile` -> `_watchWithNodeFs`), 3,667 inotify watches for core-js's 168 directories,
 * and users hit the per-user inotify limit ("ENOSPC: System limit for number of file watchers
 * reached"). Making it skip files (an `ignored` that rejects non-directories) works but leaves
 * chokidar doing nothing useful: it would emit no file events, still re-read and lstat a whole
 * directory on every event in it, and read a new directory before watching it (a file written
 * in between is missed). A directory's inotify watch already names every child created,
 * deleted, renamed, written or chmodded, which is all the intake needs.
 *
 * Rules:
 * - Every event of a directory watch touches `dir/name` at once, in inotify order (the sync()
 *   cookie relies on it). Events about the watched directory itself (chmod, deleted, moved)
 *   name its own basename and are dropped (its parent reports it); see onEvent.
 * - A 'rename' event (create, delete, move) also reconciles `dir/name`, one check per path at a
 *   time: a directory that is admitted and not watched (or watched as another inode) is
 *   watched; a watched one that is gone or no longer a directory is closed with its subtree.
 * - A directory is always watched before it is read, so nothing created meanwhile is lost. The
 *   files of a directory that appears (created, or moved in) are touched as they are read; the
 *   initial walk and a re-walk touch none.
 * - A reported path (`reports`: ignored, yet named by the index) is touched when a 'rename'
 *   event names it or when it is read in a directory that appears, and is never watched, read
 *   or reconciled; its 'change' events (a write, a chmod) are dropped, since only its existence
 *   counts. A 'change' event is never about a directory (inotify flags a directory's, so it
 *   comes as a 'rename').
 * - Symbolic links are never followed (a link is touched as a file).
 */
import { watch as fsWatch, lstatSync, readdirSync, readFileSync, readlinkSync, type Dirent, type FSWatcher, type Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { nextTurn } from '@repograph/core';

export type IgnoresPath = (relativePath: string, isDirectory: boolean | undefined) => boolean;

export interface DirectoryTreeOptions {
  /** Absolute path of the worktree root. */
  root: string;
  /** What is never watched nor descended into (the watch filter plus the cookie names). */
  ignores: IgnoresPath;
  /** Among the ignored paths, those touched all the same when they appear or go (never cookies). */
  reports: IgnoresPath;
  /** One admitted or reported root-relative path that may have changed (its type is unknown). */
  onTouch(relativePath: string): void;
  onError(error: Error): void;
}

interface Watch {
  handle: FSWatcher;
  dev: number;
  ino: number;
}

/** How a directory is visited: at start, when it appears (its files are touched), on a re-walk. */
type VisitMode = 'initial' | 'appeared' | 'rewalk';

/** Concurrent directory visits and reconciling lstats of one tree. */
const READ_CONCURRENCY = 32;

/**
 * How long the walk's synchronous lstat and readdir calls may hold the event loop before it
 * turns. Synchronous, a directory costs a few tens of microseconds; through the thread pool each
 * call is a round trip through the loop: core-js's 168 directories took ~100 ms of a cold start
 * to watch that way, on the thread every other stage of the start waits for, and 15-40 ms now.
 */
const SLICE_MS = 8;

export class DirectoryTree {
  /** Root-relative directory ('' for the root) -> its watch. */
  private readonly watches = new Map<string, Watch>();
  /** Paths being reconciled; `again` asks for one more check once the running one ends. */
  private readonly reconciling = new Map<string, { again: boolean }>();
  /** Work under way (walks, reconciles), awaited by close(). */
  private readonly tasks = new Set<Promise<void>>();
  private readonly limit = createLimiter(READ_CONCURRENCY);
  private limitReported = false;
  private closed = false;
  private sliceStart = performance.now();
  /** The turn of the event loop the visits wait for once a slice has run out (pace). */
  private turn: Promise<void> | null = null;

  constructor(private readonly options: DirectoryTreeOptions) {}

  /** Watched directories, the root included. */
  get size(): number {
    return this.watches.size;
  }

  /** The initial walk: resolves once every admitted directory is watched. */
  start(): Promise<void> {
    return this.track(this.visit('', 'initial'));
  }

  /**
   * After the ignore rules changed: watches the admitted directories not watched yet and closes
   * the watches of directories now ignored. Touches nothing.
   */
  rewalk(): Promise<void> {
    return this.track(this.visit('', 'rewalk'));
  }

  /**
   * Resolves once the work under way now has ended: a directory whose appearance was seen is
   * watched and read (its files reported) by then. A barrier waits for this after its cookie, so
   * files created in a new folder just before it are in the batch it flushes.
   */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.tasks]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const watch of this.watches.values()) watch.handle.close();
    this.watches.clear();
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  private absolute(path: string): string {
    return path === '' ? this.options.root : join(this.options.root, path);
  }

  private track(task: Promise<void>): Promise<void> {
    const tracked = task.catch((error: unknown) => this.reportError(error));
    this.tasks.add(tracked);
    void tracked.finally(() => this.tasks.delete(tracked));
    return tracked;
  }

  private reportError(error: unknown): void {
    if (!this.closed) this.options.onError(error instanceof Error ? error : new Error(String(error)));
  }

  /** Watches `directory` (unless it is already) and, below it, every admitted directory. */
  private async visit(directory: string, mode: VisitMode): Promise<void> {
    const subdirectories = await this.limit(() => this.watchAndRead(directory, mode));
    await Promise.all(subdirectories.map((subdirectory) => this.visit(subdirectory, mode)));
  }

  /** Watches one directory, then reads it; returns the subdirectories to visit. */
  private async watchAndRead(directory: string, mode: VisitMode): Promise<string[]> {
    if (this.closed) return [];
    const absolute = this.absolute(directory);
    if (!this.watches.has(directory)) {
      let stats: Stats;
      try {
        await this.pace();
        if (this.closed) return [];
        stats = lstatSync(absolute);
      } catch (error) {
        if (!isGone(error)) this.reportError(error);
        return [];
      }
      if (this.closed || !stats.isDirectory()) return [];
      // Its parent's watch closed meanwhile (the parent went): watching it would orphan a watch.
      if (directory !== '' && !this.watches.has(parentOf(directory))) return [];
      if (this.watches.has(directory)) {
        if (mode === 'appeared') return []; // another visit of the same directory got there first
      } else if (!this.addWatch(directory, stats)) {
        return [];
      }
    } else if (mode === 'appeared') {
      return []; // watched already: whoever watched it read it
    }

    let entries: Dirent[];
    try {
      await this.pace();
      if (this.closed) return [];
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch (error) {
      if (!isGone(error)) this.reportError(error);
      return []; // gone: its parent's event closes the watch
    }
    if (this.closed) return [];
    const subdirectories: string[] = [];
    for (const entry of entries) {
      const path = directory === '' ? entry.name : `${directory}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!this.options.ignores(path, true)) subdirectories.push(path);
        else {
          if (this.watches.has(path)) this.unwatch(path); // ignored since it was watched
          if (mode === 'appeared' && this.options.reports(path, true)) this.options.onTouch(path);
        }
      } else if (mode === 'appeared' && (!this.options.ignores(path, false) || this.options.reports(path, false))) {
        this.options.onTouch(path);
      }
    }
    return subdirectories;
  }

  /**
   * Lets the event loop turn once the current slice of synchronous calls has run SLICE_MS. The
   * visits under way all wait for the same turn (one immediate, which starts the next slice):
   * an immediate each would run back to back in one check phase, the loop never turning between.
   */
  private async pace(): Promise<void> {
    while (performance.now() - this.sliceStart >= SLICE_MS) {
      this.turn ??= nextTurn().then(() => {
        this.turn = null;
        this.sliceStart = performance.now();
      });
      await this.turn;
    }
  }

  /** Places the watch of one directory; false when it cannot be watched. */
  private addWatch(directory: string, stats: { dev: number; ino: number }): boolean {
    let handle: FSWatcher;
    try {
      handle = fsWatch(this.absolute(directory), { persistent: true }, (event, name) => this.onEvent(directory, event, name));
    } catch (error) {
      if (isGone(error)) return false;
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
        if (!this.limitReported) {
          this.limitReported = true;
          this.reportError(new Error(
            `the inotify watch limit is reached (fs.inotify.max_user_watches${maxUserWatches()}): ` +
            `${this.absolute(directory)} and possibly other directories are not watched, so their changes go unseen until a scan`,
          ));
        }
        return false;
      }
      this.reportError(error);
      return false;
    }
    handle.on('error', (error: Error) => {
      // The watch is unusable (its directory went away on some systems): drop it; a directory
      // that is still there gets a new watch when its parent reports it.
      const current = this.watches.get(directory);
      if (current?.handle === handle) this.watches.delete(directory);
      handle.close();
      if (!isGone(error)) this.reportError(error);
    });
    this.watches.set(directory, { handle, dev: stats.dev, ino: stats.ino });
    return true;
  }

  /** Closes the watches of `directory` and of every directory below it. */
  private unwatch(directory: string): void {
    const prefix = `${directory}/`;
    for (const [path, watch] of this.watches) {
      if (path === directory || path.startsWith(prefix)) {
        watch.handle.close();
        this.watches.delete(path);
      }
    }
  }

  private onEvent(directory: string, event: string, name: string | Buffer | null): void {
    if (this.closed || typeof name !== 'string' || name === '') return;
    const absolute = this.absolute(directory);
    // An event about the watched directory itself (chmod, deleted, moved away) names its own
    // basename, like one about a child of that name; the parent reports the directory. While the
    // directory is gone from its path, or for a 'change' of no such child, it is about the
    // directory. (A chmod of a directory still comes as a 'rename', because inotify flags it as
    // a directory: `dir/dir` is then touched and reported removed, which consumers skip.)
    if (name === basename(absolute)) {
      if (event === 'change' ? !exists(join(absolute, name)) : !exists(absolute, true)) return;
    }
    const path = directory === '' ? name : `${directory}/${name}`;
    // A 'change' names a non-directory (see the rules above): its type is known.
    const ignored = this.options.ignores(path, event === 'change' ? false : undefined);
    if (!ignored || (event === 'rename' && this.options.reports(path, undefined))) this.options.onTouch(path);
    if (event === 'rename' && (!ignored || this.watches.has(path))) this.reconcile(path);
  }

  /** Checks one path that was created, deleted or moved; one check per path at a time. */
  private reconcile(path: string): void {
    const running = this.reconciling.get(path);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.reconciling.set(path, state);
    void this.track((async () => {
      do {
        state.again = false;
        await this.reconcileOnce(path);
      } while (state.again && !this.closed);
    })().finally(() => this.reconciling.delete(path)));
  }

  private async reconcileOnce(path: string): Promise<void> {
    let stats;
    try {
      // Bounded like the reads: a checkout creates thousands of files at once.
      stats = await this.limit(() => lstat(this.absolute(path)));
    } catch (error) {
      if (!isGone(error)) throw error;
    }
    if (this.closed) return;
    const watch = this.watches.get(path);
    if (stats?.isDirectory() && !this.options.ignores(path, true)) {
      if (watch && watch.dev === stats.dev && watch.ino === stats.ino) return;
      if (watch) this.unwatch(path); // replaced by another directory
      if (!this.watches.has(parentOf(path))) return; // its parent went meanwhile
      await this.visit(path, 'appeared');
    } else if (watch) {
      this.unwatch(path);
    }
  }
}

/**
 * The inotify watches this process holds (every watcher of the process, not one tree): the
 * `inotify wd:` lines of /proc/self/fdinfo for each inotify descriptor. Undefined where that
 * cannot be read (not Linux, /proc not mounted).
 */
export function processInotifyWatches(): number | undefined {
  let descriptors: string[];
  try {
    descriptors = readdirSync('/proc/self/fd');
  } catch {
    return undefined;
  }
  let watches = 0;
  for (const fd of descriptors) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) !== 'anon_inode:inotify') continue;
      for (const line of readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').split('\n')) {
        if (line.startsWith('inotify wd:')) watches++;
      }
    } catch {
      // closed meanwhile (the descriptor of the readdir itself, for one)
    }
  }
  return watches;
}

function maxUserWatches(): string {
  try {
    return ` = ${readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8').trim()}`;
  } catch {
    return '';
  }
}

/** Whether something (a directory, with `directory`) is at `path`; links are not followed. */
function exists(path: string, directory = false): boolean {
  try {
    const stats = lstatSync(path);
    return !directory || stats.isDirectory();
  } catch {
    return false;
  }
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Runs at most `concurrency` of the given functions at once. */
function createLimiter(concurrency: number): <T>(run: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (run) => {
    if (active < concurrency) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
