/**
 * The bind stage: the tree's manifests (re-read where they changed) and build diagnostics, then
 * the GraphSession: created over every file on a cold start, else updated with the changed and
 * removed files (it re-binds them and the files that depend on them). Binding gives the thread
 * away between slices. Owns the session's input; binding itself is @repograph/graph's.
 */
import type { Diagnostic } from '@repograph/core';
import { canonicalJson, GraphSession, isResolutionManifest, type GraphFileInput, type ManifestText } from '@repograph/graph';
import { graphInputOf, readWorktreeManifest } from '../graph-input.js';
import type { TreeFile } from '../tree-files.js';
import { yieldTurn } from '../yield-turn.js';
import type { ExtractedTree } from './extract.js';
import type { TreeRead } from './read.js';
import type { LiveState } from './state.js';
import type { RefreshContext } from './types.js';

export interface BindInput {
  context: RefreshContext;
  state: LiveState | null;
  read: TreeRead;
  extracted: ExtractedTree;
  /** The unsaved buffers in force (a manifest held as a buffer is read from it). */
  buffers: ReadonlyMap<string, Uint8Array>;
}

export interface BoundGraph {
  session: GraphSession;
  /** Paths whose group was assembled again (every path, on a cold start). */
  rebound: string[];
  mode: 'incremental' | 'full';
  manifests: Map<string, string>;
  buildDiagnosticsKey: string;
}

export async function bindGraph(input: BindInput): Promise<BoundGraph> {
  const { context, state, read, extracted } = input;
  const { manifests, manifestsChanged } = await manifestsAfter(input);
  const buildDiagnostics: Diagnostic[] = [];
  for (const list of read.scanDiagnostics.values()) for (const d of list) if (!read.files.has(d.path)) buildDiagnostics.push(d);
  for (const [path, list] of extracted.fileDiagnostics) if (!read.files.has(path)) buildDiagnostics.push(...list);
  const buildDiagnosticsKey = buildDiagnostics.map((d) => canonicalJson(d)).sort().join('\n');
  const inputOf = (file: TreeFile): GraphFileInput =>
    graphInputOf(file, extracted.facts.get(file.path) ?? null, extracted.fileDiagnostics.get(file.path) ?? []);
  const manifestList = (): ManifestText[] => [...manifests].map(([path, text]) => ({ path, text }));

  // Let queued requests run between the stages of a refresh (each stage is synchronous).
  await yieldTurn();
  if (!state) {
    const session = await GraphSession.createPausing({
      files: [...read.files.values()].map(inputOf), manifests: manifestList(), buildDiagnostics, budgets: context.host.policy.budgets,
    }, yieldTurn);
    return { session, rebound: [...read.files.keys()], mode: 'full', manifests, buildDiagnosticsKey };
  }
  const update = await state.session.updatePausing({
    upserts: read.changed.map(inputOf),
    removed: read.removed,
    ...(manifestsChanged ? { manifests: manifestList() } : {}),
    ...(buildDiagnosticsKey !== state.buildDiagnosticsKey ? { buildDiagnostics } : {}),
  }, yieldTurn);
  return { session: state.session, rebound: update.rebound, mode: update.mode, manifests, buildDiagnosticsKey };
}

/** Manifests steer module resolution: the changed ones are re-read (all of them, cold). */
async function manifestsAfter(input: BindInput): Promise<{ manifests: Map<string, string>; manifestsChanged: boolean }> {
  const { context, state, read, buffers } = input;
  const manifests = state ? state.manifests : new Map<string, string>();
  let manifestsChanged = !state;
  for (const path of read.removed) if (manifests.delete(path)) manifestsChanged = true;
  for (const file of state ? read.changed : read.files.values()) {
    if (!isResolutionManifest(file.path)) continue;
    const text = await readWorktreeManifest(context.spec.root, file.path, buffers.get(file.path));
    if (text === null) manifests.delete(file.path);
    else manifests.set(file.path, text);
    manifestsChanged = true;
  }
  return { manifests, manifestsChanged };
}
