// A request that names commits is refused at once when a ref is wrong, even while the daemon's
// startup index runs: review_studio.compute and its watch twin, index.diff and delta.since wait
// for that index before they compute, but a ref that names no commit, a range, an option or a
// workspace that does not exist needs no index to be found wrong (before, each waited for the
// whole startup index: 7 s on a never-indexed checkout of this repository). A good request still
// waits for the index, a review of two commits only until the tree is bound (it answers from
// memory, and the index is stored after its answer).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

/** Enough files that the startup index is still running when the bad requests are answered. */
function manyFiles(count) {
  const files = { 'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n' };
  for (let index = 0; index < count; index++) {
    files[`src/gen/file${index}.ts`] = `import { shared } from '../lib';\nexport function f${index}(a: number): number {\n  return shared() + a * ${index};\n}\n`;
  }
  return files;
}

test('a review, diff or delta with a bad ref is refused before the startup index ends', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', manyFiles(2000));
  const daemon = await s.daemon(repo);
  const client = await daemon.client('early-refs');

  const bad = [
    ['review_studio.compute', { base: 'HEAD', head: 'no-such-branch' }, 'BaseNotACommit'],
    ['review_studio.compute', { base: 'HEAD~1..HEAD' }, 'BaseNotACommit'],
    ['review_studio.compute', { base: 'HEAD', workspace: 'ghost' }, 'WorkspaceNotFound'],
    ['review_studio.watchCompute', { base: 'no-such-base', head: 'HEAD' }, 'BaseNotACommit'],
    ['index.diff', { base: 'HEAD', head: '--all' }, 'BaseNotACommit'],
    ['delta.since', { base: 'no-such-base' }, 'BaseNotACommit'],
  ];
  const errors = await Promise.all(bad.map(([method, params]) => rejection(call(client, method, params), method)));
  const status = await call(client, 'index.status', {});
  for (const [index, [method, params, code]] of bad.entries()) {
    assert.equal(errors[index].codeName, code, `${method} ${JSON.stringify(params)}`);
  }
  assert.match(errors[0].message, /'no-such-branch' names no commit/);
  assert.match(errors[2].message, /no workspace 'ghost'/);
  assert.equal(status.state, 'indexing', 'every bad request was answered while the startup index still ran');
  assert.equal(status.files, 0);

  // A good request waits until the startup index has bound the tree and is answered as before:
  // the commit against itself is an empty review. The index is stored after that answer.
  const review = await call(client, 'review_studio.compute', { base: 'HEAD', head: 'HEAD' });
  assert.deepEqual(review.cohorts, []);
  await waitFor(async () => (await call(client, 'index.status', {})).files === 2001, 'the startup index stored after the review');
});
