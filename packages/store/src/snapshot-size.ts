/**
 * The size of one snapshot's data: the sum of the value sizes of every block of its six runs
 * (the keys under its sid), as lmdb hands them back (msgpack-encoded, after LZ4 decompression),
 * so an approximation of what the snapshot costs: LMDB's page overhead and compression are not
 * counted, and the fact log (shared by every snapshot) is not either. An overlay counts its own
 * groups only, not its base's. Reads every block once; for listings, not for hot paths. Owns
 * that measure.
 */
import type { StoreEnvironment } from './environment.js';
import { prefixRange } from './keys.js';
import { SNAPSHOT_DATABASES } from './layout.js';

/** The stored size of the snapshot `key` in bytes (0 when the store holds no such snapshot). */
export function snapshotBytes(environment: StoreEnvironment, key: string): number {
  const header = environment.databases.snapshots.get(key);
  if (header === undefined) return 0;
  let bytes = 0;
  for (const name of SNAPSHOT_DATABASES) {
    const database = environment.databases[name];
    for (const blockKey of database.getKeys(prefixRange([header.sid]))) bytes += database.getBinaryFast(blockKey)?.length ?? 0;
  }
  return bytes;
}
