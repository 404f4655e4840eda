// Many reviews of two commits asked at once of a daemon whose startup index still runs: each holds
// the baselines' publications until its answer (engine baseline-publications.ts), and their holds
// overlap. Every review is answered, a client waiting for the startup index is answered, the
// same two commits give the same review whatever its id, and both baselines and the index end up
// stored: overlapping holds neither deadlock nor keep anything from the store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope, within } from '../helpers/daemon-scope.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';
import { moduleRing } from '../helpers/module-ring.mjs';

/** 300 small modules calling each other, so the startup index takes a while. */
const tree = (version) => moduleRing(300, version);

/** A review without what names how it was asked (its id, the refs' spelling, the branch it follows). */
function content(review) {
  const { reviewId: _id, base, head: _head, follows: _follows, meta: _meta, stale: _stale, ...rest } = review;
  return JSON.stringify({ ...rest, base: base.commit });
}

test('overlapping reviews during the startup index all answer, agree, and leave both baselines stored', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', tree(0));
  git(repo, 'checkout', '-qb', 'feature');
  const changed = {};
  for (let i = 0; i < 10; i++) changed[`src/m${i * 11}.ts`] = tree(1)[`src/m${i * 11}.ts`];
  writeFiles(repo, changed);
  git(repo, 'commit', '-qam', 'feature');
  const feature = git(repo, 'rev-parse', 'HEAD').trim();
  git(repo, 'checkout', '-q', 'main');
  const main = git(repo, 'rev-parse', 'HEAD').trim();

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
