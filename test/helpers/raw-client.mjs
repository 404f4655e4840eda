// A raw JSON-RPC peer over the daemon's Unix socket, for tests that must misbehave (garbage
// bytes, truncated frames, a reader that stops reading) or see the wire messages as they are.
import { createConnection } from 'node:net';

/**
 * Connects to `socketPath`. Returns {socket, messages, closed, whenClosed, write(bytes), send(message),
 * request(method, params), next(predicate, what, timeoutMs)}; `messages` holds every decoded
 * frame the daemon sent, in order.
 */
export function rawConnect(socketPath) {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(rawPeer(socket));
    });
  });
}

function rawPeer(socket) {
  const messages = [];
  const waiters = new Set();
  let buffer = Buffer.alloc(0);
  let closed = false;
  let nextId = 1;
  const wake = () => { for (const waiter of [...waiters]) waiter(); };
  const whenClosed = new Promise((resolve) => socket.once('close', () => { closed = true; wake(); resolve(); }));
  socket.on('error', () => { /* the daemon hung up: reported through `closed` */ });
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const match = /content-length:\s*(\d+)/i.exec(buffer.subarray(0, end).toString('ascii'));
      if (!match) throw new Error(`the daemon sent a frame without Content-Length: ${buffer.subarray(0, end)}`);
      const length = Number(match[1]);
      if (buffer.length < end + 4 + length) break;
      messages.push(JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8')));
      buffer = buffer.subarray(end + 4 + length);
    }
    wake();
  });
  const peer = {
    socket,
    messages,
    whenClosed,
    get closed() { return closed; },
    /** Writes raw bytes; resolves once they are handed to the OS (or the socket failed). */
    write(bytes) {
      return new Promise((resolve) => {
        if (socket.destroyed) return resolve();
        socket.write(bytes, () => resolve());
      });
    },
    /** Sends one framed JSON message. */
    send(message) {
      const body = Buffer.from(JSON.stringify(message), 'utf8');
      return peer.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
    },
    /** Sends a request and resolves with the daemon's response message ({result} or {error}). */
    async request(method, params, timeoutMs = 20_000) {
      const id = nextId++;
      await peer.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
      return peer.next((m) => m.id === id, `the answer to ${method}`, timeoutMs);
    },
    /** The first message (already received or still to come) that satisfies `predicate`. */
    next(predicate, what, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (found) { done(); resolve(found); } else if (closed) { done(); reject(new Error(`the daemon closed the connection before ${what}`)); }
        };
        const timer = setTimeout(() => { done(); reject(new Error(`timed out waiting for ${what}`)); }, timeoutMs);
        const done = () => { clearTimeout(timer); waiters.delete(check); };
        waiters.add(check);
        check();
      });
    },
    close() { socket.destroy(); },
  };
  return peer;
}

/** Resolves true once the socket is closed, false if it is still open after `timeoutMs`. */
export async function closedWithin(peer, timeoutMs) {
  let timer;
  const result = await Promise.race([
    peer.whenClosed.then(() => true),
    new Promise((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); }),
  ]);
  clearTimeout(timer);
  return result;
}
