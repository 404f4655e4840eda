/**
 * A baseline stored as a delta: the groups of a commit's graph that differ from an anchor, a
 * complete baseline of a nearby commit (the review's base, the previous push), laid over it as
 * a workspace's overlay is laid over its baseline. A review of a branch then stores each new
 * head in the cost of what the branch changed, not of the repository. Owns the choice (an
 * anchor that is complete, a change small enough) and the anchor's group hashes, kept for the
 * next build on the same anchor. A snapshot sits only on a complete baseline (the store checks),
 * so a delta baseline is never an anchor, and a workspace about to sit on one has it stored
 * complete first (baseline.ts `complete`).
 */
import type { HashedGroup } from '@repograph/graph';
import type { RepoStore } from '@repograph/store';

/** A delta is stored when at most this share of the paths differ from the anchor. */
const MAX_DELTA_SHARE = 0.25;

/** What a delta baseline holds over its anchor. */
export interface BaselineDelta {
  anchor: string;
  /** The groups that differ from the anchor's (or that it lacks), in path order. */
  groups: HashedGroup[];
  /** The anchor's paths the commit does not have, sorted. */
  removed: string[];
}

/** The anchor's group hashes by path, for the last anchor read (by store). */
const HASHES = new WeakMap<RepoStore, { sid: string; hashes: Map<string, string> }>();

/**
 * The delta of `groups` (a commit's whole graph, in path order) over `anchor`, or null when the
 * anchor is not a complete baseline in the store or too much differs.
 */
export function deltaOver(store: RepoStore, anchor: string | null, groups: readonly HashedGroup[]): BaselineDelta | null {
  if (anchor === null) return null;
  const hashes = anchorHashes(store, anchor);
  if (hashes === null) return null;
  const limit = MAX_DELTA_SHARE * Math.max(groups.length, hashes.size);
  const differing: HashedGroup[] = [];
  const present = new Set<string>();
  for (const group of groups) {
    present.add(group.path);
    if (hashes.get(group.path) === group.hash) continue;
    differing.push(group);
    if (differing.length > limit) return null;
  }
  const removed = [...hashes.keys()].filter((path) => !present.has(path)).sort();
  if (differing.length + removed.length > limit) return null;
  return { anchor, groups: differing, removed };
}

/** The group hashes of `anchor` by path; null unless it is a complete baseline in the store. */
function anchorHashes(store: RepoStore, anchor: string): Map<string, string> | null {
  const reader = store.reader(anchor);
  if (!reader) return null;
  try {
    if (reader.storage.baseSid !== null) return null;
    const known = HASHES.get(store);
    if (known?.sid === reader.storage.sid) return known.hashes;
    const hashes = new Map<string, string>();
    for (const entry of reader.files()) hashes.set(entry.path, entry.groupHash);
    HASHES.set(store, { sid: reader.storage.sid, hashes });
    return hashes;
  } finally {
    reader.close();
  }
}
