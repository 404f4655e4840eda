// The repository id is computed twice: by protocol (the client and the daemon name the socket,
// registry, lock and log with it) and by store (the daemon names the repository's store with
// it). Neither package may import the other, so this test keeps the two alike: for the same
// folder, however it is spelled, both give the same id.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { repoIdFor as protocolRepoId } from '../../protocol/dist/index.js';
import { repoIdFor as storeRepoId } from '../../packages/store/dist/index.js';
import { git, gitRepo, tempDir } from '../helpers/repo.mjs';

test('protocol and store give the same repository id for the same folder', (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const repo = join(dir, 'My Repo ünïcode');
  mkdirSync(repo);
  gitRepo(repo, { 'a.ts': 'export const a = 1;\n' });
  const worktree = join(dir, 'second');
  git(repo, 'worktree', 'add', '-q', worktree);
  const link = join(dir, 'linked');
  symlinkSync(repo, link);
  const bare = join(dir, 'server.git');
  mkdirSync(bare);
  const commonDir = join(repo, '.git');

  const spellings = [
    commonDir, `${commonDir}/`, join(link, '.git'), `${join(link, '.git')}/`,
    git(worktree, 'rev-parse', '--path-format=absolute', '--git-common-dir').trim(),
    repo, `${repo}/`, link, worktree, `${worktree}/`,
    bare, `${bare}/`, join(dir, 'missing', 'folder'), `${join(dir, 'missing', 'folder')}/`,
    relative(process.cwd(), repo), '/', '/srv/My Project.git',
  ];
  for (const path of spellings) {
    assert.equal(protocolRepoId(path), storeRepoId(path), `protocol and store differ for ${JSON.stringify(path)}`);
  }
  // The spellings of one folder give one id, and other folders other ids.
  assert.equal(protocolRepoId(`${commonDir}/`), protocolRepoId(join(link, '.git')));
  assert.notEqual(protocolRepoId(repo), protocolRepoId(commonDir));
});
