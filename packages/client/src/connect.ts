/**
 * `connect()`: finds the repository's daemon by its endpoint names and opens a session with it,
 * starting the daemon first when nothing listens and the caller said how (autoStart).
 */
import { Buffer } from 'node:buffer';
import { daemonEndpoint, MAX_SOCKET_PATH_BYTES } from '@repograph/protocol';
import { startDaemonAndConnect, type AutoStartOptions } from './auto-start.js';
import { RepographClient } from './client.js';
import { RepographRequestError } from './errors.js';
import { dataRootFrom, findRepository } from './repository.js';
import { isNotListening, tryConnect } from './socket-probe.js';

export interface ConnectOptions {
  /** Any directory inside the repository (resolved to its identity as the daemon does). */
  repoRoot: string;
  /** Default: dataRootFrom(process.env). */
  dataRoot?: string;
  /** Names this client to the daemon (`repograph ps` shows it). */
  clientName: string;
  /** How to start a daemon when none listens; without it, a missing daemon is DaemonUnavailable. */
  autoStart?: AutoStartOptions;
  /** How long starting the daemon and its `initialize` answer may take; default 30 s. */
  startTimeoutMs?: number;
  /** Called when a subscription or export listener throws; default: a line on stderr. */
  onListenerError?: (error: unknown) => void;
}

export async function connect(options: ConnectOptions): Promise<RepographClient> {
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const dataRoot = options.dataRoot ?? dataRootFrom(process.env);
  const repository = await findRepository(options.repoRoot);
  const endpoint = daemonEndpoint(dataRoot, repository.repoId);
  if (Buffer.byteLength(endpoint.socket) > MAX_SOCKET_PATH_BYTES) {
    throw RepographRequestError.of('UsageError',
      `The daemon socket path ${endpoint.socket} is longer than ${MAX_SOCKET_PATH_BYTES} bytes, which Unix sockets cannot use; ` +
      'set REPOGRAPH_HOME to a shorter absolute directory.', { socket: endpoint.socket });
  }
  const attempt = await tryConnect(endpoint.socket);
  let socket;
  if ('socket' in attempt) {
    socket = attempt.socket;
  } else if (isNotListening(attempt.errno) && options.autoStart) {
    socket = await startDaemonAndConnect(endpoint, dataRoot, repository.root, options.autoStart, startTimeoutMs);
  } else if (isNotListening(attempt.errno)) {
    throw RepographRequestError.of('DaemonUnavailable',
      `No repograph daemon serves ${repository.root} (nothing listens on ${endpoint.socket}); start one with \`repograph serve --repo ${repository.root}\`.`,
      { socket: endpoint.socket, repoRoot: repository.root });
  } else {
    throw RepographRequestError.of('DaemonUnavailable',
      `Cannot connect to the repograph daemon's socket ${endpoint.socket}: ${attempt.message}` +
      (attempt.errno === 'EACCES' ? ' (the socket belongs to another user; use your own REPOGRAPH_HOME).' : '.'),
      { socket: endpoint.socket, errno: attempt.errno });
  }
  return RepographClient.open(socket, {
    clientName: options.clientName,
    repository,
    endpoint,
    initializeTimeoutMs: startTimeoutMs,
    ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}),
  });
}
