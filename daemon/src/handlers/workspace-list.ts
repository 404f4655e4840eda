/**
 * workspace.list's entries: the engine's workspace listing plus what only the daemon knows (the
 * connections using each workspace) and `stale`: true when the workspace's root HEAD moved off
 * its baseCommit (Repository.isStale: not refreshed onto the new commit yet, or a pinned
 * workspace whose root moved since its creation or reset), and when its last refresh failed
 * (its published generation no longer follows its tree). Owns that conversion.
 */
import type { WorkspaceInfo } from '@repograph/protocol';
import type { DaemonContext } from '../context.js';

export async function workspaceList(context: DaemonContext): Promise<WorkspaceInfo[]> {
  const infos = context.repository.listWorkspaces();
  return Promise.all(infos.map(async (info): Promise<WorkspaceInfo> => ({
    id: info.id, root: info.root, baseCommit: info.baseCommit,
    stale: context.live.failure(info.id) !== undefined || await context.repository.isStale(info),
    overlayFiles: info.overlayFiles, generation: info.generation ?? 0,
    clients: context.workspaceClients(info.id), lastRefreshMs: info.lastRefreshMs || null,
    unsavedFiles: info.unsavedFiles, warm: info.warm,
  })));
}
