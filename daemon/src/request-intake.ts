/**
 * Between the socket's MessageReader and the vscode-jsonrpc connection: what of a client's
 * input is let through, and when the daemon stops reading it. Owns, per connection:
 * - duplicate ids: a request whose id is still in flight is answered at once with InvalidParams
 *   (`data.field: 'id'`) and not passed on; every admitted request travels under an internal id
 *   unique on the connection (RequestIds), its answer under the client's id again;
 * - backpressure: while the connection has `maxUnanswered` requests passed on and unanswered, or
 *   `maxUnwrittenBytes` written to the socket that the client has not read, further messages wait
 *   here in arrival order and the socket is paused (the kernel then pushes back on the client);
 *   below both bounds they go on, one a turn, and reading resumes once none waits.
 * It does not judge the messages otherwise: the connection does (and the FrameGuard the bytes).
 */
import type { Socket } from 'node:net';
import { ERROR_BAND } from '@repograph/protocol';
import { Message, type DataCallback, type Disposable, type MessageReader, type MessageWriter, type RequestMessage } from 'vscode-jsonrpc';
import { RequestIds, type ClientRequestId } from './request-ids.js';

export interface IntakeLimits {
  /** Requests passed on to the connection and not yet answered. */
  maxUnanswered: number;
  /** Bytes handed to the socket and not yet read by the client. */
  maxUnwrittenBytes: number;
}

/** The defaults, documented in docs/ARCHITECTURE.md ("Queues and their bounds"). */
export const DEFAULT_INTAKE_LIMITS: IntakeLimits = { maxUnanswered: 16, maxUnwrittenBytes: 8 * 1024 * 1024 };

const CANCEL_METHOD = '$/cancelRequest';

export class RequestIntake implements MessageReader {
  private readonly ids = new RequestIds();
  private readonly waiting: Message[] = [];
  /** Requests among `waiting` (admitted, not yet passed on). */
  private waitingRequests = 0;
  private deliver: DataCallback | null = null;
  private paused = false;
  /** A message was passed on during this turn of the event loop. */
  private turnTaken = false;
  private disposed = false;

  constructor(
    private readonly reader: MessageReader,
    private readonly socket: Socket,
    /** Writes answers the intake gives itself (duplicate ids), outside the connection. */
    private readonly writer: MessageWriter,
    private readonly onRequest: () => void,
    private readonly limits: IntakeLimits = DEFAULT_INTAKE_LIMITS,
  ) {
    socket.on('drain', () => this.pump());
  }

  get onError() { return this.reader.onError; }
  get onClose() { return this.reader.onClose; }
  get onPartialMessage() { return this.reader.onPartialMessage; }

  listen(callback: DataCallback): Disposable {
    this.deliver = callback;
    return this.reader.listen((message) => this.arrive(message));
  }

  dispose(): void {
    this.disposed = true;
    this.waiting.length = 0;
    this.waitingRequests = 0;
    this.reader.dispose();
  }

  /**
   * An answer is about to be written under its internal id: frees the id and returns the message
   * to write (under the client's id). Called by the connection's writer for every response.
   */
  answering(message: Message): Message {
    if (!Message.isResponse(message)) return message;
    const id = this.ids.release(message.id);
    if (id === undefined) return message;
    queueMicrotask(() => this.pump());
    return { ...message, id } as Message;
  }

  private arrive(message: Message): void {
    if (this.disposed) return;
    if (Message.isRequest(message)) {
      this.onRequest();
      const internal = this.ids.admit(message.id as ClientRequestId);
      if (internal === null) {
        this.refuseDuplicate(message);
        return;
      }
      this.waiting.push({ ...message, id: internal } as RequestMessage);
      this.waitingRequests++;
    } else if (Message.isNotification(message) && message.method === CANCEL_METHOD) {
      // A cancellation names the client's id; one for a request not in flight is moot.
      const internal = this.ids.internalOf((message.params as { id?: unknown } | undefined)?.id);
      if (internal === undefined) return;
      this.waiting.push({ ...message, params: { id: internal } } as Message);
    } else {
      this.waiting.push(message);
    }
    this.pump();
  }

  /**
   * Passes the next waiting message on when under both bounds, one per turn of the event loop:
   * the connection handles a message a turn, so the bounds are checked again after the answer
   * to the one before was written. Pauses reading while anything waits or a bound is reached.
   */
  private pump(): void {
    if (this.disposed || !this.deliver) return;
    if (!this.turnTaken && this.waiting.length > 0 && !this.full()) {
      const message = this.waiting.shift()!;
      if (Message.isRequest(message)) this.waitingRequests--;
      // A lone message with nothing else in flight on the connection (the usual case) goes at
      // once; otherwise one a turn, so each answer is written (and counted against the unread
      // bound) before the next request runs: 16 large answers built at once would be the memory
      // the bound is there to prevent.
      const othersInFlight = this.ids.size - this.waitingRequests > (Message.isRequest(message) ? 1 : 0);
      if (this.waiting.length > 0 || othersInFlight) {
        this.turnTaken = true;
        setImmediate(() => { this.turnTaken = false; this.pump(); });
      }
      this.deliver(message);
    }
    if (this.full() || this.waiting.length > 0) {
      if (!this.paused) { this.paused = true; this.socket.pause(); }
    } else if (this.paused) {
      this.paused = false;
      this.socket.resume();
    }
  }

  private full(): boolean {
    // Requests still waiting here hold ids too: count only those passed on.
    const passedOn = this.ids.size - this.waitingRequests;
    return passedOn >= this.limits.maxUnanswered || this.socket.writableLength >= this.limits.maxUnwrittenBytes;
  }

  private refuseDuplicate(message: RequestMessage): void {
    const id = message.id as ClientRequestId;
    const shown = typeof id === 'string' ? JSON.stringify(id) : String(id);
    void this.writer.write({
      jsonrpc: '2.0', id,
      error: {
        code: ERROR_BAND.InvalidParams,
        message: `a request with id ${shown} is still in flight on this connection; use a new id for each request (an id is free again once its answer arrived).`,
        data: { code: 'InvalidParams', field: 'id', id },
      },
    } as Message).catch(() => undefined);
  }
}
