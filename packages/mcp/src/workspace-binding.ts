/**
 * Which workspace a bridge's tools read when the agent names none. A bridge started in the
 * daemon's own worktree reads `default`; one started in another git worktree of the repository
 * (one agent, one worktree) reads that worktree's workspace, created on first connection when
 * the daemon has none for it; `--workspace ID` names one outright (created on the bridge's
 * worktree when missing). Resolved again on every new connection, since a restarted daemon
 * starts from what its store holds.
 */
import { basename } from 'node:path';
import { createHash } from 'node:crypto';
import type { RepographClient } from '@repograph/client';
import type { WorkspaceListResult } from '@repograph/protocol';

export async function bindWorkspace(client: RepographClient, bridgeRoot: string, named: string | undefined): Promise<string> {
  const daemonRoot = client.server.repoRoot;
  const listed = (await client.requestByName('workspace.list', {}) as WorkspaceListResult).workspaces;
  if (named !== undefined) {
    if (!listed.some((workspace) => workspace.id === named)) {
      await client.requestByName('workspace.create', { id: named, ...(bridgeRoot !== daemonRoot ? { root: bridgeRoot } : {}) });
    }
    return named;
  }
  if (bridgeRoot === daemonRoot) return 'default';
  const own = listed.find((workspace) => workspace.root === bridgeRoot);
  if (own) return own.id;
  const id = worktreeWorkspaceId(bridgeRoot);
  await client.requestByName('workspace.create', { id, root: bridgeRoot });
  return id;
}

/** `wt-<folder>-<8 hex of the path>`: readable, and distinct for two worktrees with one folder name. */
export function worktreeWorkspaceId(root: string): string {
  const folder = basename(root).toLowerCase().replace(/[^a-z0-9_-]+/g, '-').slice(0, 40) || 'worktree';
  return `wt-${folder}-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`;
}
