/**
 * The publish stage: the bound tree as an overlay over its commit's baseline (the baseline built
 * first when the store lacks it), in one write transaction. Owns the overlay's groups, the
 * report and the snapshot's meta; the store's write is @repograph/store's.
 */
import type { BuildReport, Diagnostic } from '@repograph/core';
import { canonicalJson, type HashedGroup } from '@repograph/graph';
import { baselineKey, ensureBaseline, publishBaseline, storedBaselineForm } from '../baseline.js';
import { buildFingerprint } from '../build-fingerprint.js';
import { findGroup } from '../graph-change.js';
import { buildReport } from '../report.js';
import { loadCommitFiles } from '../tree-files.js';
import { sameGraphInput, worktreeBlob } from '../tree-sameness.js';
import { overlayAfter } from '../workspace-tree.js';
import { forkedNeighbour } from '../workspace-fork.js';
import { yieldTurn } from '../yield-turn.js';
import type { LiveState } from './state.js';
import type { Stopwatch } from './stopwatch.js';
import type { RefreshContext } from './types.js';

export type Materials = Parameters<typeof buildReport>[0]['materials'];

export interface PublishInput {
  context: RefreshContext;
  /** The tree after this refresh (its overlay and baseline hashes are updated here). */
  state: LiveState;
  /** The unsaved buffers in force (kept in the snapshot's meta). */
  buffers: ReadonlyMap<string, Uint8Array>;
  materials: Materials;
  stopwatch: Stopwatch;
  /** Paths whose group may differ from the previous publication; null: every path. */
  touchedPaths: string[] | null;
}

/** Publishes the tree as an overlay over its baseline; returns the report with its generation. */
export async function publishTree(input: PublishInput): Promise<BuildReport> {
  const { context, state, stopwatch } = input;
  const { store, policy } = context.host;
  const graph = state.selection.output;
  const head = state.head;
  let base: string | null = null;
  let groups: HashedGroup[] = graph.groups;
  const removed: string[] = [];
  if (head) {
    base = baselineKey(head, policy);
    if (!state.baselineHashes) state.baselineHashes = await baselineHashes(input, base, head);
    const overlay = overlayAfter(state.overlay, base, state.baselineHashes, graph.groups, input.touchedPaths);
    state.overlay = overlay;
    groups = [...overlay.differing].sort().map((path) => findGroup(graph.groups, path)!);
    removed.push(...overlay.missing);
  }
  await yieldTurn();
  const report = buildReport({
    root: context.spec.root, head, files: state.files.values(), graph: state.session.output, selection: state.selection,
    materials: input.materials, timings: stopwatch.timings,
  });
  await yieldTurn();
  const generation = await store.publishSnapshot({
    key: context.key, base,
    files: graph.groups.map((group) => state.entries.get(group.path)!),
    groups: [
      ...groups.map((g) => ({ path: g.path, removed: false, symbols: g.symbols, relations: g.relations })),
      ...removed.sort().map((path) => ({ path, removed: true, symbols: [], relations: [] })),
    ],
    report, digest: graph.digest,
    meta: {
      head, overlayPaths: groups.length + removed.length, policy: buildFingerprint(policy),
      workspace: { id: context.spec.id, root: context.spec.root, pinnedBase: context.spec.pinnedBase },
      contents: Object.fromEntries([...input.buffers].map(([path, bytes]) => [path, Buffer.from(bytes).toString('utf8')])),
    },
  });
  stopwatch.lap('publishMs');
  return { ...report, generation, timings: stopwatch.timings };
}

/**
 * The group hashes of the baseline `base` by path, publishing it first when the store lacks it,
 * or lacks it complete: a workspace's overlay sits only on a complete baseline, and a review
 * may have stored this commit as a delta (baseline-delta.ts).
 */
async function baselineHashes(input: PublishInput, base: string, head: string): Promise<Map<string, string>> {
  const { store } = input.context.host;
  const form = storedBaselineForm(store, base);
  if (form !== 'complete') await publishOwnBaseline(input, head, form === 'delta');
  const reader = store.reader(base)!;
  const hashes = new Map<string, string>();
  for (const entry of reader.files()) hashes.set(entry.path, entry.groupHash);
  reader.close();
  return hashes;
}

/**
 * The baseline of `head`, complete, when the store lacks it (or holds a delta of it: `replace`):
 * when the tree equals the commit (the usual cold start) the bound tree is published as the
 * baseline too; otherwise it is built from git objects.
 */
async function publishOwnBaseline(input: PublishInput, head: string, replace: boolean): Promise<void> {
  const { context, state } = input;
  const { store, policy, getPool } = context.host;
  const root = context.spec.root;
  const commit = await loadCommitFiles(root, head, policy);
  const key = (d: Diagnostic): string => canonicalJson(d);
  const sameTree = input.buffers.size === 0 && state.fileDiagnostics.size === 0
    && commit.files.length === state.files.size
    && commit.files.every((f) => sameGraphInput(state.files.get(f.path), f, (path) => worktreeBlob(root, path)))
    && commit.diagnostics.map(key).sort().join('\n') === state.buildDiagnosticsKey;
  if (sameTree) {
    await publishBaseline(store, root, head, commit.files, state.session.output, state.selection, {
      submitted: commit.files.length + Object.values(commit.excluded).reduce((a, b) => a + b, 0),
      excluded: commit.excluded, timings: { ...input.stopwatch.timings },
    }, { replace, neighbour: () => forkedNeighbour(store, root, policy, state) });
    return;
  }
  await ensureBaseline({ store, root, commit: head, getPool, policy, complete: true });
}
