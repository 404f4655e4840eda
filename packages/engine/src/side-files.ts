/**
 * Reading a file of either side of a review: a changed file by its blob (git's diff names it),
 * any other file by `<commit>:<path>`, and a workspace's head side from disk (a regular file,
 * never through a link). Bytes for images, text (refused when it holds a NUL in its first 8 KB)
 * for manifests. Owns those reads; what is read is the caller's.
 */
import { join } from 'node:path';
import { readBlobs, readFileAtCommit, type DiffEntry } from '@repograph/store';
import { readRegularFileSync } from './regular-file.js';

/** A file's bytes on one side (null: absent there, or over `maxBytes`). */
export type ReadBytes = (side: 'base' | 'head', path: string, maxBytes: number) => Promise<Buffer | null>;

/** Between two commits. */
export function commitBytes(root: string, base: string, head: string, files: readonly DiffEntry[]): ReadBytes {
  const changed = new Map(files.map((file) => [file.path, file] as const));
  return async (side, path, maxBytes) => {
    const entry = changed.get(path);
    if (entry) return blobBytes(root, side === 'base' ? entry.oldBlob : entry.newBlob, maxBytes);
    const bytes = await readFileAtCommit(root, side === 'base' ? base : head, path);
    return bytes && bytes.length <= maxBytes ? bytes : null;
  };
}

/** Between a commit and a workspace: the base side from git, the head side from disk. */
export function workspaceBytes(root: string, base: string, files: readonly DiffEntry[]): ReadBytes {
  const changed = new Map(files.map((file) => [file.path, file] as const));
  return async (side, path, maxBytes) => {
    if (side === 'base') {
      const entry = changed.get(path);
      if (entry) return blobBytes(root, entry.oldBlob, maxBytes);
      const bytes = await readFileAtCommit(root, base, path);
      return bytes && bytes.length <= maxBytes ? bytes : null;
    }
    if (changed.get(path)?.status === 'removed') return null;
    const read = readRegularFileSync(join(root, path), maxBytes);
    return read.ok ? Buffer.from(read.bytes) : null;
  };
}

/** Text through a bytes reader: null for binary content (a NUL in the first 8 KB). */
export function textThrough(read: ReadBytes): (side: 'base' | 'head', path: string, maxBytes: number) => Promise<string | null> {
  return async (side, path, maxBytes) => {
    const bytes = await read(side, path, maxBytes);
    if (bytes === null || bytes.subarray(0, 8000).includes(0)) return null;
    return bytes.toString('utf8');
  };
}

async function blobBytes(root: string, blobId: string | null | undefined, maxBytes: number): Promise<Buffer | null> {
  if (!blobId) return null;
  let bytes: Buffer | null = null;
  await readBlobs(root, [blobId], (blob) => {
    bytes = blob.bytes.length <= maxBytes ? blob.bytes : null;
  });
  return bytes;
}
