/**
 * openRepository: the analysis host for one repository. Resolves the root (the git worktree top,
 * or a plain directory), the data root and the store, runs builds through one worker pool and
 * opens query sessions over the published worktree snapshot. Owns the lifecycle of the pool and
 * the store handle; only one build runs at a time.
 */
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { RepographError, type BuildReport } from '@repograph/core';
import { gitRepoInfo, openRepoStore, repoIdFor, type RepoStore } from '@repograph/store';
import { runIndex, WORKTREE_KEY } from './indexer.js';
import { hasSnapshot } from './snapshots.js';
import { ExtractionPool } from './pool.js';
import { QuerySession } from './query.js';

export interface OpenRepositoryOptions {
  /** Any directory inside the repository (or the plain directory to index). */
  repoRoot: string;
  /** Absolute data root; default $REPOGRAPH_HOME, else ~/.repograph. */
  dataRoot?: string;
  /** Extraction threads; default: available parallelism. */
  threads?: number;
}

export interface IndexOptions {
  onProgress?: (progress: { phase: string; done: number; total: number }) => void;
}

/** The data root from options or the environment; it must be absolute. */
export function resolveDataRoot(explicit?: string): string {
  const value = explicit ?? process.env.REPOGRAPH_HOME ?? join(homedir(), '.repograph');
  if (!isAbsolute(value)) {
    throw new RepographError('UsageError', `The data root '${value}' is not an absolute path; set REPOGRAPH_HOME to an absolute directory.`, { dataRoot: value });
  }
  return value;
}

/** Opens the repository at (or above) `repoRoot`. */
export async function openRepository(options: OpenRepositoryOptions): Promise<Repository> {
  let root: string;
  try {
    root = await realpath(options.repoRoot);
    if (!(await stat(root)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RepographError('FileNotFound',
      `The repository folder '${options.repoRoot}' ${code === 'ENOTDIR' ? 'is not a directory' : 'does not exist or cannot be read'}; pass --repo with an existing directory.`,
      { path: options.repoRoot });
  }
  const dataRoot = resolveDataRoot(options.dataRoot);
  const git = await gitRepoInfo(root);
  const repoRootPath = git ? git.root : root;
  const store = await openRepoStore({ dataRoot, repoId: repoIdFor(git ? git.commonDir : repoRootPath) });
  return new Repository(repoRootPath, git !== null, store, options.threads);
}

/** One repository: builds and query sessions. */
export class Repository {
  readonly root: string;
  readonly isGit: boolean;
  private readonly store: RepoStore;
  private readonly threads: number | undefined;
  private pool: ExtractionPool | null = null;
  private building: Promise<BuildReport> | null = null;

  constructor(root: string, isGit: boolean, store: RepoStore, threads: number | undefined) {
    this.root = root;
    this.isGit = isGit;
    this.store = store;
    this.threads = threads;
  }

  /** Builds or refreshes the index of the worktree; concurrent calls share one build. */
  async index(options: IndexOptions = {}): Promise<BuildReport> {
    if (this.building) return this.building;
    this.building = (async () => {
      const git = this.isGit ? await gitRepoInfo(this.root) : null;
      return runIndex({
        root: this.root,
        head: git?.head ?? null,
        isGit: this.isGit,
        store: this.store,
        getPool: () => (this.pool ??= new ExtractionPool(this.threads === undefined ? {} : { threads: this.threads })),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
    })();
    try {
      return await this.building;
    } finally {
      this.building = null;
    }
  }

  /** True when a worktree snapshot has been published. */
  isIndexed(): boolean {
    return hasSnapshot(this.store, WORKTREE_KEY);
  }

  /** A query session over the current worktree snapshot; throws NotIndexed before the first build. */
  query(): QuerySession {
    const reader = this.store.reader(WORKTREE_KEY);
    if (!reader) {
      throw new RepographError('NotIndexed', `${this.root} has not been indexed yet; run \`repograph index\` first.`, { repoRoot: this.root });
    }
    return new QuerySession(reader, this.root);
  }

  /** The store's size and counts. */
  storeStats(): ReturnType<RepoStore['stats']> {
    return this.store.stats();
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = null;
    await this.store.close();
  }
}
