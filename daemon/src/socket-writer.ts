/**
 * The connection's MessageWriter: each message is serialized and handed to the socket at once,
 * so what a connection has not yet sent is exactly `socket.writableLength` (bytes), never a
 * queue of result objects. vscode-jsonrpc's own writer waits for each write's callback before
 * encoding the next message, so for a client that does not read it keeps every answer as a live
 * object with no visible size. Framing as vscode-jsonrpc's: `Content-Length` and a UTF-8 body.
 * The returned promise settles when the bytes left the process (or the socket failed).
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
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    const frame = Buffer.concat([Buffer.from(`Content-Length: ${body.byteLength}\r\n\r\n`, 'ascii'), body]);
    return new Promise((resolve, reject) => {
      this.socket.write(frame, (error) => (error ? reject(error) : resolve()));
    });
  }

  end(): void {
    this.socket.end();
  }
}
