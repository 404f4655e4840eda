/**
 * The baselines in the store as clients see them (what each holds, how big it is, which
 * workspaces sit on it) and their cleanup: a baseline no workspace sits on can go, since it is
 * rebuilt from git objects when next needed. Owns that listing and that rule.
 */
import type { RepoStore } from '@repograph/store';
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
    bytes: store.snapshotBytes(s.key), fileCount: s.fileCount, symbolCount: s.symbolCount,
    usedBy: snapshots.filter((o) => o.base === s.key).map((o) => o.key.slice('workspace:'.length)),
  }));
}

/** Removes baselines no workspace sits on (dry run by default). */
export async function cleanupBaselines(store: RepoStore, dryRun = true): Promise<{ removed: string[]; skippedInUse: string[] }> {
  const removed: string[] = [];
  const skippedInUse: string[] = [];
  const snapshots = store.listSnapshots();
  for (const baseline of snapshots.filter((s) => s.key.startsWith('baseline:'))) {
    const commit = commitOfBaselineKey(baseline.key);
    if (snapshots.some((o) => o.base === baseline.key)) {
      skippedInUse.push(commit);
      continue;
    }
    if (!dryRun) await store.deleteSnapshot(baseline.key);
    removed.push(commit);
  }
  return { removed, skippedInUse };
}
