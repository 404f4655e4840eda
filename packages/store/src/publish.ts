/**
 * Publishing and deleting snapshots: one atomic write transaction each. Owns the orchestration:
 * the baseline immutability rule, the base check, the generation counter and snapshot sequence,
 * writing the snapshot under a fresh sid and deleting the key's previous sid in the same
 * transaction, and rebasing the overlays on a republished baseline. A publish checks its input
 * and makes its blocks first, giving the thread away every few milliseconds, and holds the write
 * transaction only to put them (a whole baseline of Django held the event loop ~320 ms inside
 * it). The input rules are in publish-input.ts, the data writes in snapshot-data.ts, reading in
 * reader.ts.
 */
import { nextTurn, RepographError, runPausing } from '@repograph/core';
import { messageOf, storeError, type StoreEnvironment } from './environment.js';
import { encodeOrdinal } from './keys.js';
import { BASELINE_PREFIX, validateSnapshotKey } from './publish-input.js';
import { Layer } from './layer.js';
import { isStoredExactly, mergeManifest } from './manifest.js';
import { deleteRun, deleteSnapshotData, hiddenCounts, prepareSnapshotData, writeManifest, writeSnapshotData, type PreparedSnapshot } from './snapshot-data.js';
import type { PublishInput } from './types.js';
import { writeTransaction } from './write-transaction.js';

/**
 * Publishes `input` atomically and resolves with the new store generation (or, for an existing
 * baseline without `replace`, with that baseline's generation and no write).
 */
export async function publishSnapshot(environment: StoreEnvironment, input: PublishInput): Promise<number> {
  validateSnapshotKey(input, environment.maxKeySize);
  const { databases } = environment;
  const prepared = await prepareInput(environment, input);
  const written = await writeTransaction(environment, `publishing ${input.key}`, () => {
    const existing = databases.snapshots.get(input.key);
    if (existing !== undefined && input.key.startsWith(BASELINE_PREFIX) && input.replace !== true) {
      return { generation: existing.generation, kept: null };
    }
    const base = input.base === null ? null : databases.snapshots.get(input.base);
    if (base === undefined) {
      throw storeError(`cannot publish ${input.key}: its base ${input.base} is not in the store; publish the ` +
        `baseline first`, { key: input.key, base: input.base });
    }
    // A reader merges one layer over one complete layer: a snapshot never sits on an overlay.
    if (base !== null && base.base !== null) {
      throw storeError(`cannot publish ${input.key} on ${input.base}: that snapshot itself sits on ${base.base}; ` +
        `a snapshot sits only on a complete baseline, so store ${input.base} complete first`, { key: input.key, base: input.base });
    }
    const generation = nextCounter(environment, 'generation');
    const sid = encodeOrdinal(nextCounter(environment, 'snapshotSequence'));
    const { header, manifest } = writeSnapshotData(environment, sid, input, prepared, generation, base?.sid ?? null);
    databases.snapshots.putSync(input.key, header);
    if (existing !== undefined) {
      if (input.key.startsWith(BASELINE_PREFIX)) rebaseDependents(environment, input.key, existing.sid, sid);
      deleteSnapshotData(environment, existing.sid);
    }
    return { generation, kept: input.base === null ? { sid, entries: manifest, readable: isStoredExactly(manifest) } : null };
  });
  // Only a committed manifest may be kept: an aborted publish's sid is handed out again.
  if (written.kept !== null) environment.lastManifest = written.kept;
  return written.generation;
}

/** How long making a publish's blocks holds the thread before it lets the event loop turn. */
const PREPARE_SLICE_MS = 8;

/** The input checked and its blocks made (snapshot-data.ts), pausing; a malformed record rejects, and nothing is written. */
async function prepareInput(environment: StoreEnvironment, input: PublishInput): Promise<PreparedSnapshot> {
  try {
    return await runPausing(prepareSnapshotData(environment, input), nextTurn, PREPARE_SLICE_MS);
  } catch (error) {
    if (error instanceof RepographError) throw error;
    throw storeError(`publishing ${input.key} failed, nothing was written: ${messageOf(error)}`, { path: environment.path }, error);
  }
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
      throw storeError(`cannot delete ${key}: the snapshots ${dependents.join(', ')} sit on it; delete ` +
        `or republish them first`, { key, dependents });
    }
    deleteSnapshotData(environment, header.sid);
    databases.snapshots.removeSync(key);
    return true;
  });
}

/**
 * After the baseline `key` was republished from `oldSid` to `newSid` (both still present): every
 * overlay on it gets its manifest rewritten as a delta over the new base (a delta is only valid
 * against the base it was made from: manifest.ts) and its hidden counts recounted.
 */
function rebaseDependents(environment: StoreEnvironment, key: string, oldSid: string, newSid: string): void {
  const { databases } = environment;
  const oldBase = new Layer(environment, oldSid);
  const newBase = new Layer(environment, newSid, { uncommitted: true });
  const dependents = [...databases.snapshots.getRange({})].map((entry) => entry.value).filter((header) => header.base === key);
  for (const header of dependents) {
    const overlay = new Layer(environment, header.sid);
    const files = [...mergeManifest(oldBase.manifest(), overlay.manifest())];
    deleteRun(environment, 'files', header.sid);
    writeManifest(environment, header.sid, files, [...newBase.manifest()]);
    databases.snapshots.putSync(header.key, { ...header, hidden: hiddenCounts(newBase, overlay.groups()) });
  }
}

/** Reads, increments and writes a meta counter inside the current write transaction. */
function nextCounter(environment: StoreEnvironment, name: 'generation' | 'snapshotSequence'): number {
  const current = environment.databases.meta.get(name);
  const next = (typeof current === 'number' ? current : 0) + 1;
  environment.databases.meta.putSync(name, next);
  return next;
}

