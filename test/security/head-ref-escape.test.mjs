// A HEAD whose ref climbs out of the git dir (`ref: refs/../../outside`) is never followed: the
// daemon reads git's small files itself (engine git-head.ts) and leaves such a ref to git, which
// refuses it. Before, the file it pointed at, outside the repository, was read and its first 40
// hex digits taken for HEAD's commit (and the workspace stuck on it). The daemon indexes the
// worktree all the same, and nothing read outside shows in any answer.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';

test('a HEAD naming a ref outside the git dir is not followed', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', { 'src/a.ts': 'export function a(): number {\n  return 1;\n}\n' });
  const planted = 'f'.repeat(40);
  writeFileSync(join(s.dir, 'outside'), `${planted}\n`);
  writeFileSync(join(repo, '.git', 'HEAD'), 'ref: refs/../../../outside\n');

  const daemon = await s.daemon(repo);
  const client = await daemon.client('escape');
  // Before, the workspace was stuck in error on a 'commit' read from that file.
  const status = await call(client, 'index.status', { sync: true });
  assert.ok(!JSON.stringify(status).includes(planted), JSON.stringify(status));
  assert.notEqual(status.state, 'error', status.error);
  assert.equal(status.files, 1, 'the worktree is indexed all the same');
  const workspaces = await call(client, 'workspace.list', {});
  assert.ok(!JSON.stringify(workspaces).includes(planted), JSON.stringify(workspaces.workspaces));
});
