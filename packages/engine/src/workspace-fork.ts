/**
 * A live workspace's bound tree offered as a neighbour for a baseline build (baseline-neighbour.ts
 * NearbyTree): the session forked, so the build updates its own copy and the workspace keeps
 * its tree, with the tree's files as a commit's would read. A file the worktree holds with
 * diagnostics of its own (unreadable, extraction failed) is marked so it never counts as
 * unchanged; a resolution manifest, which the worktree does not hash, is hashed here. Owns that
 * conversion; when it is safe to take one is the caller's: the workspace's between refreshes, or
 * a refresh's while its tree, offered as its commit's baseline, waits to be stored (the refresh
 * goes no further meanwhile). A baseline offered complete counts as the anchor it will be.
 */
import { isResolutionManifest, type MaterialPolicy } from '@repograph/graph';
import type { RepoStore } from '@repograph/store';
import { baselineKey, storedBaselineForm } from './baseline.js';
import type { BoundCommit } from './baseline-neighbour.js';
import { offeredComplete } from './baseline-publications.js';
import { buildFingerprint } from './build-fingerprint.js';
import type { LiveState } from './refresh/state.js';
import type { TreeFile } from './tree-files.js';
import { worktreeBlob } from './tree-sameness.js';

/** A reason no commit's file ever has: the file is re-bound from the commit's blob. */
const NOT_AS_COMMITTED = '\u0000worktree-only';

/** The workspace's bound tree as a neighbour (null without a bound tree or a head commit). */
export function forkedNeighbour(store: RepoStore, root: string, policy: MaterialPolicy, state: LiveState | null): BoundCommit | null {
  if (state === null || state.head === null) return null;
  const files = new Map<string, TreeFile>();
  for (const [path, file] of state.files) {
    if (state.fileDiagnostics.has(path)) files.set(path, { ...file, reason: NOT_AS_COMMITTED });
    else if (file.blobId === null && file.action === 'document' && isResolutionManifest(path)) {
      const blobId = worktreeBlob(root, path);
      files.set(path, blobId === null ? { ...file, reason: NOT_AS_COMMITTED } : { ...file, blobId });
    } else files.set(path, file);
  }
  const anchor = baselineKey(state.head, policy);
  const complete = storedBaselineForm(store, anchor) === 'complete' || offeredComplete(store, anchor);
  return {
    commit: state.head, fingerprint: buildFingerprint(policy), files, session: state.session.fork(),
    diagnosticsKey: state.buildDiagnosticsKey, anchor: complete ? anchor : null,
  };
}
