/**
 * LiveWorkspace: one workspace's state kept between refreshes (its bound tree, its unsaved
 * buffers) and the queue that runs its refreshes one at a time, in call order. Readers keep
 * reading the previous generation until a refresh publishes the new one. What a refresh does,
 * stage by stage (admit, read, extract, bind, select, publish, delta), is refresh/; this class
 * only holds what those stages read and leave.
 */
import type { FileFacts } from '@repograph/core';
import type { BoundCommit } from './baseline-neighbour.js';
import { PathGuard } from './path-guard.js';
import { forkedNeighbour } from './workspace-fork.js';
import { runDryRun } from './refresh/dry-run.js';
import { runRefresh, type StateCell } from './refresh/pipeline.js';
import { analyzeSince } from './refresh/since.js';
import type { Analyze, DryRunRefresh, RefreshContext, RefreshOptions, WorkspaceHost, WorkspaceRefresh, WorkspaceSpec } from './refresh/types.js';

export type { Analyze, ChangeBatch, DryRunRefresh, RefreshOptions, WorkspaceHost, WorkspaceRefresh, WorkspaceSpec } from './refresh/types.js';

/** The snapshot key of a workspace. */
export function workspaceKey(id: string): string {
  return `workspace:${id}`;
}

export class LiveWorkspace {
  readonly spec: WorkspaceSpec;
  readonly key: string;
  private readonly host: WorkspaceHost;
  private readonly cell: StateCell = { state: null, lastRefreshMs: 0 };
  private readonly overrides = new Map<string, Uint8Array>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Tasks of the queue running now (a bound tree is forked only when none is). */
  private running = 0;
  private pathGuard: PathGuard | null = null;

  constructor(host: WorkspaceHost, spec: WorkspaceSpec, contents?: Record<string, string>) {
    this.host = host;
    this.spec = spec;
    this.key = workspaceKey(spec.id);
    for (const [path, text] of Object.entries(contents ?? {})) this.overrides.set(path, Buffer.from(text, 'utf8'));
  }

  /** The check every client path of this workspace goes through (its root, minus .git and the data root). */
  get guard(): PathGuard {
    return (this.pathGuard ??= PathGuard.forWorktree(this.spec.root, this.host.offLimits));
  }

  /** How long the last refresh took, to its publication (ms). */
  get lastRefreshMs(): number {
    return this.cell.lastRefreshMs;
  }

  /** The unsaved buffers as of now (a copy: later edits do not change it). */
  buffers(): ReadonlyMap<string, Uint8Array> {
    return new Map(this.overrides);
  }

  /** Paths held as unsaved buffers. */
  get overridePaths(): string[] {
    return [...this.overrides.keys()].sort();
  }

  /** True once the tree is bound in memory (the next change is incremental). */
  get warm(): boolean {
    return this.cell.state !== null;
  }

  /** Runs refreshes one at a time, in call order. */
  refresh<A = never>(options: RefreshOptions<A> = {}): Promise<WorkspaceRefresh<A>> {
    return this.enqueue(() => {
      const touchedBuffers = this.applyContents(options);
      return runRefresh({ context: this.context(), cell: this.cell, buffers: this.overrides, touchedBuffers, options });
    });
  }

  /**
   * The delta that giving `edits` (path -> new text) to the tree would cause, against the
   * current generation: nothing is written, nothing published, and the state is the same after.
   */
  dryRun<A>(edits: ReadonlyMap<string, string>, analyze: Analyze<A>, declaredRenames?: Array<{ old: string; new: string }>): Promise<DryRunRefresh<A>> {
    return this.enqueue(() => runDryRun({ context: this.context(), cell: this.cell, buffers: this.overrides, edits, analyze, declaredRenames }));
  }

  /**
   * Refreshes the workspace, then runs `analyze` with the baseline snapshot `baseKey` as the
   * before side and the workspace as the after side: the change of the whole tree against that
   * commit. Runs in the workspace's queue, so no refresh interleaves.
   */
  deltaAgainst<A>(baseKey: string, factsOfBlob: (blobId: string, language: string, path: string) => FileFacts | null, analyze: Analyze<A>): Promise<{ refresh: WorkspaceRefresh; analysis: A }> {
    return this.enqueue(async () => {
      const context = this.context();
      const refresh = await runRefresh<never>({ context, cell: this.cell, buffers: this.overrides, touchedBuffers: [], options: {} });
      const analysis = await analyzeSince({
        context, state: this.cell.state!, buffers: this.overrides, baseKey, factsOfBlob, analyze, reingestMs: refresh.change.reingestMs,
      });
      return { refresh, analysis };
    });
  }

  /** Resolves once every refresh asked so far has finished. */
  whenIdle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Drops the in-memory tree; the next refresh binds from scratch. */
  forget(): void {
    this.cell.state = null;
  }

  /** Drops the in-memory tree once the refreshes queued so far have finished (a policy change). */
  forgetWhenIdle(): Promise<void> {
    const run = this.queue.then(() => { this.cell.state = null; });
    this.queue = run;
    return run;
  }

  /**
   * The bound tree as a baseline build's neighbour (workspace-fork.ts), or null while a refresh
   * runs (its session may be half updated; waiting for the queue could wait on the very build
   * that asks, when a refresh builds a baseline) or before the first one.
   */
  forkBoundTree(): BoundCommit | null {
    if (this.running > 0) return null;
    return forkedNeighbour(this.host.store, this.spec.root, this.host.policy, this.cell.state);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      this.running++;
      try {
        return await task();
      } finally {
        this.running--;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private context(): RefreshContext {
    return { spec: this.spec, host: this.host, key: this.key };
  }

  /** Applies `contents`/`clearContents` to the unsaved buffers; returns the paths they touched. */
  private applyContents(options: RefreshOptions<unknown>): string[] {
    const touched: string[] = [];
    if (options.clearContents) {
      touched.push(...this.overrides.keys());
      this.overrides.clear();
    }
    for (const [path, text] of Object.entries(options.contents ?? {})) {
      touched.push(path);
      if (text === null) this.overrides.delete(path);
      else this.overrides.set(path, Buffer.from(text, 'utf8'));
    }
    return touched;
  }
}
