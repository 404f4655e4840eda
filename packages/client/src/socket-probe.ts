/**
 * Opening a Unix socket once: a connected socket, or the errno that says why not (ENOENT: no
 * socket file; ECONNREFUSED: a file nobody listens on; EACCES: another user's daemon).
 */
import { createConnection, type Socket } from 'node:net';

export type ConnectAttempt = { socket: Socket } | { errno: string; message: string };

/** Tries to connect to `path` once; never throws. A hung connect counts as ETIMEDOUT. */
export function tryConnect(path: string, timeoutMs = 5000): Promise<ConnectAttempt> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const onError = (error: NodeJS.ErrnoException): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ errno: error.code ?? 'EUNKNOWN', message: error.message });
    };
    const timer = setTimeout(() => {
      socket.off('error', onError);
      socket.destroy();
      resolve({ errno: 'ETIMEDOUT', message: `connecting to ${path} took longer than ${timeoutMs} ms` });
    }, timeoutMs);
    socket.once('error', onError);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', onError);
      resolve({ socket });
    });
  });
}

/** True when nothing serves the socket: the file is missing or nobody listens on it. */
export function isNotListening(errno: string): boolean {
  return errno === 'ENOENT' || errno === 'ECONNREFUSED';
}

/** True when something accepts connections on `path` (the connection is closed again). */
export async function socketAccepts(path: string, timeoutMs = 1000): Promise<boolean | 'unknown'> {
  const attempt = await tryConnect(path, timeoutMs);
  if ('socket' in attempt) {
    attempt.socket.destroy();
    return true;
  }
  return isNotListening(attempt.errno) ? false : 'unknown';
}
