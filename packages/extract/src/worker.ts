/**
 * The piscina worker entry: extracts a batch of files. Thin over extractWith, with only the walkers
 * the batch's languages need (./lazy-extractors.ts); the pool, its limits and cancellation belong
 * to packages/engine. Yields to the event loop between files so the native trees of finished files
 * can be freed (see DEPENDENCY-NOTES.md).
 */
import type { FileFacts } from '@repograph/core';
import { extractWith } from './extract-file.js';
import { extractorsFor } from './lazy-extractors.js';

/** One file to extract: repository-relative path and content. */
export interface ExtractInput {
  path: string;
  bytes: Uint8Array;
}

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
  for (const file of batch.files) {
    facts.push(extractWith(extractors, file.path, file.bytes).facts);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { facts };
}
