/**
 * Params validators of workspace.create/refresh/reset/delete and edit.apply: raw JSON in, the
 * protocol's declared params out (paths normalized to repository-relative POSIX paths),
 * InvalidParams or PathOutsideRepo naming the field otherwise. Checks that need the workspace
 * (its path guard, the files on disk) stay the handlers'; they run before any wait too. Owns
 * these checks only.
 */
import { repositoryPath } from '@repograph/engine';
import type {
  DeclaredRename, EditApplyParams, FileEdit, WorkspaceCreateParams, WorkspaceIdParams, WorkspaceRefreshParams,
} from '@repograph/protocol';
import { invalid, optionalBoolean, optionalContents, optionalRevision, optionalString, optionalStringArray, requiredString, type Params } from '../params.js';
import { queryScope } from './query-params.js';

/** More edits than this in one request are refused. */
export const MAX_EDITS = 10_000;

export function workspaceCreateParams(raw: Params): WorkspaceCreateParams {
  const id = optionalString(raw, 'id');
  const root = optionalString(raw, 'root');
  const baseCommit = optionalRevision(raw, 'baseCommit');
  return { ...(id ? { id } : {}), ...(root ? { root } : {}), ...(baseCommit ? { baseCommit } : {}) };
}

export function workspaceIdParams(raw: Params): WorkspaceIdParams {
  return { id: requiredString(raw, 'id') };
}

export function workspaceRefreshParams(raw: Params): WorkspaceRefreshParams {
  const paths = optionalStringArray(raw, 'paths')?.map((path, index) => repositoryPath(path, `paths.${index}`));
  const contents = optionalContents(raw, 'contents');
  return { id: requiredString(raw, 'id'), ...(paths ? { paths } : {}), ...(contents ? { contents } : {}) };
}

export function editApplyParams(raw: Params): EditApplyParams {
  const dryRun = optionalBoolean(raw, 'dryRun');
  const renames = declaredRenames(raw.renames);
  return { ...queryScope(raw), edits: fileEdits(raw.edits), ...(dryRun !== undefined ? { dryRun } : {}), ...(renames ? { renames } : {}) };
}

/** `edits`: a non-empty array of {path, content} or {path, replace: {old, new}}, paths normalized. */
function fileEdits(edits: unknown): FileEdit[] {
  if (!Array.isArray(edits) || edits.length === 0) throw invalid('edits', 'a non-empty array of {path, content} or {path, replace: {old, new}} is required.');
  if (edits.length > MAX_EDITS) throw invalid('edits', `${edits.length} edits in one request; at most ${MAX_EDITS}.`);
  const checked = edits.map((edit, index): FileEdit => {
    const field = `edits.${index}`;
    if (typeof edit !== 'object' || edit === null || Array.isArray(edit)) throw invalid(field, 'must be an object.');
    const { path, content, replace } = edit as { path?: unknown; content?: unknown; replace?: { old?: unknown; new?: unknown } };
    if (typeof path !== 'string' || path === '') throw invalid(`${field}.path`, 'a non-empty path relative to the repository root is required.');
    if (typeof content === 'string') return { path, content };
    if (replace && typeof replace === 'object' && typeof replace.old === 'string' && typeof replace.new === 'string') {
      if (replace.old === '') throw invalid(`${field}.replace.old`, 'must not be empty.');
      return { path, replace: { old: replace.old, new: replace.new } };
    }
    throw invalid(field, 'give `content` (the whole file) or `replace: {old, new}`.');
  });
  return checked.map((edit, index) => ({ ...edit, path: repositoryPath(edit.path, `edits.${index}.path`) }));
}

/** `renames: [{old, new}]`: symbol renames the caller made on purpose (ids before and after). */
function declaredRenames(value: unknown): DeclaredRename[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid('renames', 'must be an array of {old, new} symbol ids.');
  return value.map((entry, index) => {
    const item = entry as { old?: unknown; new?: unknown };
    if (typeof item !== 'object' || item === null || typeof item.old !== 'string' || typeof item.new !== 'string') {
      throw invalid(`renames.${index}`, 'must be {old, new} with two symbol ids.');
    }
    return { old: item.old, new: item.new };
  });
}
