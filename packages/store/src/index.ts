/**
 * @repograph/store: the LMDB store of one repository (fact cache, baselines, overlays, the merged
 * snapshot reader) and the git plumbing it is built from. Imports @repograph/core only.
 */
export { openRepoStore } from './repo-store.js';
export { repoIdFor } from './repo-id.js';
export { storeDirectory } from './environment.js';
export { SCHEMA_VERSION } from './versions.js';
export { isFullObjectId } from './object-id.js';
export { BASELINE_PREFIX, WORKSPACE_PREFIX } from './publish-input.js';
export { compareCodePoints } from './keys.js';
export { unpublishedReader } from './unpublished-reader.js';
export type {
  FactsEntry, FileEntry, FileStatus, OpenRepoStoreOptions, PathGroup, PublishInput, RepoStore, SnapshotInfo,
  SnapshotLayerName, SnapshotReader, SnapshotStorage, SnapshotSummary, StoreStats,
} from './types.js';
export { gitRepoInfo, hashBlob, isAncestor, listTree, listWorktreeFiles, listWorktrees, MAX_REVISION_LENGTH, readFileAtCommit, resolveCommit, resolveRefFollowing } from './git.js';
export type { GitRepoInfo, SkippedEntry, TreeEntry, TreeListing, WorktreeListing } from './git.js';
export { readBlobs } from './git-blobs.js';
export { gitObjects, type GitObject, type GitObjectReader } from './git-objects.js';
export { listTreeFrom, type TreeDiffLimits } from './git-tree-diff.js';
export { diffFiles } from './git-diff.js';
export { runGit, type GitResult } from './git-run.js';
export { gitEnvironment, gitSpawnerStatus, useGitSpawner } from './git-spawner.js';
export type { DiffEntry } from './git-diff.js';
export type { BlobContent, ReadBlobsOptions, ReadBlobsResult } from './git-blobs.js';
