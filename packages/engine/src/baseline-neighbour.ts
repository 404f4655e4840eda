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
 *
 * When nothing is kept (the first review after a start), a repository can offer a nearby tree
 * of its own (registerNearbyTree): the worktree's bound session, forked, which is usually the
 * review's base. Each bound commit names its anchor, a complete baseline in the store whose tree
 * is near it, so the new baseline can be stored as the few groups that differ from that one.
 */
import type { Diagnostic } from '@repograph/core';
import { canonicalJson, type GraphSession } from '@repograph/graph';
import type { RepoStore } from '@repograph/store';
import type { TreeFile } from './tree-files.js';
import { sameGraphInput } from './tree-sameness.js';
import { offeredNeighbour } from './baseline-publications.js';

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
  /** The key of a complete baseline in the store whose tree is near this one (null: none). */
  anchor: string | null;
}

/** A bound tree a repository can fork on demand, for a build that finds nothing kept. */
export type NearbyTree = () => Promise<BoundCommit | null>;

interface Kept {
  bound: BoundCommit;
  timer: NodeJS.Timeout;
}

const KEPT = new WeakMap<RepoStore, Kept>();
const NEARBY = new WeakMap<RepoStore, NearbyTree>();

/** Registers where a build of `store` with nothing kept may ask for a bound tree to start from. */
export function registerNearbyTree(store: RepoStore, source: NearbyTree): void {
  NEARBY.set(store, source);
}

/** What changed from the kept commit to `files`: upserted and removed paths, or null when a fresh bind is better. */
export interface NeighbourChange {
  bound: BoundCommit;
  changed: TreeFile[];
  removed: string[];
  diagnosticsChanged: boolean;
}

/**
 * Takes the kept session when it can become `files` cheaply (it is no longer kept meanwhile), else
 * the tree of a baseline offered and not yet stored, else the repository's nearby tree, when that
 * can; null when binding from scratch is better.
 */
export async function takeNeighbour(store: RepoStore, fingerprint: string, files: readonly TreeFile[], diagnostics: readonly Diagnostic[]): Promise<NeighbourChange | null> {
  const kept = KEPT.get(store);
  if (kept && kept.bound.fingerprint === fingerprint) {
    const change = changeFrom(kept.bound, files, diagnostics);
    if (change) {
      clearTimeout(kept.timer);
      KEPT.delete(store);
      return change;
    }
  }
  // A baseline bound and waiting to be stored (a review answers first), else the repository's own tree.
  const nearby = offeredNeighbour(store) ?? await NEARBY.get(store)?.();
  if (!nearby || nearby.fingerprint !== fingerprint) return null;
  return changeFrom(nearby, files, diagnostics);
}

/** What changed from `bound` to `files`, or null when too much did. */
function changeFrom(bound: BoundCommit, files: readonly TreeFile[], diagnostics: readonly Diagnostic[]): NeighbourChange | null {
  const changed: TreeFile[] = [];
  const present = new Set<string>();
  for (const file of files) {
    present.add(file.path);
    // A bound tree's documents may carry no blob (a worktree hashes only what it parses; its
    // resolution manifests are hashed when it is offered): tree-sameness.ts's rule.
    if (!sameGraphInput(bound.files.get(file.path), file, () => null)) changed.push(file);
  }
  const removed = [...bound.files.keys()].filter((path) => !present.has(path));
  const touched = changed.length + removed.length;
  if (touched > MAX_CHANGED_FILES || touched > MAX_CHANGED_SHARE * Math.max(files.length, bound.files.size)) return null;
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

/** Keys by diagnostics list: a commit's listing (and so its diagnostics) is kept and handed out again. */
const DIAGNOSTICS_KEYS = new WeakMap<readonly Diagnostic[], string>();
/**
 * Canonical text by diagnostic: a derived listing hands out the diagnostic objects of the entries
 * that did not change again (tree-files.ts), so a push canonicalizes only new ones (Django's
 * 2,413 listing diagnostics cost ~10 ms a push before).
 */
const CANONICAL = new WeakMap<Diagnostic, string>();

export function diagnosticsKeyOf(diagnostics: readonly Diagnostic[]): string {
  let key = DIAGNOSTICS_KEYS.get(diagnostics);
  if (key === undefined) DIAGNOSTICS_KEYS.set(diagnostics, (key = diagnostics.map(canonicalOf).sort().join('\n')));
  return key;
}

function canonicalOf(diagnostic: Diagnostic): string {
  let text = CANONICAL.get(diagnostic);
  if (text === undefined) CANONICAL.set(diagnostic, (text = canonicalJson(diagnostic)));
  return text;
}
