/**
 * The last commit a baseline build bound, kept in memory for a while so the baseline of a nearby
 * commit (the next push on a reviewed branch, a rebase of it) is bound incrementally: the kept
 * GraphSession is updated with the files whose blob, action or language differ and the files
 * gone, exactly as a workspace refresh updates its session (so "incremental equals fresh" holds
 * for baselines too; a test checks the digests). Owns what is kept, for how long, and when an
 * incremental build is worth it; building and publishing are baseline.ts's.
 *
 * At most one session per store is kept (a repository's daemon holds one store), for
 * KEEP_MS after its last use and only for trees of at most MAX_KEPT_FILES files, so the memory it
 * holds is bounded and given back once reviews stop. While a build uses it, it is taken out of
 * the map: a concurrent build of another commit binds from scratch instead of sharing it.
 */
import type { Diagnostic } from '@repograph/core';
import { canonicalJson, type GraphSession } from '@repograph/graph';
import type { RepoStore } from '@repograph/store';
import type { TreeFile } from './tree-files.js';

/** How long a kept session outlives its last use. */
const KEEP_MS = 120_000;
/** The largest tree whose session is kept. */
const MAX_KEPT_FILES = 50_000;
/** An incremental build is taken when at most this share of the files changed (and this many at most). */
const MAX_CHANGED_SHARE = 0.25;
const MAX_CHANGED_FILES = 5_000;

export interface BoundCommit {
  commit: string;
  /** The build fingerprint the session was bound under (another policy binds from scratch). */
  fingerprint: string;
  files: Map<string, TreeFile>;
  session: GraphSession;
  diagnosticsKey: string;
}

interface Kept {
  bound: BoundCommit;
  timer: NodeJS.Timeout;
}

const KEPT = new WeakMap<RepoStore, Kept>();

/** What changed from the kept commit to `files`: upserted and removed paths, or null when a fresh bind is better. */
export interface NeighbourChange {
  bound: BoundCommit;
  changed: TreeFile[];
  removed: string[];
  diagnosticsChanged: boolean;
}

/** Takes the kept session when it can become `files` cheaply (it is no longer kept meanwhile). */
export function takeNeighbour(store: RepoStore, fingerprint: string, files: readonly TreeFile[], diagnostics: readonly Diagnostic[]): NeighbourChange | null {
  const kept = KEPT.get(store);
  if (!kept || kept.bound.fingerprint !== fingerprint) return null;
  const { bound } = kept;
  const changed: TreeFile[] = [];
  const present = new Set<string>();
  for (const file of files) {
    present.add(file.path);
    const before = bound.files.get(file.path);
    if (!before || before.blobId !== file.blobId || before.action !== file.action || before.language !== file.language || before.reason !== file.reason) {
      changed.push(file);
    }
  }
  const removed = [...bound.files.keys()].filter((path) => !present.has(path));
  const touched = changed.length + removed.length;
  if (touched > MAX_CHANGED_FILES || touched > MAX_CHANGED_SHARE * Math.max(files.length, bound.files.size)) return null;
  clearTimeout(kept.timer);
  KEPT.delete(store);
  return { bound, changed, removed, diagnosticsChanged: diagnosticsKeyOf(diagnostics) !== bound.diagnosticsKey };
}

/** Keeps `bound` (replacing what was kept) for KEEP_MS, unless its tree is too large. */
export function keepNeighbour(store: RepoStore, bound: BoundCommit): void {
  const previous = KEPT.get(store);
  if (previous) clearTimeout(previous.timer);
  KEPT.delete(store);
  if (bound.files.size > MAX_KEPT_FILES) return;
  const timer = setTimeout(() => {
    if (KEPT.get(store)?.bound === bound) KEPT.delete(store);
  }, KEEP_MS);
  timer.unref();
  KEPT.set(store, { bound, timer });
}

export function diagnosticsKeyOf(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => canonicalJson(d)).sort().join('\n');
}
