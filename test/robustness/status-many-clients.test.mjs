// Many clients asking index.status at once (supervisors, IDE plugins, agents polling): every one
// is answered, and none is answered from a git status that started before it asked, so an edit
// made just before the calls is in every answer. The daemon runs at most one git status per
// worktree at a time (engine fresh-runs.ts); a worktree git cannot read answers `git: null`.
import assert from 'node:assert/strict';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
};

test('sixteen clients at once all get index.status, each with the git state as it was when they asked', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const clients = [];
  for (let i = 0; i < 16; i++) clients.push(await daemon.client(`poller-${i}`));
  await call(clients[0], 'index.status', { sync: true });

  const clean = await Promise.all(clients.map((client) => call(client, 'index.status', {})));
  for (const status of clean) assert.equal(status.git.dirtyFiles, 0);

  // Edits land between bursts: each burst's answers all count them, however the runs are shared.
  for (let edit = 1; edit <= 3; edit++) {
    writeFileSync(join(repo, `notes-${edit}.md`), 'untracked\n');
    const burst = await Promise.all(clients.map((client) => call(client, 'index.status', {})));
    assert.deepEqual(burst.map((status) => status.git.dirtyFiles), clients.map(() => edit), `after untracked file ${edit}`);
  }

  // A worktree git cannot read (its .git gone): every client is still answered, git is null.
  renameSync(join(repo, '.git'), join(repo, '.git-away'));
  try {
    const blind = await Promise.all(clients.map((client) => call(client, 'index.status', {})));
    for (const status of blind) assert.equal(status.git, null);
  } finally {
    renameSync(join(repo, '.git-away'), join(repo, '.git'));
  }
  const back = await call(clients[0], 'index.status', {});
  assert.equal(back.git.dirtyFiles, 3);
});
