/**
 * The import edges of a snapshot's files, kept per stored layer across readers: a layer's records
 * never change once committed (a republish gets a new sid), so the modules a file imports, read
 * once from a baseline, serve every later review on that baseline, and a delta baseline or a
 * workspace overlay reads only its own files anew. A review of a branch recomputed after each
 * push then walks the import graph (new-cycle detection) at the cost of what the branch changed.
 * A complete baseline just published from memory seeds its layer with every file's imports
 * (seedLayerImports), so the first review after a cold index does not read them back. Owns that
 * cache and what a file's imports are (importTargets); reading a file's relations is the reader's.
 */
import type { RelationRecord } from '@repograph/core';
import type { SnapshotReader } from '@repograph/store';

/** Layers whose import edges are kept (a review's base and head, a workspace's baseline, ...). */
const LAYERS_KEPT = 6;
const BY_LAYER = new Map<string, Map<string, string[]>>();

/**
 * A lookup of `path`'s imports through the layer cache: `read(path)` reads them from `reader`
 * when the cache lacks them. Paths the snapshot's own layer holds are read each time when it
 * sits on a base (its own layer is new: an overlay, a delta baseline), and kept otherwise.
 */
export function layerImports(reader: SnapshotReader, read: (path: string) => string[]): (path: string) => string[] {
  const { storeId, sid, baseSid } = reader.storage;
  let own: Set<string> | null = null;
  return (path) => {
    if (baseSid !== null) {
      own ??= new Set(reader.layerGroups('own').map((group) => group.path));
      if (own.has(path)) return read(path);
    }
    const layer = layerCache(`${storeId}\0${baseSid ?? sid}`);
    let imports = layer.get(path);
    if (imports === undefined) layer.set(path, (imports = read(path)));
    return imports;
  };
}

/** The modules a file's relations import: the `to` of its resolved `imports` relations, sorted, once each. */
export function importTargets(relations: Iterable<RelationRecord>): string[] {
  const targets = new Set<string>();
  for (const relation of relations) {
    if (relation.kind === 'imports' && relation.to !== null) targets.add(relation.to);
  }
  return [...targets].sort();
}

/**
 * Seeds the layer `sid` of the store `storeId` (a baseline stored whole, not as a delta) with the
 * imports of `groups`, the groups it was just published from: the same records the store holds,
 * so what a reader would read back is what is kept. Paths already kept are left as they are.
 */
export function seedLayerImports(storeId: string, sid: string, groups: Iterable<{ path: string; relations: readonly RelationRecord[] }>): void {
  const layer = layerCache(`${storeId}\0${sid}`);
  for (const group of groups) {
    if (!layer.has(group.path)) layer.set(group.path, importTargets(group.relations));
  }
}

function layerCache(key: string): Map<string, string[]> {
  let layer = BY_LAYER.get(key);
  if (layer) {
    BY_LAYER.delete(key);
  } else {
    layer = new Map();
    if (BY_LAYER.size >= LAYERS_KEPT) BY_LAYER.delete(BY_LAYER.keys().next().value!);
  }
  BY_LAYER.set(key, layer);
  return layer;
}
