/**
 * How many workspaces keep their tree bound in memory. A warm workspace answers an edit in tens
 * of milliseconds, but holds its whole bound tree (tens of MiB for a mid-size repository), so
 * with the workspace budget's 32 workspaces the daemon would hold 32 trees. Only the most
 * recently refreshed MAX_WARM_WORKSPACES stay warm (the default workspace, the worktree itself,
 * always does); the others drop their tree after their queued refreshes and bind from scratch
 * on their next refresh, whose delta is then taken against their stored generation (nothing is
 * lost, only the speed of that one refresh). Owns that bound and the order of use.
 */
import type { LiveWorkspace } from './live-workspace.js';

/** Workspaces besides `default` that stay bound in memory. */
export const MAX_WARM_WORKSPACES = 8;

export class WarmWorkspaces {
  /** Least recently used first. */
  private readonly order = new Map<string, LiveWorkspace>();

  constructor(private readonly defaultId: string, private readonly max = MAX_WARM_WORKSPACES) {}

  /** `workspace` was just refreshed: it moves to the end, and the least recently used beyond the bound cool down. */
  used(workspace: LiveWorkspace): void {
    const id = workspace.spec.id;
    if (id === this.defaultId) return;
    this.order.delete(id);
    this.order.set(id, workspace);
    let warm = 0;
    for (const candidate of this.order.values()) if (candidate.warm) warm++;
    for (const candidate of this.order.values()) {
      if (warm <= this.max) break;
      if (candidate === workspace || !candidate.warm) continue;
      warm--;
      void candidate.forgetWhenIdle();
    }
  }

  /** A deleted workspace leaves the order. */
  remove(id: string): void {
    this.order.delete(id);
  }
}
