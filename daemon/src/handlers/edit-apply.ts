/**
 * edit.apply: the params are validated by the session (edit-apply params in
 * workspace-params.ts) and every edit planned here before anything waits (engine edit-files.ts:
 * paths through the workspace's PathGuard, targets regular files or absent, `replace.old`
 * exactly once), so a bad batch is refused at once and nothing is written. Then every earlier
 * change on disk is indexed, the edits are planned again over the current files and written all
 * or nothing, the written paths re-indexed, and the structural delta returned. Owns the answer.
 */
import { DEFAULT_WORKSPACE, planEdits, writePlanned, type EditRequest } from '@repograph/engine';
import type { EditApplyParams, EditApplyResult } from '@repograph/protocol';
import { metaOf, type ClientHandle, type DaemonContext } from '../context.js';
import { deltaResult } from './delta-result.js';
import { dryRunEdits } from './edit-dry-run.js';

export async function applyEdits(context: DaemonContext, client: ClientHandle, params: EditApplyParams): Promise<EditApplyResult> {
  const started = performance.now();
  const id = params.workspace ?? DEFAULT_WORKSPACE;
  const workspace = context.repository.workspace(id);
  client.workspaces.add(id);
  const requests = params.edits.map((edit, index): EditRequest => ({ ...edit, field: `edits.${index}` }));
  const guard = workspace.guard;
  planEdits(guard, requests);
  if (params.dryRun === true) return dryRunEdits(context, id, requests, params.renames, started);
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
  const result = await context.live.refresh(id, { paths: written, ...(params.renames ? { declaredRenames: params.renames } : {}) });
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
