/**
 * The daemon: takes the repository's lock, opens its store, listens on the Unix socket (0600 in
 * a 0700 folder), writes the registry, then watches the worktree and catches up in the
 * background while already answering from the last published generation. Stops when asked
 * (daemon.shutdown, SIGTERM, SIGINT) or after an idle time without clients: it stops accepting,
 * drains requests in flight and running refreshes (bounded), closes connections, the pool and
 * the store, and removes its socket, registry and lock. Past its connection limit it answers a
 * small reserve of further connections with DaemonUnavailable and drops the rest. Owns the
 * process lifecycle and the connection limit.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { openRepository, type Repository } from '@repograph/engine';
import { daemonEndpoint, PROTOCOL_VERSION, repoIdFor, type DaemonEndpoint } from '@repograph/protocol';
import type { DaemonContext } from './context.js';
import { daemonHandlers } from './handlers/daemon.js';
import { indexHandlers } from './handlers/index.js';
import { queryHandlers } from './handlers/query.js';
import type { HandlerTable } from './handlers/table.js';
import { workspaceHandlers } from './handlers/workspace.js';
import { acquireLock, prepareRunDirectory, releaseEndpoint, removeStaleSocket, writeRegistry } from './lifecycle.js';
import { LiveTrees } from './live-trees.js';
import { refuseConnection } from './refused-connection.js';
import { ClientSession } from './session.js';
import { SnapshotSessions } from './snapshot-sessions.js';
import { SubscriptionHub } from './subscriptions.js';

export const SERVER_VERSION = '0.1.0';

export interface DaemonOptions {
  repoRoot: string;
  dataRoot: string;
  /** Exit after this long without clients; 0 never. */
  idleTimeoutMs: number;
  /** Longest wait for requests and refreshes in flight at shutdown. */
  drainTimeoutMs?: number;
  threads?: number;
  watch?: boolean;
  /** Full rescans of every workspace this often (catching what the watcher missed); 0 never. Default 5 min. */
  reconcileIntervalMs?: number;
  /** A connection that sends no request this long after connecting is closed. Default 5 s. */
  firstRequestTimeoutMs?: number;
  /** Connections served at once; past it a few more are refused with an answer, the rest dropped. Default 1,024. */
  maxConnections?: number;
  log: (message: string) => void;
}

/** How often a daemon rescans its workspaces by default. */
export const DEFAULT_RECONCILE_INTERVAL_MS = 5 * 60_000;
export const DEFAULT_FIRST_REQUEST_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_CONNECTIONS = 1024;
/** Connections past the limit that are answered (DaemonUnavailable) before being closed. */
export const REFUSAL_RESERVE = 16;

export interface RunningDaemon {
  endpoint: DaemonEndpoint;
  repository: Repository;
  /** Resolves when the daemon has stopped (with the reason). */
  stopped: Promise<string>;
  stop(reason: string): Promise<void>;
}

const HANDLERS: HandlerTable = { ...daemonHandlers, ...indexHandlers, ...queryHandlers, ...workspaceHandlers };

/** Starts the daemon; throws StartupError when another daemon serves the repository. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { log } = options;
  // The store identity and the socket name both come from the git common dir.
  const repository = await openRepository({ repoRoot: options.repoRoot, dataRoot: options.dataRoot, ...(options.threads ? { threads: options.threads } : {}) });
  const endpoint = daemonEndpoint(options.dataRoot, repoIdFor(repository.commonDir));
  try {
    prepareRunDirectory(endpoint);
    acquireLock(endpoint);
  } catch (error) {
    await repository.close();
    throw error;
  }

  const hub = new SubscriptionHub({ storeId: repository.storeId, generation: () => repository.generation() });
  const sessions = new SnapshotSessions(repository);
  const live = new LiveTrees({ repository, hub, sessions, log, watch: options.watch !== false });
  const clients = new Set<ClientSession>();
  let inFlight = 0;
  let drained: (() => void) | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let stopping: Promise<void> | null = null;
  let startup: Promise<void> = Promise.resolve();
  let resolveStopped!: (reason: string) => void;
  const stopped = new Promise<string>((resolve) => { resolveStopped = resolve; });

  const context: DaemonContext = {
    repository, live, sessions, hub, serverVersion: SERVER_VERSION, startedAt: Date.now(),
    clientCount: () => clients.size,
    workspaceClients: (workspace, except) => [...clients].filter((c) => c !== except && c.workspaces.has(workspace)).length,
    requestShutdown: (reason) => { setImmediate(() => void stop(reason)); },
    startedUp: () => startup,
  };
  const tracker = {
    begin: () => { inFlight++; },
    end: () => { inFlight--; if (inFlight === 0) drained?.(); },
  };
  const armIdle = (): void => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (clients.size === 0 && options.idleTimeoutMs > 0 && !stopping) {
      idleTimer = setTimeout(() => void stop(`no clients for ${Math.round(options.idleTimeoutMs / 1000)} s`), options.idleTimeoutMs);
      idleTimer.unref();
    }
  };

  let nextClientId = 1;
  const firstRequestTimeoutMs = options.firstRequestTimeoutMs ?? DEFAULT_FIRST_REQUEST_TIMEOUT_MS;
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const refused = new Set<Socket>();
  const server: Server = createServer((socket: Socket) => {
    if (stopping) {
      socket.destroy();
      return;
    }
    if (clients.size >= maxConnections) {
      if (refused.size >= REFUSAL_RESERVE) {
        socket.destroy();
        return;
      }
      refused.add(socket);
      refuseConnection(socket, {
        message: `The repograph daemon for ${repository.root} already serves its maximum of ${maxConnections} connections; ` +
          'close idle clients (`repograph ps` lists them) and connect again.',
        data: { maxConnections },
        firstRequestTimeoutMs,
        onClosed: () => refused.delete(socket),
      });
      return;
    }
    const session = new ClientSession(nextClientId++, socket, context, HANDLERS, tracker, log, (closed) => {
      clients.delete(closed);
      armIdle();
    }, { firstRequestTimeoutMs });
    clients.add(session);
    armIdle();
  });

  try {
    removeStaleSocket(endpoint);
    const previousMask = process.umask(0o177);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(endpoint.socket, () => { server.off('error', reject); resolve(); });
      });
    } finally {
      process.umask(previousMask);
    }
    writeRegistry(endpoint, {
      pid: process.pid, repoId: endpoint.repoId, repoRoot: repository.root, commonDir: repository.commonDir,
      socket: endpoint.socket, dataRoot: options.dataRoot, serverVersion: SERVER_VERSION, protocolVersion: PROTOCOL_VERSION,
      startedAt: new Date(context.startedAt).toISOString(), logFile: endpoint.log,
    });
  } catch (error) {
    server.close();
    releaseEndpoint(endpoint);
    await repository.close();
    throw error;
  }
  server.on('error', (error) => log(`socket server: ${error.message}`));
  log(`serving ${repository.root} on ${endpoint.socket} (pid ${process.pid}, protocol ${PROTOCOL_VERSION})`);
  if (repository.policy.file) log(`material policy from ${repository.policy.file}`);
  for (const warning of repository.policy.warnings) log(`warning: ${warning}`);
  armIdle();

  async function stop(reason: string): Promise<void> {
    if (stopping) return stopping;
    stopping = (async () => {
      log(`stopping: ${reason}`);
      if (idleTimer) clearTimeout(idleTimer);
      server.close();
      const deadline = Date.now() + (options.drainTimeoutMs ?? 10_000);
      const bounded = (work: Promise<unknown>): Promise<unknown> => Promise.race([
        work, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref()),
      ]);
      // Requests in flight first, answers written (a sync query needs its watcher), then the
      // watchers, then the refreshes under way.
      await bounded(inFlight > 0 ? new Promise<void>((resolve) => { drained = resolve; }) : Promise.resolve());
      await live.close();
      await bounded((async () => {
        for (const info of repository.listWorkspaces()) await repository.workspace(info.id).whenIdle();
      })());
      for (const client of [...clients]) client.close();
      for (const socket of [...refused]) socket.destroy();
      sessions.closeAll();
      await repository.close().catch((error) => log(`closing the store: ${(error as Error).message}`));
      releaseEndpoint(endpoint);
      resolveStopped(reason);
    })();
    return stopping;
  }

  // Watch first, then catch up: a change made during the catch-up is a batch after it.
  startup = (async () => {
    try {
      for (const info of repository.listWorkspaces()) {
        if (stopping) return;
        await live.watch(info.root);
        await live.refresh(info.id).catch((error) => log(`catching up workspace ${info.id}: ${(error as Error).message}`));
      }
      if (!stopping && options.watch !== false) live.startReconciling(options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS);
    } catch (error) {
      log(`starting the watchers: ${(error as Error).message}`);
    }
  })();

  return { endpoint, repository, stopped, stop };
}
