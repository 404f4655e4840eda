/**
 * The live worktrees: one watcher per distinct workspace root, feeding its settled batches to
 * every workspace that reads that root, and the one path through which any refresh (watcher,
 * workspace.refresh, create, reset) runs: engine refresh -> new generation -> retire the old
 * query session -> `index.progress`, `graph.delta` and `workspace.changed` events. Owns watcher
 * lifetimes, per-workspace refresh errors (a workspace whose last refresh failed is stale) and
 * the sync barrier used by `sync: true`.
 */
import { computeDeltaPausing, type StructuralDelta } from '@repograph/analysis';
import { isRepographError } from '@repograph/core';
import { createWatchFilter, gitDirOf, POLICY_FILE_NAME, type DryRunRefresh, type RefreshOptions, type Repository, type WorkspaceRefresh } from '@repograph/engine';
import type { GraphDeltaPayload } from '@repograph/protocol';
import type { SnapshotSessions } from './snapshot-sessions.js';
import type { SubscriptionHub } from './subscriptions.js';
import { createWorktreeWatcher, type WatchBatch, type WorktreeWatcher } from './watcher.js';
import { processInotifyWatches } from './watcher-tree.js';

/** Why a workspace's last refresh failed: the message, and the code and data of a RepographError. */
export interface RefreshFailure {
  message: string;
  code?: string;
  data?: Record<string, unknown>;
}

/**
 * Quiet time that ends a watcher batch: long enough for an editor's save (temp file, rename,
 * chmod) to be one batch, short enough that a save is queryable within tens of milliseconds.
 * A checkout is one batch anyway (batches are held while .git/index.lock exists).
 */
const WATCH_SETTLE_MS = 8;

export interface LiveTreesOptions {
  repository: Repository;
  hub: SubscriptionHub;
  sessions: SnapshotSessions;
  log: (message: string) => void;
  /** Watch roots for changes (tests and one-shot hosts may turn it off). */
  watch: boolean;
}

export class LiveTrees {
  private readonly watchers = new Map<string, WorktreeWatcher>();
  private readonly failures = new Map<string, RefreshFailure>();
  private readonly running = new Map<string, number>();
  private progressAt = 0;
  /** Why the last reading of .repograph.json failed (the policy in force stayed); every workspace reports it. */
  private policyFailure: RefreshFailure | undefined;
  /** Policy reloads run one at a time, in order. */
  private policyReloads: Promise<void> = Promise.resolve();
  private reconcileTimer: NodeJS.Timeout | null = null;
  private reconciling = false;

  constructor(private readonly options: LiveTreesOptions) {}

  /** Starts watching `root` unless it is watched already. */
  async watch(root: string): Promise<void> {
    if (!this.options.watch || this.watchers.has(root)) return;
    const gitDir = this.options.repository.isGit ? await gitDirOf(root).catch(() => undefined) : undefined;
    const watcher = createWorktreeWatcher({
      root,
      filter: createWatchFilter(root, this.options.repository.policy.policy),
      settleMs: WATCH_SETTLE_MS,
      ...(gitDir ? { gitDir } : {}),
      onBatch: (batch) => this.onBatch(root, batch),
      onGitChange: () => void this.onGitChange(root),
      onError: (error) => this.options.log(`watcher on ${root}: ${error.message}`),
    });
    this.watchers.set(root, watcher);
    await watcher.ready();
  }

  /** Waits until every change made under `root` before the call is indexed (a no-op when unwatched). */
  async sync(root: string): Promise<void> {
    await this.watchers.get(root)?.sync();
  }

  /** Stops watching roots no workspace reads any more. */
  async prune(): Promise<void> {
    const roots = new Set(this.options.repository.listWorkspaces().map((w) => w.root));
    for (const [root, watcher] of this.watchers) {
      if (roots.has(root)) continue;
      this.watchers.delete(root);
      await watcher.close();
    }
  }

  /** Inotify use: directories watched across roots. */
  watchedDirectories(): number {
    let total = 0;
    for (const watcher of this.watchers.values()) total += watcher.stats().watchedDirectories;
    return total;
  }

  /** The process's inotify watches (Linux; null elsewhere), whatever holds them. */
  inotifyWatches(): number | null {
    return processInotifyWatches() ?? null;
  }

  /** Watcher paths waiting for their batch, plus refreshes under way. */
  queueDepth(): number {
    let total = 0;
    for (const watcher of this.watchers.values()) total += watcher.stats().pendingPaths;
    for (const count of this.running.values()) total += count;
    return total;
  }

  /** True while a refresh of the workspace runs. */
  isIndexing(workspace?: string): boolean {
    return workspace === undefined ? [...this.running.values()].some((n) => n > 0) : (this.running.get(workspace) ?? 0) > 0;
  }

  /** The workspace's last failed refresh (cleared by a successful one), or a policy file that cannot be read. */
  failure(workspace: string): RefreshFailure | undefined {
    return this.failures.get(workspace) ?? this.policyFailure;
  }

  /** Forgets what is kept about a deleted workspace (its last failure, its refresh count). */
  forgetWorkspace(workspace: string): void {
    this.failures.delete(workspace);
    if ((this.running.get(workspace) ?? 0) === 0) this.running.delete(workspace);
  }

  /** Refreshes a workspace and announces what it published, with the structural delta of the change. */
  async refresh(workspace: string, options: Omit<RefreshOptions, 'analyze' | 'onProgress'> = {}): Promise<WorkspaceRefresh<StructuralDelta>> {
    const { repository, hub, sessions } = this.options;
    this.running.set(workspace, (this.running.get(workspace) ?? 0) + 1);
    try {
      const result = await repository.refresh<StructuralDelta>(workspace, {
        ...options,
        analyze: (input) => computeDeltaPausing(input),
        onProgress: (progress) => this.progress(workspace, progress),
      });
      this.failures.delete(workspace);
      if (result.published) {
        sessions.invalidate(workspace, result.coldStart ? null : result.change.paths);
        sessions.warm(workspace);
        hub.publish('graph.delta', workspace, result.generation, deltaPayload(workspace, result));
        hub.publish('workspace.changed', workspace, result.generation, { workspace, change: 'refreshed', generation: result.generation });
      }
      return result;
    } catch (error) {
      this.failures.set(workspace, isRepographError(error)
        ? { message: error.message, code: error.code, data: error.data }
        : { message: (error as Error).message });
      hub.publish('workspace.changed', workspace, hub.clock(), { workspace, change: 'stale' });
      throw error;
    } finally {
      this.running.set(workspace, (this.running.get(workspace) ?? 1) - 1);
    }
  }

  /**
   * The structural delta that `edits` (path -> new text) would cause in a workspace, against its
   * current generation: nothing is written, published or announced, and its state stays as it is.
   */
  dryRun(workspace: string, edits: ReadonlyMap<string, string>, declaredRenames?: Array<{ old: string; new: string }>): Promise<DryRunRefresh<StructuralDelta>> {
    return this.options.repository.workspace(workspace).dryRun(edits, (input) => computeDeltaPausing(input), declaredRenames);
  }

  /**
   * Rescans every workspace in full every `intervalMs` (0: never): the safety net for what no
   * watcher event tells (an inotify queue overflow, files appearing inside an excluded folder
   * that had none). A rescan that finds nothing publishes nothing; one that does is logged.
   */
  startReconciling(intervalMs: number): void {
    if (intervalMs <= 0 || this.reconcileTimer) return;
    this.reconcileTimer = setInterval(() => void this.reconcile(), intervalMs);
    this.reconcileTimer.unref();
  }

  private async reconcile(): Promise<void> {
    if (this.reconciling) return;
    this.reconciling = true;
    try {
      for (const info of this.options.repository.listWorkspaces()) {
        if (this.isIndexing(info.id)) continue; // busy: the next round looks again
        try {
          const result = await this.refresh(info.id);
          if (result.published) {
            this.options.log(`rescan of workspace ${info.id} found changes no watcher event reported: ${result.change.paths.length} paths (generation ${result.generation})`);
          }
        } catch (error) {
          this.options.log(`rescan of workspace ${info.id} failed: ${(error as Error).message}`);
        }
      }
    } finally {
      this.reconciling = false;
    }
  }

  async close(): Promise<void> {
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    this.reconcileTimer = null;
    const watchers = [...this.watchers.values()];
    this.watchers.clear();
    await Promise.all(watchers.map((w) => w.close().catch(() => undefined)));
  }

  private async onBatch(root: string, batch: WatchBatch): Promise<void> {
    const paths = [...batch.changed, ...batch.removed];
    if (paths.length === 0) return;
    // Not awaited: the reload re-creates this very watcher, which waits for this batch to end.
    if (root === this.options.repository.root && paths.includes(POLICY_FILE_NAME)) void this.reloadPolicySoon();
    for (const info of this.options.repository.listWorkspaces()) {
      if (info.root !== root) continue;
      try {
        // The batch goes on as it is (changed and removed split, with the watcher's stats), so
        // the engine does not stat the same files again.
        await this.refresh(info.id, { batch });
      } catch (error) {
        this.options.log(`refresh of workspace ${info.id} after ${paths.length} changed paths failed: ${(error as Error).message}`);
      }
    }
  }

  /**
   * HEAD of `root` may have moved without a file changing (a commit of what was indexed): each
   * workspace that follows it refreshes with no paths, which re-reads HEAD and, when it moved,
   * publishes the same tree over the new commit's baseline (nothing when it did not).
   */
  private async onGitChange(root: string): Promise<void> {
    for (const info of this.options.repository.listWorkspaces()) {
      if (info.root !== root || info.pinnedBase) continue;
      try {
        await this.refresh(info.id, { paths: [] });
      } catch (error) {
        this.options.log(`refresh of workspace ${info.id} after a git operation failed: ${(error as Error).message}`);
      }
    }
  }

  /** Queues a reading of .repograph.json after the ones already queued. */
  private reloadPolicySoon(): Promise<void> {
    this.policyReloads = this.policyReloads.then(() => this.reloadPolicy()).catch((error: Error) => this.options.log(`policy reload failed: ${error.message}`));
    return this.policyReloads;
  }

  /**
   * .repograph.json changed: read it again. Malformed, it is reported by every workspace's
   * index.status (state "error") while the policy in force stays. Changed, every watcher is
   * re-created with the new admission filter and every workspace re-indexed from scratch.
   */
  private async reloadPolicy(): Promise<void> {
    const { repository, log, hub } = this.options;
    let result;
    try {
      result = await repository.reloadPolicy();
    } catch (error) {
      this.policyFailure = isRepographError(error)
        ? { message: error.message, code: error.code, data: error.data }
        : { message: (error as Error).message };
      log(`${this.policyFailure.message} (the policy in force stays)`);
      for (const info of repository.listWorkspaces()) hub.publish('workspace.changed', info.id, hub.clock(), { workspace: info.id, change: 'stale' });
      return;
    }
    this.policyFailure = undefined;
    for (const warning of result.warnings) log(`warning: ${warning}`);
    if (!result.changed) return;
    log(`material policy changed (${repository.policy.file ?? 'defaults'}): re-indexing every workspace`);
    const roots = [...this.watchers.keys()];
    for (const root of roots) {
      const watcher = this.watchers.get(root)!;
      this.watchers.delete(root);
      await watcher.close();
    }
    for (const root of roots) await this.watch(root);
    for (const info of repository.listWorkspaces()) {
      try {
        await this.refresh(info.id);
      } catch (error) {
        log(`re-index of workspace ${info.id} under the new policy failed: ${(error as Error).message}`);
      }
    }
  }

  private progress(workspace: string, progress: { phase: string; done: number; total: number }): void {
    const now = performance.now();
    if (progress.done !== progress.total && now - this.progressAt < 100) return;
    this.progressAt = now;
    this.options.hub.publish('index.progress', workspace, this.options.hub.clock(), { workspace, ...progress });
  }
}

/**
 * The graph.delta payload of a refresh: the structural delta the analysis computed on the two
 * generations, or (a cold start, nothing published) the change summary alone.
 */
export function deltaPayload(workspace: string, result: Pick<WorkspaceRefresh<StructuralDelta>, 'analysis' | 'change' | 'generation'>): GraphDeltaPayload {
  const analysis = result.analysis;
  if (analysis) return { ...analysis, workspace, generation: result.generation };
  const change = result.change;
  return {
    workspace, generation: result.generation,
    paths: change.paths, reparsed: change.reparsed, affected: change.affected, removedFiles: change.removedFiles,
    symbols: { added: change.symbols.added, removed: change.symbols.removed, renamed: [], changed: change.symbols.changed },
    danglingCallers: [], signatureChanges: [], arityFindings: [], newDuplicates: [], newImportCycles: [], testsReaching: [],
    reingestMs: change.reingestMs, deltaMs: 0,
  };
}
