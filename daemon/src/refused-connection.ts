/**
 * A connection past the daemon's connection limit, held in the small reserve: its first request
 * (whatever the method, `initialize` for a real client) is answered with DaemonUnavailable,
 * saying why and what to do, and the connection is then closed. One that sends no request within
 * the first-request timeout, or bytes that are not frames, is closed without an answer. Owns
 * nothing but that one answer; the server decides who gets here.
 */
import type { Socket } from 'node:net';
import { ERROR_BAND } from '@repograph/protocol';
import { Message } from 'vscode-jsonrpc';
import { SocketMessageReader } from 'vscode-jsonrpc/node.js';
import { FrameGuard } from './frame-guard.js';
import { FramedSocketWriter } from './socket-writer.js';

/** How long a refused connection has to take its answer before it is destroyed. */
const LINGER_MS = 2000;

export interface RefusalOptions {
  /** What the answer says (why, and what to do). */
  message: string;
  data: Record<string, unknown>;
  firstRequestTimeoutMs: number;
  /** Called once the connection is gone. */
  onClosed: () => void;
}

/** Answers the connection's first request with DaemonUnavailable, then closes it. */
export function refuseConnection(socket: Socket, options: RefusalOptions): void {
  let answered = false;
  const destroy = (): void => { socket.destroy(); };
  const timer = setTimeout(destroy, options.firstRequestTimeoutMs);
  timer.unref();
  socket.once('close', () => { clearTimeout(timer); reader.dispose(); options.onClosed(); });
  socket.on('error', destroy);
  const guard = new FrameGuard();
  socket.on('data', (chunk: Buffer) => { if (guard.feed(chunk) !== null) destroy(); });
  const reader = new SocketMessageReader(socket);
  const writer = new FramedSocketWriter(socket);
  reader.onError(destroy);
  reader.listen((message) => {
    if (answered || !Message.isRequest(message)) return;
    answered = true;
    clearTimeout(timer);
    socket.pause();
    void writer.write({
      jsonrpc: '2.0', id: message.id,
      error: { code: ERROR_BAND.DaemonUnavailable, message: options.message, data: { ...options.data, code: 'DaemonUnavailable' } },
    } as Message).catch(() => undefined).finally(() => socket.end());
    setTimeout(destroy, LINGER_MS).unref();
  });
}
