import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { test } from 'node:test';
import { formatClock, parseClock, type WatchEvent } from '@repograph/protocol';
import { Outbox } from './outbox.js';

/** A stand-in for the connection's socket: only what the outbox reads (writableLength, 'drain'). */
class FakeSocket extends EventEmitter {
  writableLength = 0;
}

/** A send() whose writes stay pending until flushed, as a socket whose reader stopped reading. */
function harness(limits = { maxInFlight: 3, maxUnreadBytes: 1000 }) {
  const socket = new FakeSocket();
  const sent: WatchEvent[] = [];
  const pending: Array<() => void> = [];
  const outbox = new Outbox(socket as unknown as Socket, (event) => {
    sent.push(event);
    return new Promise<void>((resolve) => pending.push(resolve));
  }, limits);
  /** Completes the oldest `count` writes and lets their callbacks run. */
  const flush = async (count = pending.length): Promise<void> => {
    for (const resolve of pending.splice(0, count)) resolve();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { socket, outbox, sent, pending, flush };
}

const STORE = '0123456789abcdef';

/** The generation an event's clock names. */
const generationOf = (event: WatchEvent): number => parseClock(event.clock)!.generation;

function event(subscriptionId: string, clock: number, topic: WatchEvent['topic'] = 'graph.delta'): WatchEvent {
  return {
    subscriptionId, topic, clock: formatClock(STORE, clock), isFreshInstance: false,
    payload: { workspace: 'default', generation: clock, paths: [`f${clock}.ts`], reparsed: [], affected: [], removedFiles: [],
      symbols: { added: [], removed: [], renamed: [], changed: [] }, reingestMs: 0, deltaMs: 0 },
  } as WatchEvent;
}

test('events pass through in order while the client keeps up', async () => {
  const { outbox, sent, flush } = harness();
  for (let clock = 1; clock <= 10; clock++) {
    outbox.deliver(event('s1', clock));
    await flush();
  }
  assert.deepEqual(sent.map(generationOf), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.ok(sent.every((e) => !e.isFreshInstance));
  assert.equal(outbox.overflows, 0);
  assert.equal(outbox.depth, 0);
});

test('past maxInFlight, events are dropped and each affected subscription later gets one fresh-instance event', async () => {
  const { outbox, sent, flush } = harness({ maxInFlight: 3, maxUnreadBytes: 1_000_000 });
  for (let clock = 1; clock <= 3; clock++) outbox.deliver(event('s1', clock));
  assert.equal(outbox.depth, 3);
  // Behind now: these are dropped (never handed to the writer), whatever the subscription.
  outbox.deliver(event('s1', 4));
  outbox.deliver(event('s2', 5, 'workspace.changed'));
  outbox.deliver(event('s1', 6));
  assert.deepEqual(sent.map(generationOf), [1, 2, 3]);
  assert.equal(outbox.overflows, 2, 'one overflow per subscription that lost events');

  // A write completes: the outbox catches up with fresh-instance events carrying the latest clock.
  await flush(1);
  const fresh = sent.slice(3);
  assert.deepEqual(fresh.map((e) => [e.subscriptionId, e.topic, generationOf(e), e.isFreshInstance]).sort(),
    [['s1', 'graph.delta', 6, true], ['s2', 'workspace.changed', 5, true]]);
  const delta = fresh.find((e) => e.subscriptionId === 's1')!.payload as { workspace: string; generation: number; paths: string[] };
  assert.equal(delta.workspace, 'default');
  assert.equal(delta.generation, 6, 'the payload names the generation its clock does');
  assert.deepEqual(delta.paths, [], 'a fresh-instance event claims nothing but "resync"');

  // Then events flow again, in order, not fresh.
  await flush();
  outbox.deliver(event('s1', 7));
  assert.deepEqual(generationOf(sent.at(-1)!), 7);
  assert.equal(sent.at(-1)!.isFreshInstance, false);
});

test('events of a subscription that lost some wait for its fresh-instance event (no gap hidden behind a later event)', async () => {
  const { outbox, sent, flush } = harness({ maxInFlight: 2, maxUnreadBytes: 1_000_000 });
  outbox.deliver(event('s1', 1));
  outbox.deliver(event('s1', 2));
  outbox.deliver(event('s1', 3)); // dropped
  await flush(1); // one slot frees: the fresh event goes first
  outbox.deliver(event('s1', 4)); // behind again or not: s1 must not get clock 4 before its fresh event
  await flush(); // and once the client keeps up, the latest state as another fresh event
  assert.deepEqual(sent.map((e) => [generationOf(e), e.isFreshInstance]), [[1, false], [2, false], [3, true], [4, true]]);
});

test('unread bytes past maxUnreadBytes count as behind; drain sends the fresh-instance events', async () => {
  const { socket, outbox, sent, flush } = harness({ maxInFlight: 100, maxUnreadBytes: 1000 });
  outbox.deliver(event('s1', 1));
  await flush();
  socket.writableLength = 5000;
  outbox.deliver(event('s1', 2));
  outbox.deliver(event('s1', 3));
  assert.deepEqual(sent.map(generationOf), [1]);
  socket.emit('drain'); // still 5000 bytes unread: nothing yet
  assert.equal(sent.length, 1);
  socket.writableLength = 0;
  socket.emit('drain');
  assert.deepEqual(sent.slice(1).map((e) => [generationOf(e), e.isFreshInstance]), [[3, true]]);
  await flush();
});

test('a closed outbox delivers nothing', async () => {
  const { socket, outbox, sent, flush } = harness({ maxInFlight: 1, maxUnreadBytes: 1000 });
  outbox.deliver(event('s1', 1));
  outbox.deliver(event('s1', 2)); // dropped
  outbox.close();
  await flush();
  socket.emit('drain');
  outbox.deliver(event('s1', 3));
  assert.deepEqual(sent.map(generationOf), [1]);
});
