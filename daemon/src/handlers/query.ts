/**
 * Query handlers: symbols.search/card/context, code.span/searchText, refs.find,
 * graph.callers/callees and repo.export. Each reads one immutable snapshot of the named
 * workspace (default: the live worktree), after the watcher caught up when `sync: true`, and
 * answers with `meta` naming that generation. Owns the protocol <-> engine conversion of queries.
 */
import { DEFAULT_WORKSPACE, type QuerySession } from '@repograph/engine';
import { WIRE_RELATION_KINDS, WIRE_SYMBOL_KINDS } from '@repograph/protocol';
import type { RelationKind, SymbolKind } from '@repograph/core';
import { metaOf, type ClientHandle, type DaemonContext } from '../context.js';
import { invalid, optionalBoolean, optionalInteger, optionalString, optionalStringArray, requiredInteger, requiredString, type Params } from '../params.js';
import type { HandlerTable } from './table.js';

/** Runs `read` over the workspace's current snapshot and attaches `meta`. */
export async function withSnapshot<T extends object>(
  context: DaemonContext, client: ClientHandle, params: Params, read: (session: QuerySession) => T | Promise<T>,
): Promise<T & { meta: ReturnType<typeof metaOf> }> {
  const started = performance.now();
  const workspace = optionalString(params, 'workspace') ?? DEFAULT_WORKSPACE;
  const live = context.repository.workspace(workspace);
  client.workspaces.add(workspace);
  // Before a workspace's first build there is nothing to read: wait for it rather than fail.
  if (!context.repository.isIndexed(workspace)) {
    await context.startedUp();
    await live.whenIdle();
  }
  let syncMs: number | undefined;
  if (optionalBoolean(params, 'sync')) {
    const syncStarted = performance.now();
    // Changes made while no daemon watched reach the index through the startup catch-up only.
    await context.startedUp();
    await context.live.sync(live.spec.root);
    await live.whenIdle();
    syncMs = Math.round((performance.now() - syncStarted) * 1000) / 1000;
  }
  return context.sessions.with(workspace, async (session) => {
    const result = await read(session) as T & { meta?: unknown };
    const { meta: _engineMeta, ...payload } = result;
    const partial = (session.info.report.materials.partial ?? 0) > 0;
    return {
      ...(payload as T),
      meta: metaOf(session.generation, workspace, started, syncMs === undefined ? {} : { syncMs }, partial ? 'partial' : 'full'),
    };
  });
}

export const queryHandlers: HandlerTable = {
  'symbols.search': (context, client, params) => withSnapshot(context, client, params, (session) => {
    const limit = optionalInteger(params, 'limit', 1, Number.MAX_SAFE_INTEGER);
    const kinds = optionalStringArray(params, 'kinds', WIRE_SYMBOL_KINDS) as SymbolKind[] | undefined;
    const path = optionalString(params, 'path');
    return session.search({ query: requiredString(params, 'query'), ...(kinds ? { kinds } : {}), ...(path ? { path } : {}), ...(limit ? { limit } : {}) });
  }),
  'symbols.card': (context, client, params) => withSnapshot(context, client, params, (session) => session.card({ id: requiredString(params, 'id') })),
  'symbols.context': (context, client, params) => withSnapshot(context, client, params, (session) => {
    const maxCallees = optionalInteger(params, 'maxCallees', 0, 1000);
    return session.context({ id: requiredString(params, 'id'), ...(maxCallees !== undefined ? { maxCallees } : {}) });
  }),
  'code.span': (context, client, params) => withSnapshot(context, client, params, (session) => session.span({
    path: requiredString(params, 'path'),
    startLine: requiredInteger(params, 'startLine', 1, Number.MAX_SAFE_INTEGER),
    endLine: requiredInteger(params, 'endLine', 1, Number.MAX_SAFE_INTEGER),
  })),
  'code.searchText': (context, client, params) => withSnapshot(context, client, params, (session) => {
    const limit = optionalInteger(params, 'limit', 1, Number.MAX_SAFE_INTEGER);
    const path = optionalString(params, 'path');
    return session.searchText({
      pattern: requiredString(params, 'pattern'), regex: optionalBoolean(params, 'regex') ?? false,
      ...(path ? { path } : {}), ...(limit ? { limit } : {}),
    });
  }),
  'refs.find': (context, client, params) => withSnapshot(context, client, params, (session) => {
    const kinds = optionalStringArray(params, 'kinds', WIRE_RELATION_KINDS) as RelationKind[] | undefined;
    return session.refs({ id: requiredString(params, 'id'), ...(kinds ? { kinds } : {}) });
  }),
  'graph.callers': (context, client, params) => withSnapshot(context, client, params, (session) => {
    const depth = optionalInteger(params, 'depth', 1, Number.MAX_SAFE_INTEGER);
    return session.callers({ id: requiredString(params, 'id'), ...(depth ? { depth } : {}) });
  }),
  'graph.callees': (context, client, params) => withSnapshot(context, client, params, (session) => {
    const depth = optionalInteger(params, 'depth', 1, Number.MAX_SAFE_INTEGER);
    return session.callees({ id: requiredString(params, 'id'), ...(depth ? { depth } : {}) });
  }),
  'repo.export': async (context, client, params) => {
    const format = params.format ?? 'jsonl';
    if (format !== 'jsonl') throw invalid('format', "only 'jsonl' is supported.");
    const exportId = optionalString(params, 'exportId') ?? `export-${client.id}-${Date.now().toString(36)}`;
    // One export at a time per connection; each streams one snapshot, a chunk at a time, waiting
    // for the client to read before the next (bounded memory however large the graph).
    return client.exports.run(exportId, () => withSnapshot(context, client, params, (session) => streamExport(session, client, exportId)));
  },
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
