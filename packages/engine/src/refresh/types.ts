/**
 * The refresh pipeline's public shapes: what a caller asks of a refresh (RefreshOptions, the
 * watcher's batch as it arrived), what it answers (WorkspaceRefresh, typed by what the caller's
 * `analyze` returns), and where a workspace's tree comes from (WorkspaceSpec, WorkspaceHost).
 * Owns these types; the stages that use them are the other modules of this folder.
 */
import type { BuildReport } from '@repograph/core';
import type { MaterialPolicy } from '@repograph/graph';
import type { RepoStore } from '@repograph/store';
import type { DeltaInput } from '../delta-view.js';
import type { GraphChangeSummary } from '../graph-change.js';
import type { ExtractionPool } from '../pool.js';
import type { PathStat } from '../worktree-scan.js';

/** Where a workspace's tree comes from. */
export interface WorkspaceSpec {
  id: string;
  /** Absolute real path of the worktree the workspace reads. */
  root: string;
  isGit: boolean;
  /** A pinned base commit; null follows the root's HEAD. */
  pinnedBase: string | null;
}

/** The repository's services every workspace shares. */
export interface WorkspaceHost {
  store: RepoStore;
  getPool: () => ExtractionPool;
  /** The commit HEAD of `root` names now (null outside git or before the first commit). */
  readHead: (root: string) => Promise<string | null>;
  /** Which material is parsed, kept as Documents or excluded (.repograph.json). */
  policy: MaterialPolicy;
  /** Folders no client path may enter besides each root's own git dir (the common git dir, the data root). */
  offLimits: readonly string[];
}

/** What every stage may read of the workspace being refreshed. */
export interface RefreshContext {
  spec: WorkspaceSpec;
  host: WorkspaceHost;
  /** The workspace's snapshot key in the store. */
  key: string;
}

/**
 * A watcher's batch as it arrived: files that exist now, paths that are gone (a folder by its own
 * path), and the lstat the watcher took of each changed path when it has one, so the scan does
 * not stat the same file again.
 */
export interface ChangeBatch {
  changed: readonly string[];
  removed: readonly string[];
  stats?: ReadonlyMap<string, PathStat>;
}

/** The structural analysis a refresh runs on the two sides of what it published. */
export type Analyze<A> = (input: DeltaInput) => Promise<A>;

export interface RefreshOptions<A = never> {
  /** Root-relative paths that changed (files or folders); omitted (and no batch): the whole tree is scanned. */
  paths?: readonly string[];
  /** The watcher's batch (changed and removed split, with its stats); joins `paths`. */
  batch?: ChangeBatch;
  /** Unsaved buffers to set (text) or drop (null), by root-relative path. */
  contents?: Record<string, string | null>;
  /** Drop every unsaved buffer first. */
  clearContents?: boolean;
  /** Skip all work when the stored snapshot's stats still match the tree (one-shot CLI builds). */
  allowStoredShortcut?: boolean;
  onProgress?: (progress: { phase: string; done: number; total: number }) => void;
  /**
   * Runs on the two sides of a published change (the previous generation and the new one),
   * inside the refresh, before the next one can start; its answer is the result's `analysis`.
   * Not called when nothing was published, nor on a cold start unless the store holds an earlier
   * generation of the workspace (after a restart): that generation is then the before side. A
   * promise is awaited (the readers of both sides stay open until it settles).
   */
  analyze?: Analyze<A>;
  /** Renames the caller declared, passed on to `analyze`. */
  declaredRenames?: Array<{ old: string; new: string }>;
}

export interface WorkspaceRefresh<A = never> {
  generation: number;
  /** False when nothing changed (no new generation). */
  published: boolean;
  report: BuildReport;
  change: GraphChangeSummary;
  digest: string;
  /** How the graph was bound: only the changed files and their dependents, or all of it. */
  bind: { mode: 'incremental' | 'full'; files: number };
  /** What `analyze` answered, when it ran. */
  analysis?: A;
  /**
   * True when the tree was bound from scratch (after a start): `change` lists nothing then, and
   * `analysis` (when asked for and the store held an earlier generation) is the change against it.
   */
  coldStart: boolean;
}

/** What a dry run answers: the refresh the edits would cause, published nowhere. */
export interface DryRunRefresh<A> {
  /** The generation the change is against: the workspace's current one (0 before its first). */
  generation: number;
  change: GraphChangeSummary;
  /** The digest the tree would have. */
  digest: string;
  bind: { mode: 'incremental' | 'full'; files: number };
  /** What `analyze` answered (absent when the store holds no generation to compare with). */
  analysis?: A;
  /** True when the workspace was not bound: the tree was bound from scratch and thrown away. */
  coldStart: boolean;
  /** The edited paths the tree would index (a path admission excludes is absent). */
  indexed: string[];
}
