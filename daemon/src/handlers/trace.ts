/**
 * The overview handlers: graph.trace (a call tree with each node's architecture facts) and
 * repo.summarize (the repository's overview). Each reads one snapshot through withSnapshot (a
 * workspace's, or with `commit` that commit's baseline) and answers the engine's result with
 * `meta`; repo.summarize is given analysis's test-file rule. graph.trace's `depth` is checked here
 * for its range (1 to 8) and by the engine against the `queries.depth` budget of the policy in
 * force. Owns their params and their part of the method table.
 */
import { isTestPath } from '@repograph/analysis';
import { TRACE_MAX_DEPTH } from '@repograph/engine';
import type { GraphTraceParams, RepoSummarizeParams } from '@repograph/protocol';
import { invalid, requiredString, type Params } from '../params.js';
import { readScope } from './query-params.js';
import { withSnapshot } from './query.js';
import type { MethodTablePart } from './table.js';

export function graphTraceParams(raw: Params): GraphTraceParams {
  const entry = requiredString(raw, 'entry');
  const depth = raw.depth;
  if (depth !== undefined && depth !== null && (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > TRACE_MAX_DEPTH)) {
    throw invalid('depth', `must be an integer from 1 to ${TRACE_MAX_DEPTH} (default 4).`);
  }
  return { ...readScope(raw), entry, ...(typeof depth === 'number' ? { depth } : {}) };
}

export function repoSummarizeParams(raw: Params): RepoSummarizeParams {
  return readScope(raw);
}

export const overviewMethods: MethodTablePart<'graph.trace' | 'repo.summarize'> = {
  'graph.trace': { params: graphTraceParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.trace(params)) },
  'repo.summarize': {
    params: repoSummarizeParams,
    handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.summarize({ isTestFile: isTestPath })),
  },
};
