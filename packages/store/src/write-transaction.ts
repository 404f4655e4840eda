/**
 * The one way this package writes: a synchronous callback run as an abortable LMDB transaction,
 * committed off the main thread. Owns the choice of lmdb primitive and the recovery after a
 * failed transaction; callers own what they write.
 *
 * lmdb's `transaction()` does not roll back when its callback throws (the writes made before the
 * throw are committed with the batch). `childTransaction()` runs the callback in a nested,
 * abortable transaction inside the next batch, so a throw discards exactly this callback's
 * writes, and the commit (and fsync) still happens on lmdb's writer thread.
 */
import { RepographError } from '@repograph/core';
import { storeError, messageOf, type StoreEnvironment } from './environment.js';
import { RECORD_DATABASES } from './layout.js';

/**
 * Runs `write` (synchronous: no awaits inside) in one abortable write transaction and resolves
 * with its result once committed. A throw aborts the transaction and rejects; errors that are
 * not RepographErrors become StoreErrors whose message starts with `what`.
 */
export async function writeTransaction<T>(environment: StoreEnvironment, what: string, write: () => T): Promise<T> {
  if (environment.readOnly) {
    throw storeError(`${what}: the store at ${environment.path} was opened read-only`, { path: environment.path });
  }
  try {
    return await environment.root.childTransaction(write);
  } catch (error) {
    forgetUncommittedStructures(environment);
    if (error instanceof RepographError) throw error;
    throw storeError(`${what} failed, nothing was written: ${messageOf(error)}`, { path: environment.path }, error);
  }
}

/**
 * After an abort, the msgpack encoders may hold shared structures (record shapes) that were
 * saved inside the aborted transaction and so never persisted; a later value of the same shape
 * would reference a structure id that does not exist on disk. Marking the structures
 * uninitialized makes each encoder reload the persisted ones before its next use.
 */
function forgetUncommittedStructures(environment: StoreEnvironment): void {
  for (const name of RECORD_DATABASES) {
    const encoder = (environment.databases[name] as unknown as { encoder?: { structures?: unknown } }).encoder;
    if (encoder?.structures === undefined) continue;
    const fresh = Object.assign([], { uninitialized: true, sharedLength: 0 });
    encoder.structures = fresh;
  }
}
