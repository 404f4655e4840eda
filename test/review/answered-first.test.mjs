// A review of two commits asked of a daemon that has nothing stored is answered from the bound
// graphs, and the baselines are stored after its answer (engine baseline-publications.ts). What
// matters to its users: the answer is the same review that the stored baselines give (computed
// again under another id once both are stored), both baselines are then stored and the
// startup index is published, the review survives a restart, and a second client's query made
// while the review was computed is answered; a daemon killed right after the answer keeps the
// review and binds the baselines again when they are asked for. Real daemon, socket, git, LMDB
// and worker pool.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { call, waitFor } from '../helpers/daemon.mjs';
import { featureBranch, git } from '../helpers/repo.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

/** The review without what names how it was asked (its id, the base's spelling, the answer's meta). */
function content(review) {
  const { reviewId: _id, base, meta: _meta, ...rest } = review;
  return JSON.stringify({ ...rest, base: base.commit });
}

test('a cold review of two commits is answered from memory, equals the review from the stored baselines, and stores both', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('sample', sampleProject);
  const feature = featureBranch(repo, {
    'src/util.ts': sampleProject['src/util.ts'].replace('export function note(message: string): void {', 'export function note(message: string, loud = false): void {'),
    'src/shapes/extra.ts': "import { Circle } from './circle';\n\nexport function unit(): Circle {\n  return new Circle(1).grow(1);\n}\n",
    'lib/use.js': `${sampleProject['lib/use.js']}legacy.legacyHelper(3, 4);\n`,
  });
  const main = git(repo, 'rev-parse', 'main').trim();

  const daemon = await s.daemon(repo);
  const client = await daemon.client('reviewer');
  const other = await daemon.client('other');
  // Asked at once, while the startup index runs: the review, and another client's status.
  const [cold, status] = await Promise.all([
    call(client, 'review_studio.compute', { base: 'main', head: 'feature' }),
    call(other, 'index.status', {}),
  ]);
  assert.equal(cold.headResolved, feature);
  assert.ok(cold.cohorts.length > 0, JSON.stringify(cold.cohorts));
  assert.ok(status.state, 'the other client is answered meanwhile');

  // Both baselines are stored after the answer, and the startup index is published.
  await waitFor(async () => {
    const listed = (await call(other, 'index.listBaselines', {})).baselines.map((baseline) => baseline.commit);
    return listed.includes(main) && listed.includes(feature);
  }, 'both baselines stored');
  await waitFor(async () => (await call(other, 'index.status', {})).files > 0, 'the startup index published');

  // The same two commits under another id: computed from the stored baselines.
  const warm = await call(client, 'review_studio.compute', { base: main, head: 'feature' });
  assert.notEqual(warm.reviewId, cold.reviewId);
  const [coldReview, warmReview] = await Promise.all([
    call(client, 'review_studio.get', { reviewId: cold.reviewId }),
    call(client, 'review_studio.get', { reviewId: warm.reviewId }),
  ]);
  assert.equal(content(coldReview), content(warmReview), 'the review answered from memory is the one the store gives');
  const { reviewId: _cold, meta: _coldMeta, ...radius } = await call(client, 'review_studio.blastRadius', { reviewId: cold.reviewId });
  const { reviewId: _warm, meta: _warmMeta, ...warmRadius } = await call(client, 'review_studio.blastRadius', { reviewId: warm.reviewId });
  assert.ok(radius.symbols.length > 0, JSON.stringify(radius));
  assert.deepEqual(radius, warmRadius);

  // Stored, it survives a restart.
  await daemon.stop();
  const again = await s.daemon(repo);
  const reader = await again.client('after-restart');
  const restored = await call(reader, 'review_studio.get', { reviewId: cold.reviewId });
  assert.equal(content(restored), content(coldReview));
  const listed = (await call(reader, 'index.listBaselines', {})).baselines.map((baseline) => baseline.commit);
  assert.ok(listed.includes(main) && listed.includes(feature), 'both baselines are still stored');
});

test('a daemon killed right after a cold review answered keeps the review, and builds the baselines again when asked', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('sample', sampleProject);
  featureBranch(repo, { 'src/util.ts': sampleProject['src/util.ts'].replace('export function note(message: string): void {', 'export function note(message: string, loud = false): void {') });

  const daemon = await s.daemon(repo);
  const cold = await call(await daemon.client('reviewer'), 'review_studio.compute', { base: 'main', head: 'feature' });
  // Killed at once: the baselines are likely still waiting to be written (a publish is one
  // transaction, so none is half-written either way).
  daemon.child.kill('SIGKILL');
  await daemon.exited;

  const again = await s.daemon(repo);
  const client = await again.client('after-kill');
  const restored = await call(client, 'review_studio.get', { reviewId: cold.reviewId });
  assert.deepEqual(restored.cohorts, cold.cohorts, 'the review was stored before its answer');
  const radius = await call(client, 'review_studio.blastRadius', { reviewId: cold.reviewId });
  assert.ok(radius.symbols.length > 0, JSON.stringify(radius));
  const recomputed = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.deepEqual(recomputed.cohorts, cold.cohorts);
});
