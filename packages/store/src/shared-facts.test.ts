// Decoded facts are shared: two reads of one blob's facts give the same object (workspaces hold
// one copy), the facts a putFacts wrote are the ones handed out after it, and a blob written anew
// hands out its new facts.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { syntheticFacts } from './fixtures-graph.js';
import { cleanupTempDirs } from './fixtures-git.js';
import { openTestStore } from './fixtures-store.js';
import { openRepoStore } from './repo-store.js';

after(cleanupTempDirs);

test('facts of one blob are one object while held; written anew, the new ones', async () => {
  const { store } = await openTestStore();
  const blob = 'ab'.repeat(20);
  const written = syntheticFacts('a.ts', 2, 1);
  await store.putFacts([{ blobId: blob, extractorVersion: 3, facts: written }]);
  const first = store.getFacts(blob, 3);
  assert.equal(first, written, 'the writer\'s own object is handed out');
  assert.equal(store.getFacts(blob, 3), first);
  assert.equal(store.getFacts(blob, 3, 'tsx'), undefined, 'another variant is another key');
  const rewritten = syntheticFacts('a.ts', 3, 2);
  await store.putFacts([{ blobId: blob, extractorVersion: 3, facts: rewritten }]);
  assert.equal(store.getFacts(blob, 3), rewritten);
  await store.close();
});

test('facts decoded from the store are decoded once and shared', async () => {
  const { store, dataRoot, repoId } = await openTestStore();
  const blob = 'cd'.repeat(20);
  await store.putFacts([{ blobId: blob, extractorVersion: 1, facts: syntheticFacts('b.ts', 4, 3) }]);
  await store.close();
  const reopened = await openRepoStore({ dataRoot, repoId });
  const decoded = reopened.getFacts(blob, 1);
  assert.deepEqual(decoded, syntheticFacts('b.ts', 4, 3));
  assert.equal(reopened.getFacts(blob, 1), decoded, 'a second reader gets the same object, not its own copy');
  await reopened.close();
});
