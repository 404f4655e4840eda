// A raw JSON-RPC peer over the daemon's Unix socket for the robustness soak: it writes any bytes
// (bad headers, bad lengths, garbage bodies) and decodes whatever the daemon sends back, keeping
// only the answers still awaited (a long soak must not keep every message). Like
// test/helpers/raw-client.mjs, but bench/ stands alone and this one bounds its memory.
import { createConnection } from 'node:net';

/** Connects to `socketPath`; rejects after `timeoutMs`. Resolves to a peer (see rawPeer). */
export function connectRaw(socketPath, { timeoutMs = 5_000, keepResponses = false } = {}) {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection to ${socketPath} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(rawPeer(socket, keepResponses));
    });
  });
}

/** Frames a body (a string or bytes) with a correct Content-Length header. */
export function frame(body) {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`, 'ascii'), bytes]);
}

function rawPeer(socket, keepResponses) {
  /** Every response, when keepResponses (short-lived connections only). */
  const responses = [];
  /** id (as JSON text) -> [resolve] of callers waiting for that id's answers. */
  const waiting = new Map();
  const closeWaiters = new Set();
  let buffer = Buffer.alloc(0);
  let closed = false;
  let undecodable = 0;
  let received = 0;
  socket.on('error', () => { /* reported through close */ });
  socket.on('close', () => {
    closed = true;
    for (const list of waiting.values()) for (const w of list) w.onClose();
    waiting.clear();
    for (const w of closeWaiters) w();
    closeWaiters.clear();
  });
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const match = /content-length:\s*(\d+)/i.exec(buffer.subarray(0, end).toString('ascii'));
      if (!match) {
        undecodable++;
        buffer = buffer.subarray(end + 4);
        continue;
      }
      const length = Number(match[1]);
      if (buffer.length < end + 4 + length) break;
      const body = buffer.subarray(end + 4, end + 4 + length);
      buffer = buffer.subarray(end + 4 + length);
      let message;
      try {
        message = JSON.parse(body.toString('utf8'));
      } catch {
        undecodable++;
        continue;
      }
      received++;
      if (message && typeof message === 'object' && 'id' in message && ('result' in message || 'error' in message)) {
        if (keepResponses) responses.push(message);
        const key = JSON.stringify(message.id ?? null);
        const list = waiting.get(key);
        if (list?.length) {
          const w = list.shift();
          if (!list.length) waiting.delete(key);
          w.onMessage(message);
        }
      }
    }
  });

  const peer = {
    socket,
    get closed() { return closed; },
    get undecodable() { return undecodable; },
    get received() { return received; },
    responses,
    /** Writes bytes; resolves once handed to the OS or the socket failed. */
    write(bytes) {
      return new Promise((resolve) => {
        if (socket.destroyed) return resolve(false);
        socket.write(bytes, (error) => resolve(!error));
      });
    },
    /**
     * Waits for the answer to `id` (compared as JSON): resolves {kind:'answer', message},
     * {kind:'closed'} or {kind:'timeout'}. Register before writing the request.
     */
    expect(id, timeoutMs) {
      return new Promise((resolve) => {
        if (closed) return resolve({ kind: 'closed' });
        const key = JSON.stringify(id ?? null);
        let timer = null;
        const entry = {
          onMessage: (message) => { clearTimeout(timer); resolve({ kind: 'answer', message }); },
          onClose: () => { clearTimeout(timer); resolve({ kind: 'closed' }); },
        };
        timer = setTimeout(() => {
          const list = waiting.get(key);
          if (list) {
            const at = list.indexOf(entry);
            if (at >= 0) list.splice(at, 1);
            if (!list.length) waiting.delete(key);
          }
          resolve({ kind: 'timeout' });
        }, timeoutMs);
        if (!waiting.has(key)) waiting.set(key, []);
        waiting.get(key).push(entry);
      });
    },
    /** Sends a request and waits for its answer (see expect). */
    async request(id, method, params, timeoutMs = 20_000) {
      const answer = peer.expect(id, timeoutMs);
      await peer.write(frame(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })));
      return answer;
    },
    /** Resolves true once closed, false if still open after `timeoutMs`. */
    closedWithin(timeoutMs) {
      if (closed) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = () => { clearTimeout(timer); resolve(true); };
        const timer = setTimeout(() => { closeWaiters.delete(done); resolve(false); }, timeoutMs);
        closeWaiters.add(done);
      });
    },
    close() { socket.destroy(); },
  };
  return peer;
}
