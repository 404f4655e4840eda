/**
 * @repograph/engine: the analysis host. Builds (scan -> facts -> bind -> publish) and query
 * sessions over immutable snapshots, in domain types only.
 */
export { openRepository, resolveDataRoot, Repository, type OpenRepositoryOptions, type IndexOptions } from './repository.js';
export { QuerySession, type AnswerMeta, type CallTreeNode, type SymbolCard, type ReferenceHit } from './query.js';
export { ExtractionPool, type ExtractionJob, type ExtractionPoolOptions } from './pool.js';
export { WORKTREE_KEY } from './indexer.js';
