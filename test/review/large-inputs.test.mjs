// Bad input the review must survive: a 50 MB lockfile, a binary file and a file over the parse
// limit in the same change. The review answers (the lockfile read, or a diagnostic naming it),
// the big and binary files group by path, and the daemon goes on answering.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { call } from '../helpers/daemon.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

/** A package-lock.json of about `megabytes` MB: `count` packages under node_modules/. */
function bigLock(megabytes) {
  const packages = { '': { name: 'app', dependencies: { left: '^1.0.0' } } };
  const entry = (index) => ({
    version: `1.0.${index % 50}`, resolved: `https://registry.npmjs.org/pkg-${index}/-/pkg-${index}-1.0.${index % 50}.tgz`,
    integrity: `sha512-${'x'.repeat(88)}`, dev: index % 3 === 0,
  });
  let index = 0;
  let size = 0;
  while (size < megabytes * 1024 * 1024) {
    const value = entry(index);
    packages[`node_modules/pkg-${index}`] = value;
    size += 60 + JSON.stringify(value).length;
    index++;
  }
  return JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }, null, 2);
}

test('a 50 MB lockfile, a binary and an over-limit file in one change: the review answers and the daemon goes on', { timeout: 300_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('big', {
    'package.json': JSON.stringify({ name: 'app', dependencies: { left: '^1.0.0' } }),
    'package-lock.json': JSON.stringify({ name: 'app', lockfileVersion: 3, packages: { '': {}, 'node_modules/left': { version: '1.0.0' } } }),
    'src/a.ts': 'export function a(): number {\n  return 1;\n}\n',
  });
  git(repo, 'checkout', '-qb', 'big');
  writeFiles(repo, {
    'package-lock.json': bigLock(50),
    'assets/blob.bin': Buffer.alloc(4096, 7),
    'src/huge.ts': `export const table = [\n${'  1,\n'.repeat(400_000)}];\n`,
    'src/a.ts': 'export function a(): number {\n  return 2;\n}\n',
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'big');
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const review = await call(client, 'review_studio.compute', { base: 'main', head: 'big' });
  const deps = await call(client, 'review_studio.dependencyDiffs', { reviewId: review.reviewId });
  assert.ok(deps.changes.length > 1000 || deps.diagnostics.some((d) => d.path === 'package-lock.json'),
    `the lockfile is read or named in a diagnostic: ${deps.changes.length} changes, ${JSON.stringify(deps.diagnostics)}`);
  const byPath = (path) => review.cohorts.find((cohort) => cohort.files.includes(path));
  assert.equal(byPath('assets/blob.bin').basis, 'path');
  assert.equal(byPath('src/huge.ts').basis, 'path', 'a file over the parse limit is not parsed, so it groups by path');
  const status = await call(client, 'index.status', {});
  assert.equal(status.state, 'idle');
  const again = await call(client, 'review_studio.cohorts', { reviewId: review.reviewId });
  assert.deepEqual(again.cohorts, review.cohorts);
});
