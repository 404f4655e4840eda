/**
 * A review's identity: its id derives from what was asked (the base and head as given, or the
 * workspace) and the build fingerprint, never from what they resolved to, so a review that follows
 * a branch keeps its id as the branch moves, and computing the same request twice names the same
 * stored artifact. Owns the id and what a head follows.
 */
import { createHash } from 'node:crypto';

/** What the head of a review is: a branch it follows, a commit it is pinned to, or a live workspace. */
export type HeadSpec =
  | { kind: 'branch'; ref: string }
  | { kind: 'commit'; ref: string }
  | { kind: 'workspace'; workspace: string };

const FULL_COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** `r-` and 20 hex digits of sha256 over the request and the fingerprint. */
export function reviewIdOf(base: string, head: HeadSpec, fingerprint: string): string {
  const headPart = head.kind === 'workspace' ? `workspace:${head.workspace}` : `${head.kind}:${head.ref}`;
  const digest = createHash('sha256').update(JSON.stringify(['review', 1, base, headPart, fingerprint])).digest('hex');
  return `r-${digest.slice(0, 20)}`;
}

/** True when the ref as given is a full commit id (the review is pinned to it). */
export function isFullCommitId(ref: string): boolean {
  return FULL_COMMIT.test(ref);
}
