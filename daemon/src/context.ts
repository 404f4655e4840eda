/**
 * What a request handler may use: the daemon-wide parts (repository, live trees, snapshot
 * sessions, subscription hub, lifecycle) and the calling connection (its outbox, the workspaces
 * it uses, a way to send notifications). Owns these shapes and the `meta` every result carries.
 */
import type { Repository } from '@repograph/engine';
import type { LazyReviews } from './review-runtime.js';
import type { Meta } from '@repograph/protocol';
import type { CommitSessions } from './commit-sessions.js';
import type { ExportLane } from './export-lane.js';
import type { LiveTrees } from './live-trees.js';
import type { Outbox } from './outbox.js';
import type { SnapshotSessions } from './snapshot-sessions.js';
import type { SubscriptionHub } from './subscriptions.js';
import type { ReviewWatch } from './review-watch.js';

export interface DaemonContext {
  repository: Repository;
  live: LiveTrees;
  sessions: SnapshotSessions;
  /** Sessions over commits' baselines (queries with `commit`). */
  commits: CommitSessions;
  hub: SubscriptionHub;
  /** The repository's reviews (review_studio.*), loaded on first use. */
  reviews: LazyReviews;
  /** The review topics' scopes and the poll that recomputes watched reviews (review-watch.ts). */
  reviewWatch: ReviewWatch;
  serverVersion: string;
  startedAt: number;
  /** Open connections. */
  clientCount(): number;
  /** Connections that used a workspace (other than `except`). */
  workspaceClients(workspace: string, except?: ClientHandle): number;
  /** Resolves once the startup catch-up of every workspace has run (first build included). */
  startedUp(): Promise<void>;
  /** True until the startup catch-up has run (a request waiting on startedUp() may start work of its own meanwhile). */
  startingUp(): boolean;
  /**
   * Answers first, then stops the daemon; `afterStoreClosed` runs once the store is closed and
   * before the lock is released (index.removeRepo deletes the store there).
   */
  requestShutdown(reason: string, afterStoreClosed?: () => void): void;
}

/** The connection a request came from. */
export interface ClientHandle {
  readonly id: number;
  clientName: string;
  readonly outbox: Outbox;
  /** Runs this connection's exports one at a time, paced by its reading. */
  readonly exports: ExportLane;
  /** Workspaces this connection named (delete is refused while another connection uses one). */
  readonly workspaces: Set<string>;
  sendNotification(method: string, params: unknown): Promise<void>;
}

/** The `meta` of a result. */
export function metaOf(generation: number, workspace: string, started: number, extra: Record<string, number> = {}, semanticLevel: Meta['semanticLevel'] = 'full'): Meta {
  return { generation, workspace, semanticLevel, timings: { totalMs: Math.round((performance.now() - started) * 1000) / 1000, ...extra } };
}
