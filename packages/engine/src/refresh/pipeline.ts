/**
 * One refresh of a live workspace, stage by stage: admit (the stored-snapshot shortcut of a
 * one-shot build may end it there), the bound tree (read, extract, bind, select), then publish
 * unless the store already holds that tree, then the delta of what changed. Owns those steps and
 * the state transitions: the cell holds the new state once bound, and nothing (the next refresh
 * binds from scratch) when a stage after the scan fails.
 */
import { baselineKey, storedBaselineForm } from '../baseline.js';
import { buildFingerprint } from '../build-fingerprint.js';
import { loadCommitFiles } from '../tree-files.js';
import { isFullObjectId } from '@repograph/store';
import { changeFromStored } from '../stored-side.js';
import { storedShortcut } from '../workspace-stored.js';
import { yieldTurn } from '../yield-turn.js';
import { admit } from './admit.js';
import { analyzeChange, factsBefore } from './delta.js';
import { publishTree } from './publish.js';
import type { LiveState } from './state.js';
import { Stopwatch } from './stopwatch.js';
import { alreadyPublished, bindTree, touchedPaths, type BoundTree } from './tree.js';
import type { RefreshContext, RefreshOptions, WorkspaceRefresh } from './types.js';

/** What a live workspace keeps between refreshes, as the pipeline reads and replaces it. */
export interface StateCell {
  state: LiveState | null;
  /** How long the last refresh took, to its publication (ms). */
  lastRefreshMs: number;
}

export interface RefreshRun<A> {
  context: RefreshContext;
  cell: StateCell;
  /** The unsaved buffers in force (already updated with the options' `contents`). */
  buffers: ReadonlyMap<string, Uint8Array>;
  /** The buffers the options set or dropped. */
  touchedBuffers: readonly string[];
  options: RefreshOptions<A>;
}

/** The commit a workspace's tree sits on now: its pinned base, else its root's HEAD. */
export async function currentHead(context: RefreshContext): Promise<string | null> {
  const { spec, host } = context;
  return spec.pinnedBase ?? (spec.isGit ? await host.readHead(spec.root) : null);
}

/**
 * On a cold start whose commit has no complete baseline yet, the publish stage will list that
 * commit's tree (refresh/publish.ts): git lists it now, while the tree is read and extracted.
 */
function listHeadAhead(context: RefreshContext, head: string): void {
  const { store, policy } = context.host;
  if (storedBaselineForm(store, baselineKey(head, policy)) !== 'complete') loadCommitFiles(context.spec.root, head, policy).catch(() => undefined);
}

export async function runRefresh<A>(run: RefreshRun<A>): Promise<WorkspaceRefresh<A>> {
  const { context, cell, buffers, options } = run;
  const stopwatch = new Stopwatch();
  const head = await currentHead(context);
  const state = cell.state;
  if (!state && head !== null && isFullObjectId(head)) listHeadAhead(context, head);
  const admitted = await admit({
    context, state, paths: options.paths, batch: options.batch,
    touchedBuffers: run.touchedBuffers, clearedBuffers: options.clearContents ?? false,
  });
  stopwatch.lap('scanMs');
  // A one-shot build whose stored snapshot still matches the tree does nothing.
  if (!state && options.allowStoredShortcut && buffers.size === 0) {
    const stored = storedShortcut(context.host.store, context.key, admitted.scan, head, buildFingerprint(context.host.policy));
    if (stored) {
      stopwatch.lap('checkMs');
      return stored(stopwatch.timings);
    }
  }
  try {
    const tree = await bindTree({ context, state, head, admitted, buffers, stopwatch, onProgress: options.onProgress, cacheFacts: true });
    // The change, the entries and the function index are each linear in what changed; the
    // publication after them is linear in the overlay: a turn between them keeps a batch of
    // 20,000 files from holding queued requests for the sum.
    await yieldTurn();
    return alreadyPublished(context, tree.next, tree.selected.graph.digest, buffers)
      ? await finishUnpublished(run, state, tree, stopwatch)
      : await finishPublished(run, state, tree, stopwatch);
  } catch (error) {
    cell.state = null;
    throw error;
  }
}

/**
 * The bound tree is the one already published: no new generation. Files may still have changed
 * without changing the graph (an edit inside a body): the facts (fingerprints, call arguments)
 * and the tests that reach the edited files still matter, so the change is analyzed all the same.
 */
async function finishUnpublished<A>(run: RefreshRun<A>, state: LiveState | null, tree: BoundTree, stopwatch: Stopwatch): Promise<WorkspaceRefresh<A>> {
  const { context, cell, options } = run;
  const { next, read, selected } = tree;
  const current = next.published!;
  cell.state = next;
  cell.lastRefreshMs = stopwatch.elapsedMs();
  selected.change.reingestMs = cell.lastRefreshMs;
  const result: WorkspaceRefresh<A> = {
    generation: current.generation, published: false, report: { ...current.report, unchanged: true, timings: stopwatch.timings },
    change: selected.change, digest: selected.graph.digest, bind: { mode: tree.bound.mode, files: selected.rebound.length }, coldStart: !state,
  };
  if (!state || !options.analyze || (read.changed.length === 0 && read.removed.length === 0)) return result;
  const reader = context.host.store.reader(context.key);
  if (!reader) return result;
  try {
    result.analysis = await analyzeChange({
      context, analyze: options.analyze, declaredRenames: options.declaredRenames,
      before: reader, beforeFacts: factsBefore(read.previousFacts, next.facts), after: reader, state: next, change: selected.change,
    });
  } finally {
    reader.close();
  }
  return result;
}

/** Publishes the bound tree, then analyzes the change against the generation before it. */
async function finishPublished<A>(run: RefreshRun<A>, state: LiveState | null, tree: BoundTree, stopwatch: Stopwatch): Promise<WorkspaceRefresh<A>> {
  const { context, cell, buffers, options } = run;
  const { next, read, selected } = tree;
  const { store } = context.host;
  // The previous generation stays readable through this reader while the new one is published
  // (on a cold start, the stored one: what subscribers saw before a restart).
  const beforeReader = options.analyze ? store.reader(context.key) : undefined;
  try {
    const report = await publishTree({ context, state: next, buffers, materials: tree.materials, stopwatch, touchedPaths: touchedPaths(state, tree) });
    const head = next.head;
    next.published = { generation: report.generation, report, head, contents: new Map(buffers), policy: buildFingerprint(context.host.policy) };
    cell.state = next;
    cell.lastRefreshMs = stopwatch.elapsedMs();
    selected.change.reingestMs = cell.lastRefreshMs;
    const result: WorkspaceRefresh<A> = {
      generation: report.generation, published: true, report, change: selected.change, digest: selected.graph.digest,
      bind: { mode: tree.bound.mode, files: selected.rebound.length }, coldStart: !state,
    };
    if (!beforeReader || !options.analyze) return result;
    await yieldTurn();
    const afterReader = store.reader(context.key)!;
    try {
      // A cold start over a stored generation (the catch-up after a restart): its delta is the
      // whole tree's change against that generation, so nothing that changed unwatched is silent.
      const sides = state
        ? { beforeFacts: factsBefore(read.previousFacts, next.facts), change: selected.change }
        : changeFromStored(store, beforeReader, next.entries, context.spec.root, buffers, selected.change.reingestMs);
      result.analysis = await analyzeChange({
        context, analyze: options.analyze, declaredRenames: options.declaredRenames,
        before: beforeReader, beforeFacts: sides.beforeFacts, after: afterReader, state: next, change: sides.change,
      });
    } finally {
      afterReader.close();
    }
    return result;
  } finally {
    beforeReader?.close();
  }
}
