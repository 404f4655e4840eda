/**
 * index.removeRepo: removes this repository's store (baselines, every workspace's overlay, the
 * fact cache, reviews), and nothing outside it (engine repo-removal.ts checks the folder lies in
 * the data root). A dry run (the default) lists what would go. A real removal is refused with
 * WorkspaceInUse while another connection uses a workspace; otherwise it answers, then stops the
 * daemon (as daemon.shutdown) and deletes the folder once the store is closed and before the
 * lock is released, so no daemon reads a half-deleted store. The next client starts a fresh
 * daemon that indexes from scratch: the daemon never answers from a store it has deleted.
 * Owns that method.
 */
import { RepographError } from '@repograph/core';
import { DEFAULT_WORKSPACE } from '@repograph/engine';
import { metaOf } from '../context.js';
import { removeRepoParams } from './navigation-params.js';
import type { MethodTablePart } from './table.js';

export const repoRemoveMethods: MethodTablePart<'index.removeRepo'> = {
  'index.removeRepo': { params: removeRepoParams, handle: async (context, client, params) => {
    const started = performance.now();
    const dryRun = params.dryRun ?? true;
    const plan = context.repository.removalPlan();
    const inUse = context.repository.listWorkspaces()
      .map((info) => ({ workspace: info.id, clients: context.workspaceClients(info.id, client) }))
      .filter((use) => use.clients > 0);
    if (!dryRun && inUse.length > 0) {
      const clients = inUse.reduce((sum, use) => sum + use.clients, 0);
      throw new RepographError('WorkspaceInUse',
        `the repository's store is in use: ${inUse.map((use) => `workspace '${use.workspace}' by ${use.clients} other connection(s)`).join(', ')}; ` +
        'remove it when they are done (workspace.list shows the clients).', { workspaces: inUse.map((use) => use.workspace), clients });
    }
    const meta = metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started);
    if (!dryRun) {
      context.requestShutdown('index.removeRepo removed the store', () => context.repository.removeStoreFiles());
    }
    return { dryRun, ...plan, inUse, daemon: dryRun ? 'running' as const : 'stopping' as const, meta };
  } },
};
