/**
 * openRepository: the analysis host for one repository. Resolves the root (the git worktree top,
 * or a plain directory), the data root and the store (one per git common dir, so every worktree
 * of a repository shares it), and holds the repository's workspaces: `default` is the worktree
 * itself; others are created for agents, each with its own overlay, optionally rooted at another
 * worktree of the same repository. Owns the worker pool and the store handle, workspace
 * creation rules, baselines on demand, query sessions over published snapshots (a workspace's,
 * or a commit's baseline in committed mode), a worktree's git status, and the removal plan of
 * the store.
 */
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { budgetExceeded, RepographError, type BuildReport } from '@repograph/core';
import { gitRepoInfo, isAncestor, listWorktrees, openRepoStore, repoIdFor, resolveRefFollowing, type RepoStore } from '@repograph/store';
import { assertSingleCommitRef, baselineKey, commitOfBaselineKey, ensureBaseline, noSuchCommit, resolveBaseCommit, type BaselineResult } from './baseline.js';
import { readHead, readRef } from './git-head.js';
import { DEFAULT_MATERIAL_POLICY } from '@repograph/graph';
import { loadPolicyFile, type LoadedPolicy } from './policy-file.js';
import { LiveWorkspace, workspaceKey, type Analyze, type RefreshOptions, type WorkspaceHost, type WorkspaceRefresh } from './live-workspace.js';
import { ExtractionPool } from './pool.js';
import { registerNearbyTree } from './baseline-neighbour.js';
import { holdPublications, publicationsSettled, whenPublicationWaits } from './baseline-publications.js';
import { resolveRefFromFiles } from './ref-files.js';
import { cleanupBaselines, listBaselines, type BaselineListing } from './baseline-listing.js';
import { buildFingerprint } from './build-fingerprint.js';
import { QuerySession } from './query.js';
import { commitText } from './commit-text.js';
import { workspaceText } from './session-text.js';
import { worktreeGitStatus, type WorktreeGitStatus } from './git-status.js';
import { checkedStoreFolder, folderBytes, removeStoreFolder, type RemovalPlan } from './repo-removal.js';
import { blobFactsOf, runReviewSides, withHeadReader, type ReviewRequest, type ReviewSides } from './review-sides.js';
import { prefetchReviewCommits } from './review-prefetch.js';
import { MAX_PATH_LENGTH } from './source-text.js';

export interface OpenRepositoryOptions {
  /** Any directory inside the repository (or the plain directory to index). */
  repoRoot: string;
  /** Absolute data root; default $REPOGRAPH_HOME, else ~/.repograph. */
  dataRoot?: string;
  /** Extraction threads; default: one fewer than the available parallelism (pool.ts). */
  threads?: number;
}

export interface IndexOptions {
  onProgress?: (progress: { phase: string; done: number; total: number }) => void;
}

/** The id of the workspace that is the repository's own worktree. */
export const DEFAULT_WORKSPACE = 'default';
const WORKSPACE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A workspace as listed to clients. */
export interface WorkspaceInfo {
  id: string;
  root: string;
  baseCommit: string | null;
  pinnedBase: boolean;
  generation: number | null;
  overlayFiles: number;
  unsavedFiles: string[];
  lastRefreshMs: number;
  warm: boolean;
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
  const root = await existingDirectory(options.repoRoot, 'repository folder', 'pass --repo with an existing directory');
  const dataRoot = resolveDataRoot(options.dataRoot);
  const git = await gitRepoInfo(root);
  const repoRootPath = git ? git.root : root;
  const commonDir = git ? git.commonDir : repoRootPath;
  // A malformed .repograph.json fails here, before the store is opened.
  const policy = loadPolicyFile(repoRootPath);
  const store = await openRepoStore({ dataRoot, repoId: repoIdFor(commonDir) });
  return new Repository(repoRootPath, commonDir, git !== null, store, options.threads, policy, dataRoot);
}

/** One repository: its workspaces, baselines and query sessions. */
export class Repository {
  readonly root: string;
  readonly commonDir: string;
  readonly isGit: boolean;
  private readonly store: RepoStore;
  private readonly threads: number | undefined;
  private pool: ExtractionPool | null = null;
  private readonly workspaces = new Map<string, LiveWorkspace>();
  private readonly host: WorkspaceHost;
  /** For each pinned workspace: its root's HEAD when it was created or last reset (see isStale). */
  private readonly pinnedRootHeads = new Map<string, string | null>();

  private loadedPolicy: LoadedPolicy;
  private readonly dataRoot: string | null;
  /** Baselines being built for committed-mode queries, by commit (two queries of one new commit build it once). */
  private readonly committing = new Map<string, Promise<unknown>>();

  constructor(root: string, commonDir: string, isGit: boolean, store: RepoStore, threads: number | undefined, policy: LoadedPolicy = { policy: DEFAULT_MATERIAL_POLICY, warnings: [], file: null }, dataRoot: string | null = null) {
    this.root = root;
    this.commonDir = commonDir;
    this.isGit = isGit;
    this.store = store;
    this.threads = threads;
    this.loadedPolicy = policy;
    this.dataRoot = dataRoot;
    this.host = {
      store,
      getPool: () => (this.pool ??= new ExtractionPool(this.threads === undefined ? {} : { threads: this.threads })),
      readHead: (workspaceRoot) => readHead(workspaceRoot, this.commonDir),
      policy: policy.policy,
      offLimits: [...(isGit ? [commonDir] : []), ...(dataRoot ? [dataRoot] : [])],
    };
    this.workspaces.set(DEFAULT_WORKSPACE, new LiveWorkspace(this.host, { id: DEFAULT_WORKSPACE, root, isGit, pinnedBase: null }));
    // A baseline build with no kept neighbour starts from the worktree's bound tree (usually a review's base).
    registerNearbyTree(store, async () => this.workspaces.get(DEFAULT_WORKSPACE)?.forkBoundTree() ?? null);
    this.restoreWorkspaces();
  }

  /** The material policy in force, with the warnings its file gave. */
  get policy(): LoadedPolicy {
    return this.loadedPolicy;
  }

  /**
   * Reads `.repograph.json` again (it changed on disk). A malformed file throws UsageError and
   * the policy in force stays. When what it says differs, it takes effect for every workspace:
   * each drops its bound tree after the refreshes already queued, so its next refresh binds
   * the whole tree under the new policy (new baselines too: their keys carry the policy).
   * The caller re-creates its watch filters and refreshes. Returns whether anything changed.
   */
  async reloadPolicy(): Promise<{ changed: boolean; warnings: string[] }> {
    const loaded = loadPolicyFile(this.root);
    const same = JSON.stringify(loaded.policy) === JSON.stringify(this.loadedPolicy.policy);
    this.loadedPolicy = loaded;
    if (same) return { changed: false, warnings: loaded.warnings };
    this.host.policy = loaded.policy;
    await Promise.all([...this.workspaces.values()].map((workspace) => workspace.forgetWhenIdle()));
    return { changed: true, warnings: loaded.warnings };
  }

  /** Builds or refreshes the worktree's index; a stored index whose files are unchanged is reused as is. */
  async index(options: IndexOptions = {}): Promise<BuildReport> {
    const result = await this.refresh(DEFAULT_WORKSPACE, { allowStoredShortcut: true, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
    return result.report;
  }

  /** Refreshes a workspace (all of it, or the given paths and unsaved buffers). */
  async refresh<A = never>(id: string, options: RefreshOptions<A> = {}): Promise<WorkspaceRefresh<A>> {
    return this.workspace(id).refresh(options);
  }

  /** The workspace `id`; WorkspaceNotFound when there is none. */
  workspace(id: string = DEFAULT_WORKSPACE): LiveWorkspace {
    const found = this.workspaces.get(id);
    if (!found) {
      throw new RepographError('WorkspaceNotFound', `There is no workspace '${id}'; create it with workspace.create or list them with workspace.list.`, { workspace: id });
    }
    return found;
  }

  /** Every workspace, `default` first. */
  listWorkspaces(): WorkspaceInfo[] {
    const infos: WorkspaceInfo[] = [];
    for (const workspace of this.workspaces.values()) {
      const reader = this.store.reader(workspace.key);
      const meta = reader?.info.meta;
      infos.push({
        id: workspace.spec.id, root: workspace.spec.root,
        baseCommit: workspace.spec.pinnedBase ?? ((meta?.head as string | null | undefined) ?? null),
        pinnedBase: workspace.spec.pinnedBase !== null,
        generation: reader?.info.generation ?? null,
        overlayFiles: typeof meta?.overlayPaths === 'number' ? meta.overlayPaths : 0,
        unsavedFiles: workspace.overridePaths,
        lastRefreshMs: workspace.lastRefreshMs,
        warm: workspace.warm,
      });
      reader?.close();
    }
    return infos.sort((a, b) => (a.id === DEFAULT_WORKSPACE ? -1 : b.id === DEFAULT_WORKSPACE ? 1 : a.id < b.id ? -1 : 1));
  }

  /**
   * True when the workspace's root HEAD has moved off the commit it was built on: for a workspace
   * that follows HEAD, the HEAD now differs from the one its published generation sits on (it has
   * not been refreshed onto the new commit yet, e.g. after a `git update-ref` no watcher hears);
   * for a pinned one, the root's HEAD moved since the workspace was created or reset (its
   * overlay still sits on the pinned commit while the worktree moved on). Never for a directory
   * outside git.
   */
  async isStale(info: WorkspaceInfo): Promise<boolean> {
    const workspace = this.workspaces.get(info.id);
    if (!this.isGit || workspace === undefined) return false;
    const head = await this.host.readHead(workspace.spec.root);
    if (workspace.spec.pinnedBase === null) return info.baseCommit !== head;
    // A pinned workspace restored after a restart is judged from the first look on.
    if (!this.pinnedRootHeads.has(info.id)) this.pinnedRootHeads.set(info.id, head);
    return this.pinnedRootHeads.get(info.id) !== head;
  }

  /** The HEAD commit of a workspace's root as git has it now (null outside git or on an unborn branch). */
  async workspaceHead(id: string): Promise<string | null> {
    const workspace = this.workspace(id);
    return this.isGit ? this.host.readHead(workspace.spec.root) : null;
  }

  /** Takes a pinned workspace's root HEAD as it is now (workspace.reset): it is not stale until the root moves again. */
  async notePinnedRoot(id: string): Promise<void> {
    const workspace = this.workspace(id);
    if (workspace.spec.pinnedBase === null || !this.isGit) return;
    this.pinnedRootHeads.set(id, await this.host.readHead(workspace.spec.root));
  }

  /**
   * Creates a workspace: its own overlay over the baseline of `baseCommit` (default: HEAD of its
   * root), reading `root` (default: this worktree; else another worktree of this repository).
   * Builds it once before returning. BudgetExceeded (`workspaces.count`) when as many
   * workspaces as the budget allows exist besides `default`.
   */
  async createWorkspace(params: { id?: string; root?: string; baseCommit?: string }): Promise<{ workspace: LiveWorkspace; refresh: WorkspaceRefresh }> {
    const id = params.id ?? `ws-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    if (!WORKSPACE_ID.test(id)) {
      throw new RepographError('InvalidParams', `workspace id '${id}' is not valid; use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit.`, { field: 'id' });
    }
    if (this.workspaces.has(id)) {
      throw new RepographError('InvalidParams', `a workspace '${id}' already exists; pick another id or delete it first.`, { field: 'id', workspace: id });
    }
    const root = params.root === undefined ? this.root : await this.worktreeRoot(params.root);
    const pinnedBase = params.baseCommit === undefined ? null : await resolveBaseCommit(root, params.baseCommit);
    const rootHead = pinnedBase !== null && this.isGit ? await this.host.readHead(root) : null;
    // Counted just before the workspace is added (nothing awaited in between), so concurrent
    // creates cannot pass the budget together; `default` does not count.
    const created = this.workspaces.size - (this.workspaces.has(DEFAULT_WORKSPACE) ? 1 : 0);
    const limit = this.host.policy.budgets.workspaces.count;
    if (created + 1 > limit) throw budgetExceeded('workspaces', 'count', created, 1, limit);
    const workspace = new LiveWorkspace(this.host, { id, root, isGit: this.isGit, pinnedBase });
    this.workspaces.set(id, workspace);
    if (pinnedBase !== null) this.pinnedRootHeads.set(id, rootHead);
    try {
      const refresh = await workspace.refresh();
      return { workspace, refresh };
    } catch (error) {
      this.workspaces.delete(id);
      this.pinnedRootHeads.delete(id);
      throw error;
    }
  }

  /** Drops a workspace's unsaved buffers and rebuilds it from its root. */
  async resetWorkspace(id: string): Promise<WorkspaceRefresh> {
    const workspace = this.workspace(id);
    await this.notePinnedRoot(id);
    workspace.forget();
    return workspace.refresh({ clearContents: true });
  }

  /** Deletes a workspace and its overlay (never `default`). */
  async deleteWorkspace(id: string): Promise<void> {
    if (id === DEFAULT_WORKSPACE) {
      throw new RepographError('InvalidParams', 'the default workspace is the worktree itself and cannot be deleted; use workspace.reset instead.', { field: 'id' });
    }
    const workspace = this.workspace(id);
    await workspace.whenIdle();
    this.workspaces.delete(id);
    this.pinnedRootHeads.delete(id);
    // Its bound tree goes now, whoever still holds the object (a query in flight).
    workspace.forget();
    await this.store.deleteSnapshot(workspace.key);
  }

  /** The baseline of `ref` (default HEAD), built from git objects when missing. */
  async ensureBaseline(ref?: string): Promise<BaselineResult> {
    if (!this.isGit) {
      throw new RepographError('BaseNotACommit', `${this.root} is not a git repository, so it has no commits to index.`, { root: this.root });
    }
    const commit = await resolveBaseCommit(this.root, ref ?? 'HEAD');
    return ensureBaseline({ store: this.store, root: this.root, commit, getPool: this.host.getPool, policy: this.policy.policy });
  }

  /**
   * The change of a workspace's tree (tracked, untracked and unsaved files) against commit `ref`,
   * analyzed by `analyze`: the baseline of `ref` (built from git objects when missing; nothing
   * is checked out, the worktree is not touched) is the before side, the refreshed workspace the
   * after side. BaseNotACommit for a range, an option-like or unknown ref.
   */
  async deltaSince<A>(id: string, ref: string, analyze: Analyze<A>): Promise<{ commit: string; refresh: WorkspaceRefresh; analysis: A }> {
    const workspace = this.workspace(id);
    if (!this.isGit) {
      throw new RepographError('BaseNotACommit', `${this.root} is not a git repository, so it has no commits to compare with.`, { root: this.root });
    }
    const commit = await resolveBaseCommit(workspace.spec.root, ref);
    await ensureBaseline({ store: this.store, root: workspace.spec.root, commit, getPool: this.host.getPool, policy: this.policy.policy });
    const { refresh, analysis } = await workspace.deltaAgainst(baselineKey(commit, this.policy.policy), blobFactsOf(this.store), analyze);
    return { commit, refresh, analysis };
  }

  /**
   * The commit `ref` names now (BaseNotACommit when it is a range, an option or no commit) and
   * the moving ref it follows (a branch, a remote-tracking branch or HEAD; null for a tag or id).
   */
  async resolveRef(ref: string): Promise<{ commit: string; follows: string | null }> {
    if (!this.isGit) throw new RepographError('BaseNotACommit', `${this.root} is not a git repository, so it has no commits.`, { root: this.root });
    assertSingleCommitRef(ref);
    // Plain branches, HEAD and commit ids from git's files (ref-files.ts); the rest from git.
    const resolved = await resolveRefFromFiles(this.root, ref) ?? await resolveRefFollowing(this.root, ref);
    if (!resolved) throw noSuchCommit(this.root, ref);
    return resolved;
  }

  /** The commit a moving ref (as resolveRef's `follows` names it) points at now, read from git's files; null when gone. */
  followedCommit(ref: string): Promise<string | null> {
    return readRef(this.root, this.commonDir, ref);
  }

  /** True when `ancestor` is an ancestor of `descendant` (both commits). */
  isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    return isAncestor(this.root, ancestor, descendant);
  }

  /**
   * Runs `compute` over the two sides of a review (review-sides.ts): commit `base` against commit
   * `head`, or, without `head`, against the workspace `workspace` (refreshed first). Both refs
   * must each name one commit (BaseNotACommit otherwise); missing baselines are built from git
   * objects first.
   */
  reviewSides<A>(request: ReviewRequest, compute: (sides: ReviewSides) => Promise<A>): Promise<A> {
    if (!this.isGit) {
      throw new RepographError('BaseNotACommit', `${this.root} is not a git repository, so it has no commits to review.`, { root: this.root });
    }
    return runReviewSides({
      store: this.store, root: this.root, policy: this.policy.policy, getPool: this.host.getPool, workspace: (id) => this.workspace(id),
    }, request, compute);
  }

  /**
   * Starts what a review of commits `base` and `head` (full ids) can do before the index it
   * waits for is done: both listings and the head's changed blobs' extraction
   * (review-prefetch.ts). Never rejects; it changes no result.
   */
  prefetchReview(base: string, head: string): Promise<void> {
    if (!this.isGit) return Promise.resolve();
    return prefetchReviewCommits({ store: this.store, root: this.root, policy: this.policy.policy, getPool: this.host.getPool }, base, head)
      .catch(() => undefined);
  }

  /** Runs `read` over a commit's baseline (built when missing) or a workspace's publication. */
  headReader<A>(head: { commit: string } | { workspace: string }, read: (reader: import('@repograph/store').SnapshotReader) => A | Promise<A>): Promise<A> {
    return withHeadReader({
      store: this.store, root: this.root, policy: this.policy.policy, getPool: this.host.getPool, workspace: (id) => this.workspace(id),
    }, head, read);
  }

  /** The baselines in the store (baselines.ts listBaselines). */
  listBaselines(): BaselineListing[] {
    return listBaselines(this.store);
  }

  /** Removes baselines no workspace sits on (dry run by default). */
  cleanup(dryRun = true): Promise<{ removed: string[]; skippedInUse: string[] }> {
    return cleanupBaselines(this.store, dryRun);
  }

  /** The stored reviews (opaque artifacts by id; packages/review owns what they hold). */
  get reviews(): Pick<RepoStore, 'getReview' | 'putReview' | 'deleteReview' | 'listReviews'> {
    return this.store;
  }

  /** The fingerprint of what a build depends on (policy and versions): same inputs, same graph. */
  buildFingerprint(): string {
    return buildFingerprint(this.policy.policy);
  }

  /** True when the workspace has a published snapshot. */
  isIndexed(id: string = DEFAULT_WORKSPACE): boolean {
    return this.store.hasSnapshot(workspaceKey(id));
  }

  /** A query session over a workspace's current snapshot; NotIndexed before its first build. */
  query(id: string = DEFAULT_WORKSPACE): QuerySession {
    const workspace = this.workspace(id);
    const reader = this.store.reader(workspace.key);
    if (!reader) {
      throw new RepographError('NotIndexed', `${workspace.spec.root} has not been indexed yet; run \`repograph index\` first.`, { repoRoot: workspace.spec.root, workspace: id });
    }
    return new QuerySession(reader, workspaceText(workspace.guard, workspace.buffers()), this.policy.policy.budgets);
  }

  /**
   * A query session over commit `ref`'s baseline with no overlay (committed mode), built from git
   * objects when the store lacks it; its text is the commit's blobs, never the worktree. `ref`
   * must name one commit (BaseNotACommit for a range, an option-like or unknown ref, or outside
   * git). The caller closes the session.
   */
  async commitQuery(ref: string): Promise<{ commit: string; session: QuerySession }> {
    if (!this.isGit) {
      throw new RepographError('BaseNotACommit', `${this.root} is not a git repository, so it has no commits to read.`, { root: this.root });
    }
    const commit = await resolveBaseCommit(this.root, ref);
    const key = baselineKey(commit, this.policy.policy);
    let reader = this.store.reader(key);
    if (!reader) {
      let building = this.committing.get(commit);
      if (!building) {
        building = ensureBaseline({ store: this.store, root: this.root, commit, getPool: this.host.getPool, policy: this.policy.policy })
          .finally(() => this.committing.delete(commit));
        this.committing.set(commit, building);
      }
      await building;
      reader = this.store.reader(key);
    }
    if (!reader) throw new RepographError('StoreError', `the baseline of ${commit} was built but is not in the store; try again.`, { commit });
    const opened = reader;
    return { commit, session: new QuerySession(opened, commitText(this.root, commit, (path) => opened.file(path)), this.policy.policy.budgets) };
  }

  /** The git status of a workspace's root (dirty files, upstream, ahead/behind); null outside git or when git cannot tell. */
  async gitStatus(id: string): Promise<WorktreeGitStatus | null> {
    const workspace = this.workspace(id);
    return this.isGit ? worktreeGitStatus(workspace.spec.root) : null;
  }

  /**
   * What removing this repository's store would delete (index.removeRepo). StoreError when the
   * folder could not be removed safely (not a real folder of the data root: repo-removal.ts), so
   * a removal is refused before anything stops.
   */
  removalPlan(): RemovalPlan {
    if (this.dataRoot === null) throw new RepographError('StoreError', 'the data root of this store is unknown, so it cannot be removed.', { store: this.store.path });
    checkedStoreFolder(this.dataRoot, this.store.path);
    const snapshots = this.store.listSnapshots();
    return {
      store: this.store.path,
      bytes: folderBytes(this.store.path),
      workspaces: [...new Set([...snapshots.filter((s) => s.key.startsWith('workspace:')).map((s) => s.key.slice('workspace:'.length)),
        ...this.workspaces.keys()])].sort(),
      baselines: [...new Set(snapshots.filter((s) => s.key.startsWith('baseline:')).map((s) => commitOfBaselineKey(s.key)))].sort(),
      reviews: this.store.listReviews().length,
    };
  }

  /**
   * Deletes this repository's store folder, and nothing else (repo-removal.ts checks it lies in
   * the data root). Only after close(): the store must not be open.
   */
  removeStoreFiles(): void {
    if (this.dataRoot === null) throw new RepographError('StoreError', 'the data root of this store is unknown, so it is not removed.', { store: this.store.path });
    removeStoreFolder(this.dataRoot, this.store.path);
  }

  /** The store's generation counter (the last published generation of any snapshot). */
  generation(): number {
    return this.store.generation();
  }

  /** The store's random identity (a wiped store, or another data root, has another). */
  get storeId(): string {
    return this.store.storeId;
  }

  /** The store's size and counts. */
  storeStats(): ReturnType<RepoStore['stats']> {
    return this.store.stats();
  }

  /**
   * Holds the baseline publications offered from now on until the returned release is called: a
   * review of two commits answers from the bound graphs first (baseline-publications.ts).
   */
  holdPublications(): () => void {
    return holdPublications(this.store);
  }

  /** Resolves when a bound baseline waits on a hold to be stored (readable in memory now), or when `until` settles. */
  whenBaselineWaits(until: Promise<unknown>): Promise<void> {
    return whenPublicationWaits(this.store, until);
  }

  async close(): Promise<void> {
    // Baselines bound and not yet stored are written first (every hold is released).
    await publicationsSettled(this.store);
    await this.pool?.close();
    this.pool = null;
    await this.store.close();
  }

  /** Recreates the workspaces whose overlays the store holds (after a restart). */
  private restoreWorkspaces(): void {
    for (const summary of this.store.listSnapshots()) {
      if (!summary.key.startsWith('workspace:')) continue;
      const id = summary.key.slice('workspace:'.length);
      if (id === DEFAULT_WORKSPACE || this.workspaces.has(id)) continue;
      const reader = this.store.reader(summary.key);
      if (!reader) continue;
      const meta = reader.info.meta as { workspace?: { root?: string; pinnedBase?: string | null }; contents?: Record<string, string> };
      reader.close();
      const root = meta.workspace?.root ?? this.root;
      this.workspaces.set(id, new LiveWorkspace(this.host,
        { id, root, isGit: this.isGit, pinnedBase: meta.workspace?.pinnedBase ?? null }, meta.contents));
    }
  }

  /** The root of another worktree of this repository (same git common dir), real path. */
  private async worktreeRoot(path: string): Promise<string> {
    if (path.length > MAX_PATH_LENGTH) {
      throw new RepographError('InvalidParams', `workspace root is ${path.length} characters long; paths are at most ${MAX_PATH_LENGTH}.`, { field: 'root' });
    }
    if (!isAbsolute(path)) {
      throw new RepographError('InvalidParams', `workspace root '${path}' is not an absolute path; give the absolute path of a git worktree of this repository.`, { field: 'root' });
    }
    const dir = await existingDirectory(path, 'workspace root', 'give the absolute path of a git worktree of this repository');
    const git = this.isGit ? await gitRepoInfo(dir) : null;
    // A folder whose .git file merely names this repository is not enough: git itself must list
    // it as a worktree (its worktrees/<name>/gitdir points back at the folder).
    const listed = git && git.commonDir === this.commonDir && git.root === dir ? await listWorktrees(this.root) : [];
    if (!listed.includes(dir)) {
      throw new RepographError('PathOutsideRepo',
        `${path} is not a worktree of the repository at ${this.root}; create one with \`git worktree add\` and pass its top folder.`,
        { field: 'root', root: path });
    }
    return dir;
  }
}

async function existingDirectory(path: string, what: string, remedy: string): Promise<string> {
  try {
    const real = await realpath(path);
    if (!(await stat(real)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    return real;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RepographError('FileNotFound',
      `The ${what} '${path}' ${code === 'ENOTDIR' ? 'is not a directory' : 'does not exist or cannot be read'}; ${remedy}.`,
      { path });
  }
}
