/**
 * The piscina worker entry: extracts a batch of files. Thin over extractWith, with only the walkers
 * the batch's languages need (./lazy-extractors.ts); the pool, its limits and cancellation belong
 * to packages/engine. Yields to the event loop after every YIELD_BYTES of source, so that the native
 * trees of finished files can be freed (their finalizers run from the event loop; see "What we
 * measured about our dependencies" in docs/ARCHITECTURE.md).
 */
import { nextTurn, type FileFacts } from '@repograph/core';
import { extractWith } from './extract-file.js';
import { extractorsFor } from './lazy-extractors.js';

/** One file to extract: repository-relative path and content. */
export interface ExtractInput {
  path: string;
  bytes: Uint8Array;
}

/**
 * How much source is extracted between two turns of the event loop. A turn (a promise and an
 * immediate) costs 4-17 µs: a turn per file was 15-60 ms of CPU a pass over core-js (3,487 files
 * of 350 bytes on average). A tree whose wrapper a collection found dead now waits for at most
 * this much more source, not one file, before its finalizer frees it (peak RSS unchanged on
 * core-js and three).
 */
const YIELD_BYTES = 64 * 1024;

export interface ExtractBatch {
  files: ExtractInput[];
}

export interface ExtractBatchResult {
  facts: FileFacts[];
}

/** Extracts every file of the batch, in order. Never rejects for a bad file. */
export default async function extractBatch(batch: ExtractBatch): Promise<ExtractBatchResult> {
  const extractors = await extractorsFor(batch.files.map((file) => file.path));
  const facts: FileFacts[] = [];
  let sinceYield = 0;
  for (const file of batch.files) {
    facts.push(extractWith(extractors, file.path, file.bytes).facts);
    sinceYield += file.bytes.byteLength;
    if (sinceYield >= YIELD_BYTES) {
      sinceYield = 0;
      await nextTurn();
    }
  }
  return { facts };
}
