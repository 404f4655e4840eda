/**
 * Index handlers: index.status (with the root's git status), index.report,
 * index.ensureBaseline, index.listBaselines and index.cleanup. Owns their protocol shapes over
 * the engine's repository.
 */
import { computeDeltaPausing } from '@repograph/analysis';
import { commitOfBaselineKey, DEFAULT_WORKSPACE } from '@repograph/engine';
import type { RefreshFailure } from '../live-trees.js';
import { metaOf } from '../context.js';
import { cleanupParams, deltaSinceParams, ensureBaselineParams } from './index-params.js';
import { withSnapshot } from './query.js';
import { queryScope } from './query-params.js';
import { noParams, type MethodTablePart } from './table.js';
import { refuseBadRefsWhileStarting } from './early-refs.js';

type IndexMethod = 'index.status' | 'index.report' | 'index.ensureBaseline' | 'index.listBaselines' | 'index.cleanup' | 'delta.since';

/** The index methods' (and delta.since's) part of the method table. */
export const indexMethods: MethodTablePart<IndexMethod> = {
  'index.status': { params: queryScope, handle: async (context, client, params) => {
    const started = performance.now();
    const workspace = params.workspace ?? DEFAULT_WORKSPACE;
    const live = context.repository.workspace(workspace);
    client.workspaces.add(workspace);
    // Read when answering (after any `sync` wait), so the state matches the snapshot answered from.
    const stateNow = () => {
      const failure = context.live.failure(workspace);
      return { failure, state: context.live.isIndexing(workspace) ? 'indexing' as const : failure ? 'error' as const : 'idle' as const };
    };
    if (!context.repository.isIndexed(workspace) && params.sync === true) {
      await context.startedUp();
      await live.whenIdle();
    }
    // Read without the index lock (GIT_OPTIONAL_LOCKS=0), alongside the rest.
    const git = context.repository.gitStatus(workspace);
    if (!context.repository.isIndexed(workspace)) {
      const { failure } = stateNow();
      return {
        state: failure ? 'error' : 'indexing', head: null, baseline: null, files: 0, symbols: 0, relations: 0, unresolved: 0,
        progress: { done: 0, total: 0 }, lastReport: null, ...failureFields(failure), git: await git,
        meta: metaOf(0, workspace, started),
      };
    }
    const listed = context.repository.listWorkspaces().find((info) => info.id === workspace);
    const head = await context.repository.workspaceHead(workspace);
    const gitStatus = await git;
    const stale = listed !== undefined && await context.repository.isStale(listed);
    return withSnapshot(context, client, params, (session) => {
      const info = session.info;
      const { failure, state } = stateNow();
      return {
        state, head: head ?? (info.meta.head as string | null | undefined) ?? null, stale: stale || failure !== undefined,
        baseline: info.base ? commitOfBaselineKey(info.base) : null,
        files: info.fileCount, symbols: info.symbolCount, relations: info.relationCount, unresolved: info.unresolvedCount,
        progress: { done: 0, total: 0 }, lastReport: { ...info.report, generation: session.generation }, ...failureFields(failure),
        warm: live.warm, git: gitStatus,
      };
    });
  } },
  'index.report': { params: queryScope, handle: (context, client, params) => withSnapshot(context, client, params, (session) => ({ ...session.info.report, generation: session.generation })) },
  'index.ensureBaseline': { params: ensureBaselineParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const result = await context.repository.ensureBaseline(params.commit);
    return { ...result, meta: metaOf(result.report?.generation ?? context.hub.clock(), DEFAULT_WORKSPACE, started) };
  } },
  'index.listBaselines': { params: noParams, handle: async (context) => {
    const started = performance.now();
    return { baselines: context.repository.listBaselines(), meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  } },
  'index.cleanup': { params: cleanupParams, handle: async (context, _client, params) => {
    const started = performance.now();
    const dryRun = params.dryRun ?? true;
    const result = await context.repository.cleanup(dryRun);
    return { dryRun, ...result, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  } },
  'delta.since': { params: deltaSinceParams, handle: async (context, client, params) => {
    const started = performance.now();
    const { base } = params;
    const workspace = params.workspace ?? DEFAULT_WORKSPACE;
    context.repository.workspace(workspace);
    client.workspaces.add(workspace);
    await refuseBadRefsWhileStarting(context, { refs: [base] });
    await context.startedUp();
    const { commit, refresh, analysis } = await context.repository.deltaSince(workspace, base, (input) => computeDeltaPausing(input));
    if (refresh.published) context.sessions.invalidate(workspace, refresh.coldStart ? null : refresh.change.paths);
    return { ...analysis, base: commit, meta: metaOf(refresh.generation, workspace, started) };
  } },
};

/** The `error` fields of index.status for a failed refresh (none when the last one succeeded). */
function failureFields(failure: RefreshFailure | undefined): { error?: string; errorCode?: string; errorData?: Record<string, unknown> } {
  if (!failure) return {};
  return { error: failure.message, ...(failure.code ? { errorCode: failure.code } : {}), ...(failure.data ? { errorData: failure.data } : {}) };
}
