/**
 * Whether a worktree's file gives the graph what a commit's file gives it. The worktree hashes
 * only the files it parses: a document's blob is unknown there (null), and a document's graph
 * input is its path, action and reason alone, so those are compared instead; a resolution
 * manifest among the documents (package.json, tsconfig.json, go.mod...) steers binding by its
 * text, so its worktree bytes are hashed and must be the commit's blob. Owns that rule for every
 * place that reuses a worktree's bound tree as a commit's (publish.ts, baseline-neighbour.ts).
 */
import { join } from 'node:path';
import { isResolutionManifest } from '@repograph/graph';
import { hashBlob } from '@repograph/store';
import { readRegularFileSync } from './regular-file.js';
import { MAX_INDEXED_BYTES, type TreeFile } from './tree-files.js';

/**
 * True when `mine` (a tree file, its blob possibly unknown for a document) binds as `theirs`
 * does. `manifestBlob(path)` gives the blob of a resolution manifest whose blob `mine` lacks
 * (null when it cannot be read).
 */
export function sameGraphInput(mine: TreeFile | undefined, theirs: TreeFile, manifestBlob: (path: string) => string | null): boolean {
  if (mine === undefined || mine.action !== theirs.action || mine.reason !== theirs.reason || mine.language !== theirs.language) return false;
  if (mine.blobId !== null || theirs.action !== 'document') return mine.blobId === theirs.blobId;
  if (!isResolutionManifest(theirs.path)) return true;
  return theirs.blobId !== null && manifestBlob(theirs.path) === theirs.blobId;
}

/** The git blob id (sha1) of a worktree file's bytes, or null when it is not a readable regular file. */
export function worktreeBlob(root: string, path: string): string | null {
  const read = readRegularFileSync(join(root, path), MAX_INDEXED_BYTES);
  return read.ok ? hashBlob(read.bytes) : null;
}
