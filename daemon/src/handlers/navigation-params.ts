/**
 * Params validators of the navigation queries (types.hierarchy, graph.path, symbols.definition,
 * symbols.outline)
 * and of index.removeRepo: raw JSON in, the protocol's declared params out, InvalidParams naming
 * the field otherwise. graph.path's `maxDepth` is checked here for its range (1 up) and by the
 * engine against the `queries.depth` budget of the policy in force. Owns these checks only.
 */
import type { GraphPathParams, IndexRemoveRepoParams, SymbolsOutlineParams } from '@repograph/protocol';
import { invalid, optionalBoolean, optionalInteger, requiredString, type Params } from '../params.js';
import { insideRepository, readScope } from './query-params.js';

/** The most paths one graph.path answers (the results budget may be lower). */
export const MAX_PATHS = 100;

export function graphPathParams(raw: Params): GraphPathParams {
  const from = requiredString(raw, 'from');
  const to = requiredString(raw, 'to');
  if (raw.maxDepth === 0) throw invalid('maxDepth', 'must be at least 1 (a path has at least one hop).');
  const maxDepth = optionalInteger(raw, 'maxDepth', 1, Number.MAX_SAFE_INTEGER);
  const maxPaths = optionalInteger(raw, 'maxPaths', 1, MAX_PATHS);
  return { ...readScope(raw), from, to, ...(maxDepth !== undefined ? { maxDepth } : {}), ...(maxPaths !== undefined ? { maxPaths } : {}) };
}

/** The most declarations one symbols.outline lists (the results budget may be lower). */
export const MAX_OUTLINE = 2000;

export function outlineParams(raw: Params): SymbolsOutlineParams {
  const path = insideRepository(requiredString(raw, 'path'), 'path');
  const exportedOnly = optionalBoolean(raw, 'exportedOnly');
  const limit = optionalInteger(raw, 'limit', 1, MAX_OUTLINE);
  return { ...readScope(raw), path, ...(exportedOnly !== undefined ? { exportedOnly } : {}), ...(limit !== undefined ? { limit } : {}) };
}

export function removeRepoParams(raw: Params): IndexRemoveRepoParams {
  const dryRun = optionalBoolean(raw, 'dryRun');
  return dryRun !== undefined ? { dryRun } : {};
}
