/**
 * The baselines in the store as clients see them (what each holds, how big it is, which
 * workspaces sit on it) and their cleanup: a baseline no workspace sits on can go, since it is
 * rebuilt from git objects when next needed. A delta baseline (baseline-delta.ts) sits on a
 * complete one; no workspace ever sits on a delta, so deltas go first, and their anchors then
 * follow the rule like any baseline. Owns that listing and that rule.
 */
import type { RepoStore, SnapshotSummary } from '@repograph/store';
import { commitOfBaselineKey } from './baseline.js';

/** A baseline as listed to clients. */
export interface BaselineListing {
  commit: string;
  generation: number;
  /** When it was published, ISO 8601. */
  createdAt: string;
  /** The stored size of its data (see RepoStore.snapshotBytes). */
  bytes: number;
  fileCount: number;
  symbolCount: number;
  usedBy: string[];
}

/**
 * The baselines in the store, with the workspaces that sit on each, when each was published
 * (ISO 8601) and its size (`bytes`: RepoStore.snapshotBytes, the stored size of its runs).
 */
export function listBaselines(store: RepoStore): BaselineListing[] {
  const snapshots = store.listSnapshots();
  return snapshots.filter((s) => s.key.startsWith('baseline:')).map((s) => ({
    commit: commitOfBaselineKey(s.key), generation: s.generation, createdAt: new Date(s.publishedAt).toISOString(),
    bytes: store.snapshotBytes(s.key), ...mergedCounts(store, s),
    usedBy: snapshots.filter((o) => o.base === s.key && o.key.startsWith('workspace:')).map((o) => o.key.slice('workspace:'.length)),
  }));
}

/** A baseline's file and symbol counts as its readers see them (a delta's merged over its anchor). */
function mergedCounts(store: RepoStore, summary: SnapshotSummary): { fileCount: number; symbolCount: number } {
  if (summary.base === null) return { fileCount: summary.fileCount, symbolCount: summary.symbolCount };
  const reader = store.reader(summary.key);
  if (!reader) return { fileCount: summary.fileCount, symbolCount: summary.symbolCount };
  try {
    return { fileCount: reader.info.fileCount, symbolCount: reader.info.symbolCount };
  } finally {
    reader.close();
  }
}

/** Removes baselines no workspace sits on (dry run by default): delta baselines first, then the complete ones they sat on. */
export async function cleanupBaselines(store: RepoStore, dryRun = true): Promise<{ removed: string[]; skippedInUse: string[] }> {
  const removed: string[] = [];
  const skippedInUse: string[] = [];
  const snapshots = store.listSnapshots();
  const usedByWorkspaces = new Set(snapshots.filter((o) => o.key.startsWith('workspace:') && o.base !== null).map((o) => o.base));
  const baselines = snapshots.filter((s) => s.key.startsWith('baseline:'));
  const deltasFirst = [...baselines.filter((s) => s.base !== null), ...baselines.filter((s) => s.base === null)];
  for (const baseline of deltasFirst) {
    const commit = commitOfBaselineKey(baseline.key);
    if (usedByWorkspaces.has(baseline.key)) {
      skippedInUse.push(commit);
      continue;
    }
    if (!dryRun) await store.deleteSnapshot(baseline.key);
    removed.push(commit);
  }
  return { removed, skippedInUse };
}
