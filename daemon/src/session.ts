/**
 * One client connection: a vscode-jsonrpc connection over the socket, every request dispatched
 * through the method table (an unknown method gets MethodNotFound; the method's validator checks
 * the params before its handler runs; a failure is a band error with `data.code`), events
 * through the connection's bounded outbox. A connection that sends bytes that are not JSON-RPC
 * frames, or no request within the first-request timeout, is disconnected; its input passes the
 * RequestIntake (duplicate ids, backpressure) and its exports the ExportLane; nothing it sends
 * can stop the daemon or stall other connections. Owns the per-connection state and its cleanup.
 */
import type { Socket } from 'node:net';
import { isRepographError } from '@repograph/core';
import { ERROR_BAND, isErrorCodeName, isRequestMethod, PARAM_FIELDS, type RequestMethod, type ResultOf, type WatchEvent } from '@repograph/protocol';
import { createMessageConnection, ResponseError, ErrorCodes, type Message, type MessageConnection, type MessageWriter } from 'vscode-jsonrpc';
import { SocketMessageReader } from 'vscode-jsonrpc/node.js';
import type { ClientHandle, DaemonContext } from './context.js';
import { DEFAULT_EXPORT_PACING, ExportLane, type ExportPacing } from './export-lane.js';
import { FrameGuard } from './frame-guard.js';
import { Outbox } from './outbox.js';
import { paramsObject } from './params.js';
import { refuseUnknownFields } from './unknown-fields.js';
import { DEFAULT_INTAKE_LIMITS, RequestIntake, type IntakeLimits } from './request-intake.js';
import { FramedSocketWriter } from './socket-writer.js';
import type { MethodTable } from './handlers/table.js';

/** Counts requests in flight, so shutdown can drain them. */
export interface RequestTracker {
  begin(): void;
  end(): void;
}

/** Per-connection bounds (docs/ARCHITECTURE.md, "Queues and their bounds"). */
export interface SessionLimits {
  /** A connection that sends no request this long after connecting is closed. */
  firstRequestTimeoutMs: number;
  intake?: IntakeLimits;
  exportPacing?: ExportPacing;
}

export class ClientSession implements ClientHandle {
  readonly id: number;
  clientName = 'unnamed';
  readonly outbox: Outbox;
  readonly workspaces = new Set<string>();
  readonly exports: ExportLane;
  private readonly connection: MessageConnection;
  private firstRequestTimer: NodeJS.Timeout | null;
  private closed = false;
  /** Requests dispatched whose answers are not yet written (they count as in flight until then). */
  private unanswered = 0;

  constructor(
    id: number,
    private readonly socket: Socket,
    private readonly context: DaemonContext,
    private readonly methods: MethodTable,
    private readonly tracker: RequestTracker,
    private readonly log: (message: string) => void,
    private readonly onClosed: (session: ClientSession) => void,
    limits: SessionLimits,
  ) {
    this.id = id;
    this.firstRequestTimer = setTimeout(() => {
      this.protocolFault(`sent no request within ${limits.firstRequestTimeoutMs / 1000} s of connecting`);
    }, limits.firstRequestTimeoutMs);
    this.firstRequestTimer.unref();
    this.exports = new ExportLane(socket, limits.exportPacing ?? DEFAULT_EXPORT_PACING);
    // Ahead of the reader: a client that never completes a frame is cut off before it is buffered.
    const guard = new FrameGuard();
    socket.on('data', (chunk: Buffer) => {
      const fault = guard.feed(chunk);
      if (fault !== null) this.protocolFault(fault);
    });
    const socketWriter = new FramedSocketWriter(socket);
    const reader = new RequestIntake(new SocketMessageReader(socket), socket, socketWriter, () => this.requestArrived(), limits.intake ?? DEFAULT_INTAKE_LIMITS);
    // A request stays in flight until its answer is written, so a shutdown drains answers too.
    const writer: MessageWriter = {
      onError: socketWriter.onError,
      onClose: socketWriter.onClose,
      end: () => socketWriter.end(),
      dispose: () => socketWriter.dispose(),
      write: (message: Message) => {
        const written = socketWriter.write(reader.answering(message));
        if (isResponse(message)) void written.then(() => this.answered(), () => this.answered());
        return written;
      },
    };
    this.connection = createMessageConnection(reader, writer, {
      error: (message) => this.protocolFault(message),
      warn: () => undefined,
      info: () => undefined,
      log: () => undefined,
    });
    this.outbox = new Outbox(socket, (event: WatchEvent) => this.connection.sendNotification('watch.event', event));
    reader.onError((error) => this.protocolFault(`unreadable frame: ${error.message}`));
    this.connection.onRequest((method, params) => this.dispatch(method, params));
    this.connection.onClose(() => this.cleanup());
    socket.on('error', () => this.cleanup());
    socket.on('close', () => this.cleanup());
    this.connection.listen();
  }

  sendNotification(method: string, params: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.connection.sendNotification(method, params);
  }

  /** Closes the connection (shutdown, or a client that broke the protocol). */
  close(): void {
    this.socket.destroy();
    this.cleanup();
  }

  private async dispatch(method: string, rawParams: unknown): Promise<unknown> {
    this.tracker.begin();
    this.unanswered++;
    if (!isRequestMethod(method)) {
      return new ResponseError(ErrorCodes.MethodNotFound, `unknown method '${method}'; see PROTOCOL.md for the methods this daemon serves.`, { code: 'MethodNotFound', method });
    }
    try {
      return await this.serve(method, rawParams);
    } catch (error) {
      return this.responseError(method, error);
    }
  }

  /** Validates the params (InvalidParams before anything waits), then runs the method's handler. */
  private serve<M extends RequestMethod>(method: M, rawParams: unknown): Promise<ResultOf<M>> {
    const entry = this.methods[method];
    const raw = paramsObject(rawParams);
    refuseUnknownFields(raw, PARAM_FIELDS[method], method);
    const params = entry.params(raw);
    return entry.handle(this.context, this, params);
  }

  /** The first request disarms the first-request timeout. */
  private requestArrived(): void {
    if (this.firstRequestTimer === null) return;
    clearTimeout(this.firstRequestTimer);
    this.firstRequestTimer = null;
  }

  /** An answer was written (or could not be). */
  private answered(): void {
    if (this.unanswered === 0) return;
    this.unanswered--;
    this.tracker.end();
  }

  private responseError(method: string, error: unknown): ResponseError<unknown> {
    if (isRepographError(error)) {
      const name = isErrorCodeName(error.code) ? error.code : 'Internal';
      return new ResponseError(ERROR_BAND[name], error.message, { ...error.data, code: name });
    }
    this.log(`${method} failed: ${(error as Error)?.stack ?? String(error)}`);
    return new ResponseError(ERROR_BAND.Internal, `${method} failed inside the daemon: ${(error as Error)?.message ?? String(error)}; the daemon log has details.`, { code: 'Internal' });
  }

  /** The client sent something that is not JSON-RPC: answer nothing more and disconnect it. */
  private protocolFault(message: string): void {
    if (this.closed) return;
    this.log(`client ${this.id} (${this.clientName}) disconnected: ${message.split('\n')[0]}`);
    this.close();
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    this.requestArrived();
    while (this.unanswered > 0) this.answered();
    this.outbox.close();
    this.context.hub.dropSink(this.outbox);
    this.connection.dispose();
    this.socket.destroy();
    this.onClosed(this);
  }
}

function isResponse(message: Message): boolean {
  return 'id' in message && ('result' in message || 'error' in message);
}
