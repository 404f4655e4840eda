/**
 * The index and its baselines: `index.status`, `index.ensureBaseline`, `index.listBaselines`,
 * `index.cleanup` and `index.report`.
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

export type IndexReportParams = QueryScope;

/** The last BuildReport, spread, plus `meta`; NotIndexed before the first build. */
export type IndexReportResult = WithMeta<BuildReport>;

export const IndexReportMethod = 'index.report';
export const IndexReportRequest = new RequestType<IndexReportParams, IndexReportResult, ErrorData>(IndexReportMethod);
