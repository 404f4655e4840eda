/**
 * The fact cache: FileFacts by (git blob id, extractor version, variant), so a blob is parsed
 * once per extractor version. Owns reads and batched writes of the `factLog` and `facts`
 * sub-databases; it does not decide when facts are stale (a new extractor version simply misses)
 * or evict old versions.
 *
 * Facts are appended to a log under a store-wide sequence (`factLog`), and the index (`facts`)
 * maps each (blob, version, variant) to its log key. Why not one database keyed by blob: an index
 * writes facts in batches of a few dozen while extraction runs, blob ids are random, and random
 * inserts into big values leave LMDB's pages part empty and, worse, make every batch copy (and
 * free) most of the tree's pages, which the file keeps: measured on core-js, 3.5 MB for 1 MB of
 * facts. Appended values fill their pages; only the small index takes random inserts.
 */
import type { FileFacts } from '@repograph/core';
import { RepographError } from '@repograph/core';
import type { StoreEnvironment } from './environment.js';
import { checkKey, compareCodePoints, encodeOrdinal } from './keys.js';
import { lastKey, putInOrder } from './runs.js';
import type { FactsEntry } from './types.js';
import { writeTransaction } from './write-transaction.js';

/** Reads cached facts; undefined on a miss. */
export function getFacts(
  environment: StoreEnvironment, blobId: string, extractorVersion: number, variant = '',
): FileFacts | undefined {
  if (!isVersion(extractorVersion)) return undefined;
  const key = indexKey(blobId, extractorVersion, variant);
  const sharedKey = key.join('\u0000');
  const queued = environment.factsQueue.get(sharedKey);
  if (queued !== undefined) return queued;
  const shared = environment.sharedFacts.get(sharedKey);
  if (shared !== undefined) return shared;
  const { facts, factLog } = environment.databases;
  const logKey = facts.get(key);
  const decoded: FileFacts | undefined = logKey === undefined ? undefined : factLog.get([logKey]);
  return decoded === undefined ? undefined : environment.sharedFacts.share(sharedKey, decoded);
}

/**
 * Writes facts in one write transaction (a failure writes none of them). Resolves once committed.
 */
export async function putFacts(environment: StoreEnvironment, entries: readonly FactsEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // Each entry's index key is made once: checked here, written in the transaction, shared after.
  const keyed = entries.map((entry) => ({ entry, key: checkedIndexKey(environment, entry) }));
  keyed.sort((a, b) => compareEntries(a.entry, b.entry));
  const { databases } = environment;
  await writeTransaction(environment, `putFacts (${entries.length} entries)`, () => {
    const sequence = databases.meta.get('factSequence');
    let next = typeof sequence === 'number' ? sequence : 0;
    let last = lastKey(databases.factLog);
    for (const { entry, key } of keyed) {
      const replaced = databases.facts.get(key);
      if (replaced !== undefined) databases.factLog.removeSync([replaced]);
      const logKey = encodeOrdinal(++next);
      last = putInOrder(databases.factLog, last, [logKey], entry.facts);
      databases.facts.putSync(key, logKey);
    }
    databases.meta.putSync('factSequence', next);
  });
  // The facts just written are the ones their extractor holds: later readers share them.
  for (const { entry, key } of keyed) environment.sharedFacts.put(key.join('\u0000'), entry.facts);
}

/**
 * Queues facts for the cache's write-behind (facts-queue.ts): getFacts finds them in the queue at
 * once, and they are written later in one transaction (putFacts, which shares them from then on).
 * Checks every entry first (InvalidParams, StoreError), so a bad entry queues none of them.
 */
export function queueFacts(environment: StoreEnvironment, entries: readonly FactsEntry[]): void {
  environment.factsQueue.add(entries.map((entry) => ({ key: checkedIndexKey(environment, entry).join('\u0000'), entry })));
}

/** The index key of `entry`, after checking the entry and the key (InvalidParams, StoreError). */
function checkedIndexKey(environment: StoreEnvironment, entry: FactsEntry): string[] {
  if (typeof entry.blobId !== 'string' || entry.blobId === '' || !isVersion(entry.extractorVersion)) {
    throw new RepographError('InvalidParams',
      'putFacts: every entry needs a blobId and an extractorVersion that is a non-negative integer',
      { blobId: entry.blobId, extractorVersion: entry.extractorVersion });
  }
  const key = indexKey(entry.blobId, entry.extractorVersion, entry.variant ?? '');
  checkKey(key, environment.maxKeySize, `facts of ${entry.blobId}`);
  return key;
}

/** The index key of facts: the version as an ordinal (keys.ts), which sorts like the number. */
function indexKey(blobId: string, extractorVersion: number, variant: string): string[] {
  return [blobId, encodeOrdinal(extractorVersion), variant];
}

function isVersion(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** The order of the entries' index keys: blob id, extractor version, variant. */
function compareEntries(a: FactsEntry, b: FactsEntry): number {
  return compareCodePoints(a.blobId, b.blobId) || a.extractorVersion - b.extractorVersion ||
    compareCodePoints(a.variant ?? '', b.variant ?? '');
}
