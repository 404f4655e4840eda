/**
 * The session and the daemon itself: `initialize` (the first request of every connection),
 * `daemon.stats` and `daemon.shutdown`.
 */
import { RequestType } from 'vscode-jsonrpc';
import type { CapabilityName } from './capabilities.js';
import type { ErrorData } from './errors.js';
import type { NoParams, WithMeta } from './shapes.js';

export interface InitializeParams {
  /** Who is asking (`repograph-cli`, an IDE plugin, an agent); shown by `repograph ps`. */
  clientName: string;
  /** The client's PROTOCOL_VERSION; another major number (before 1.0, minor) is refused (ProtocolVersionMismatch). */
  protocolVersion: string;
}

export interface InitializePayload {
  serverVersion: string;
  protocolVersion: string;
  /** The worktree the daemon serves by default (absolute). */
  repoRoot: string;
  capabilities: CapabilityName[];
}
export type InitializeResult = WithMeta<InitializePayload>;

export const InitializeMethod = 'initialize';
export const InitializeRequest = new RequestType<InitializeParams, InitializeResult, ErrorData>(InitializeMethod);

export interface DaemonStatsPayload {
  pid: number;
  uptimeS: number;
  rssBytes: number;
  /** The JavaScript heap in use (after a workspace.delete the daemon collects garbage, so this falls back). */
  heapUsedBytes?: number;
  /** Connections open now. */
  clients: number;
  /** Workspaces open now (the default one included). */
  workspaces: number;
  /** Changes waiting to be indexed. */
  queueDepth: number;
  /** Directories the watcher watches. */
  watchedDirectories?: number;
  /** inotify watches the daemon process holds (Linux), or null where it cannot tell. */
  inotifyWatches?: number | null;
  /** Subscriptions open now, over every connection. */
  subscriptions?: number;
  /**
   * The small process the daemon forks git from (a process of its own: its memory is not in
   * `rssBytes`); `rssBytes` null where it cannot be read (not Linux). Null while git runs from
   * the daemon itself (the spawner not started, or given up after repeated deaths).
   */
  gitSpawner?: { pid: number; ready: boolean; rssBytes: number | null } | null;
}
export type DaemonStatsResult = WithMeta<DaemonStatsPayload>;

export const DaemonStatsMethod = 'daemon.stats';
export const DaemonStatsRequest = new RequestType<NoParams, DaemonStatsResult, ErrorData>(DaemonStatsMethod);

export interface DaemonShutdownPayload {
  /** Always true: the daemon answers, then closes every connection and exits. */
  stopping: true;
}
export type DaemonShutdownResult = WithMeta<DaemonShutdownPayload>;

export const DaemonShutdownMethod = 'daemon.shutdown';
export const DaemonShutdownRequest = new RequestType<NoParams, DaemonShutdownResult, ErrorData>(DaemonShutdownMethod);
