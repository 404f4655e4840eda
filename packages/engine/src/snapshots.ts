/**
 * Small helpers over the store's snapshots.
 */
import type { RepoStore } from '@repograph/store';

/** True when the store holds a snapshot under `key`. */
export function hasSnapshot(store: RepoStore, key: string): boolean {
  const reader = store.reader(key);
  if (!reader) return false;
  reader.close();
  return true;
}
