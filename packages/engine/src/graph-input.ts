/**
 * What the graph stage is handed for a tree: one GraphFileInput per file (facts, flags, the
 * engine's own diagnostics such as excluded or too-large files) and the manifests that steer
 * module resolution, read from disk or from git objects. Owns those conversions.
 */
import { join } from 'node:path';
import type { Diagnostic, FileFacts } from '@repograph/core';
import { isResolutionManifest, type GraphFileInput, type ManifestText } from '@repograph/graph';
import { readBlobs } from '@repograph/store';
import { readRegularTextSync } from './regular-file.js';
import { MAX_INDEXED_BYTES } from './tree-files.js';
import type { TreeFile } from './tree-files.js';

/** The graph input of one file; `diagnostics` are the engine's own for it (I/O, extraction). */
export function graphInputOf(file: TreeFile, facts: FileFacts | null, diagnostics: Diagnostic[]): GraphFileInput {
  const own = [...diagnostics];
  if (file.action === 'document' && file.reason && file.reason !== 'documentation' && file.reason !== 'unreadable') {
    own.push({
      code: file.reason === 'too_large' ? 'file_too_large' : 'excluded_material', severity: 'info', path: file.path,
      message: file.reason === 'too_large'
        ? `${file.path} is larger than 1 MiB; it is kept without symbols.`
        : `${file.path} is not parsed (${file.reason}); it is kept without symbols.`,
      data: { reason: file.reason },
    });
  }
  return { path: file.path, facts, generated: facts?.generated ?? false, lineCount: facts?.lineCount ?? 1, diagnostics: own };
}

/** Reads one manifest from the worktree (or from unsaved contents); null when it cannot be read. */
export async function readWorktreeManifest(root: string, path: string, contents?: Uint8Array): Promise<string | null> {
  if (contents) return Buffer.from(contents).toString('utf8');
  // An unreadable manifest (or a FIFO in its place) is the same as a missing one for resolution.
  return readRegularTextSync(join(root, path), MAX_INDEXED_BYTES);
}

/** The resolution manifests among a commit's files, read from git objects. */
export async function readCommitManifests(root: string, files: TreeFile[]): Promise<ManifestText[]> {
  const wanted = files.filter((f) => isResolutionManifest(f.path) && f.blobId);
  const pathsByBlob = new Map<string, string[]>();
  for (const file of wanted) pathsByBlob.set(file.blobId!, [...(pathsByBlob.get(file.blobId!) ?? []), file.path]);
  const manifests: ManifestText[] = [];
  if (pathsByBlob.size === 0) return manifests;
  await readBlobs(root, [...pathsByBlob.keys()], (blob) => {
    const text = blob.bytes.toString('utf8');
    for (const path of pathsByBlob.get(blob.blobId) ?? []) manifests.push({ path, text });
  });
  return manifests;
}
