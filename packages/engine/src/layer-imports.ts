/**
 * The import edges of a snapshot's files, kept per stored layer across readers: a layer's records
 * never change once committed (a republish gets a new sid), so the modules a file imports, read
 * once from a baseline, serve every later review on that baseline, and a delta baseline or a
 * workspace overlay reads only its own files anew. A review of a branch recomputed after each
 * push then walks the import graph (new-cycle detection) at the cost of what the branch changed.
 * Owns that cache; the reading of one file's imports is the reader's.
 */
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
