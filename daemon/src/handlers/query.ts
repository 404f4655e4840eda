/**
 * Query handlers: symbols.search/card/context, code.span/searchText, refs.find,
 * graph.callers/callees and repo.export. Each reads one immutable snapshot of the named
 * workspace (default: the live worktree), after the watcher caught up when `sync: true`, or, with
 * `commit`, that commit's baseline (meta.workspace `commit:<sha>`), and answers with `meta`
 * naming that generation. Owns the protocol <-> engine conversion of queries.
 */
import { DEFAULT_WORKSPACE, type QuerySession } from '@repograph/engine';
import type { Meta, ReadScope } from '@repograph/protocol';
import { metaOf, type ClientHandle, type DaemonContext } from '../context.js';
import {
  callersParams, callTreeParams, codeSearchTextParams, codeSpanParams, refsFindParams, repoExportParams, symbolIdParams, symbolsContextParams,
  symbolsSearchParams,
} from './query-params.js';
import type { MethodTablePart } from './table.js';
import { answerSemanticLevel } from './semantic-level.js';

/**
 * Runs `read` over the workspace's current snapshot, or over commit `scope.commit`'s baseline
 * (built when missing; `meta.workspace` is then `commit:<full sha>` and `sync` is moot), and
 * attaches `meta` (an engine answer's own `meta` is dropped). `scope` is validated already: this
 * is where a query may wait.
 */
export async function withSnapshot<T extends object>(
  context: DaemonContext, client: ClientHandle, scope: ReadScope, read: (session: QuerySession) => T | Promise<T>,
): Promise<Omit<T, 'meta'> & { meta: Meta }> {
  const started = performance.now();
  if (scope.commit !== undefined) {
    return context.commits.with(scope.commit, async (session, commit) => {
      const { meta: _engineMeta, ...payload } = await read(session) as T & { meta?: unknown };
      const partial = (session.info.report.materials.partial ?? 0) > 0;
      return { ...payload, meta: metaOf(session.generation, `${COMMIT_SCOPE_PREFIX}${commit}`, started, {}, answerSemanticLevel(payload, partial, session.hasSyntaxTierFiles())) };
    });
  }
  const workspace = scope.workspace ?? DEFAULT_WORKSPACE;
  const live = context.repository.workspace(workspace);
  client.workspaces.add(workspace);
  // Before a workspace's first build there is nothing to read: wait for it rather than fail.
  if (!context.repository.isIndexed(workspace)) {
    await context.startedUp();
    await live.whenIdle();
  }
  let syncMs: number | undefined;
  if (scope.sync === true) {
    const syncStarted = performance.now();
    // Changes made while no daemon watched reach the index through the startup catch-up only.
    await context.startedUp();
    await context.live.sync(live.spec.root);
    await live.whenIdle();
    syncMs = Math.round((performance.now() - syncStarted) * 1000) / 1000;
  }
  return context.sessions.with(workspace, async (session) => {
    const { meta: _engineMeta, ...payload } = await read(session) as T & { meta?: unknown };
    const partial = (session.info.report.materials.partial ?? 0) > 0;
    return {
      ...payload,
      meta: metaOf(session.generation, workspace, started, syncMs === undefined ? {} : { syncMs }, answerSemanticLevel(payload, partial, session.hasSyntaxTierFiles())),
    };
  });
}

/** `meta.workspace` of an answer read from a commit's baseline: `commit:<full sha>`. */
export const COMMIT_SCOPE_PREFIX = 'commit:';

type QueryMethod = 'symbols.search' | 'symbols.card' | 'symbols.context' | 'code.span' | 'code.searchText' | 'refs.find'
  | 'graph.callers' | 'graph.callees' | 'repo.export';

/** The queries' part of the method table. */
export const queryMethods: MethodTablePart<QueryMethod> = {
  'symbols.search': { params: symbolsSearchParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.search(params)) },
  'symbols.card': { params: symbolIdParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.card(params)) },
  'symbols.context': { params: symbolsContextParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.context(params)) },
  'code.span': { params: codeSpanParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.span(params)) },
  'code.searchText': { params: codeSearchTextParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.searchText({ ...params, regex: params.regex ?? false })) },
  'refs.find': { params: refsFindParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.refs(params)) },
  'graph.callers': { params: callersParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.callers(params)) },
  'graph.callees': { params: callTreeParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.callees(params)) },
  'repo.export': { params: repoExportParams, handle: async (context, client, params) => {
    const exportId = params.exportId ?? `export-${client.id}-${Date.now().toString(36)}`;
    // One export at a time per connection; each streams one snapshot, a chunk at a time, waiting
    // for the client to read before the next (bounded memory however large the graph).
    return client.exports.run(exportId, () => withSnapshot(context, client, params, (session) => streamExport(session, client, exportId)));
  } },
};

/** Sends every record of the snapshot as `repo.exportChunk` notifications; returns the counts. */
async function streamExport(session: QuerySession, client: ClientHandle, exportId: string): Promise<{ exportId: string; symbols: number; relations: number }> {
  let symbols = 0;
  let relations = 0;
  let lines: string[] = [];
  let bytes = 0;
  const send = async (): Promise<void> => {
    await client.exports.room(exportId);
    void client.sendNotification('repo.exportChunk', { exportId, lines });
    lines = [];
    bytes = 0;
  };
  for (const { type, record } of session.exportRecords()) {
    if (type === 'symbol') symbols++; else relations++;
    const line = JSON.stringify({ type, ...record });
    lines.push(line);
    bytes += line.length;
    if (lines.length >= EXPORT_CHUNK_LINES || bytes >= EXPORT_CHUNK_BYTES) await send();
  }
  if (lines.length > 0) await send();
  await client.exports.room(exportId);
  return { exportId, symbols, relations };
}

const EXPORT_CHUNK_LINES = 2000;
/** A chunk also ends once its lines reach this many characters. */
const EXPORT_CHUNK_BYTES = 1024 * 1024;
