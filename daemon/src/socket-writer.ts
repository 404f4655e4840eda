/**
 * The connection's MessageWriter: each message is serialized and handed to the socket at once,
 * so what a connection has not yet sent is exactly `socket.writableLength` (bytes), never a
 * queue of result objects. vscode-jsonrpc's own writer waits for each write's callback before
 * encoding the next message, so for a client that does not read it keeps every answer as a live
 * object with no visible size. Framing as vscode-jsonrpc's: `Content-Length` and a UTF-8 body.
 * The returned promise settles when the bytes left the process (or the socket failed).
 *
 * Encoding: the frame is one buffer, header and body written into it in place (`frameOf`).
 * `Buffer.from(string)` of a large answer cost as much as the JSON.stringify before it (about
 * 0.5 ms for a 90 KB answer on Node 20: it takes a slow native path for strings over 4 KB), where
 * `byteLength` and a write into an allocated buffer cost about a tenth of that.
 */
import type { Socket } from 'node:net';
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-jsonrpc';

export class FramedSocketWriter extends AbstractMessageWriter implements MessageWriter {
  constructor(private readonly socket: Socket) {
    super();
    socket.on('error', (error) => this.fireError(error));
    socket.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    if (this.socket.destroyed || !this.socket.writable) return Promise.reject(new Error('the connection is closed'));
    const frame = frameOf(JSON.stringify(message));
    return new Promise((resolve, reject) => {
      this.socket.write(frame, (error) => (error ? reject(error) : resolve()));
    });
  }

  end(): void {
    this.socket.end();
  }
}

/** `Content-Length: <bytes>\r\n\r\n` and the UTF-8 bytes of `body`, in one buffer. */
export function frameOf(body: string): Buffer {
  const bodyBytes = Buffer.byteLength(body, 'utf8');
  const header = `Content-Length: ${bodyBytes}\r\n\r\n`;
  const frame = Buffer.allocUnsafe(header.length + bodyBytes);
  frame.write(header, 0, 'latin1');
  frame.write(body, header.length, 'utf8');
  return frame;
}
