/**
 * Tests of the store's review artifacts: stored, replaced, listed, removed, kept across a reopen,
 * and a malformed id refused with a message that says what to use.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { cleanupTempDirs } from './fixtures-git.js';
import { openTestStore } from './fixtures-store.js';
import { openRepoStore } from './repo-store.js';

after(cleanupTempDirs);

describe('reviews', () => {
  test('are stored, replaced, listed, kept across a reopen and removed', async () => {
    const { store, dataRoot, repoId } = await openTestStore('reviews');
    assert.equal(store.getReview('r-1'), undefined);
    await store.putReview('r-2', { cohorts: [{ key: 'c-a', files: ['a.ts'] }] });
    await store.putReview('r-1', { version: 1 });
    await store.putReview('r-1', { version: 2, big: 'x'.repeat(5000) });
    assert.deepEqual(store.listReviews(), ['r-1', 'r-2']);
    await store.close();
    const reopened = await openRepoStore({ dataRoot, repoId });
    assert.deepEqual(reopened.getReview('r-1'), { version: 2, big: 'x'.repeat(5000) });
    assert.deepEqual(reopened.getReview('r-2'), { cohorts: [{ key: 'c-a', files: ['a.ts'] }] });
    assert.equal(await reopened.deleteReview('r-2'), true);
    assert.equal(await reopened.deleteReview('r-2'), false);
    assert.deepEqual(reopened.listReviews(), ['r-1']);
    assert.throws(() => reopened.getReview('../etc'), { code: 'InvalidParams', message: /not a review id/ });
    await reopened.close();
  });
});
