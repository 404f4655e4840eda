/**
 * Workspace handlers: workspace.create/list/refresh/reset/delete and edit.apply. A workspace is
 * an overlay of its own over a baseline; creating one builds it, refreshing one re-reads the
 * given paths (or all) and takes unsaved buffers (`contents`) without writing them to disk.
 * Delete is refused while another connection uses the workspace. Owns these conversions.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { RepographError } from '@repograph/core';
import { DEFAULT_WORKSPACE, repositoryPath, type WorkspaceRefresh } from '@repograph/engine';
import { metaOf, type ClientHandle, type DaemonContext } from '../context.js';
import { deltaPayload } from '../live-trees.js';
import { invalid, optionalBoolean, optionalContents, optionalString, optionalStringArray, requiredString, type Params } from '../params.js';
import type { HandlerTable } from './table.js';

export const workspaceHandlers: HandlerTable = {
  'workspace.create': async (context, client, params) => {
    const started = performance.now();
    const id = optionalString(params, 'id');
    const root = optionalString(params, 'root');
    const baseCommit = optionalString(params, 'baseCommit');
    const { workspace, refresh } = await context.repository.createWorkspace({
      ...(id ? { id } : {}), ...(root ? { root } : {}), ...(baseCommit ? { baseCommit } : {}),
    });
    client.workspaces.add(workspace.spec.id);
    context.sessions.invalidate(workspace.spec.id);
    await context.live.watch(workspace.spec.root);
    context.hub.publish('workspace.changed', workspace.spec.id, refresh.generation, { workspace: workspace.spec.id, change: 'created', generation: refresh.generation });
    return {
      id: workspace.spec.id, root: workspace.spec.root, baseCommit: refresh.report.commit ?? null,
      meta: metaOf(refresh.generation, workspace.spec.id, started),
    };
  },
  'workspace.list': async (context, _client, _params) => {
    const started = performance.now();
    const workspaces = context.repository.listWorkspaces().map((info) => ({
      id: info.id, root: info.root, baseCommit: info.baseCommit,
      stale: context.live.failure(info.id) !== undefined || context.live.isIndexing(info.id),
      overlayFiles: info.overlayFiles, generation: info.generation ?? 0,
      clients: context.workspaceClients(info.id), lastRefreshMs: info.lastRefreshMs || null,
      unsavedFiles: info.unsavedFiles,
    }));
    return { workspaces, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  },
  'workspace.refresh': async (context, client, params) => {
    const started = performance.now();
    const id = requiredString(params, 'id');
    context.repository.workspace(id);
    client.workspaces.add(id);
    const paths = optionalStringArray(params, 'paths')?.map((p, i) => repositoryPath(p, `paths.${i}`));
    const contents = normalizeContents(optionalContents(params, 'contents'));
    const result = await context.live.refresh(id, { ...(paths ? { paths } : {}), ...(contents ? { contents } : {}) });
    return deltaResult(id, result, started);
  },
  'workspace.reset': async (context, client, params) => {
    const started = performance.now();
    const id = requiredString(params, 'id');
    context.repository.workspace(id);
    client.workspaces.add(id);
    context.repository.workspace(id).forget();
    const result = await context.live.refresh(id, { clearContents: true });
    context.hub.publish('workspace.changed', id, result.generation, { workspace: id, change: 'reset', generation: result.generation });
    return { id, baseCommit: result.report.commit ?? null, meta: metaOf(result.generation, id, started) };
  },
  'workspace.delete': async (context, client, params) => {
    const started = performance.now();
    const id = requiredString(params, 'id');
    context.repository.workspace(id);
    const others = context.workspaceClients(id, client);
    if (others > 0) {
      throw new RepographError('WorkspaceInUse', `workspace '${id}' is in use by ${others} other connection(s); delete it when they are done (workspace.list shows its clients).`, { workspace: id, clients: others });
    }
    await context.repository.deleteWorkspace(id);
    client.workspaces.delete(id);
    context.sessions.invalidate(id);
    await context.live.prune();
    const clock = context.hub.clock();
    context.hub.publish('workspace.changed', id, clock, { workspace: id, change: 'deleted' });
    return { id, deleted: true, meta: metaOf(clock, id, started) };
  },
  'edit.apply': async (context, client, params) => applyEdits(context, client, params),
};

/** The delta result of a refresh (`workspace.refresh`, `edit.apply`). */
function deltaResult(id: string, result: WorkspaceRefresh, started: number): object {
  const { workspace: _w, generation: _g, ...delta } = deltaPayload(id, result);
  return { ...delta, rebind: result.bind, meta: metaOf(result.generation, id, started, { reingestMs: result.change.reingestMs }) };
}

function normalizeContents(contents: Record<string, string | null> | undefined): Record<string, string | null> | undefined {
  if (!contents) return undefined;
  const normalized: Record<string, string | null> = {};
  for (const [path, text] of Object.entries(contents)) normalized[repositoryPath(path, `contents.${path}`)] = text;
  return normalized;
}

/**
 * edit.apply: every edit is checked first (paths inside the workspace root after resolving
 * symlinks; `replace.old` must occur exactly once), then all files are written, then the paths
 * are re-indexed and the delta returned. Nothing is written when any check fails.
 */
async function applyEdits(context: DaemonContext, client: ClientHandle, params: Params): Promise<object> {
  const started = performance.now();
  const id = optionalString(params, 'workspace') ?? DEFAULT_WORKSPACE;
  const workspace = context.repository.workspace(id);
  client.workspaces.add(id);
  const dryRun = optionalBoolean(params, 'dryRun') ?? false;
  const edits = params.edits;
  if (!Array.isArray(edits) || edits.length === 0) throw invalid('edits', 'a non-empty array of {path, content} or {path, replace: {old, new}} is required.');
  const root = workspace.spec.root;
  const planned = new Map<string, string>();
  for (const [index, edit] of edits.entries()) {
    if (typeof edit !== 'object' || edit === null) throw invalid(`edits.${index}`, 'must be an object.');
    const { path: rawPath, content, replace } = edit as { path?: unknown; content?: unknown; replace?: { old?: unknown; new?: unknown } };
    const path = repositoryPath(rawPath, `edits.${index}.path`);
    if (path === '.git' || path.startsWith('.git/')) {
      throw new RepographError('PathOutsideRepo', `edits.${index}.path '${path}' is inside .git; edits may only write source files of the worktree.`, { field: `edits.${index}.path`, path });
    }
    const absolute = await insideRoot(root, path, `edits.${index}.path`);
    if (typeof content === 'string') {
      planned.set(path, content);
    } else if (replace && typeof replace === 'object' && typeof replace.old === 'string' && typeof replace.new === 'string') {
      if (replace.old === '') throw invalid(`edits.${index}.replace.old`, 'must not be empty.');
      const current = planned.get(path) ?? await readFile(absolute, 'utf8').catch(() => {
        throw new RepographError('FileNotFound', `${path} does not exist; use {path, content} to create it.`, { path });
      });
      const first = current.indexOf(replace.old);
      if (first < 0 || current.indexOf(replace.old, first + 1) >= 0) {
        throw new RepographError('EditConflict', `${path}: the old text occurs ${first < 0 ? 'nowhere' : 'more than once'}; give text that occurs exactly once (nothing was written).`, { path, field: `edits.${index}.replace.old` });
      }
      planned.set(path, current.slice(0, first) + replace.new + current.slice(first + replace.old.length));
    } else {
      throw invalid(`edits.${index}`, 'give `content` (the whole file) or `replace: {old, new}`.');
    }
  }
  if (dryRun) return { dryRun: true, written: [], paths: [...planned.keys()].sort(), meta: metaOf(context.hub.clock(), id, started) };
  const renames = declaredRenames(params);
  // The delta must be this edit's: every earlier change on disk is indexed first (the watcher's
  // refresh of an earlier write would otherwise read these files, even half written, and take
  // the change), then the files are written and the refresh queued in one turn of the event
  // loop, before the watcher can deliver a batch of its own.
  await context.startedUp();
  await context.live.sync(root);
  await workspace.whenIdle();
  for (const [path, text] of planned) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await context.live.refresh(id, { paths: [...planned.keys()], ...(renames ? { declaredRenames: renames } : {}) });
  const written = [...planned.keys()].sort();
  const indexed = await context.sessions.with(id, (session) => written.filter((path) => session.hasFile(path)));
  if (indexed.length === 0) {
    // Written, but nothing the index admits (a document type it skips, an excluded folder...).
    return {
      dryRun: false, written, indexed: false, noDelta: `${written.join(', ')} ${written.length === 1 ? 'is' : 'are'} not indexed, so the edit has no structural delta.`,
      paths: written, reparsed: [], affected: [], removedFiles: [], symbols: { added: [], removed: [], renamed: [], changed: [] },
      reingestMs: result.change.reingestMs, deltaMs: 0, meta: metaOf(result.generation, id, started),
    };
  }
  return { dryRun: false, written, indexed: true, ...deltaResult(id, result, started) };
}

/** `renames: [{old, new}]`: symbol renames the caller made on purpose (ids before and after). */
function declaredRenames(params: Params): Array<{ old: string; new: string }> | undefined {
  const value = params.renames;
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

/** The absolute path of `path` under `root`, refused when it (or its nearest existing parent) resolves outside. */
async function insideRoot(root: string, path: string, field: string): Promise<string> {
  const absolute = join(root, path);
  let probe = absolute;
  for (;;) {
    try {
      const real = await realpath(probe);
      if (real !== root && !real.startsWith(root + sep)) {
        throw new RepographError('PathOutsideRepo', `${field} '${path}' resolves outside the workspace root (a symbolic link); nothing was written.`, { field, path });
      }
      return absolute;
    } catch (error) {
      if (error instanceof RepographError) throw error;
      const parent = dirname(probe);
      if (parent === probe) return absolute;
      probe = parent;
    }
  }
}
