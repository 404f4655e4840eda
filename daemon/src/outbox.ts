/**
 * A connection's bounded outgoing queue for events. Publishing never waits on a client: an event
 * is handed to the connection only while the client keeps up (few notifications in flight, few
 * bytes unread in the socket). When it falls behind, further events for its subscriptions are
 * dropped and, once the socket drains, each affected subscription gets a single event with
 * `isFreshInstance: true` and the latest clock, so the client knows to resync. Owns the bounds.
 */
import type { Socket } from 'node:net';
import type { WatchEvent } from '@repograph/protocol';
import { freshPayload, type EventSink } from './subscriptions.js';

export interface OutboxLimits {
  /** Notifications handed to the writer and not yet flushed. */
  maxInFlight: number;
  /** Bytes queued in the socket that the client has not read. */
  maxUnreadBytes: number;
}

export const DEFAULT_OUTBOX_LIMITS: OutboxLimits = { maxInFlight: 256, maxUnreadBytes: 4 * 1024 * 1024 };

export class Outbox implements EventSink {
  private inFlight = 0;
  /** Subscriptions that lost events, with the latest clock and topic they missed. */
  private readonly lost = new Map<string, { topic: WatchEvent['topic']; clock: WatchEvent['clock']; workspace: string | undefined }>();
  overflows = 0;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly send: (event: WatchEvent) => Promise<void>,
    private readonly limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS,
  ) {
    socket.on('drain', () => this.flushLost());
  }

  /** Notifications not yet flushed to the socket. */
  get depth(): number {
    return this.inFlight;
  }

  deliver(event: WatchEvent): void {
    if (this.closed) return;
    if (this.lost.has(event.subscriptionId) || this.behind()) {
      if (!this.lost.has(event.subscriptionId)) this.overflows++;
      this.lost.set(event.subscriptionId, { topic: event.topic, clock: event.clock, workspace: (event.payload as { workspace?: string }).workspace });
      return;
    }
    this.write(event);
  }

  close(): void {
    this.closed = true;
    this.lost.clear();
  }

  private behind(): boolean {
    return this.inFlight >= this.limits.maxInFlight || this.socket.writableLength >= this.limits.maxUnreadBytes;
  }

  private write(event: WatchEvent): void {
    this.inFlight++;
    this.send(event).then(
      () => { this.inFlight--; if (this.lost.size > 0) this.flushLost(); },
      () => { this.inFlight--; },
    );
  }

  private flushLost(): void {
    if (this.closed || this.behind()) return;
    const lost = [...this.lost];
    this.lost.clear();
    for (const [subscriptionId, { topic, clock, workspace }] of lost) {
      this.write({ subscriptionId, topic, clock, isFreshInstance: true, payload: freshPayload(topic, workspace, clock) });
    }
  }
}
