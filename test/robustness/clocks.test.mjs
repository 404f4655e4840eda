// Subscription clocks the daemon can vouch for (issue 11, defects 7 and 8). A clock names the
// store it comes from and a generation (`c:<storeId>:<generation>`); a `since` is honoured only
// when the daemon knows every event after it, and anything else (a clock ahead of the store, one
// from another data root or a wiped store, a malformed string, a bare integer from an older
// client) starts with an `isFreshInstance: true` event. Edits made while no daemon ran reach a
// resubscriber as the catch-up's real delta against the stored generation, never as a silent gap.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope, stopOrKill, within } from '../helpers/daemon-scope.mjs';
import { rawConnect } from '../helpers/raw-client.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/old.ts': 'export function doomed(): number {\n  return 3;\n}\n',
};
const CLOCK = /^c:[0-9a-f]{16,64}:(0|[1-9][0-9]*)$/;
/** How long a subscriber waits for the first event before concluding the daemon sent none. */
const FIRST_EVENT_MS = 5_000;
/** How long nothing more must arrive after a replay. */
const QUIET_MS = 400;

/** Subscribes with a client and collects its events. */
async function collect(client, topic, since) {
  const events = [];
  const subscription = await client.subscribe(topic, undefined, (event) => events.push(event), since === undefined ? {} : { since });
  return { subscription, events, until: (predicate, what, ms = 30_000) => waitFor(() => events.find(predicate), what, ms) };
}

/** The generation a clock names (a bare number from an older daemon is its own generation). */
const generationOf = (clock) => (typeof clock === 'number' ? clock : Number(String(clock).split(':').at(-1)));
/** The same store's clock `n` generations later. */
const ahead = (clock, n) => (typeof clock === 'number' ? clock + n : String(clock).replace(/:(\d+)$/, (_, g) => `:${Number(g) + n}`));
const adds = (id) => (event) => !event.isFreshInstance && event.payload.symbols.added.includes(id);

/** Subscribes over the raw wire with `since` exactly as given; resolves with {answer, first event}. */
async function firstEventAfter(socket, since) {
  const raw = await rawConnect(socket);
  try {
    const answer = await raw.request('watch.subscribe', { topic: 'graph.delta', since });
    assert.equal(answer.error, undefined, `since ${JSON.stringify(since)} was refused: ${JSON.stringify(answer.error)}`);
    const event = await within(raw.next((m) => m.method === 'watch.event' && m.params.subscriptionId === answer.result.subscriptionId,
      `an event after since ${JSON.stringify(since)}`, FIRST_EVENT_MS), FIRST_EVENT_MS + 1_000, `an event after since ${JSON.stringify(since)}`);
    return { answer: answer.result, event: event.params };
  } finally {
    raw.close();
  }
}

/** Asserts the daemon answers `since` with a fresh-instance event at its current clock. */
async function assertFresh(socket, since, why) {
  const { answer, event } = await firstEventAfter(socket, since).catch((error) => {
    throw new assert.AssertionError({ message: `${why}: no fresh-instance event (${error.message})` });
  });
  assert.equal(event.isFreshInstance, true, `${why}: ${JSON.stringify(event).slice(0, 300)}`);
  assert.equal(event.clock, answer.clock, `${why}: the fresh event carries the current clock`);
  assert.match(String(event.clock), CLOCK, why);
}

test('edits made while the daemon was stopped reach a resubscriber as the real delta', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  let daemon = await s.daemon(repo);
  let client = await daemon.client('before');
  await call(client, 'index.status', { sync: true });
  const live = await collect(client, 'graph.delta');
  writeFileSync(join(repo, 'src/seen.ts'), 'export function seen(): void {}\n');
  await live.until(adds('src/seen.ts#seen'), 'the delta of an edit seen live');
  const lastSeen = live.subscription.clock;
  assert.equal((await stopOrKill(daemon)).code, 0);

  // While no daemon runs: a function added, a file removed, a file created.
  writeFileSync(join(repo, 'src/lib.ts'), `${FILES['src/lib.ts']}\nexport function addedWhileStopped(): number {\n  return shared();\n}\n`);
  rmSync(join(repo, 'src/old.ts'));
  writeFileSync(join(repo, 'src/new.ts'), 'export function createdWhileStopped(): void {}\n');

  daemon = await s.daemon(repo);
  client = await daemon.client('after');
  // Caught up first, so the catch-up is replayed from the history, not delivered live.
  await call(client, 'index.status', { sync: true });
  const resumed = await collect(client, 'graph.delta', lastSeen);
  const first = await waitFor(() => resumed.events[0], 'the catch-up event', FIRST_EVENT_MS);
  assert.ok(!first.isFreshInstance, 'the daemon can say what changed, so it says it');
  const delta = first.payload;
  assert.ok(delta.reparsed.includes('src/lib.ts') && delta.reparsed.includes('src/new.ts'), `reparsed: ${JSON.stringify(delta.reparsed)}`);
  assert.deepEqual(delta.removedFiles, ['src/old.ts']);
  assert.ok(delta.symbols.added.includes('src/lib.ts#addedWhileStopped'), `added: ${JSON.stringify(delta.symbols.added)}`);
  assert.ok(delta.symbols.added.includes('src/new.ts#createdWhileStopped'), `added: ${JSON.stringify(delta.symbols.added)}`);
  assert.ok(delta.symbols.removed.includes('src/old.ts#doomed'), `removed: ${JSON.stringify(delta.symbols.removed)}`);
  assert.ok(!delta.symbols.added.includes('src/seen.ts#seen'), 'what the subscriber saw before the stop is not in the catch-up');
  assert.ok(generationOf(first.clock) > generationOf(lastSeen));
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  assert.equal(resumed.events.length, 1, 'one catch-up event, nothing else');

  // A restart with nothing edited meanwhile: the last clock is still good, and nothing is replayed.
  const caughtUp = resumed.subscription.clock;
  assert.equal((await stopOrKill(daemon)).code, 0);
  daemon = await s.daemon(repo);
  client = await daemon.client('quiet');
  await call(client, 'index.status', { sync: true });
  const quiet = await collect(client, 'graph.delta', caughtUp);
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  assert.deepEqual(quiet.events, [], 'nothing changed, nothing replayed');
  assert.equal(quiet.subscription.clock, caughtUp);
});

test('a since the daemon cannot vouch for gets a fresh instance', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('clocks');
  await call(client, 'index.status', { sync: true });
  const live = await collect(client, 'graph.delta');
  for (let i = 0; i < 3; i++) {
    writeFileSync(join(repo, `src/step${i}.ts`), `export function step${i}(): void {}\n`);
    await live.until(adds(`src/step${i}.ts#step${i}`), `the delta of step ${i}`);
  }
  const current = live.subscription.clock;
  assert.match(String(current), CLOCK, 'the subscription clock names the store and the generation');
  assert.ok(live.events.every((e) => CLOCK.test(String(e.clock))), 'every event clock names the store');

  const socket = daemon.endpoint.socket;
  await assertFresh(socket, ahead(current, 10), 'a clock ahead of the store');
  await assertFresh(socket, ahead(current, 1), 'a clock one generation ahead');
  for (const malformed of ['garbage', 'c:', 'c::3', 'c:0123456789abcdef:-1', 'c:0123456789abcdef:1.5', `${current}:7`, 'x'.repeat(300)]) {
    await assertFresh(socket, malformed, `the malformed since ${JSON.stringify(malformed.slice(0, 40))}`);
  }
  await assertFresh(socket, 1, 'a bare integer from an older client');
  await assertFresh(socket, generationOf(current), 'a bare integer equal to the current generation');

  // Another data root: another store, whose clocks this daemon cannot vouch for, nor it for ours.
  const otherHome = join(s.dir, 'other-home');
  const other = await s.daemon(repo, { home: otherHome });
  const otherClient = await other.client('other');
  await call(otherClient, 'index.status', { sync: true });
  const otherClock = (await otherClient.subscribe('graph.delta', undefined, () => undefined)).clock;
  assert.ok(generationOf(otherClock) <= generationOf(current), `${otherClock} is not ahead of ${current}`);
  await assertFresh(socket, otherClock, 'a clock of another data root, at an older generation');
  await assertFresh(other.endpoint.socket, current, 'a clock of another data root, ahead of this store');
  assert.equal(daemon.child.exitCode, null);
});

test('a wiped store gives a new clock: the old one gets a fresh instance', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  let daemon = await s.daemon(repo);
  let client = await daemon.client('before-wipe');
  await call(client, 'index.status', { sync: true });
  const live = await collect(client, 'graph.delta');
  writeFileSync(join(repo, 'src/a.ts'), 'export function a(): void {}\n');
  await live.until(adds('src/a.ts#a'), 'the delta of src/a.ts');
  const early = live.subscription.clock;
  writeFileSync(join(repo, 'src/b.ts'), 'export function b(): void {}\n');
  await live.until(adds('src/b.ts#b'), 'the delta of src/b.ts');
  const beforeWipe = live.subscription.clock;
  assert.equal((await stopOrKill(daemon)).code, 0);

  rmSync(s.home, { recursive: true, force: true });
  daemon = await s.daemon(repo);
  client = await daemon.client('after-wipe');
  await call(client, 'index.status', { sync: true });
  const now = (await client.subscribe('graph.delta', undefined, () => undefined)).clock;
  assert.notEqual(now, beforeWipe);
  await assertFresh(daemon.endpoint.socket, beforeWipe, 'a clock of the wiped store (ahead of the new one)');
  await assertFresh(daemon.endpoint.socket, early, 'an older clock of the wiped store');
});

test('a since within the history replays exactly the missed events', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('live');
  await call(client, 'index.status', { sync: true });
  const live = await collect(client, 'graph.delta');
  const seen = [];
  for (let i = 0; i < 4; i++) {
    writeFileSync(join(repo, `src/e${i}.ts`), `export function e${i}(): void {}\n`);
    seen.push(await live.until(adds(`src/e${i}.ts#e${i}`), `the delta of e${i}`));
  }
  assert.deepEqual(live.events, seen, 'one event per edit');

  const other = await daemon.client('resume');
  const resumed = await collect(other, 'graph.delta', seen[1].clock);
  await waitFor(() => resumed.events.length >= 2, 'the two missed events', FIRST_EVENT_MS);
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const strip = (e) => ({ clock: e.clock, isFreshInstance: e.isFreshInstance, payload: e.payload });
  assert.deepEqual(resumed.events.map(strip), seen.slice(2).map(strip), 'the events after since, as published, and nothing else');
  assert.equal(resumed.subscription.clock, seen[3].clock);

  const upToDate = await collect(other, 'graph.delta', seen[3].clock);
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  assert.deepEqual(upToDate.events, [], 'since the latest clock: nothing');
  assert.equal(upToDate.subscription.clock, seen[3].clock);
});

test('a client of the previous protocol is refused at initialize, clearly', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const raw = await rawConnect(daemon.endpoint.socket);
  s.defer(() => raw.close());
  const answer = await raw.request('initialize', { clientName: 'old', protocolVersion: '0.1.0' });
  assert.equal(answer.error?.data?.code, 'ProtocolVersionMismatch', JSON.stringify(answer));
  assert.match(answer.error.message, /0\.1\.0/);
  assert.match(answer.error.message, /upgrade/);
});
