// The review studio's watch twins on the clocked subscriptions: watchCompute pushes `computing`
// then the result; watchCohorts pushes the recomputed cohorts when a new commit lands on the
// followed branch (found by the poll, with no request from anyone), clocked after the
// subscription; resubscribing with an earlier clock replays it; watch.subscribe on a review
// topic is refused with a message naming the twin; a twin of an unknown review is ReviewNotFound.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scope, rejection } from '../helpers/daemon-scope.mjs';
import { call, waitFor } from '../helpers/daemon.mjs';
import { featureBranch, git, writeFiles } from '../helpers/repo.mjs';

const FILES = {
  'src/core.ts': 'export function core(value: number): number {\n  return value;\n}\n',
  'src/use.ts': "import { core } from './core.js';\n\nexport function use(): number {\n  return core(1);\n}\n",
};

const generationOf = (clock) => Number(clock.split(':')[2]);

test('watch twins push the computation and the recomputed cohorts; since replays; review topics need their twin', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  featureBranch(repo, {
    'src/core.ts': FILES['src/core.ts'].replace('return value;', 'return value * 2;'),
    'src/use.ts': FILES['src/use.ts'].replace('core(1)', 'core(2)'),
  });
  const daemon = await s.daemon(repo);
  const client = await daemon.client();

  const computeEvents = [];
  const computing = await client.subscribeTwin('review_studio.watchCompute', 'review_studio.compute', { base: 'main', head: 'feature' }, (event) => computeEvents.push(event));
  const done = await waitFor(() => computeEvents.find((event) => event.payload.phase === 'done'), 'the computed review');
  assert.equal(computeEvents[0].payload.phase, 'computing');
  assert.equal(done.payload.reviewId, computing.reviewId);
  assert.deepEqual(done.payload.result.cohorts[0].files, ['src/core.ts', 'src/use.ts']);

  const events = [];
  const watching = await client.subscribeTwin('review_studio.watchCohorts', 'review_studio.cohorts', { reviewId: computing.reviewId }, (event) => events.push(event));
  const subscribedClock = watching.clock;
  const subscribedAt = generationOf(subscribedClock);
  git(repo, 'checkout', '-q', 'feature');
  writeFiles(repo, { 'src/more.ts': "import { core } from './core.js';\n\nexport function more(): number {\n  return core(3);\n}\n" });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'push');
  git(repo, 'checkout', '-q', 'main');
  const pushed = await waitFor(() => events.find((event) => event.payload.cohorts?.[0]?.files.includes('src/more.ts')), 'the cohorts after the push', 30_000);
  assert.equal(pushed.isFreshInstance, false);
  assert.equal(pushed.payload.stale, false);
  assert.ok(generationOf(pushed.clock) > subscribedAt, 'clocked after the subscription');
  assert.equal(pushed.payload.cohorts[0].key, done.payload.result.cohorts[0].key, 'the key survives the push');

  const replayed = [];
  await client.subscribeTwin('review_studio.watchCohorts', 'review_studio.cohorts', { reviewId: computing.reviewId, since: subscribedClock }, (event) => replayed.push(event));
  await waitFor(() => replayed.find((event) => event.clock === pushed.clock && !event.isFreshInstance), `the replay since the earlier clock ${subscribedClock} of ${pushed.clock}: ${JSON.stringify(replayed.map((e) => [e.clock, e.isFreshInstance]))}`);

  const refused = await rejection(call(client, 'watch.subscribe', { topic: 'review_studio.cohorts' }));
  assert.equal(refused.data.code, 'InvalidParams');
  assert.match(refused.message, /review_studio\.watchCohorts/);
  const unknown = await rejection(call(client, 'review_studio.watchBlastRadius', { reviewId: 'r-00000000000000000000' }));
  assert.equal(unknown.data.code, 'ReviewNotFound');
});
