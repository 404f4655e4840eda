/**
 * A stored snapshot as the before side of a change whose previous tree is not bound in memory:
 * after a restart (or any cold start of a workspace the store holds), the workspace's last
 * published generation is what subscribers saw, so the catch-up's delta is the change of the whole
 * bound tree against it. Owns that pairing: the tree change against the stored manifest, and the
 * stored facts of each before file, looked up by blob.
 */
import { join } from 'node:path';
import type { FileFacts } from '@repograph/core';
import { EXTRACTOR_VERSION } from '@repograph/extract';
import type { FileEntry, RepoStore, SnapshotReader } from '@repograph/store';
import type { GraphChangeSummary } from './graph-change.js';
import { rebaseFacts } from './rebase.js';
import { readRegularFileSync } from './regular-file.js';
import { MAX_INDEXED_BYTES } from './tree-files.js';
import { treeChange } from './workspace-tree.js';

export interface StoredBefore {
  change: GraphChangeSummary;
  /** The facts of a before file, from the fact cache by its stored blob (null when not cached). */
  beforeFacts: (path: string) => FileFacts | null;
}

/**
 * The change from the snapshot `before` (open on the stored generation) to the tree `after`, read
 * from `root` and the unsaved buffers `overrides` where a document must be hashed.
 */
export function changeFromStored(
  store: RepoStore, before: SnapshotReader, after: ReadonlyMap<string, FileEntry>, root: string,
  overrides: ReadonlyMap<string, Uint8Array>, reingestMs: number,
): StoredBefore {
  const bytesOf = (path: string): Uint8Array | null => {
    const buffer = overrides.get(path);
    if (buffer) return buffer;
    const read = readRegularFileSync(join(root, path), MAX_INDEXED_BYTES);
    return read.ok ? read.bytes : null;
  };
  const change = treeChange(before, after, reingestMs, bytesOf);
  const entries = new Map<string, FileEntry>();
  for (const entry of before.files()) entries.set(entry.path, entry);
  const beforeFacts = (path: string): FileFacts | null => {
    const entry = entries.get(path);
    if (!entry?.blobId || !entry.language || entry.status === 'document') return null;
    const facts = store.getFacts(entry.blobId, EXTRACTOR_VERSION, entry.language);
    return facts ? rebaseFacts(facts, path) : null;
  };
  return { change, beforeFacts };
}
