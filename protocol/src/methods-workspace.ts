/**
 * Workspaces (an overlay of changed files over a baseline commit, e.g. another git worktree or
 * an agent's unsaved buffers) and edits: `workspace.create/list/refresh/reset/delete`,
 * `edit.apply` and `delta.since`.
 */
import { RequestType } from 'vscode-jsonrpc';
import type { StructuralDelta } from './delta.js';
import type { ErrorData } from './errors.js';
import type { NoParams, QueryScope, WithMeta } from './shapes.js';

export interface WorkspaceCreateParams {
  /** Default: the server picks one. */
  id?: string;
  /** Absolute path of another git worktree of the same repository; default the daemon's worktree. */
  root?: string;
  /** Commit-ish of the baseline; default the root's HEAD. */
  baseCommit?: string;
}

export interface WorkspaceCreatePayload {
  id: string;
  root: string;
  /** The full sha, or null for a directory outside git. */
  baseCommit: string | null;
}
export type WorkspaceCreateResult = WithMeta<WorkspaceCreatePayload>;

export const WorkspaceCreateMethod = 'workspace.create';
export const WorkspaceCreateRequest = new RequestType<WorkspaceCreateParams, WorkspaceCreateResult, ErrorData>(WorkspaceCreateMethod);

export interface WorkspaceInfo {
  id: string;
  root: string;
  baseCommit: string | null;
  /**
   * True when the root's HEAD moved off baseCommit and the workspace has not caught up: one that
   * follows HEAD has not been refreshed onto the new commit yet; a pinned one (created with
   * `baseCommit`) has not been reset since its root moved. Also true while its last refresh
   * failed.
   */
  stale: boolean;
  /** Files in the overlay (changed or removed against the baseline). */
  overlayFiles: number;
  generation: number;
  /** Connections using this workspace now. */
  clients: number;
  /** Duration of the last refresh, or null before the first. */
  lastRefreshMs: number | null;
  /** Paths whose content comes from unsaved buffers (`workspace.refresh` contents), not disk. */
  unsavedFiles?: string[];
  /**
   * True while the workspace's tree is bound in memory (its next change is re-bound
   * incrementally); only the most recently used workspaces stay warm, the others bind from
   * scratch on their next refresh.
   */
  warm?: boolean;
}

export interface WorkspaceListPayload {
  workspaces: WorkspaceInfo[];
}
export type WorkspaceListResult = WithMeta<WorkspaceListPayload>;

export const WorkspaceListMethod = 'workspace.list';
export const WorkspaceListRequest = new RequestType<NoParams, WorkspaceListResult, ErrorData>(WorkspaceListMethod);

export interface WorkspaceRefreshParams {
  id: string;
  /** Repository-relative paths to re-read; default every path the watcher or a scan finds changed. */
  paths?: string[];
  /** Unsaved buffers, `{path: text}`, indexed without touching disk; `null` drops a path's buffer (disk again). */
  contents?: Record<string, string | null>;
}

/**
 * How a refresh bound the graph: only the changed files and their dependents (`incremental`), or
 * all of it (`full`), and how many files were bound.
 * @since 0.3.0
 */
export interface RebindInfo {
  mode: 'incremental' | 'full';
  files: number;
}

/** The delta of the published generation, and how it was bound. */
export interface RefreshDeltaPayload extends StructuralDelta {
  /** @since 0.3.0 */
  rebind: RebindInfo;
}
export type WorkspaceRefreshResult = WithMeta<RefreshDeltaPayload>;

export const WorkspaceRefreshMethod = 'workspace.refresh';
export const WorkspaceRefreshRequest = new RequestType<WorkspaceRefreshParams, WorkspaceRefreshResult, ErrorData>(WorkspaceRefreshMethod);

export interface WorkspaceIdParams {
  id: string;
}

export interface WorkspaceResetPayload {
  id: string;
  baseCommit: string | null;
}
export type WorkspaceResetResult = WithMeta<WorkspaceResetPayload>;

export const WorkspaceResetMethod = 'workspace.reset';
export const WorkspaceResetRequest = new RequestType<WorkspaceIdParams, WorkspaceResetResult, ErrorData>(WorkspaceResetMethod);

export interface WorkspaceDeletePayload {
  id: string;
  deleted: true;
}
export type WorkspaceDeleteResult = WithMeta<WorkspaceDeletePayload>;

/** Refused with WorkspaceInUse while another client uses the workspace. */
export const WorkspaceDeleteMethod = 'workspace.delete';
export const WorkspaceDeleteRequest = new RequestType<WorkspaceIdParams, WorkspaceDeleteResult, ErrorData>(WorkspaceDeleteMethod);

/** A whole new content, or one replacement whose `old` text must occur exactly once. */
export type FileEdit =
  | { path: string; content: string }
  | { path: string; replace: { old: string; new: string } };

/**
 * A symbol rename the caller made on purpose, by ids before and after: the delta reports it as
 * renamed (and callers of `old` as dangling with `renamedTo`) instead of guessing.
 * @since 0.3.0
 */
export interface DeclaredRename {
  old: string;
  new: string;
}

export interface EditApplyParams extends QueryScope {
  edits: FileEdit[];
  /** Default false. A dry run writes and publishes nothing and answers the delta the edits would cause. */
  dryRun?: boolean;
  /** Renames the edits make on purpose. @since 0.3.0 */
  renames?: DeclaredRename[];
}

/** All edits apply or none does (EditConflict names the edit whose old text did not match once). */
export interface EditAppliedPayload extends StructuralDelta {
  dryRun: false;
  /** Paths written. */
  written: string[];
  /**
   * False when no written path is admitted by the index (a document type it skips, an excluded
   * folder): the delta lists nothing then and `noDelta` says why. @since 0.3.0
   */
  indexed: boolean;
  /** When `indexed` is false: why the edit has no structural delta. @since 0.3.0 */
  noDelta?: string;
  /** How the refresh bound the graph (absent when nothing written is indexed). @since 0.3.0 */
  rebind?: RebindInfo;
}

/**
 * A dry run: every edit was checked (paths, `replace.old` exactly once), nothing written and
 * nothing published (no new generation, no graph.delta). The delta is the one applying the same
 * edits would cause against the current generation (`meta.generation`). @since 0.3.0 (before it,
 * a dry run named only the paths, in `paths`)
 */
export interface EditDryRunPayload extends StructuralDelta {
  dryRun: true;
  written: [];
  /** False when no edited path would be admitted by the index; `noDelta` says why. */
  indexed: boolean;
  noDelta?: string;
  /** How the edits would re-bind the graph (absent when nothing edited would be indexed). */
  rebind?: RebindInfo;
}
export type EditApplyPayload = EditAppliedPayload | EditDryRunPayload;
export type EditApplyResult = WithMeta<EditApplyPayload>;

export const EditApplyMethod = 'edit.apply';
export const EditApplyRequest = new RequestType<EditApplyParams, EditApplyResult, ErrorData>(EditApplyMethod);

export interface DeltaSinceParams extends QueryScope {
  /** A commit-ish; BaseNotACommit when it names none. */
  base: string;
}

export interface DeltaSincePayload extends StructuralDelta {
  /** The full sha `base` resolved to. */
  base: string;
}
export type DeltaSinceResult = WithMeta<DeltaSincePayload>;

export const DeltaSinceMethod = 'delta.since';
export const DeltaSinceRequest = new RequestType<DeltaSinceParams, DeltaSinceResult, ErrorData>(DeltaSinceMethod);
