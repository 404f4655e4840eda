/**
 * The index and its baselines: `index.status`, `index.ensureBaseline`, `index.listBaselines`,
 * `index.cleanup`, `index.report` and `index.removeRepo`.
 */
import { RequestType } from 'vscode-jsonrpc';
import type { ErrorData } from './errors.js';
import type { BuildReport, NoParams, QueryScope, WithMeta } from './shapes.js';

export type IndexStatusParams = QueryScope;

export interface IndexStatusPayload {
  state: 'idle' | 'indexing' | 'error';
  /** The workspace root's HEAD commit as git has it now, or null outside git / on an unborn branch. */
  head: string | null;
  /**
   * True when the answers no longer follow the root: its HEAD moved off the workspace's baseline
   * and the workspace has not caught up (a pinned one: not reset since), or its last refresh
   * failed. The same as workspace.list's `stale`. @since 0.4.1
   */
  stale?: boolean;
  /** The commit of the baseline the workspace's overlay sits on, or null. */
  baseline: string | null;
  files: number;
  symbols: number;
  relations: number;
  unresolved: number;
  /** Progress of the build under way (0/0 when idle). */
  progress: { done: number; total: number };
  lastReport: BuildReport | null;
  /** When `state` is `error`: what failed and what to do. */
  error?: string;
  /** When `state` is `error`: the failure's stable code (`BudgetExceeded`...) and its data. */
  errorCode?: string;
  errorData?: Record<string, unknown>;
  /** True while the workspace's tree is bound in memory (see WorkspaceInfo.warm). @since 0.3.0 */
  warm?: boolean;
  /**
   * The workspace root's git status as git has it now (read without taking the index lock), or
   * null outside git or when git cannot tell. @since 0.4.2
   */
  git?: WorktreeGitStatus | null;
}

/** A worktree's git status (`git status --porcelain=v2 --branch --untracked-files=normal`). @since 0.4.2 */
export interface WorktreeGitStatus {
  /**
   * Tracked files that differ from HEAD or the index (modified, added, deleted, renamed,
   * unmerged) plus untracked files git does not ignore; an untracked folder counts once.
   */
  dirtyFiles: number;
  /** The checked-out branch, or null on a detached HEAD. */
  branch: string | null;
  /** The branch's upstream (`origin/main`), or null when it has none. */
  upstream: string | null;
  /** Commits on the branch not on its upstream, and the reverse; null without an upstream (or when it is gone). */
  ahead: number | null;
  behind: number | null;
}
export type IndexStatusResult = WithMeta<IndexStatusPayload>;

export const IndexStatusMethod = 'index.status';
export const IndexStatusRequest = new RequestType<IndexStatusParams, IndexStatusResult, ErrorData>(IndexStatusMethod);

export interface IndexEnsureBaselineParams {
  /** Any commit-ish (`HEAD~3`, a tag, a sha); default HEAD. */
  commit?: string;
}

export interface IndexEnsureBaselinePayload {
  /** The full commit sha. */
  commit: string;
  alreadyExisted: boolean;
  /** The build's report; null when the baseline already existed (nothing was built). */
  report: BuildReport | null;
}
export type IndexEnsureBaselineResult = WithMeta<IndexEnsureBaselinePayload>;

export const IndexEnsureBaselineMethod = 'index.ensureBaseline';
export const IndexEnsureBaselineRequest = new RequestType<IndexEnsureBaselineParams, IndexEnsureBaselineResult, ErrorData>(IndexEnsureBaselineMethod);

export interface BaselineInfo {
  commit: string;
  generation: number;
  /** When the baseline was published, ISO 8601. @since 0.3.0 always set */
  createdAt: string;
  /**
   * The size of the baseline's own data in the store: the sum of its blocks' sizes as stored
   * before compression (page overhead and the fact cache, which baselines share, not counted),
   * so an approximation of what removing it frees. @since 0.3.0
   */
  bytes: number;
  /** Files and symbols in the baseline. @since 0.3.0 */
  fileCount: number;
  symbolCount: number;
  /** Ids of the workspaces built on this baseline (a baseline in use is never cleaned up). */
  usedBy: string[];
}

export interface IndexListBaselinesPayload {
  baselines: BaselineInfo[];
}
export type IndexListBaselinesResult = WithMeta<IndexListBaselinesPayload>;

export const IndexListBaselinesMethod = 'index.listBaselines';
export const IndexListBaselinesRequest = new RequestType<NoParams, IndexListBaselinesResult, ErrorData>(IndexListBaselinesMethod);

export interface IndexCleanupParams {
  /** Default true: report what would be removed, remove nothing. */
  dryRun?: boolean;
}

export interface IndexCleanupPayload {
  dryRun: boolean;
  /** Commits whose baselines were (or, on a dry run, would be) removed. */
  removed: string[];
  /** Commits kept because a workspace uses them. */
  skippedInUse: string[];
}
export type IndexCleanupResult = WithMeta<IndexCleanupPayload>;

export const IndexCleanupMethod = 'index.cleanup';
export const IndexCleanupRequest = new RequestType<IndexCleanupParams, IndexCleanupResult, ErrorData>(IndexCleanupMethod);

export interface IndexRemoveRepoParams {
  /** Default true: report what would be removed, remove nothing. */
  dryRun?: boolean;
}

/**
 * What removing this repository's store deletes: the store folder under the data root (the
 * baselines, every workspace's overlay, the fact cache, the reviews) and nothing else: workspace
 * roots, the worktree and anything outside the data root are never touched. A real removal
 * (`dryRun: false`) is refused with WorkspaceInUse while another connection uses a workspace
 * (`inUse` lists them, on a dry run too); otherwise it answers, then the daemon stops (as
 * daemon.shutdown) and deletes the folder once the store is closed, before it releases its lock.
 * The next client starts a fresh daemon, which indexes the repository again from scratch.
 */
export interface IndexRemoveRepoPayload {
  dryRun: boolean;
  /** The store folder (absolute). */
  store: string;
  /** The size of its files, in bytes. */
  bytes: number;
  /** Workspaces whose overlays go (their roots stay). */
  workspaces: string[];
  /** Commits whose baselines go. */
  baselines: string[];
  /** Stored reviews that go. */
  reviews: number;
  /** Workspaces other connections use, with how many; a real removal is refused unless empty. */
  inUse: Array<{ workspace: string; clients: number }>;
  /** `stopping` after a real removal: the daemon stops once this answer is written. */
  daemon: 'running' | 'stopping';
}
export type IndexRemoveRepoResult = WithMeta<IndexRemoveRepoPayload>;

export const IndexRemoveRepoMethod = 'index.removeRepo';
export const IndexRemoveRepoRequest = new RequestType<IndexRemoveRepoParams, IndexRemoveRepoResult, ErrorData>(IndexRemoveRepoMethod);

export type IndexReportParams = QueryScope;

/** The last BuildReport, spread, plus `meta`; NotIndexed before the first build. */
export type IndexReportResult = WithMeta<BuildReport>;

export const IndexReportMethod = 'index.report';
export const IndexReportRequest = new RequestType<IndexReportParams, IndexReportResult, ErrorData>(IndexReportMethod);
