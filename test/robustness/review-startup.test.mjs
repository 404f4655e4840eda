// A review asked for while the daemon's startup index still runs (the compute then starts its
// refs, listings and the head's changed blobs at once: review-prefetch.ts), with hostile refs sent
// alongside and a head that holds a binary file, an over-bound file and a link: hostile refs get
// typed errors, another client is answered, and the review equals the one a daemon computes
// after its startup index is done (the work started ahead changes no result).
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope, within } from '../helpers/daemon-scope.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';
import { moduleRing } from '../helpers/module-ring.mjs';

const TYPED = new Set(['InvalidParams', 'BaseNotACommit']);

/** 400 small modules calling each other, so the startup index takes a while. */
const tree = (version) => moduleRing(400, version);

/** The parts of a review that must not depend on when it was computed. */
function essence(review) {
  const { meta: _meta, stale: _stale, ...rest } = review;
  return JSON.stringify(rest);
}

test('a review asked for during the startup index: hostile refs typed, the head\'s odd files handled, the same result as after startup', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', tree(0));
  git(repo, 'checkout', '-qb', 'feature');
  const changed = {};
  for (let i = 0; i < 12; i++) changed[`src/m${i * 7}.ts`] = tree(1)[`src/m${i * 7}.ts`];
  writeFiles(repo, {
    ...changed,
    'src/added.ts': "import { f7 } from './m7';\nexport function added(): number {\n  return f7(2);\n}\n",
    'src/blob.ts': Buffer.concat([Buffer.from('export const x = 1;\n'), Buffer.from([0, 1, 2, 0, 255])]),
    'src/huge.ts': `export const big = [${'1,'.repeat(1_200_000)}];\n`,
  });
  symlinkSync('/etc/passwd', join(repo, 'src/link.ts'));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'feature');
  git(repo, 'checkout', '-q', 'main');

  const daemon = await s.daemon(repo);
  const [reviewer, hostile, other] = await Promise.all([daemon.client('reviewer'), daemon.client('hostile'), daemon.client('other')]);
  const review = call(reviewer, 'review_studio.compute', { base: 'main', head: 'feature' });
  const refs = [
    { base: 'main', head: '-rf' }, { base: 'main', head: 'main..feature' }, { base: '--output=/tmp/x', head: 'feature' },
    { base: 'main', head: 'no-such-branch' }, { base: 'x'.repeat(5000), head: 'feature' }, { base: 42 }, { base: 'main', head: 'feature\nmain' },
  ];
  const errors = await Promise.all(refs.map((params) => within(rejection(call(hostile, 'review_studio.compute', params), JSON.stringify(params).slice(0, 80)), 60_000, 'a hostile compute')));
  for (const [index, error] of errors.entries()) assert.ok(TYPED.has(error.data?.code), `${JSON.stringify(refs[index]).slice(0, 80)}: ${error.data?.code} ${error.message}`);
  const status = await within(call(other, 'index.status', { sync: true }), 60_000, 'another client during the startup review');
  assert.equal(status.state, 'idle');

  const during = await within(review, 120_000, 'the review asked for during startup');
  const files = new Map(during.cohorts.flatMap((cohort) => cohort.files.map((path) => [path, cohort])));
  for (const path of ['src/added.ts', 'src/blob.ts', 'src/huge.ts', 'src/m0.ts', 'src/m77.ts']) assert.ok(files.has(path), `${path} is in a cohort`);
  assert.ok(during.cohorts.some((cohort) => cohort.basis === 'graph' && cohort.files.includes('src/added.ts')), 'the added caller joins a graph cohort');
  const stored = await call(reviewer, 'review_studio.get', { reviewId: during.reviewId });

  // A daemon on another data root, asked only once its startup index is done.
  const later = await s.daemon(repo, { home: join(s.dir, 'later-home') });
  const client = await later.client('later');
  await call(client, 'index.status', { sync: true });
  const after = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.equal(after.reviewId, during.reviewId);
  assert.equal(essence(await call(client, 'review_studio.get', { reviewId: after.reviewId })), essence(stored), 'the same artifact, however the work was ordered');
});
