/**
 * edit.apply with `dryRun: true`: the structural delta the edits would cause against the
 * workspace's current generation, with nothing written to disk and nothing published (no new
 * generation, no graph.delta, the workspace's state the same after). Like a real apply, every
 * earlier change on disk is indexed first and the edits are planned over the current files;
 * the engine then runs its refresh stages with the planned texts in memory (LiveWorkspace.dryRun).
 * Owns the answer's shape.
 */
import { planEdits, type EditRequest } from '@repograph/engine';
import type { DeclaredRename, EditApplyResult } from '@repograph/protocol';
import { metaOf, type DaemonContext } from '../context.js';
import { deltaResult } from './delta-result.js';

export async function dryRunEdits(
  context: DaemonContext, id: string, requests: readonly EditRequest[], renames: DeclaredRename[] | undefined, started: number,
): Promise<EditApplyResult> {
  const workspace = context.repository.workspace(id);
  await context.startedUp();
  await context.live.sync(workspace.spec.root);
  const plan = planEdits(workspace.guard, requests);
  const paths = plan.map((w) => w.relative);
  const result = await context.live.dryRun(id, new Map(plan.map((w) => [w.relative, w.text] as const)), renames);
  if (result.indexed.length === 0) {
    return {
      dryRun: true, written: [], indexed: false,
      noDelta: `${paths.join(', ')} ${paths.length === 1 ? 'is' : 'are'} not indexed, so the edit has no structural delta.`,
      paths, reparsed: [], affected: [], removedFiles: [], symbols: { added: [], removed: [], renamed: [], changed: [] },
      danglingCallers: [], signatureChanges: [], arityFindings: [], newDuplicates: [], newImportCycles: [], testsReaching: [],
      reingestMs: result.change.reingestMs, deltaMs: 0, meta: metaOf(result.generation, id, started),
    };
  }
  return { dryRun: true, written: [], indexed: true, ...deltaResult(id, result, started) };
}
