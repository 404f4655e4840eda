/**
 * Decoded facts shared while anyone holds them: every workspace (and baseline build) that asks
 * for the same blob's facts gets the same object, instead of decoding its own copy from LMDB.
 * Eight agents' workspaces on one repository hold one copy of each unchanged file's facts. The
 * table holds weak references only (an entry goes when its facts are collected), so it never
 * keeps facts alive by itself. Facts are immutable values by contract (core's facts.ts): nothing
 * may change one it was handed.
 */
import type { FileFacts } from '@repograph/core';

export class SharedFacts {
  private readonly table = new Map<string, WeakRef<FileFacts>>();
  private readonly registry = new FinalizationRegistry<string>((key) => {
    const ref = this.table.get(key);
    if (ref !== undefined && ref.deref() === undefined) this.table.delete(key);
  });

  /** The facts kept under `key` while someone still holds them. */
  get(key: string): FileFacts | undefined {
    return this.table.get(key)?.deref();
  }

  /** Shares `facts` under `key`; returns the object to hand out (an equal one already shared wins). */
  share(key: string, facts: FileFacts): FileFacts {
    const held = this.get(key);
    if (held !== undefined) return held;
    this.table.set(key, new WeakRef(facts));
    this.registry.register(facts, key);
    return facts;
  }

  /** Shares `facts` under `key` in place of whatever was (facts written anew for the key). */
  put(key: string, facts: FileFacts): void {
    this.table.set(key, new WeakRef(facts));
    this.registry.register(facts, key);
  }

  get size(): number {
    return this.table.size;
  }
}
