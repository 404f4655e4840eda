/**
 * The live worktree watcher: one inotify watch per admitted directory of the root (never one per
 * file, never entering what the watch filter ignores, yet reporting the excluded folders and
 * files the index names), `<gitDir>/index.lock` holding batches during git operations, and
 * sync() barriers. Owns the touched-path intake (filter refresh on a `.gitignore`), the re-walk
 * after ignore rules change, stats and shutdown. The directory watches live in watcher-tree.ts
 * (which says why it is not chokidar: chokidar 4 watches every file too), settling in
 * watcher-batcher.ts, touched paths -> batch in watcher-resolve.ts, cookies (the non-recursive
 * watch of the git dir) in watcher-cookies.ts.
 *
 * Contract for the consumer (onBatch):
 * - `changed`: files (or symlinks) that exist now; `removed`: paths that no longer exist. A removed
 *   directory is reported by its own path (and usually its files too): drop the path and every
 *   indexed path under `path + '/'`. Root-relative POSIX paths, sorted, no duplicates; the same
 *   path may come again in a later batch (re-stat it; unchanged content is a no-op), and
 *   `removed` may name paths the index never had (an editor's temporary file): skip those.
 *   `stats` holds the lstat the watcher took of each changed path it stat'ed itself (not of the
 *   files found by reading a new directory), so the consumer need not stat them again.
 * - Excluded material the filter reports (`reports`: a folder such as vendor/ that is not
 *   gitignored, a file such as AGENTS.md or image.png) comes as its own path in `changed` when
 *   it appears (a folder too: ask git what is below it) and in `removed` when it goes. Nothing
 *   below an excluded folder is ever watched or reported, so a folder that gains its first file
 *   (or loses its last) after it appeared goes unseen until a scan. Writes to an excluded file
 *   are not reported (only its existence matters).
 * - A directory that appears (created, or moved in) has its files reported as `changed`.
 * - A batch containing a `.gitignore` means the ignore rules changed: the watcher refreshes its
 *   filter and re-walks the tree, but files that became (un)ignored are not listed: reconcile
 *   with a scan.
 * - The watcher's own filter approximates git (no global excludes file); decide admission of
 *   new untracked paths with git when exactness matters.
 * - onGitChange: the git dir's HEAD, HEAD.lock, ORIG_HEAD, index, COMMIT_EDITMSG or packed-refs
 *   was written (settled, neither index.lock nor HEAD.lock held): HEAD may have moved although no
 *   worktree file changed.
 *
 * Barrier (sync): a cookie file `.repograph-cookie-<pid>-<n>` is created in the git dir (outside
 * git: in the root) and removed afterwards; cookies never appear in batches. Directory events
 * are taken in synchronously as they arrive, in inotify order (every fs.watch of the process
 * reads one inotify queue), so once the cookie's event is seen every earlier write is pending;
 * the reads of directories that appeared before it (asynchronous) are awaited, then the batch
 * is flushed.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Batcher } from './watcher-batcher.js';
import { createCookieBarrier, isCookiePath } from './watcher-cookies.js';
import { resolveBatch, type WatchBatch } from './watcher-resolve.js';
import { DirectoryTree, processInotifyWatches } from './watcher-tree.js';

export type { WatchBatch } from './watcher-resolve.js';
export { processInotifyWatches } from './watcher-tree.js';

export interface WorktreeWatcherOptions {
  /** Absolute real path of the worktree root. */
  root: string;
  /**
   * Decides what is never watched nor descended into (`ignores`) and, among that, what is
   * reported all the same (`reports`; nothing when absent): the engine's createWatchFilter.
   */
  filter: {
    ignores(relativePath: string, isDirectory?: boolean): boolean;
    reports?(relativePath: string, isDirectory?: boolean): boolean;
    invalidate?(relativePath: string): void;
    /** Loads what the answers need without holding the thread; awaited before each walk. */
    prepare?(): Promise<void>;
  };
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
  /**
   * HEAD may have moved (a commit, checkout, reset or merge wrote HEAD, HEAD.lock, ORIG_HEAD, the
   * index, COMMIT_EDITMSG or packed-refs in the git dir), once the writes settled and neither
   * index.lock nor HEAD.lock is held. Compare HEAD with what the index was built on; nothing on
   * disk may have changed.
   */
  onGitChange?(): void;
  onError(error: Error): void;
}

export interface WatcherStats {
  /** Directories watched under the root, the root included (one inotify watch each; files have none). */
  watchedDirectories: number;
  /**
   * Inotify watches held by the whole process (every watcher of it, plus the cookie watch of
   * each): do not add it up across watchers. Absent where it cannot be read (not Linux).
   */
  inotifyWatches?: number;
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
  const reportError = (error: unknown): void => options.onError(error instanceof Error ? error : new Error(String(error)));
  let batches = 0;
  let closed = false;
  let markClosed!: () => void;
  const closing = new Promise<void>((resolve) => { markClosed = resolve; });

  const ignores = (path: string, isDirectory: boolean | undefined): boolean =>
    isCookiePath(path) || filter.ignores(path, isDirectory);
  const reports = (path: string, isDirectory: boolean | undefined): boolean =>
    filter.reports !== undefined && !isCookiePath(path) && filter.reports(path, isDirectory);

  const batcher = new Batcher({
    settleMs: options.settleMs ?? 40,
    maxSettleMs: options.maxSettleMs ?? 1000,
    lockHoldMaxMs: options.lockHoldMaxMs ?? 10_000,
    isLocked: () => gitDir !== undefined && existsSync(join(gitDir, 'index.lock')),
    deliver: async (paths, flushed) => {
      const batch = await resolveBatch(root, paths, { ignores, reports }, flushed);
      if (batch.changed.length === 0 && batch.removed.length === 0) return;
      batches++;
      if ([...batch.changed, ...batch.removed].some((path) => basename(path) === '.gitignore')) rewatch();
      await options.onBatch(batch);
    },
    onError: reportError,
  });

  /** Takes one admitted or reported root-relative path in (the tree has asked the filter). */
  const touch = (path: string): void => {
    if (basename(path) === '.gitignore') filter.invalidate?.(path);
    batcher.touch(path);
  };

  const tree = new DirectoryTree({ root, ignores, reports, onTouch: touch, onError: reportError });
  // The filter asks git what it needs before the walk, instead of synchronously within it.
  const prepared = (): Promise<void> => filter.prepare?.() ?? Promise.resolve();
  const ready = Promise.race([prepared().then(() => (closed ? undefined : tree.start())), closing]);

  /**
   * After ignore rules change, a re-walk watches what they no longer ignore and closes what
   * they now ignore; one at a time, and once more if they changed again meanwhile.
   */
  let rewatching: Promise<void> | null = null;
  let rewatchAgain = false;
  const rewatch = (): void => {
    if (closed) return;
    if (rewatching) { rewatchAgain = true; return; }
    rewatching = (async () => {
      await ready;
      do {
        rewatchAgain = false;
        await prepared();
        await tree.rewalk();
      } while (rewatchAgain && !closed);
    })().catch(reportError).finally(() => { rewatching = null; });
  };

  const gitChange = gitDir !== undefined && options.onGitChange
    ? settleCalls(options.settleMs ?? 40, options.lockHoldMaxMs ?? 10_000, () => GIT_LOCKS.some((lock) => existsSync(join(gitDir, lock))), options.onGitChange)
    : null;
  const cookies = createCookieBarrier(gitDir ?? root, options.syncTimeoutMs ?? 5000, reportError,
    gitChange ? (name) => { if (HEAD_MOVERS.has(name)) gitChange.call(); } : undefined);

  return {
    ready: () => ready,
    async sync() {
      if (closed) throw new Error('watcher sync: the watcher is closed');
      await cookies.wait();
      // A directory that appeared before the cookie is read asynchronously: wait for that too.
      await tree.settled();
      await batcher.flush();
    },
    stats() {
      const inotifyWatches = processInotifyWatches();
      return {
        watchedDirectories: tree.size,
        pendingPaths: batcher.pendingCount,
        batches,
        ...(inotifyWatches === undefined ? {} : { inotifyWatches }),
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      markClosed();
      gitChange?.cancel();
      cookies.close();
      await tree.close();
      await rewatching;
      await batcher.close();
    },
  };
}

/**
 * Files of the git dir whose writes can go with HEAD moving. The refs themselves live below it,
 * unwatched; what tells of them is HEAD.lock, which git holds while it moves the ref under HEAD
 * (commit, reset, checkout, merge, update-ref HEAD) and removes after. It counts because
 * COMMIT_EDITMSG, the last other write of a commit, comes before git builds the commit: on a
 * loaded machine the ref can move long after the settle time, and only HEAD.lock's removal says so.
 */
const HEAD_MOVERS = new Set(['HEAD', 'HEAD.lock', 'ORIG_HEAD', 'index', 'COMMIT_EDITMSG', 'packed-refs']);
/** Locks under which git is still writing what HEAD depends on: the look at HEAD waits for them. */
const GIT_LOCKS = ['index.lock', 'HEAD.lock'];

/**
 * Calls `run` once `settleMs` passed without another call and `busy()` is false (re-checked
 * every settle period while it is true, for at most `maxHoldMs`: a lock left by a crashed git
 * does not stop the look at HEAD for good); later calls restart the wait.
 */
function settleCalls(settleMs: number, maxHoldMs: number, busy: () => boolean, run: () => void): { call(): void; cancel(): void } {
  let timer: NodeJS.Timeout | null = null;
  let busySince: number | null = null;
  const fire = (): void => {
    const now = Date.now();
    if (busy() && now - (busySince ??= now) < maxHoldMs) {
      timer = setTimeout(fire, settleMs);
      return;
    }
    timer = null;
    busySince = null;
    run();
  };
  return {
    call() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(fire, settleMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
