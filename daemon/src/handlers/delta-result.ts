/**
 * The answer of a refresh that carries a structural delta (`workspace.refresh`, `edit.apply`):
 * the delta of the published generation, how it was bound, and `meta`. Owns that shape.
 */
import type { WorkspaceRefresh } from '@repograph/engine';
import { metaOf } from '../context.js';
import { deltaPayload } from '../live-trees.js';

export function deltaResult(id: string, result: WorkspaceRefresh, started: number): object {
  const { workspace: _w, generation: _g, ...delta } = deltaPayload(id, result);
  return { ...delta, rebind: result.bind, meta: metaOf(result.generation, id, started, { reingestMs: result.change.reingestMs }) };
}
