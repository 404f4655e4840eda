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
  /** True when the root's HEAD moved off baseCommit and the workspace has not been reset. */
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
  /** Unsaved buffers, `{path: text}`, indexed without touching disk. */
  contents?: Record<string, string>;
}
export type WorkspaceRefreshResult = WithMeta<StructuralDelta>;

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

export interface EditApplyParams extends QueryScope {
  edits: FileEdit[];
  /** Default false. A dry run writes nothing and returns the delta the edits would cause. */
  dryRun?: boolean;
}

/** All edits apply or none does (EditConflict names the edit whose old text did not match once). */
export interface EditApplyPayload extends StructuralDelta {
  dryRun: boolean;
  /** Paths written (empty on a dry run). */
  written: string[];
}
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
