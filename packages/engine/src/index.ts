/**
 * @repograph/engine: the analysis host. Workspaces kept bound in memory and refreshed
 * incrementally (scan -> facts -> bind -> publish), baselines from git objects, and query
 * sessions over immutable snapshots, in domain types only.
 */
export {
  openRepository, resolveDataRoot, Repository, DEFAULT_WORKSPACE,
  type OpenRepositoryOptions, type IndexOptions, type WorkspaceInfo,
} from './repository.js';
export { LiveWorkspace, workspaceKey, type Analyze, type ChangeBatch, type DryRunRefresh, type WorkspaceSpec, type RefreshOptions, type WorkspaceRefresh } from './live-workspace.js';
export { pathStatOf, type PathStat } from './worktree-scan.js';
export type { GraphChangeSummary } from './graph-change.js';
export { commitOfBaselineKey, type BaselineResult } from './baseline.js';
export { soleMatch, type NameEntry } from './search-rank.js';
export { QuerySession, type AnswerMeta, type CallTreeNode, type DefinitionSource, type SymbolCard, type ReferenceHit, type SourceSpan, type TextMatch } from './query.js';
export type { HierarchyMethod, HierarchyRelation, HierarchyType, TypeHierarchy, UnresolvedBase } from './hierarchy.js';
export type { PathHop, PathSearch, SymbolPath } from './path-search.js';
export type { FileOutline, OutlineEntry } from './outline.js';
export { TRACE_DEFAULT_DEPTH, TRACE_MAX_DEPTH, type CallTrace, type TraceNode, type TraceEndpoint, type TraceConfigKey, type TraceTable } from './trace.js';
export type { RepoSummary, Bounded, LanguageCount, SummaryEndpoint, SummaryConfigKey, SummaryTable, DependedOnModule, FolderCluster, SummaryOptions } from './summarize.js';
export type { PackageSummary, EntryPoint } from './summarize-packages.js';
export type { ArchitectureFacts } from './architecture-facts.js';
export type { WorktreeGitStatus } from './git-status.js';
export {
  surfaceIndexOf, clearSurfaceCaches, joinPath, MAX_MOUNT_CHAINS, MAX_MOUNT_DEPTH,
  type SurfaceIndex, type SurfaceIndexStats, type SurfaceFilter, type Endpoint, type EndpointMount, type ConfigKey,
  type ConfigKeySite, type DbTable, type TableSite, type SurfaceSite, type SymbolSurfaceFact, type FileSurfaces,
} from './surfaces-index.js';
export { SURFACES_LIMIT, type SurfaceListParams, type EndpointList, type ConfigKeyList, type DbTableList } from './surfaces-query.js';
export type { RemovalPlan } from './repo-removal.js';
export type { SessionText, TextSource } from './session-text.js';
export { SourceReader, repositoryPath, repositoryPrefix, MAX_PATH_LENGTH } from './source-text.js';
export { PathGuard, type GuardedPath } from './path-guard.js';
export { readRegularFileSync, describeReadProblem, type RegularFileRead } from './regular-file.js';
export { compileLinearRegex, MAX_PATTERN_LENGTH } from './linear-regex.js';
export { planEdits, writePlanned, type EditRequest, type PlannedWrite } from './edit-files.js';
export { ExtractionPool, type ExtractionJob, type ExtractionPoolOptions } from './pool.js';
export { gitDirOf } from './git-head.js';
export type { ReviewSides } from './review-sides.js';
export type { DiffEntry, SnapshotReader } from '@repograph/store';
/** The daemon runs its git commands through a spawner process (store git-spawner.ts says why). */
export { gitSpawnerStatus, useGitSpawner } from '@repograph/store';

/** The snapshot key of the live worktree. */
export const WORKTREE_KEY = 'workspace:default';
export { createWatchFilter, type WatchFilter } from './watch-filter.js';
export type { Definition, CallArguments, SiteRelation, GraphSide, DeltaInput } from './delta-view.js';
export { POLICY_FILE_NAME } from '@repograph/graph';
