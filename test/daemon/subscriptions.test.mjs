// Clocked subscriptions and the sync barrier through the real daemon: an edit on disk reaches a
// graph.delta subscriber as a structural delta, a resubscription with `since` replays what it
// missed, a `since` from before the daemon started gets a fresh-instance event, `sync: true`
// answers include every change made before the request, and a subscriber that stops reading
// neither slows others down nor loses events silently.
import assert from 'node:assert/strict';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope, stopOrKill } from '../helpers/daemon-scope.mjs';
import { rawConnect } from '../helpers/raw-client.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
};

const ids = (answer) => answer.symbols.map((s) => s.id);
/** The generation a clock (`c:<storeId>:<generation>`) names. */
const gen = (clock) => Number(String(clock).split(':').at(-1));

/** Subscribes and collects the events; `until(predicate)` waits for a matching one. */
async function collect(client, topic, options = {}) {
  const events = [];
  const subscription = await client.subscribe(topic, options.params, (event) => events.push(event), options.since === undefined ? {} : { since: options.since });
  return {
    subscription,
    events,
    until: (predicate, what) => waitFor(() => events.find(predicate), what, 30_000),
  };
}

/** The event's delta brings `id` in: added, or the new side of a rename (same body, new name). */
const adds = (id) => (event) => event.payload.symbols.added.includes(id) || event.payload.symbols.renamed.some((r) => r.new === id);

test('an edit on disk reaches graph.delta subscribers; since replays; a restart is a fresh instance', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  let daemon = await s.daemon(repo);
  const client = await daemon.client('watcher');
  await call(client, 'index.status', { sync: true });

  const live = await collect(client, 'graph.delta');
  const clock0 = live.subscription.clock;
  // A second client that subscribes, notes its clock, and leaves before the edits.
  const late = await daemon.client('late');
  const lateSubscription = await late.subscribe('graph.delta', undefined, () => undefined);
  const lateClock = lateSubscription.clock;
  late.close();

  writeFileSync(join(repo, 'src/fresh.ts'), 'export function freshlyAdded(): number {\n  return 2;\n}\n');
  const first = await live.until(adds('src/fresh.ts#freshlyAdded'), 'the delta of src/fresh.ts');
  assert.equal(first.topic, 'graph.delta');
  assert.equal(first.isFreshInstance, false);
  assert.ok(gen(first.clock) > gen(clock0), `clock ${first.clock} after ${clock0}`);
  assert.equal(first.payload.generation, gen(first.clock));
  assert.equal(first.payload.workspace, 'default');
  assert.ok(first.payload.reparsed.includes('src/fresh.ts'), JSON.stringify(first.payload));

  writeFileSync(join(repo, 'src/lib.ts'), `${FILES['src/lib.ts']}\nexport function second(): number {\n  return shared();\n}\n`);
  const secondEvent = await live.until(adds('src/lib.ts#second'), 'the delta of src/lib.ts');
  assert.ok(gen(secondEvent.clock) > gen(first.clock));
  assert.equal(live.subscription.clock, secondEvent.clock, 'the client tracks the last clock');

  // Resubscribing with the clock from before the edits replays both, in order, as non-fresh events.
  const again = await daemon.client('again');
  const replay = await collect(again, 'graph.delta', { since: lateClock });
  await replay.until(adds('src/lib.ts#second'), 'the replayed delta of src/lib.ts');
  const replayed = replay.events.filter((e) => !e.isFreshInstance);
  assert.ok(replayed.some(adds('src/fresh.ts#freshlyAdded')), 'the first missed delta is replayed');
  assert.deepEqual(replayed.map((e) => gen(e.clock)), [...replayed.map((e) => gen(e.clock))].sort((x, y) => x - y));
  assert.ok(replay.events.every((e) => !e.isFreshInstance));
  // Since the latest clock: nothing to replay, and the next edit arrives normally.
  const upToDate = await collect(again, 'graph.delta', { since: secondEvent.clock });
  writeFileSync(join(repo, 'src/third.ts'), 'export function third(): void {}\n');
  const third = await upToDate.until(adds('src/third.ts#third'), 'the delta of src/third.ts');
  assert.ok(upToDate.events.every((e) => gen(e.clock) > gen(secondEvent.clock) && !e.isFreshInstance), 'nothing was replayed');

  // A new daemon on the same data root cannot know what happened before it started.
  const exit = await stopOrKill(daemon);
  assert.equal(exit.code, 0);
  daemon = await s.daemon(repo);
  const after = await daemon.client('after-restart');
  const restarted = await collect(after, 'graph.delta', { since: first.clock });
  const fresh = await restarted.until((e) => e.isFreshInstance, 'a fresh-instance event');
  assert.ok(gen(fresh.clock) >= gen(third.clock), `fresh clock ${fresh.clock} >= ${third.clock}`);
  assert.equal(fresh.topic, 'graph.delta');
  assert.equal(restarted.subscription.clock, fresh.clock);
  // And the subscription goes on after it.
  writeFileSync(join(repo, 'src/fourth.ts'), 'export function fourth(): void {}\n');
  const fourth = await restarted.until(adds('src/fourth.ts#fourth'), 'the delta of src/fourth.ts after the restart');
  assert.equal(fourth.isFreshInstance, false);
  assert.ok(gen(fourth.clock) > gen(fresh.clock));
});

test('sync: true answers include every change written just before the request', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('sync');
  await call(client, 'index.status', { sync: true });
  for (let round = 0; round < 6; round++) {
    // Created, then edited, then renamed, then deleted, each queried at once with sync: true.
    const path = join(repo, `src/round${round}.ts`);
    writeFileSync(path, `export function created${round}(): void {}\n`);
    assert.deepEqual(ids(await call(client, 'symbols.search', { query: `created${round}`, sync: true })), [`src/round${round}.ts#created${round}`]);
    writeFileSync(path, `export function edited${round}(): void {}\n`);
    const edited = await call(client, 'symbols.search', { query: `edited${round}`, sync: true });
    assert.deepEqual(ids(edited), [`src/round${round}.ts#edited${round}`]);
    assert.deepEqual(ids(await call(client, 'symbols.search', { query: `created${round}`, sync: true })).filter((id) => id.includes('#')), []);
    renameSync(path, join(repo, `src/moved${round}.ts`));
    assert.deepEqual(ids(await call(client, 'symbols.search', { query: `edited${round}`, sync: true })), [`src/moved${round}.ts#edited${round}`]);
    rmSync(join(repo, `src/moved${round}.ts`));
    const gone = await call(client, 'symbols.search', { query: `edited${round}`, sync: true });
    assert.deepEqual(ids(gone), []);
    assert.ok(gone.meta.generation > edited.meta.generation);
  }
  // Text search and a workspace created on the same worktree see the disk the same way.
  writeFileSync(join(repo, 'src/text.ts'), '// a needle in the haystack\nexport const needle = 1;\n');
  const text = await call(client, 'code.searchText', { pattern: 'needle in the haystack', sync: true });
  assert.deepEqual(text.matches.map((m) => [m.path, m.line]), [['src/text.ts', 1]]);
  await call(client, 'workspace.create', { id: 'second' });
  writeFileSync(join(repo, 'src/late.ts'), 'export function lateArrival(): void {}\n');
  assert.deepEqual(ids(await call(client, 'symbols.search', { query: 'lateArrival', workspace: 'second', sync: true })), ['src/late.ts#lateArrival']);
});

test('a subscriber that stops reading does not hold up others, and later gets a fresh-instance event', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  // Each edit renames 200 functions: a delta of 400 ids (over 10 KB) per event.
  const many = (suffix) => `${Array.from({ length: 200 }, (_, i) => `export function fn${i}_${suffix}(): number { return ${i}; }`).join('\n')}\n`;
  const repo = s.repo('repo', { ...FILES, 'src/many.ts': many('v0') });
  const daemon = await s.daemon(repo);
  const fast = await daemon.client('fast');
  await call(fast, 'index.status', { sync: true });

  // The slow client subscribes 64 times, then stops reading its socket.
  const slow = await rawConnect(daemon.endpoint.socket);
  s.defer(() => slow.close());
  const subscriptions = [];
  for (let i = 0; i < 64; i++) {
    const answer = await slow.request('watch.subscribe', { topic: 'graph.delta' });
    assert.ok(answer.result, JSON.stringify(answer.error));
    subscriptions.push(answer.result.subscriptionId);
  }
  slow.socket.pause();
  const received = slow.messages.length;

  const live = await collect(fast, 'graph.delta');
  // 20 edits: about 25,000 events (over 10 MB) for the slow client, far more than a socket
  // buffer and the outbox bound (256 notifications) hold. The fast client gets every delta.
  for (let step = 1; step <= 20; step++) {
    writeFileSync(join(repo, 'src/many.ts'), many(`v${step}`));
    const event = await live.until(adds(`src/many.ts#fn0_v${step}`), `the delta of edit ${step} at the fast client`);
    assert.equal(event.isFreshInstance, false);
  }
  const stats = await call(fast, 'daemon.stats', {});
  assert.equal(stats.clients, 3, 'readiness, fast and slow clients are connected');
  assert.ok(ids(await call(fast, 'symbols.search', { query: 'fn199_v20', sync: true })).includes('src/many.ts#fn199_v20'));
  assert.equal(slow.messages.length, received, 'the slow client read nothing meanwhile');

  // Reading again, the slow client gets what was queued, then a fresh-instance event for each
  // subscription whose events were dropped, with the latest clock.
  slow.socket.resume();
  const last = live.events.at(-1).clock;
  const isFresh = (m) => m.method === 'watch.event' && m.params.isFreshInstance;
  const fresh = await slow.next(isFresh, 'a fresh-instance event at the slow client', 60_000);
  assert.equal(fresh.params.topic, 'graph.delta');
  assert.ok(subscriptions.includes(fresh.params.subscriptionId));
  await waitFor(() => slow.messages.filter(isFresh).length === subscriptions.length, 'a fresh-instance event per subscription', 30_000);
  assert.ok(slow.messages.filter(isFresh).every((m) => m.params.clock === last), 'fresh events carry the latest clock');
  const before = slow.messages.filter((m) => m.method === 'watch.event' && !m.params.isFreshInstance);
  assert.ok(before.length < subscriptions.length * 20, 'events were dropped, not all queued');

  // Caught up, the slow client gets new deltas normally again.
  writeFileSync(join(repo, 'src/many.ts'), many('v21'));
  await live.until(adds('src/many.ts#fn0_v21'), 'the delta of edit 21 at the fast client');
  const normal = await slow.next((m) => m.method === 'watch.event' && !m.params.isFreshInstance && adds('src/many.ts#fn0_v21')(m.params),
    'the delta of edit 21 at the slow client', 30_000);
  assert.ok(gen(normal.params.clock) > gen(last));
  assert.equal(daemon.child.exitCode, null);
});
