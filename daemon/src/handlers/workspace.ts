/**
 * Workspace handlers: workspace.create/list/refresh/reset/delete and edit.apply. A workspace is
 * an overlay of its own over a baseline; creating one builds it, refreshing one re-reads the
 * given paths (or all) and takes unsaved buffers (`contents`) without writing them to disk.
 * Delete is refused while another connection uses the workspace. Owns these conversions.
 */
import { RepographError } from '@repograph/core';
import { DEFAULT_WORKSPACE, repositoryPath, type PathGuard } from '@repograph/engine';
import { metaOf } from '../context.js';
import { deltaResult } from './delta-result.js';
import { applyEdits } from './edit-apply.js';
import { releaseMemorySoon } from '../memory-release.js';
import { noParams, type MethodTablePart } from './table.js';
import { editApplyParams, workspaceCreateParams, workspaceIdParams, workspaceRefreshParams } from './workspace-params.js';
import { workspaceList } from './workspace-list.js';

type WorkspaceMethod = 'workspace.create' | 'workspace.list' | 'workspace.refresh' | 'workspace.reset' | 'workspace.delete' | 'edit.apply';

/** The workspace methods' (and edit.apply's) part of the method table. */
export const workspaceMethods: MethodTablePart<WorkspaceMethod> = {
  'workspace.create': { params: workspaceCreateParams, handle: async (context, client, params) => {
    const started = performance.now();
    const { workspace, refresh } = await context.repository.createWorkspace(params);
    client.workspaces.add(workspace.spec.id);
    context.sessions.invalidate(workspace.spec.id);
    await context.live.watch(workspace.spec.root);
    context.hub.publish('workspace.changed', workspace.spec.id, refresh.generation, { workspace: workspace.spec.id, change: 'created', generation: refresh.generation });
    return {
      id: workspace.spec.id, root: workspace.spec.root, baseCommit: refresh.report.commit ?? null,
      meta: metaOf(refresh.generation, workspace.spec.id, started),
    };
  } },
  'workspace.list': { params: noParams, handle: async (context) => {
    const started = performance.now();
    return { workspaces: await workspaceList(context), meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  } },
  'workspace.refresh': { params: workspaceRefreshParams, handle: async (context, client, params) => {
    const started = performance.now();
    const { id, paths } = params;
    const workspace = context.repository.workspace(id);
    client.workspaces.add(id);
    const contents = normalizeContents(params.contents, workspace.guard);
    const result = await context.live.refresh(id, { ...(paths ? { paths } : {}), ...(contents ? { contents } : {}) });
    return deltaResult(id, result, started);
  } },
  'workspace.reset': { params: workspaceIdParams, handle: async (context, client, params) => {
    const started = performance.now();
    const { id } = params;
    context.repository.workspace(id);
    client.workspaces.add(id);
    await context.repository.notePinnedRoot(id);
    context.repository.workspace(id).forget();
    const result = await context.live.refresh(id, { clearContents: true });
    context.hub.publish('workspace.changed', id, result.generation, { workspace: id, change: 'reset', generation: result.generation });
    return { id, baseCommit: result.report.commit ?? null, meta: metaOf(result.generation, id, started) };
  } },
  'workspace.delete': { params: workspaceIdParams, handle: async (context, client, params) => {
    const started = performance.now();
    const { id } = params;
    context.repository.workspace(id);
    const others = context.workspaceClients(id, client);
    if (others > 0) {
      throw new RepographError('WorkspaceInUse', `workspace '${id}' is in use by ${others} other connection(s); delete it when they are done (workspace.list shows its clients).`, { workspace: id, clients: others });
    }
    await context.repository.deleteWorkspace(id);
    client.workspaces.delete(id);
    context.sessions.forgetWorkspace(id);
    context.live.forgetWorkspace(id);
    await context.live.prune();
    // Its bound tree is garbage now; an idle daemon would otherwise keep that heap indefinitely.
    releaseMemorySoon();
    const clock = context.hub.clock();
    context.hub.publish('workspace.changed', id, clock, { workspace: id, change: 'deleted' });
    return { id, deleted: true as const, meta: metaOf(clock, id, started) };
  } },
  'edit.apply': { params: editApplyParams, handle: applyEdits },
};

/**
 * Unsaved buffers by normalized path. Each path is checked as an edit's would be (inside the
 * root after resolving links, never `.git`), so a buffer cannot claim a path the workspace
 * could not write.
 */
function normalizeContents(contents: Record<string, string | null> | undefined, guard: PathGuard): Record<string, string | null> | undefined {
  if (!contents) return undefined;
  const normalized: Record<string, string | null> = {};
  for (const [path, text] of Object.entries(contents)) {
    const field = `contents.${path.slice(0, 200)}`;
    const relative = repositoryPath(path, field);
    guard.resolve(relative, field);
    normalized[relative] = text;
  }
  return normalized;
}
