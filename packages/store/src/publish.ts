/**
 * Publishing and deleting snapshots: one atomic write transaction each. Owns the orchestration:
 * the baseline immutability rule, the base check, the generation counter and snapshot sequence,
 * writing the snapshot under a fresh sid and deleting the key's previous sid in the same
 * transaction. Validation is in publish-input.ts, the data writes in snapshot-data.ts, reading in
 * reader.ts.
 */
import { storeError, type StoreEnvironment } from './environment.js';
import { encodeOrdinal } from './keys.js';
import { BASELINE_PREFIX, validatePublishInput } from './publish-input.js';
import { deleteSnapshotData, writeSnapshotData } from './snapshot-data.js';
import type { PublishInput } from './types.js';
import { writeTransaction } from './write-transaction.js';

/**
 * Publishes `input` atomically and resolves with the new store generation (or, for an existing
 * baseline without `replace`, with that baseline's generation and no write).
 */
export async function publishSnapshot(environment: StoreEnvironment, input: PublishInput): Promise<number> {
  const order = validatePublishInput(input, environment.maxKeySize);
  const { databases } = environment;
  return writeTransaction(environment, `publishing ${input.key}`, () => {
    const existing = databases.snapshots.get(input.key);
    if (existing !== undefined && input.key.startsWith(BASELINE_PREFIX) && input.replace !== true) {
      return existing.generation;
    }
    if (input.base !== null && databases.snapshots.get(input.base) === undefined) {
      throw storeError(`cannot publish ${input.key}: its base ${input.base} is not in the store; publish the ` +
        `baseline first`, { key: input.key, base: input.base });
    }
    const generation = nextCounter(environment, 'generation');
    const sid = encodeOrdinal(nextCounter(environment, 'snapshotSequence'));
    const header = writeSnapshotData(environment, sid, input, generation, order);
    databases.snapshots.putSync(input.key, header);
    if (existing !== undefined) deleteSnapshotData(environment, existing.sid);
    return generation;
  });
}

/**
 * Deletes a snapshot and its data. Refuses (StoreError) a baseline that an overlay sits on.
 * Resolves false when the key holds no snapshot.
 */
export async function deleteSnapshot(environment: StoreEnvironment, key: string): Promise<boolean> {
  const { databases } = environment;
  return writeTransaction(environment, `deleting ${key}`, () => {
    const header = databases.snapshots.get(key);
    if (header === undefined) return false;
    const dependents: string[] = [];
    for (const { value } of databases.snapshots.getRange({})) if (value.base === key) dependents.push(value.key);
    if (dependents.length > 0) {
      throw storeError(`cannot delete ${key}: the workspace snapshots ${dependents.join(', ')} sit on it; delete ` +
        `or republish them first`, { key, dependents });
    }
    deleteSnapshotData(environment, header.sid);
    databases.snapshots.removeSync(key);
    return true;
  });
}

/** Reads, increments and writes a meta counter inside the current write transaction. */
function nextCounter(environment: StoreEnvironment, name: 'generation' | 'snapshotSequence'): number {
  const current = environment.databases.meta.get(name);
  const next = (typeof current === 'number' ? current : 0) + 1;
  environment.databases.meta.putSync(name, next);
  return next;
}

