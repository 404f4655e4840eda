/**
 * A dry run: the delta a set of new file texts would cause, with nothing written and nothing
 * published. The texts go through the stages as unsaved buffers of this run only (a path that
 * already has a buffer keeps it, as writing the file would not change what the tree reads), up
 * to a bound tree; the delta stage then reads the current publication as the before side and
 * the bound tree in memory (pending-reader.ts) as the after side. A warm workspace's tree is
 * then bound back from disk over the same paths, so its state is what it was (costing one more
 * incremental bind); a cold one binds a tree of its own and throws it away. Owns that sequence.
 */
import { changeFromStored } from '../stored-side.js';
import { findGroup } from '../graph-change.js';
import { createWatchFilter } from '../watch-filter.js';
import { admit } from './admit.js';
import { analyzeChange, factsBefore } from './delta.js';
import { PendingReader } from './pending-reader.js';
import { currentHead, type StateCell } from './pipeline.js';
import type { LiveState } from './state.js';
import { Stopwatch } from './stopwatch.js';
import { bindTree, touchedPaths, type BoundTree } from './tree.js';
import type { Analyze, DryRunRefresh, RefreshContext } from './types.js';

export interface DryRunInput<A> {
  context: RefreshContext;
  cell: StateCell;
  /** The workspace's unsaved buffers (not changed by the run). */
  buffers: ReadonlyMap<string, Uint8Array>;
  /** The new text of each edited path (root-relative). */
  edits: ReadonlyMap<string, string>;
  analyze: Analyze<A>;
  declaredRenames?: Array<{ old: string; new: string }> | undefined;
}

export async function runDryRun<A>(input: DryRunInput<A>): Promise<DryRunRefresh<A>> {
  const { context, cell, buffers, edits } = input;
  const withEdits = new Map(buffers);
  for (const [path, text] of admittedEdits(context, cell.state, edits)) if (!buffers.has(path)) withEdits.set(path, Buffer.from(text, 'utf8'));
  const paths = [...edits.keys()];
  const state = cell.state;
  const stopwatch = new Stopwatch();
  const head = state ? state.head : await currentHead(context);
  const bindWith = async (from: LiveState | null, treeBuffers: ReadonlyMap<string, Uint8Array>, cacheFacts: boolean): Promise<BoundTree> => {
    const admitted = await admit({ context, state: from, paths, batch: undefined, touchedBuffers: [], clearedBuffers: false });
    return bindTree({ context, state: from, head, admitted, buffers: treeBuffers, stopwatch, cacheFacts });
  };
  try {
    const tree = await bindWith(state, withEdits, false);
    const reingestMs = stopwatch.elapsedMs();
    const result = await analyzeDry(input, state, tree, withEdits, reingestMs);
    // Back to the tree as it is on disk (the bound state must stay the published one).
    if (state) cell.state = (await bindWith(tree.next, buffers, true)).next;
    return result;
  } catch (error) {
    cell.state = null;
    throw error;
  }
}

/**
 * The edits a real write would have the tree read: a new path that .gitignore (or info/exclude)
 * ignores is left out, as the scan after a real write would leave it out (a buffer is admitted by
 * the material policy alone).
 */
function admittedEdits(context: RefreshContext, state: LiveState | null, edits: ReadonlyMap<string, string>): Map<string, string> {
  const filter = createWatchFilter(context.spec.root, context.host.policy);
  const admitted = new Map<string, string>();
  for (const [path, text] of edits) if (state?.files.has(path) || !filter.ignores(path, false)) admitted.set(path, text);
  return admitted;
}

/** The delta of the bound tree `tree` against the current publication. */
async function analyzeDry<A>(
  input: DryRunInput<A>, state: LiveState | null, tree: BoundTree, withEdits: ReadonlyMap<string, Uint8Array>, reingestMs: number,
): Promise<DryRunRefresh<A>> {
  const { context, edits } = input;
  const { next, read, selected } = tree;
  const graph = selected.graph;
  selected.change.reingestMs = reingestMs;
  const result: DryRunRefresh<A> = {
    generation: next.published?.generation ?? 0, change: selected.change, digest: graph.digest,
    bind: { mode: tree.bound.mode, files: selected.rebound.length }, coldStart: !state,
    indexed: [...edits.keys()].filter((path) => findGroup(graph.groups, path) !== undefined).sort(),
  };
  const reader = context.host.store.reader(context.key);
  if (!reader) return result;
  try {
    // Cold, every path is the tree's own: nothing is read through from the stored generation.
    const after = new PendingReader(state ? reader : null, graph.groups, next.entries, touchedPaths(state, tree));
    const sides = state
      ? { beforeFacts: factsBefore(read.previousFacts, next.facts), change: selected.change }
      : changeFromStored(context.host.store, reader, next.entries, context.spec.root, withEdits, reingestMs);
    result.analysis = await analyzeChange({
      context, analyze: input.analyze, declaredRenames: input.declaredRenames,
      before: reader, beforeFacts: sides.beforeFacts, after, state: next, change: sides.change,
    });
    return result;
  } finally {
    reader.close();
  }
}
