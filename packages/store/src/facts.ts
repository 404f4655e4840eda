/**
 * The fact cache: FileFacts by (git blob id, extractor version, variant), so a blob is parsed
 * once per extractor version. Owns reads and batched writes of the `facts` sub-database; it does
 * not decide when facts are stale (a new extractor version simply misses) or evict old versions.
 */
import type { FileFacts } from '@repograph/core';
import { RepographError } from '@repograph/core';
import type { StoreEnvironment } from './environment.js';
import { checkKey } from './keys.js';
import type { FactsEntry } from './types.js';
import { writeTransaction } from './write-transaction.js';

/** Reads cached facts; undefined on a miss. */
export function getFacts(
  environment: StoreEnvironment, blobId: string, extractorVersion: number, variant = '',
): FileFacts | undefined {
  return environment.databases.facts.get([blobId, extractorVersion, variant]);
}

/**
 * Writes facts in one write transaction (a failure writes none of them). Resolves once committed.
 */
export async function putFacts(environment: StoreEnvironment, entries: readonly FactsEntry[]): Promise<void> {
  if (entries.length === 0) return;
  for (const entry of entries) {
    if (typeof entry.blobId !== 'string' || entry.blobId === '' || !Number.isFinite(entry.extractorVersion)) {
      throw new RepographError('InvalidParams', 'putFacts: every entry needs a blobId and a numeric extractorVersion',
        { blobId: entry.blobId, extractorVersion: entry.extractorVersion });
    }
    checkKey([entry.blobId, entry.extractorVersion, entry.variant ?? ''], environment.maxKeySize, `facts of ${entry.blobId}`);
  }
  const { databases } = environment;
  await writeTransaction(environment, `putFacts (${entries.length} entries)`, () => {
    for (const entry of entries) {
      databases.facts.put([entry.blobId, entry.extractorVersion, entry.variant ?? ''], entry.facts);
    }
  });
}
