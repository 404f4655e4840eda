// HEAD moving without any file changing, through the real daemon and git: an empty commit, a
// commit of edits the daemon had already indexed, and a `git reset --soft` each move the live
// workspace onto the new commit's baseline (index.status `head` and `baseline`), with the overlay
// showing exactly the files that differ from that commit, and a digest equal to a fresh build.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { git, indexJson } from '../helpers/repo.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib';\nexport function use(): number {\n  return shared();\n}\n",
};

test('a commit, an empty commit and a soft reset move the live workspace onto the new HEAD', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('head');
  const head = () => git(repo, 'rev-parse', 'HEAD').trim();
  const overlayFiles = async () => (await call(client, 'workspace.list', {})).workspaces.find((w) => w.id === 'default').overlayFiles;
  /** Waits until the daemon serves `commit` as its head and baseline; returns the status. */
  const servesHead = (commit, what) => waitFor(async () => {
    const status = await call(client, 'index.status', {});
    return status.head === commit && status.baseline === commit && status.state === 'idle' ? status : null;
  }, what);
  let fresh = 0;
  const freshDigest = () => indexJson(repo, join(s.dir, `fresh-home-${fresh++}`)).digest;

  const first = await call(client, 'index.status', { sync: true });
  assert.equal(first.head, head());

  git(repo, 'commit', '-q', '--allow-empty', '-m', 'empty');
  const afterEmpty = await servesHead(head(), 'the empty commit to be seen');
  assert.equal(afterEmpty.lastReport.digest, first.lastReport.digest, 'the same tree, the same digest');
  assert.equal(await overlayFiles(), 0);

  writeFileSync(join(repo, 'src/lib.ts'), `${FILES['src/lib.ts']}export function added(): number {\n  return 2;\n}\n`);
  const edited = await call(client, 'symbols.search', { query: 'added', sync: true });
  assert.equal(edited.symbols[0]?.id, 'src/lib.ts#added');
  assert.equal(await overlayFiles(), 1, 'the edit sits in the overlay over the old HEAD');
  const beforeCommit = head();

  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'add added');
  const committed = await servesHead(head(), 'the commit of indexed edits to be seen');
  assert.equal(await overlayFiles(), 0, 'the committed edit is in the new baseline, not the overlay');
  assert.equal(committed.lastReport.digest, freshDigest());

  git(repo, 'reset', '-q', '--soft', beforeCommit);
  await servesHead(beforeCommit, 'the soft reset to be seen');
  assert.equal(await overlayFiles(), 1, 'the file differs from the commit again');
  assert.equal((await call(client, 'symbols.search', { query: 'added' })).symbols[0]?.id, 'src/lib.ts#added');
});

test('a ref that moves long after git wrote COMMIT_EDITMSG (a slow git) is still seen', { timeout: 60_000 }, async (t) => {
  // git commit writes COMMIT_EDITMSG, then builds the commit, then moves the ref under HEAD.lock.
  // Here the two are 400 ms apart (a loaded machine): far past the watcher's settle time, so the
  // first look at HEAD finds it unchanged; the ref's own update must be what the daemon sees.
  const s = scope(t);
  const repo = s.repo('slow-commit', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('slow-commit');
  const before = await call(client, 'index.status', { sync: true });
  const commit = git(repo, 'commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', 'slow commit').trim();
  writeFileSync(join(repo, '.git', 'COMMIT_EDITMSG'), 'slow commit\n');
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.equal((await call(client, 'index.status', {})).head, before.head, 'nothing moved yet');
  git(repo, 'update-ref', 'HEAD', commit);
  const seen = await waitFor(async () => {
    const status = await call(client, 'index.status', {});
    return status.head === commit && status.baseline === commit && status.state === 'idle' ? status : null;
  }, 'the ref moved by update-ref to be seen', 10_000);
  assert.equal(seen.lastReport.digest, before.lastReport.digest, 'the same tree, the same digest');
});
