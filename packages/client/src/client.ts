/**
 * RepographClient: one JSON-RPC session with a daemon over a connected Unix socket. Sends
 * `initialize` first, then typed requests; routes `watch.event` to subscriptions (keeping each
 * one's last clock) and `repo.exportChunk` to the export that asked for it; reports the end of
 * the connection once. Connecting and auto-starting live in connect.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Disposable, MessageConnection, MessageReader, RequestType } from 'vscode-jsonrpc';
import { createMessageConnection, SocketMessageReader, SocketMessageWriter } from 'vscode-jsonrpc/node.js';
import {
  InitializeRequest, PROTOCOL_VERSION, RepoExportChunkNotification, RepoExportRequest, WatchEventNotification,
  WatchSubscribeRequest, WatchUnsubscribeRequest,
  type DaemonEndpoint, type ErrorData, type InitializeResult, type RepoExportParams, type RepoExportResult, type Topic,
  isClockAfter, type Clock, type ReviewTopic, type TopicParams, type WatchEvent,
} from '@repograph/protocol';
import { RepographRequestError, toRequestError } from './errors.js';
import type { RepositoryIdentity } from './repository.js';

/**
 * A live subscription; `clock` is the clock (`c:<storeId>:<generation>`) of the last event
 * delivered or of the subscribe answer, whichever is later: pass it as `since` to resume.
 */
export interface Subscription<T extends Topic = Topic> {
  readonly subscriptionId: string;
  readonly topic: T;
  readonly clock: Clock;
  /** Stops the events; resolves once the daemon confirmed (or the connection is gone). */
  unsubscribe(): Promise<void>;
}

export interface SessionOptions {
  clientName: string;
  repository: RepositoryIdentity;
  endpoint: DaemonEndpoint;
  /** How long `initialize` may take before the daemon counts as hung. */
  initializeTimeoutMs?: number;
  /** Called when a subscription or export listener throws; default: a line on stderr. */
  onListenerError?: (error: unknown) => void;
}

interface SubscriptionState {
  topic: Topic;
  clock: Clock;
  onEvent: (event: WatchEvent) => void;
}

/** Events for subscriptions whose `watch.subscribe` answer has not arrived yet are kept, this many at most. */
const MAX_EARLY_EVENTS = 1000;

export class RepographClient {
  readonly repository: RepositoryIdentity;
  readonly endpoint: DaemonEndpoint;
  private readonly connection: MessageConnection;
  private readonly socket: Socket;
  private readonly onListenerError: (error: unknown) => void;
  private readonly subscriptions = new Map<string, SubscriptionState>();
  private readonly earlyEvents: WatchEvent[] = [];
  private readonly exports = new Map<string, (lines: string[]) => void>();
  private readonly closeListeners = new Set<(reason: Error | undefined) => void>();
  private initializeResult: InitializeResult | null = null;
  private closeReason: Error | undefined;
  private isClosed = false;
  /** The daemon hung up; answers it sent before are still being read. */
  private remoteClosed = false;
  /** Requests sent and not yet settled, and how many settled so far (progress, for draining). */
  private pending = 0;
  private settled = 0;
  /** Messages the reader handed to the connection so far. */
  private received = 0;

  private constructor(socket: Socket, options: SessionOptions) {
    this.socket = socket;
    this.repository = options.repository;
    this.endpoint = options.endpoint;
    this.onListenerError = options.onListenerError ?? ((error) => {
      process.stderr.write(`repograph client: a listener threw: ${error instanceof Error ? error.stack : String(error)}\n`);
    });
    const reader = new SocketMessageReader(socket);
    // Counts what the reader delivers, so a hang-up can wait for answers already received.
    const countingReader: MessageReader = {
      onError: reader.onError,
      onClose: reader.onClose,
      onPartialMessage: reader.onPartialMessage,
      listen: (callback) => reader.listen((message) => { this.received++; callback(message); }),
      dispose: () => reader.dispose(),
    };
    this.connection = createMessageConnection(countingReader, new SocketMessageWriter(socket));
    this.connection.onNotification(WatchEventNotification, (event) => this.deliverEvent(event));
    this.connection.onNotification(RepoExportChunkNotification, (chunk) => this.exports.get(chunk.exportId)?.(chunk.lines));
    this.connection.onError(([error]) => {
      this.closeReason ??= error;
    });
    this.connection.onClose(() => this.remoteClose());
    socket.on('close', () => this.remoteClose());
    this.connection.listen();
  }

  /**
   * Starts a session on a connected socket: sends `initialize` and keeps the answer. A daemon
   * that refuses (ProtocolVersionMismatch) or does not answer in time is an error, and the
   * socket is closed.
   */
  static async open(socket: Socket, options: SessionOptions): Promise<RepographClient> {
    const client = new RepographClient(socket, options);
    const timeoutMs = options.initializeTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(RepographRequestError.of('DaemonUnavailable',
        `The repograph daemon at ${options.endpoint.socket} accepted the connection but did not answer initialize within ${timeoutMs} ms; ` +
        `it may be hung: see ${options.endpoint.log}, or stop it with \`repograph stop\`.`,
        { socket: options.endpoint.socket, log: options.endpoint.log })), timeoutMs);
    });
    try {
      client.initializeResult = await Promise.race([
        client.request(InitializeRequest, { clientName: options.clientName, protocolVersion: PROTOCOL_VERSION }),
        timeout,
      ]);
      return client;
    } catch (error) {
      client.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The daemon's answer to `initialize` (versions, repository root, capabilities). */
  get server(): InitializeResult {
    if (!this.initializeResult) throw new Error('RepographClient.server read before initialize answered');
    return this.initializeResult;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Sends a declared request: `client.request(SymbolsSearchRequest, {query: 'foo'})`. */
  async request<P, R>(type: RequestType<P, R, ErrorData>, params: P): Promise<R> {
    this.throwIfClosed(type.method);
    this.pending++;
    try {
      return await this.connection.sendRequest(type, (params ?? {}) as P);
    } catch (error) {
      throw toRequestError(error, type.method, this.endpoint.socket);
    } finally {
      this.pending--;
      this.settled++;
    }
  }

  /** Sends any method by name (for generic callers such as `repograph call`). */
  async requestByName(method: string, params: object = {}): Promise<unknown> {
    this.throwIfClosed(method);
    this.pending++;
    try {
      return await this.connection.sendRequest(method, params);
    } catch (error) {
      throw toRequestError(error, method, this.endpoint.socket);
    } finally {
      this.pending--;
      this.settled++;
    }
  }

  /**
   * Subscribes to a topic; `onEvent` receives every `watch.event` of this subscription. With
   * `since` (a clock from an earlier subscription) the daemon sends what changed after it, or
   * an event with `isFreshInstance: true` when it cannot.
   */
  async subscribe<T extends Topic>(
    topic: T,
    params: TopicParams[T] | undefined,
    onEvent: (event: WatchEvent<T>) => void,
    options: { since?: Clock } = {},
  ): Promise<Subscription<T>> {
    const answer = await this.request(WatchSubscribeRequest, {
      topic,
      ...(params !== undefined ? { params } : {}),
      ...(options.since !== undefined ? { since: options.since } : {}),
    });
    return this.register(topic, answer, onEvent);
  }

  /**
   * Subscribes through a review watch twin (`review_studio.watchCohorts` and the rest): `params`
   * are the method's own (plus `since`); `onEvent` receives every `watch.event` of the
   * subscription. Resolves with the subscription and the review id.
   */
  async subscribeTwin<T extends ReviewTopic>(
    method: `review_studio.watch${string}`,
    topic: T,
    params: Record<string, unknown>,
    onEvent: (event: WatchEvent<T>) => void,
  ): Promise<Subscription<T> & { reviewId: string }> {
    const answer = await this.requestByName(method, params) as { subscriptionId: string; clock: Clock; reviewId: string };
    return Object.assign(this.register(topic, answer, onEvent), { reviewId: answer.reviewId });
  }

  private register<T extends Topic>(topic: T, answer: { subscriptionId: string; clock: Clock }, onEvent: (event: WatchEvent<T>) => void): Subscription<T> {
    const state: SubscriptionState = { topic, clock: answer.clock, onEvent: onEvent as (event: WatchEvent) => void };
    this.subscriptions.set(answer.subscriptionId, state);
    // Events the daemon sent before its answer reached us.
    const early = this.earlyEvents.filter((event) => event.subscriptionId === answer.subscriptionId);
    if (early.length > 0) {
      this.earlyEvents.splice(0, this.earlyEvents.length, ...this.earlyEvents.filter((event) => event.subscriptionId !== answer.subscriptionId));
      for (const event of early) this.deliverEvent(event);
    }
    const subscriptions = this.subscriptions;
    const client = this;
    return {
      subscriptionId: answer.subscriptionId,
      topic,
      get clock() {
        return state.clock;
      },
      async unsubscribe() {
        if (!subscriptions.delete(answer.subscriptionId) || client.closed) return;
        await client.request(WatchUnsubscribeRequest, { subscriptionId: answer.subscriptionId });
      },
    };
  }

  /**
   * Runs `repo.export` and hands every chunk of JSONL lines to `onLines` in order (a returned
   * promise is awaited before the next chunk); resolves with the totals once every line was
   * handled.
   */
  async exportLines(params: Omit<RepoExportParams, 'exportId' | 'format'> & { format?: 'jsonl' }, onLines: (lines: string[]) => void | Promise<void>): Promise<RepoExportResult> {
    const exportId = randomUUID();
    let chain: Promise<void> = Promise.resolve();
    let failure: unknown;
    this.exports.set(exportId, (lines) => {
      chain = chain.then(() => onLines(lines)).catch((error: unknown) => {
        failure ??= error;
      });
    });
    try {
      const result = await this.request(RepoExportRequest, { ...params, format: 'jsonl', exportId });
      await chain;
      if (failure !== undefined) throw failure;
      return result;
    } finally {
      this.exports.delete(exportId);
    }
  }

  /** Called once when the connection ends (closed by either side); `reason` is set on a failure. */
  onClose(listener: (reason: Error | undefined) => void): Disposable {
    if (this.isClosed) {
      queueMicrotask(() => listener(this.closeReason));
      return { dispose: () => undefined };
    }
    this.closeListeners.add(listener);
    return { dispose: () => this.closeListeners.delete(listener) };
  }

  /** Ends the session; pending requests fail with DaemonUnavailable. */
  close(): void {
    this.handleClose();
  }

  private throwIfClosed(method: string): void {
    if (this.isClosed || this.remoteClosed) {
      throw RepographRequestError.of('DaemonUnavailable',
        `Cannot send ${method}: the connection to the repograph daemon at ${this.endpoint.socket} is closed; connect again.`, { socket: this.endpoint.socket });
    }
  }

  private deliverEvent(event: WatchEvent): void {
    const state = this.subscriptions.get(event.subscriptionId);
    if (!state) {
      if (this.earlyEvents.length >= MAX_EARLY_EVENTS) this.earlyEvents.shift();
      this.earlyEvents.push(event);
      return;
    }
    if (event.isFreshInstance || isClockAfter(event.clock, state.clock)) state.clock = event.clock;
    try {
      state.onEvent(event);
    } catch (error) {
      this.onListenerError(error);
    }
  }

  /**
   * The daemon closed the connection. Answers that arrived just before are still on their way
   * through the reader and the connection (each step takes a turn of the event loop): let them
   * settle their requests first, then fail the rest.
   */
  private remoteClose(): void {
    if (this.remoteClosed || this.isClosed) return;
    this.remoteClosed = true;
    void (async () => {
      let idleTurns = 0;
      for (let turn = 0; this.pending > 0 && idleTurns < 3 && turn < 1000; turn++) {
        const progress = this.received + this.settled;
        await new Promise((resolve) => setImmediate(resolve));
        idleTurns = this.received + this.settled === progress ? idleTurns + 1 : 0;
      }
      this.handleClose();
    })();
  }

  private handleClose(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.subscriptions.clear();
    this.earlyEvents.length = 0;
    // Disposing rejects every pending request (PendingResponseRejected -> DaemonUnavailable).
    this.connection.dispose();
    this.socket.destroy();
    for (const listener of this.closeListeners) {
      try {
        listener(this.closeReason);
      } catch (error) {
        this.onListenerError(error);
      }
    }
    this.closeListeners.clear();
  }
}
