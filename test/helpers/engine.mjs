// The engine driven in-process for end-to-end tests: a from-scratch build of a folder in a fresh
// data root (the reference every "incremental equals fresh" check compares with), a throwaway
// repository made from a file map, and one kept open for a suite of tests. Real git, LMDB and the worker pool; every folder
// is removed afterwards.
import { join } from 'node:path';
import { after, before } from 'node:test';
import { openRepository } from '../../packages/engine/dist/index.js';
import { gitRepo, tempDir } from './repo.mjs';

/** The refresh result of a from-scratch build of `root` in a fresh data root. */
export async function freshRefresh(root) {
  const home = tempDir();
  const repository = await openRepository({ repoRoot: root, dataRoot: home.dir, threads: 1 });
  try {
    return await repository.refresh('default');
  } finally {
    await repository.close();
    home.cleanup();
  }
}

/** The digest of a from-scratch build of `root`. */
export async function freshDigest(root) {
  return (await freshRefresh(root)).digest;
}

/**
 * A git repository of `files` (committed) opened and built in a fresh data root; `use(repository,
 * built, root)` runs on it before everything is closed and removed; returns what `use` returns.
 */
export async function withBuiltTree(files, use) {
  const repo = tempDir();
  const home = tempDir();
  gitRepo(repo.dir, files);
  const repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
  try {
    return await use(repository, await repository.refresh('default'), repo.dir);
  } finally {
    await repository.close();
    repo.cleanup();
    home.cleanup();
  }
}

/**
 * Inside a `describe`: a git repository of `files` opened (and built, unless `build: false`)
 * before its tests and closed and removed after them. `repository` is the open Repository,
 * `root` the worktree, `path(relative)` a file of it.
 */
export function suiteRepository(files, { build = true } = {}) {
  const repo = tempDir();
  const home = tempDir();
  const suite = {
    repository: null,
    root: repo.dir,
    path: (relative) => join(repo.dir, relative),
  };
  before(async () => {
    gitRepo(repo.dir, files);
    suite.repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
    if (build) await suite.repository.refresh('default');
  });
  after(async () => {
    await suite.repository?.close();
    repo.cleanup();
    home.cleanup();
  });
  return suite;
}
