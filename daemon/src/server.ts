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
import { blockingGitFileProblem, daemonEndpoint, gitFileThatBlocks, PROTOCOL_VERSION, repoIdFor, type DaemonEndpoint } from '@repograph/protocol';
import type { DaemonContext } from './context.js';
import { METHODS } from './handlers/methods.js';
import { acquireLock, prepareRunDirectory, releaseEndpoint, removeStaleSocket, StartupError, writeRegistry } from './lifecycle.js';
import { LiveTrees } from './live-trees.js';
import { refuseConnection } from './refused-connection.js';
import { COLLECT_AFTER_CLOSE_MS, releaseMemorySoon } from './memory-release.js';
import { ClientSession } from './session.js';
import { SnapshotSessions } from './snapshot-sessions.js';
import { CommitSessions } from './commit-sessions.js';
import { ReviewWatch } from './review-watch.js';
import { LazyReviews } from './review-runtime.js';
import { renderReviewTopic } from './review-answers.js';
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

/** Starts the daemon; throws StartupError when another daemon serves the repository. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { repository, endpoint } = await claimRepository(options);
  const daemon = createDaemonState(options, repository, endpoint);
  await listenAndRegister(daemon);
  announce(daemon);
  armIdle(daemon);
  // Watch first, then catch up: a change made during the catch-up is a batch after it.
  daemon.startup = catchUp(daemon).finally(() => { daemon.startupDone = true; });
  return { endpoint, repository, stopped: daemon.stopped, stop: (reason) => stopDaemon(daemon, reason) };
}

/** Everything one running daemon holds; the steps below share it. */
interface DaemonState {
  readonly options: DaemonOptions;
  readonly repository: Repository;
  readonly endpoint: DaemonEndpoint;
  readonly live: LiveTrees;
  readonly sessions: SnapshotSessions;
  readonly context: DaemonContext;
  readonly server: Server;
  /** Connections served. */
  readonly clients: Set<ClientSession>;
  /** Connections past the limit, being answered DaemonUnavailable. */
  readonly refused: Set<Socket>;
  readonly stopped: Promise<string>;
  resolveStopped: (reason: string) => void;
  /** Requests in flight (answers not yet written), and who waits for them to drain. */
  inFlight: number;
  drained: (() => void) | null;
  idleTimer: NodeJS.Timeout | null;
  stopping: Promise<void> | null;
  /** The startup catch-up of every workspace (resolved once it ran). */
  startup: Promise<void>;
  startupDone: boolean;
  nextClientId: number;
}

/** Opens the repository's store and takes its lock (closing the store again when the lock is held). */
async function claimRepository(options: DaemonOptions): Promise<{ repository: Repository; endpoint: DaemonEndpoint }> {
  // Git would wait forever on a repository whose HEAD or config is a FIFO: refuse it first.
  const blocking = gitFileThatBlocks(options.repoRoot);
  if (blocking !== null) {
    throw new StartupError(`${blockingGitFileProblem(blocking)}, then start the daemon again`);
  }
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
  return { repository, endpoint };
}

/** The daemon's parts (subscriptions, snapshot sessions, live trees, the request context) and its socket server, not yet listening. */
function createDaemonState(options: DaemonOptions, repository: Repository, endpoint: DaemonEndpoint): DaemonState {
  const { log } = options;
  const hub = new SubscriptionHub({ storeId: repository.storeId, generation: () => repository.generation() });
  const reviews = new LazyReviews(repository);
  const sessions = new SnapshotSessions(repository, log, () => reviews.idle());
  const live = new LiveTrees({ repository, hub, sessions, log, watch: options.watch !== false });
  const reviewWatch = new ReviewWatch(hub, reviews, renderReviewTopic(repository, reviews), log);
  const clients = new Set<ClientSession>();
  let resolveStopped!: (reason: string) => void;
  const stopped = new Promise<string>((resolve) => { resolveStopped = resolve; });
  const daemon: DaemonState = {
    options, repository, endpoint, live, sessions, clients, refused: new Set(), stopped, resolveStopped,
    inFlight: 0, drained: null, idleTimer: null, stopping: null, startup: Promise.resolve(), startupDone: false, nextClientId: 1,
    context: {
      repository, live, sessions, commits: new CommitSessions(repository), hub, reviews, reviewWatch, serverVersion: SERVER_VERSION, startedAt: Date.now(),
      clientCount: () => clients.size,
      workspaceClients: (workspace, except) => [...clients].filter((c) => c !== except && c.workspaces.has(workspace)).length,
      requestShutdown: (reason, afterStoreClosed) => { setImmediate(() => void stopDaemon(daemon, reason, afterStoreClosed)); },
      startedUp: () => daemon.startup,
      startingUp: () => !daemon.startupDone,
    },
    server: createServer((socket: Socket) => acceptConnection(daemon, socket)),
  };
  return daemon;
}

/** A new connection: served, refused with an answer (past the limit, within the reserve), or dropped. */
function acceptConnection(daemon: DaemonState, socket: Socket): void {
  const { options, clients, refused } = daemon;
  if (daemon.stopping) {
    socket.destroy();
    return;
  }
  const firstRequestTimeoutMs = options.firstRequestTimeoutMs ?? DEFAULT_FIRST_REQUEST_TIMEOUT_MS;
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  if (clients.size >= maxConnections) {
    if (refused.size >= REFUSAL_RESERVE) {
      socket.destroy();
      return;
    }
    refused.add(socket);
    refuseConnection(socket, {
      message: `The repograph daemon for ${daemon.repository.root} already serves its maximum of ${maxConnections} connections; ` +
        'close idle clients (`repograph ps` lists them) and connect again.',
      data: { maxConnections },
      firstRequestTimeoutMs,
      onClosed: () => refused.delete(socket),
    });
    return;
  }
  const tracker = {
    begin: () => { daemon.inFlight++; },
    end: () => { daemon.inFlight--; if (daemon.inFlight === 0) daemon.drained?.(); },
  };
  const session = new ClientSession(daemon.nextClientId++, socket, daemon.context, METHODS, tracker, options.log, (closed) => {
    clients.delete(closed);
    armIdle(daemon);
    // What the connection held (buffered answers, an export's snapshot) is garbage now; an idle
    // daemon would keep it until allocation pressure, so collect once the burst of closes ends.
    releaseMemorySoon(COLLECT_AFTER_CLOSE_MS);
  }, { firstRequestTimeoutMs });
  clients.add(session);
  armIdle(daemon);
}

/** (Re)arms the idle timer: with no clients for idleTimeoutMs the daemon stops. */
function armIdle(daemon: DaemonState): void {
  const { options } = daemon;
  if (daemon.idleTimer) clearTimeout(daemon.idleTimer);
  daemon.idleTimer = null;
  if (daemon.clients.size === 0 && options.idleTimeoutMs > 0 && !daemon.stopping) {
    daemon.idleTimer = setTimeout(() => void stopDaemon(daemon, `no clients for ${Math.round(options.idleTimeoutMs / 1000)} s`), options.idleTimeoutMs);
    daemon.idleTimer.unref();
  }
}

/** Removes a stale socket, listens (socket 0600), writes the registry; undoes it all on failure. */
async function listenAndRegister(daemon: DaemonState): Promise<void> {
  const { server, endpoint, repository, options, context } = daemon;
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
  server.on('error', (error) => options.log(`socket server: ${error.message}`));
}

/** Logs what the daemon serves and under which policy. */
function announce(daemon: DaemonState): void {
  const { log } = daemon.options;
  const { repository, endpoint } = daemon;
  log(`serving ${repository.root} on ${endpoint.socket} (pid ${process.pid}, protocol ${PROTOCOL_VERSION})`);
  if (repository.policy.file) log(`material policy from ${repository.policy.file}`);
  for (const warning of repository.policy.warnings) log(`warning: ${warning}`);
}

/** Watches each workspace's root, then refreshes it (the startup catch-up), then starts the rescans. */
async function catchUp(daemon: DaemonState): Promise<void> {
  const { repository, live, options } = daemon;
  try {
    for (const info of repository.listWorkspaces()) {
      if (daemon.stopping) return;
      await live.watch(info.root);
      await live.refresh(info.id).catch((error) => options.log(`catching up workspace ${info.id}: ${(error as Error).message}`));
      // A catch-up that found nothing to publish warmed nothing: the stored generation's index.
      daemon.sessions.warm(info.id);
    }
    if (!daemon.stopping && options.watch !== false) live.startReconciling(options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS);
  } catch (error) {
    options.log(`starting the watchers: ${(error as Error).message}`);
  }
}

/**
 * Stops once (later calls share the first): stops accepting, drains requests in flight (answers
 * written; a sync query needs its watcher), then the watchers, then the refreshes under way
 * (bounded by drainTimeoutMs), closes connections, sessions and the store, runs
 * `afterStoreClosed` (the first stop's), and removes the socket, registry and lock.
 */
function stopDaemon(daemon: DaemonState, reason: string, afterStoreClosed?: () => void): Promise<void> {
  if (daemon.stopping) return daemon.stopping;
  const { options, server, live, repository, sessions, endpoint } = daemon;
  daemon.stopping = (async () => {
    options.log(`stopping: ${reason}`);
    if (daemon.idleTimer) clearTimeout(daemon.idleTimer);
    server.close();
    const deadline = Date.now() + (options.drainTimeoutMs ?? 10_000);
    const bounded = (work: Promise<unknown>): Promise<unknown> => Promise.race([
      work, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref()),
    ]);
    await bounded(daemon.inFlight > 0 ? new Promise<void>((resolve) => { daemon.drained = resolve; }) : Promise.resolve());
    await live.close();
    await bounded((async () => {
      for (const info of repository.listWorkspaces()) await repository.workspace(info.id).whenIdle();
    })());
    for (const client of [...daemon.clients]) client.close();
    for (const socket of [...daemon.refused]) socket.destroy();
    sessions.closeAll();
    // A warming of a surface index stops at its next pause; it must not read a closed store.
    await sessions.warmingStopped();
    await repository.close().catch((error) => options.log(`closing the store: ${(error as Error).message}`));
    // Still holding the lock, so no new daemon opens the store while this runs.
    try {
      afterStoreClosed?.();
    } catch (error) {
      options.log(`after closing the store: ${(error as Error).message}`);
    }
    releaseEndpoint(endpoint);
    daemon.resolveStopped(reason);
  })();
  return daemon.stopping;
}
