/**
 * The stages up to a bound, selected tree, in order: admit -> read -> extract -> bind -> select,
 * then the state the tree leaves (entries, function index, what the store holds). A refresh
 * publishes what this returns; a dry run reads it in memory and binds back. Owns that order and
 * the materials count; each stage is its own module. Reading and extracting overlap: each slice
 * of files read is handed to the pool while the next is read.
 */
import { buildFingerprint } from '../build-fingerprint.js';
import { extractAhead } from '../facts-flights.js';
import { factsCacheKey } from '../facts-source.js';
import type { TreeFile } from '../tree-files.js';
import { excludedCounts } from '../worktree-scan.js';
import { entriesAfter, functionsAfter, sameContents } from '../workspace-tree.js';
import { storedPublication } from '../workspace-stored.js';
import { yieldTurn } from '../yield-turn.js';
import type { Admitted } from './admit.js';
import { bindGraph, type BoundGraph } from './bind.js';
import { extractFacts, type ExtractedTree } from './extract.js';
import type { Materials } from './publish.js';
import { readTree, type TreeRead } from './read.js';
import { selectGraph, type SelectedGraph } from './select.js';
import type { LiveState } from './state.js';
import type { Stopwatch } from './stopwatch.js';
import type { RefreshContext } from './types.js';

export interface TreeInput {
  context: RefreshContext;
  /** The bound tree before this refresh (updated in place); null: bind from scratch. */
  state: LiveState | null;
  head: string | null;
  admitted: Admitted;
  /** The unsaved buffers in force for this refresh. */
  buffers: ReadonlyMap<string, Uint8Array>;
  stopwatch: Stopwatch;
  onProgress?: ((progress: { phase: string; done: number; total: number }) => void) | undefined;
  /** False: extracted facts are not written to the fact cache. */
  cacheFacts: boolean;
}

export interface BoundTree {
  /** The state after this refresh (not yet published). */
  next: LiveState;
  read: TreeRead;
  extracted: ExtractedTree;
  bound: BoundGraph;
  selected: SelectedGraph;
  materials: Materials;
}

export async function bindTree(input: TreeInput): Promise<BoundTree> {
  const { context, state, stopwatch, buffers } = input;
  // Files read to be parsed go to the pool as they are read (extraction overlaps the reads);
  // the extract stage then waits on those flights. A dry run (no fact cache writes) reads first.
  const { store, getPool } = context.host;
  const handOff = input.cacheFacts
    ? (files: Array<{ file: TreeFile; bytes: Uint8Array }>): void => extractAhead(files.map(({ file, bytes }) => ({
      key: factsCacheKey(file.blobId!, file.language!), blobId: file.blobId!, language: file.language!, path: file.path, bytes,
    })), store, getPool)
    : undefined;
  const read = await readTree({ context, state, admitted: input.admitted, buffers, handOff });
  stopwatch.lap('readMs');
  const extracted = await extractFacts({
    context, state, read, cacheFacts: input.cacheFacts,
    onProgress: (done, total) => input.onProgress?.({ phase: 'extract', done, total }),
  });
  stopwatch.lap('extractMs');
  const bound = await bindGraph({ context, state, read, extracted, buffers });
  stopwatch.lap('bindMs');
  const selected = selectGraph({ context, state, read, bound });
  stopwatch.lap('selectMs');
  await yieldTurn();
  const excludedByReason = excludedCounts(read.excluded.values());
  const materials: Materials = {
    submitted: read.files.size + Object.values(excludedByReason).reduce((a, b) => a + b, 0),
    excluded: excludedByReason, cached: extracted.cached, extracted: extracted.extracted, failed: extracted.failed,
  };
  return { next: stateAfter(input, read, extracted, bound, selected), read, extracted, bound, selected, materials };
}

/** The paths whose group may differ from the previous publication; null: every path (a cold start). */
export function touchedPaths(state: LiveState | null, tree: BoundTree): string[] | null {
  if (!state) return null;
  return [...new Set([...tree.read.changed.map((f) => f.path), ...tree.read.removed, ...tree.selected.rebound])];
}

function stateAfter(input: TreeInput, read: TreeRead, extracted: ExtractedTree, bound: BoundGraph, selected: SelectedGraph): LiveState {
  const { context, state, head } = input;
  const changedPaths = read.changed.map((f) => f.path);
  return {
    head, files: read.files, facts: extracted.facts, fileDiagnostics: extracted.fileDiagnostics,
    scanDiagnostics: read.scanDiagnostics, excluded: read.excluded, manifests: bound.manifests,
    session: bound.session, selection: selected.selection, buildDiagnosticsKey: bound.buildDiagnosticsKey,
    baselineHashes: state && state.head === head ? state.baselineHashes : null,
    published: state?.published ?? storedPublication(context.host.store, context.key),
    entries: entriesAfter(state?.entries, read.files, selected.graph, state ? [...changedPaths, ...selected.rebound] : null, read.removed),
    functions: functionsAfter(state?.functions, extracted.facts, state ? [...changedPaths, ...read.removed] : null),
    ...(state?.overlay ? { overlay: state.overlay } : {}),
  };
}

/** True when the store already holds this tree as the workspace's publication (under the policy in force). */
export function alreadyPublished(context: RefreshContext, next: LiveState, digest: string, buffers: ReadonlyMap<string, Uint8Array>): boolean {
  const current = next.published;
  // (Published under another policy, the same graph is published again: its report and policy
  // fingerprint must say what is in force.)
  return current !== null && current.head === next.head && current.report.digest === digest
    && sameContents(current.contents, buffers) && current.policy === buildFingerprint(context.host.policy);
}
