/**
 * The subscription hub: which connection listens to which topic (optionally one workspace), the
 * recent events kept to answer `since`, and fan-out. The clock is the store generation an event
 * describes. A subscriber whose `since` is older than what the hub still holds (the daemon
 * restarted, or too much happened) first gets an event with `isFreshInstance: true`, never a
 * silent gap. Delivery goes through each session's bounded outbox (outbox.ts), so a slow client
 * never holds up the indexer or other clients. Owns subscription ids, topic matching and history.
 */
import type { Topic, TopicPayload, WatchEvent } from '@repograph/protocol';

/** Events kept per topic for `since` replays. */
const HISTORY_LIMIT = 256;

/** Where a subscription's events go (a session's outbox). */
export interface EventSink {
  /** Queues an event; the sink handles its own overflow (a fresh-instance event later). */
  deliver(event: WatchEvent): void;
}

interface Subscription {
  id: string;
  topic: Topic;
  workspace: string | undefined;
  sink: EventSink;
}

interface Recorded {
  topic: Topic;
  workspace: string;
  clock: number;
  payload: unknown;
}

export class SubscriptionHub {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly history: Recorded[] = [];
  /** Events older than this clock are no longer held (0: nothing was ever dropped). */
  private horizon = 0;
  private nextId = 1;

  constructor(private readonly currentClock: () => number, startClock: number) {
    // Whatever happened before this daemon started is unknown to it.
    this.horizon = startClock;
  }

  /** The current clock (the store generation). */
  clock(): number {
    return this.currentClock();
  }

  get count(): number {
    return this.subscriptions.size;
  }

  /**
   * Adds a subscription and replays what it missed since `since` (or a fresh-instance event when
   * the hub cannot tell). Returns its id and the current clock.
   */
  subscribe(topic: Topic, workspace: string | undefined, sink: EventSink, since: number | undefined): { subscriptionId: string; clock: number } {
    const id = `s${this.nextId++}`;
    this.subscriptions.set(id, { id, topic, workspace, sink });
    const clock = this.currentClock();
    if (since !== undefined && since < clock) {
      if (since < this.horizon) {
        sink.deliver({ subscriptionId: id, topic, clock, isFreshInstance: true, payload: freshPayload(topic, workspace, clock) });
      } else {
        for (const event of this.history) {
          if (event.topic === topic && event.clock > since && matches(workspace, event.workspace)) {
            sink.deliver({ subscriptionId: id, topic, clock: event.clock, isFreshInstance: false, payload: event.payload as never });
          }
        }
      }
    }
    return { subscriptionId: id, clock };
  }

  /** Removes a subscription; false when it did not exist (or belonged to another sink). */
  unsubscribe(id: string, sink: EventSink): boolean {
    const found = this.subscriptions.get(id);
    if (!found || found.sink !== sink) return false;
    this.subscriptions.delete(id);
    return true;
  }

  /** Drops every subscription of a sink (its connection closed). */
  dropSink(sink: EventSink): void {
    for (const [id, subscription] of this.subscriptions) if (subscription.sink === sink) this.subscriptions.delete(id);
  }

  /** Publishes an event to every matching subscription, and records it for `since`. */
  publish<T extends Topic>(topic: T, workspace: string, clock: number, payload: TopicPayload[T]): void {
    if (topic !== 'index.progress') {
      this.history.push({ topic, workspace, clock, payload });
      if (this.history.length > HISTORY_LIMIT) this.horizon = Math.max(this.horizon, this.history.shift()!.clock);
    }
    for (const subscription of this.subscriptions.values()) {
      if (subscription.topic !== topic || !matches(subscription.workspace, workspace)) continue;
      subscription.sink.deliver({ subscriptionId: subscription.id, topic, clock, isFreshInstance: false, payload });
    }
  }
}

function matches(wanted: string | undefined, actual: string): boolean {
  return wanted === undefined || wanted === actual;
}

/** The payload of a fresh-instance event: "resync from a query", with nothing else claimed. */
export function freshPayload(topic: Topic, workspace: string | undefined, clock: number): never {
  const name = workspace ?? 'default';
  switch (topic) {
    case 'graph.delta':
      return {
        workspace: name, generation: clock, paths: [], reparsed: [], affected: [], removedFiles: [],
        symbols: { added: [], removed: [], renamed: [], changed: [] }, reingestMs: 0, deltaMs: 0,
      } as never;
    case 'workspace.changed':
      return { workspace: name, change: 'stale', generation: clock } as never;
    default:
      return { workspace: name, phase: 'resync', done: 0, total: 0 } as never;
  }
}
