/**
 * Params validators of index.status/report/ensureBaseline/cleanup and delta.since: raw JSON in,
 * the protocol's declared params out, InvalidParams naming the field otherwise (commit-ishes at
 * most MAX_REVISION_PARAM characters). Owns these checks only.
 */
import type { DeltaSinceParams, IndexCleanupParams, IndexEnsureBaselineParams } from '@repograph/protocol';
import { MAX_REVISION_PARAM, optionalBoolean, optionalRevision, requiredString, type Params } from '../params.js';
import { queryScope } from './query-params.js';

export function ensureBaselineParams(raw: Params): IndexEnsureBaselineParams {
  const commit = optionalRevision(raw, 'commit');
  return commit !== undefined ? { commit } : {};
}

export function cleanupParams(raw: Params): IndexCleanupParams {
  const dryRun = optionalBoolean(raw, 'dryRun');
  return dryRun !== undefined ? { dryRun } : {};
}

export function deltaSinceParams(raw: Params): DeltaSinceParams {
  return { ...queryScope(raw), base: requiredString(raw, 'base', MAX_REVISION_PARAM) };
}
