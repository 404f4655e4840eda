/**
 * The delta of a workspace's whole tree against a commit's baseline (`delta.since`, `repograph
 * check`): the baseline is the before side, the refreshed workspace's publication the after
 * side, the change the whole tree's against the baseline's manifest. Owns that pairing; the
 * refresh before it is the pipeline's, in the workspace's queue.
 */
import { join } from 'node:path';
import type { FileFacts } from '@repograph/core';
import type { FileEntry } from '@repograph/store';
import { readRegularFileSync } from '../regular-file.js';
import { MAX_INDEXED_BYTES } from '../tree-files.js';
import { treeChange } from '../workspace-tree.js';
import { analyzeChange } from './delta.js';
import type { LiveState } from './state.js';
import type { Analyze, RefreshContext } from './types.js';

export interface SinceInput<A> {
  context: RefreshContext;
  /** The workspace's state right after its refresh. */
  state: LiveState;
  buffers: ReadonlyMap<string, Uint8Array>;
  /** The snapshot key of the commit's baseline. */
  baseKey: string;
  /** Facts of a baseline blob, re-based onto `path` (null when the cache lacks them). */
  factsOfBlob: (blobId: string, language: string, path: string) => FileFacts | null;
  analyze: Analyze<A>;
  reingestMs: number;
}

export async function analyzeSince<A>(input: SinceInput<A>): Promise<A> {
  const { context, state, buffers } = input;
  const { store } = context.host;
  const baseReader = store.reader(input.baseKey);
  if (!baseReader) throw new Error(`${input.baseKey} is not in the store`);
  const afterReader = store.reader(context.key)!;
  try {
    const bytesOf = (path: string): Uint8Array | null => {
      const buffer = buffers.get(path);
      if (buffer) return buffer;
      const read = readRegularFileSync(join(context.spec.root, path), MAX_INDEXED_BYTES);
      return read.ok ? read.bytes : null;
    };
    const change = treeChange(baseReader, state.entries, input.reingestMs, bytesOf);
    const entries = new Map<string, FileEntry>();
    for (const entry of baseReader.files()) entries.set(entry.path, entry);
    const beforeFacts = (path: string): FileFacts | null => {
      const entry = entries.get(path);
      return entry?.blobId && entry.language && entry.status !== 'document' ? input.factsOfBlob(entry.blobId, entry.language, path) : null;
    };
    return await analyzeChange({ context, analyze: input.analyze, before: baseReader, beforeFacts, after: afterReader, state, change });
  } finally {
    afterReader.close();
    baseReader.close();
  }
}
