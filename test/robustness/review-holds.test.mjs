// Many reviews of two commits asked at once of a daemon whose startup index still runs: each holds
// the baselines' publications until its answer (engine baseline-publications.ts), and their holds
// overlap. Every review is answered, a client waiting for the startup index is answered, the
// same two commits give the same review whatever its id, and both baselines and the index end up
// stored: overlapping holds neither deadlock nor keep anything from the store. Nor do the holds of
// a client that never reads its answers or of one that hangs up right after asking.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope, within } from '../helpers/daemon-scope.mjs';
import { rawConnect } from '../helpers/raw-client.mjs';
import { featureBranch, git } from '../helpers/repo.mjs';
import { moduleRing } from '../helpers/module-ring.mjs';

/** 300 small modules calling each other, so the startup index takes a while. */
const tree = (version) => moduleRing(300, version);

/** A review without what names how it was asked (its id, the refs' spelling, the branch it follows). */
function content(review) {
  const { reviewId: _id, base, head: _head, follows: _follows, meta: _meta, stale: _stale, ...rest } = review;
  return JSON.stringify({ ...rest, base: base.commit });
}

/** The ring on `main`, and `feature` editing ten of its modules; with both commit ids. */
function ringWithFeature(s) {
  const repo = s.repo('repo', tree(0));
  const changed = {};
  for (let i = 0; i < 10; i++) changed[`src/m${i * 11}.ts`] = tree(1)[`src/m${i * 11}.ts`];
  const feature = featureBranch(repo, changed);
  return { repo, feature, main: git(repo, 'rev-parse', 'main').trim() };
}

test('overlapping reviews during the startup index all answer, agree, and leave both baselines stored', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const { repo, main, feature } = ringWithFeature(s);
  const daemon = await s.daemon(repo);
  // Six spellings of the same two commits: six review ids, six computes holding at once.
  const spellings = [
    { base: 'main', head: 'feature' }, { base: main, head: 'feature' }, { base: 'main', head: feature },
    { base: main, head: feature }, { base: main.slice(0, 12), head: 'feature' }, { base: 'main', head: feature.slice(0, 12) },
  ];
  const clients = await Promise.all(spellings.map((_, index) => daemon.client(`reviewer-${index}`)));
  const waiter = await daemon.client('waiter');
  const reviews = spellings.map((params, index) => within(call(clients[index], 'review_studio.compute', params), 120_000, `review ${JSON.stringify(params)}`));
  const status = await within(call(waiter, 'index.status', { sync: true }), 120_000, 'a client waiting for the startup index');
  assert.equal(status.state, 'idle');
  const answered = await Promise.all(reviews);
  assert.equal(new Set(answered.map((review) => review.reviewId)).size, spellings.length, 'one review per spelling');
  for (const review of answered) assert.equal(review.headResolved, feature);

  const stored = await Promise.all(answered.map((review, index) => call(clients[index], 'review_studio.get', { reviewId: review.reviewId })));
  for (const review of stored.slice(1)) assert.equal(content(review), content(stored[0]), 'the same two commits, the same review');
  await waitFor(async () => {
    const listed = (await call(waiter, 'index.listBaselines', {})).baselines.map((baseline) => baseline.commit);
    return listed.includes(main) && listed.includes(feature);
  }, 'both baselines stored');
  assert.ok((await call(waiter, 'index.status', {})).files >= 300, 'the startup index is stored');
});

test('reviews asked by a client that never reads and by one that hangs up at once keep nothing from the store', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const { repo, main, feature } = ringWithFeature(s);
  const daemon = await s.daemon(repo);
  // Holds taken while the startup index runs: one client never reads its answers, one is gone at once.
  const silent = await rawConnect(daemon.endpoint.socket);
  s.defer(() => silent.close());
  silent.socket.pause();
  for (const id of [1, 2, 3]) await silent.send({ jsonrpc: '2.0', id, method: 'review_studio.compute', params: { base: 'main', head: 'feature' } });
  const gone = await rawConnect(daemon.endpoint.socket);
  await gone.send({ jsonrpc: '2.0', id: 1, method: 'review_studio.compute', params: { base: main, head: 'feature' } });
  gone.socket.destroy();

  const other = await daemon.client('other');
  const status = await within(call(other, 'index.status', { sync: true }), 60_000, 'a client waiting for the startup index');
  assert.equal(status.state, 'idle');
  await waitFor(async () => {
    const listed = (await call(other, 'index.listBaselines', {})).baselines.map((baseline) => baseline.commit);
    return listed.includes(main) && listed.includes(feature);
  }, 'both baselines stored');
  const review = await within(call(other, 'review_studio.compute', { base: 'main', head: 'feature' }), 60_000, 'the review once more');
  assert.equal(review.headResolved, feature);
  assert.equal(silent.closed, false, 'the client that does not read is not disconnected');
});
