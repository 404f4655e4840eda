/**
 * edit.apply: the params are checked and every edit planned before anything waits (engine
 * edit-files.ts: paths through the workspace's PathGuard, targets regular files or absent,
 * `replace.old` exactly once), so a bad batch is refused at once and nothing is written. Then
 * every earlier change on disk is indexed, the edits are planned again over the current files
 * and written all or nothing, the written paths re-indexed, and the structural delta returned.
 * Owns the protocol shape of edits and of the answer.
 */
import { DEFAULT_WORKSPACE, planEdits, repositoryPath, writePlanned, type EditRequest } from '@repograph/engine';
import { metaOf, type ClientHandle, type DaemonContext } from '../context.js';
import { invalid, optionalBoolean, optionalString, type Params } from '../params.js';
import { deltaResult } from './delta-result.js';

/** More edits than this in one request are refused. */
const MAX_EDITS = 10_000;

export async function applyEdits(context: DaemonContext, client: ClientHandle, params: Params): Promise<object> {
  const started = performance.now();
  const id = optionalString(params, 'workspace') ?? DEFAULT_WORKSPACE;
  const workspace = context.repository.workspace(id);
  client.workspaces.add(id);
  const dryRun = optionalBoolean(params, 'dryRun') ?? false;
  const requests = editRequests(params.edits);
  const renames = declaredRenames(params);
  const guard = workspace.guard;
  const checked = planEdits(guard, requests);
  if (dryRun) return { dryRun: true, written: [], paths: checked.map((w) => w.relative), meta: metaOf(context.hub.clock(), id, started) };
  // The delta must be this edit's: every earlier change on disk is indexed first (the watcher's
  // refresh of an earlier write would otherwise read these files, even half written, and take
  // the change), then the files are written and the refresh queued in one turn of the event
  // loop, before the watcher can deliver a batch of its own.
  const root = workspace.spec.root;
  await context.startedUp();
  await context.live.sync(root);
  await workspace.whenIdle();
  const plan = planEdits(guard, requests);
  writePlanned(guard, plan);
  const written = plan.map((w) => w.relative);
  const result = await context.live.refresh(id, { paths: written, ...(renames ? { declaredRenames: renames } : {}) });
  const indexed = await context.sessions.with(id, (session) => written.filter((path) => session.hasFile(path)));
  if (indexed.length === 0) {
    // Written, but nothing the index admits (a document type it skips, an excluded folder...).
    return {
      dryRun: false, written, indexed: false, noDelta: `${written.join(', ')} ${written.length === 1 ? 'is' : 'are'} not indexed, so the edit has no structural delta.`,
      paths: written, reparsed: [], affected: [], removedFiles: [], symbols: { added: [], removed: [], renamed: [], changed: [] },
      reingestMs: result.change.reingestMs, deltaMs: 0, meta: metaOf(result.generation, id, started),
    };
  }
  return { dryRun: false, written, indexed: true, ...deltaResult(id, result, started) };
}

/** The `edits` param as engine requests; InvalidParams naming the first bad field. */
function editRequests(edits: unknown): EditRequest[] {
  if (!Array.isArray(edits) || edits.length === 0) throw invalid('edits', 'a non-empty array of {path, content} or {path, replace: {old, new}} is required.');
  if (edits.length > MAX_EDITS) throw invalid('edits', `${edits.length} edits in one request; at most ${MAX_EDITS}.`);
  return edits.map((edit, index): EditRequest => {
    const field = `edits.${index}`;
    if (typeof edit !== 'object' || edit === null || Array.isArray(edit)) throw invalid(field, 'must be an object.');
    const { path, content, replace } = edit as { path?: unknown; content?: unknown; replace?: { old?: unknown; new?: unknown } };
    if (typeof path !== 'string' || path === '') throw invalid(`${field}.path`, 'a non-empty path relative to the repository root is required.');
    if (typeof content === 'string') return { path, field, content };
    if (replace && typeof replace === 'object' && typeof replace.old === 'string' && typeof replace.new === 'string') {
      if (replace.old === '') throw invalid(`${field}.replace.old`, 'must not be empty.');
      return { path, field, replace: { old: replace.old, new: replace.new } };
    }
    throw invalid(field, 'give `content` (the whole file) or `replace: {old, new}`.');
  }).map((request) => ({ ...request, path: repositoryPath(request.path, `${request.field}.path`) }));
}

/** `renames: [{old, new}]`: symbol renames the caller made on purpose (ids before and after). */
function declaredRenames(params: Params): Array<{ old: string; new: string }> | undefined {
  const value = params.renames;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid('renames', 'must be an array of {old, new} symbol ids.');
  return value.map((entry, index) => {
    const item = entry as { old?: unknown; new?: unknown };
    if (typeof item !== 'object' || item === null || typeof item.old !== 'string' || typeof item.new !== 'string') {
      throw invalid(`renames.${index}`, 'must be {old, new} with two symbol ids.');
    }
    return { old: item.old, new: item.new };
  });
}
