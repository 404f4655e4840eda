/**
 * The answer of a refresh that carries a structural delta (`workspace.refresh`, `edit.apply`):
 * the delta of the published generation, how it was bound, and `meta`. Owns that shape.
 */
import type { StructuralDelta } from '@repograph/analysis';
import type { WorkspaceRefresh } from '@repograph/engine';
import type { WorkspaceRefreshResult } from '@repograph/protocol';
import { metaOf } from '../context.js';
import { deltaPayload } from '../live-trees.js';

/** A refresh, or a dry run, with the delta it analyzed. */
export type AnalyzedRefresh = Pick<WorkspaceRefresh<StructuralDelta>, 'analysis' | 'change' | 'generation' | 'bind'>;

export function deltaResult(id: string, result: AnalyzedRefresh, started: number): WorkspaceRefreshResult {
  const { workspace: _w, generation: _g, ...delta } = deltaPayload(id, result);
  return { ...delta, rebind: result.bind, meta: metaOf(result.generation, id, started, { reingestMs: result.change.reingestMs }) };
}
