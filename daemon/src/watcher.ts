/**
 * The live worktree watcher: chokidar over the root (never entering what the watch filter
 * ignores), `<gitDir>/index.lock` holding batches during git operations, and sync() barriers.
 * Owns the event intake (events -> touched root-relative paths), the chokidar instance(s),
 * stats and shutdown. Settling lives in watcher-batcher.ts, touched paths -> batch in
 * watcher-resolve.ts, cookies (the non-recursive watch of the git dir) in watcher-cookies.ts.
 *
 * Contract for the consumer (onBatch):
 * - `changed`: files (or symlinks) that exist now; `removed`: paths that no longer exist. A removed
 *   directory is reported by its own path (and usually its files too): drop the path and every
 *   indexed path under `path + '/'`. Root-relative POSIX paths, sorted, no duplicates; the same
 *   path may come again in a later batch (re-stat it; unchanged content is a no-op), and
 *   `removed` may name paths the index never had (an editor's temporary file): skip those.
 * - A batch containing a `.gitignore` means the ignore rules changed: the watcher refreshes its
 *   filter and re-walks the tree, but files that became (un)ignored are not listed: reconcile
 *   with a scan.
 * - The watcher's own filter approximates git (no global excludes file); decide admission of
 *   new untracked paths with git when exactness matters.
 *
 * Barrier (sync): a cookie file `.repograph-cookie-<pid>-<n>` is created in the git dir (outside
 * git: in the root) and removed afterwards; cookies never appear in batches. Raw events are
 * taken in as they arrive, in inotify order, ahead of chokidar's own asynchronous processing,
 * so once the cookie's event is seen every earlier write is pending, and is flushed at once.
 */
import { watch as chokidarWatch, type FSWatcher as ChokidarWatcher } from 'chokidar';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Batcher } from './watcher-batcher.js';
import { createCookieBarrier, isCookiePath } from './watcher-cookies.js';
import { resolveBatch, type WatchBatch } from './watcher-resolve.js';

export type { WatchBatch } from './watcher-resolve.js';

export interface WorktreeWatcherOptions {
  /** Absolute real path of the worktree root. */
  root: string;
  /** Decides what is never watched nor reported (the engine's createWatchFilter). */
  filter: { ignores(relativePath: string, isDirectory?: boolean): boolean; invalidate?(relativePath: string): void };
  /** Absolute git dir of the worktree (`<root>/.git`, or `.git/worktrees/<name>` of a linked one). */
  gitDir?: string;
  /** Quiet time that ends a batch (default 40 ms). */
  settleMs?: number;
  /** A steady stream of events still flushes after this long (default 1000 ms). */
  maxSettleMs?: number;
  /** Longest hold of a batch while `<gitDir>/index.lock` exists (default 10000 ms). */
  lockHoldMaxMs?: number;
  /** How long sync() waits for its cookie (default 5000 ms). */
  syncTimeoutMs?: number;
  /** Receives one batch at a time; events meanwhile go to the next batch. */
  onBatch(batch: WatchBatch): Promise<void>;
  onError(error: Error): void;
}

export interface WatcherStats {
  /** Directories chokidar watches under the root (it also watches every file in them). */
  watchedDirectories: number;
  /** Touched paths waiting for the next batch. */
  pendingPaths: number;
  /** onBatch calls so far. */
  batches: number;
}

export interface WorktreeWatcher {
  /** Resolves once the initial walk is done and every directory is watched. */
  ready(): Promise<void>;
  /** Resolves after every change made before the call has been delivered to onBatch. */
  sync(): Promise<void>;
  stats(): WatcherStats;
  close(): Promise<void>;
}

export function createWorktreeWatcher(options: WorktreeWatcherOptions): WorktreeWatcher {
  const { root, filter, gitDir } = options;
  const prefix = root.endsWith('/') ? root : `${root}/`;
  const reportError = (error: unknown): void => options.onError(error instanceof Error ? error : new Error(String(error)));
  let batches = 0;
  let closed = false;
  let markClosed!: () => void;
  const closing = new Promise<void>((resolve) => { markClosed = resolve; });

  const ignores = (path: string, isDirectory: boolean | undefined): boolean =>
    isCookiePath(path) || filter.ignores(path, isDirectory);
  const relativeOf = (absolutePath: string): string | null =>
    absolutePath.startsWith(prefix) && absolutePath.length > prefix.length ? absolutePath.slice(prefix.length) : null;

  const batcher = new Batcher({
    settleMs: options.settleMs ?? 40,
    maxSettleMs: options.maxSettleMs ?? 1000,
    lockHoldMaxMs: options.lockHoldMaxMs ?? 10_000,
    isLocked: () => gitDir !== undefined && existsSync(join(gitDir, 'index.lock')),
    deliver: async (paths, flushed) => {
      const batch = await resolveBatch(root, paths, ignores, flushed);
      if (batch.changed.length === 0 && batch.removed.length === 0) return;
      batches++;
      if ([...batch.changed, ...batch.removed].some((path) => basename(path) === '.gitignore')) rewatch();
      await options.onBatch(batch);
    },
    onError: reportError,
  });

  /** Takes one touched path in; `isDirectory` is undefined when the event does not say. */
  const touch = (absolutePath: string, isDirectory: boolean | undefined): void => {
    const path = relativeOf(absolutePath);
    if (path === null || ignores(path, isDirectory)) return;
    if (basename(path) === '.gitignore') filter.invalidate?.(path);
    batcher.touch(path);
  };

  const instances = new Set<ChokidarWatcher>();
  /** One chokidar walk of the root; `ready` resolves once every directory is watched (or on close). */
  const startChokidar = (): { instance: ChokidarWatcher; ready: Promise<void> } => {
    const instance = chokidarWatch(root, {
      ignoreInitial: true,
      followSymlinks: false,
      usePolling: false,
      atomic: false,
      awaitWriteFinish: false,
      ignored: (absolutePath: string, stats?: { isDirectory(): boolean }) => {
        const path = relativeOf(absolutePath);
        return path !== null && ignores(path, stats ? stats.isDirectory() : undefined);
      },
    });
    instances.add(instance);
    instance.on('all', (event, path) => touch(path, event === 'addDir' || event === 'unlinkDir'));
    // Raw events arrive synchronously in inotify order; chokidar's own events come later (after a
    // stat or a directory read). A directory watch names the child; an event about the watched
    // entry itself names its own basename and is skipped (its parent directory reports it).
    instance.on('raw', (_event, name, details) => {
      const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (typeof name !== 'string' || name === '' || !watched || name === basename(watched)) return;
      touch(join(watched, name), undefined);
    });
    instance.on('error', reportError);
    const ready = new Promise<void>((resolve) => instance.once('ready', () => resolve()));
    return { instance, ready: Promise.race([ready, closing]) };
  };
  const first = startChokidar();
  let current = first.instance;

  /**
   * After ignore rules change, a fresh walk watches what they no longer ignore (chokidar never
   * re-reads a directory it already watches); the old walk stays on until the new one is ready.
   */
  let rewatching: Promise<void> | null = null;
  let rewatchAgain = false;
  const rewatch = (): void => {
    if (closed) return;
    if (rewatching) { rewatchAgain = true; return; }
    rewatching = (async () => {
      do {
        rewatchAgain = false;
        const next = startChokidar();
        await next.ready;
        if (closed) return;
        const previous = current;
        current = next.instance;
        instances.delete(previous);
        await previous.close();
      } while (rewatchAgain && !closed);
    })().catch(reportError).finally(() => { rewatching = null; });
  };

  const cookies = createCookieBarrier(gitDir ?? root, options.syncTimeoutMs ?? 5000, reportError);

  return {
    ready: () => first.ready,
    async sync() {
      if (closed) throw new Error('watcher sync: the watcher is closed');
      await cookies.wait();
      await batcher.flush();
    },
    stats() {
      const watched = Object.keys(current.getWatched());
      return {
        watchedDirectories: watched.filter((dir) => dir === root || dir.startsWith(prefix)).length,
        pendingPaths: batcher.pendingCount,
        batches,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      markClosed();
      cookies.close();
      await Promise.all([...instances].map((instance) => instance.close()));
      await rewatching;
      await batcher.close();
    },
  };
}
