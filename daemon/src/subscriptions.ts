/**
 * The subscription hub: which connection listens to which topic (optionally one workspace), the
 * recent events kept to answer `since`, and fan-out. Events are kept by the store generation they
 * describe; on the wire the clock is `c:<storeId>:<generation>` (protocol's formatClock). A
 * `since` is honoured only when the hub can vouch for it: a clock of this store whose generation
 * is neither ahead of the store's nor older than the history it holds (which starts at the
 * generation the daemon started from: a restart's catch-up events describe the change against the
 * stored generation, so a clock from before the stop still resumes). Anything else (another store,
 * a generation ahead, one older than the history, a malformed string, a bare number) first gets
 * an event with `isFreshInstance: true`, never a silent gap. Delivery goes through each session's
 * bounded outbox (outbox.ts), so a slow client never holds up the indexer or other clients. Owns
 * subscription ids, topic matching, history and the judgment of clocks.
 */
import { formatClock, parseClock, type Clock, type Topic, type TopicPayload, type WatchEvent } from '@repograph/protocol';

/** Events kept per topic for `since` replays. */
const HISTORY_LIMIT = 256;

/** Where a subscription's events go (a session's outbox). */
export interface EventSink {
  /** Queues an event; the sink handles its own overflow (a fresh-instance event later). */
  deliver(event: WatchEvent): void;
}

export interface HubOptions {
  /** The store's identity, which every clock names. */
  storeId: string;
  /** The store's current generation. */
  generation: () => number;
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
  generation: number;
  payload: unknown;
}

/** What a `since` lets the hub do: replay what came after a generation, or announce a fresh instance. */
type SinceJudgment = { replayAfter: number } | { fresh: true };

export class SubscriptionHub {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly history: Recorded[] = [];
  /** Events after this generation are all held; older ones are not (the start, or the oldest dropped). */
  private horizon: number;
  private nextId = 1;
  private readonly storeId: string;
  private readonly currentGeneration: () => number;

  constructor(options: HubOptions) {
    this.storeId = options.storeId;
    this.currentGeneration = options.generation;
    // Whatever happened before this daemon started is known only as the stored generation.
    this.horizon = options.generation();
  }

  /** The current store generation (what `meta.generation` says). */
  clock(): number {
    return this.currentGeneration();
  }

  /** The wire clock of a generation of this store. */
  clockOf(generation: number): Clock {
    return formatClock(this.storeId, generation);
  }

  get count(): number {
    return this.subscriptions.size;
  }

  /**
   * Adds a subscription and replays what it missed since `since` (or a fresh-instance event when
   * the hub cannot vouch for it). Returns its id and the current clock.
   */
  subscribe(topic: Topic, workspace: string | undefined, sink: EventSink, since: unknown): { subscriptionId: string; clock: Clock } {
    const id = `s${this.nextId++}`;
    this.subscriptions.set(id, { id, topic, workspace, sink });
    const generation = this.currentGeneration();
    const clock = this.clockOf(generation);
    if (since !== undefined) {
      const judgment = this.judge(since, generation);
      if ('fresh' in judgment) {
        sink.deliver({ subscriptionId: id, topic, clock, isFreshInstance: true, payload: freshPayload(topic, workspace, clock) });
      } else {
        for (const event of this.history) {
          if (event.topic === topic && event.generation > judgment.replayAfter && matches(workspace, event.workspace)) {
            sink.deliver({ subscriptionId: id, topic, clock: this.clockOf(event.generation), isFreshInstance: false, payload: event.payload as never });
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

  /** True when some subscription listens to `topic` of exactly `scope` (a review topic's scope). */
  hasSubscribers(topic: Topic, scope: string): boolean {
    for (const subscription of this.subscriptions.values()) if (subscription.topic === topic && subscription.workspace === scope) return true;
    return false;
  }

  /** Drops every subscription of a sink (its connection closed). */
  dropSink(sink: EventSink): void {
    for (const [id, subscription] of this.subscriptions) if (subscription.sink === sink) this.subscriptions.delete(id);
  }

  /** Publishes an event of `generation` to every matching subscription, and records it for `since`. */
  publish<T extends Topic>(topic: T, workspace: string, generation: number, payload: TopicPayload[T]): void {
    if (topic !== 'index.progress') {
      this.history.push({ topic, workspace, generation, payload });
      if (this.history.length > HISTORY_LIMIT) this.horizon = Math.max(this.horizon, this.history.shift()!.generation);
    }
    const clock = this.clockOf(generation);
    for (const subscription of this.subscriptions.values()) {
      if (subscription.topic !== topic || !matches(subscription.workspace, workspace)) continue;
      subscription.sink.deliver({ subscriptionId: subscription.id, topic, clock, isFreshInstance: false, payload });
    }
  }

  /** Whether the hub holds every event after `since` (a clock of this store, within its history). */
  private judge(since: unknown, generation: number): SinceJudgment {
    const parsed = parseClock(since);
    if (parsed === null || parsed.storeId !== this.storeId) return { fresh: true };
    if (parsed.generation > generation || parsed.generation < this.horizon) return { fresh: true };
    return { replayAfter: parsed.generation };
  }
}

function matches(wanted: string | undefined, actual: string): boolean {
  return wanted === undefined || wanted === actual;
}

/** The payload of a fresh-instance event at `clock`: "resync from a query", with nothing else claimed. */
export function freshPayload(topic: Topic, workspace: string | undefined, clock: Clock): never {
  const name = workspace ?? 'default';
  const generation = parseClock(clock)?.generation ?? 0;
  switch (topic) {
    case 'graph.delta':
      return {
        workspace: name, generation, paths: [], reparsed: [], affected: [], removedFiles: [],
        symbols: { added: [], removed: [], renamed: [], changed: [] }, reingestMs: 0, deltaMs: 0,
      } as never;
    case 'workspace.changed':
      return { workspace: name, change: 'stale', generation } as never;
    case 'review_studio.compute':
    case 'review_studio.cohorts':
    case 'review_studio.blastRadius':
    case 'review_studio.cohortImpact':
    case 'review_studio.ciSignals':
    case 'review_studio.dependencyDiffs':
    case 'review_studio.verdict':
    case 'review_studio.axis':
      // A review scope is `<reviewId>|<params digest>`: the review to read again, claiming nothing else.
      return { reviewId: name.split('|')[0], stale: true, resync: true } as never;
    default:
      return { workspace: name, phase: 'resync', done: 0, total: 0 } as never;
  }
}
