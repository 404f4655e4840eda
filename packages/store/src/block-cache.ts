/**
 * The environment's cache of decoded run blocks and run block keys (runs.ts). Owns the eviction
 * policy (least recently used, bounded by entry count) and nothing else.
 *
 * Why no invalidation: what is cached is keyed by sid, and a sid's blocks never change once
 * committed (a republish writes a new sid). The manifest run is the exception: an overlay's is
 * rewritten when its base is republished (manifest.ts), so its entries are named by the base sid
 * it was written against as well (layer.ts), and a manifest of unknown version is read past it. A sid is never handed out twice within an environment once committed;
 * a sid of an aborted publish is, so nothing of a transaction that has not committed may be cached
 * (layer.ts reads such data with the cache off). A wiped and rebuilt store is a new environment,
 * with a new cache.
 */

export class BlockCache {
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly capacity: number) {}

  get(key: string): unknown {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
