/**
 * Sorted runs: one snapshot's entries of one kind (symbols by id, relations by site, ...), in key
 * order, stored as blocks of consecutive entries. A block's LMDB key is `[sid, ...key of its first
 * entry]` and its value the block's entries as one stream (streams.ts), msgpack-encoded and
 * LZ4-compressed by lmdb. Owns writing a run, finding the block that may hold a key (one reverse
 * seek, or a binary search once the run's block keys are loaded) and iterating blocks. It does not
 * own what an entry is or how a block encodes it (codecs.ts, manifest.ts; snapshot-data.ts
 * writes, layer.ts reads), or the cache (block-cache.ts).
 *
 * Why blocks: a snapshot is immutable once published (a republish gets a new sid), so nothing ever
 * updates an entry in place. One key per block instead of per entry removes LMDB's per-entry
 * overhead, and compressing a block of neighbours (ids and paths that share prefixes) is what
 * makes the store small. A point read costs one seek plus decoding one block; decoded blocks and
 * block keys are cached, since a sid's blocks never change (the manifest's excepted: manifest.ts).
 */
import { compareKeys as compareEncodedKeys, type Database, type Transaction } from 'lmdb';
import type { BlockCache } from './block-cache.js';
import { compareCodePoints, prefixRange, type KeyPart } from './keys.js';

/** A run's sub-database: block keys to block values (streams.ts). */
export type RunDatabase = Database<unknown, KeyPart[]>;

/** A block as read: its key (sid first) and its value. */
export interface RawBlock {
  key: KeyPart[];
  value: unknown;
}

/**
 * Where and how a run is read: its database, the reader's transaction (undefined inside a write
 * transaction, which lmdb then reads in) and the decoded-block cache.
 */
export interface RunSource<Decoded> {
  name: string;
  database: RunDatabase;
  transaction: Transaction | undefined;
  /** The environment's cache; null for a sid not committed yet (an aborted one is handed out again). */
  cache: BlockCache | null;
  /** Decodes a block (what the cache keeps; it must not be handed out to callers to change). */
  decode(block: RawBlock): Decoded;
  /** True when the run is known to have no blocks (nothing is then looked up). */
  empty?: boolean;
  /** True when the run's blocks never change once written, so its keys may be loaded and kept. */
  immutable?: boolean;
  /**
   * The runs whose block keys this source has found loaded, by sid: later seeks through the same
   * source (one reader's layer) skip the cache lookup and the string that names the run there.
   */
  loadedRuns?: Map<string, RunKeys>;
}

/** Seeks into one run of one sid before its block keys are loaded and seeks become binary searches. */
const SEEKS_BEFORE_KEYS = 16;

/** The cached block keys of one run of one sid, loaded after SEEKS_BEFORE_KEYS seeks. */
export interface RunKeys {
  seeks: number;
  keys: KeyPart[][] | null;
  /** Each loaded key's block-cache key, made on first use (a point read then builds no string). */
  cacheKeys: (string | undefined)[];
}

/**
 * Writes `entries` (sorted by `keyOf`, in key order) as blocks of at most `blockSize` entries.
 * `encode` turns one block's entries into the block's value.
 */
export function writeRun<Entry>(
  database: RunDatabase, sid: string, entries: readonly Entry[], blockSize: number,
  keyOf: (entry: Entry) => KeyPart[], encode: (block: readonly Entry[]) => unknown,
): void {
  const blocks = new RunBlocks(blockSize, keyOf, encode);
  for (const entry of entries) blocks.add(entry);
  putRun(database, sid, blocks.finish());
}

/** One block of a run made before it is written: its key after the sid, and its value. */
export interface RunBlock {
  key: KeyPart[];
  value: unknown;
}

/**
 * Makes a run's blocks entry by entry (in key order), a block whenever one is full; finish()
 * closes the last and returns them all. Needs no transaction: a publish makes its blocks before
 * it takes the write lock (snapshot-data.ts) and only puts them inside it (putRun).
 */
export class RunBlocks<Entry> {
  private readonly blocks: RunBlock[] = [];
  private block: Entry[] = [];

  constructor(
    private readonly blockSize: number,
    private readonly keyOf: (entry: Entry) => KeyPart[], private readonly encode: (block: readonly Entry[]) => unknown,
  ) {}

  /** True when the next entry added starts a block. */
  get isEmpty(): boolean {
    return this.block.length === 0;
  }

  add(entry: Entry): void {
    this.block.push(entry);
    if (this.block.length >= this.blockSize) this.flush();
  }

  finish(): RunBlock[] {
    if (this.block.length > 0) this.flush();
    return this.blocks;
  }

  private flush(): void {
    this.blocks.push({ key: this.keyOf(this.block[0]!), value: this.encode(this.block) });
    this.block = [];
  }
}

/** Puts `blocks` under `sid` (inside a write transaction), in LMDB's append mode where they go last. */
export function putRun(database: RunDatabase, sid: string, blocks: readonly RunBlock[]): void {
  let last = lastKey(database);
  for (const block of blocks) last = putInOrder(database, last, [sid, ...block.key], block.value);
}

/**
 * Puts `value` at `key`, with LMDB's append mode when `key` is above every key in the database
 * (`last` is the largest, undefined when it is empty), and returns the largest key after the put.
 * Append mode leaves a full page behind when the last page splits, where an ordinary put leaves it
 * one entry short: with blocks of a few hundred bytes to a few KB, that is 10-40% of the disk.
 * lmdb drops an appended key that is not the largest silently, so the order is checked with
 * lmdb's own key comparison first.
 */
export function putInOrder<Value>(
  database: Database<Value, KeyPart[]>, last: KeyPart[] | undefined, key: KeyPart[], value: Value,
): KeyPart[] | undefined {
  const append = last === undefined || compareKeys(last, key) < 0;
  database.putSync(key, value, { append });
  return append ? key : last;
}

/**
 * lmdb's key order for the keys this package writes in append mode. Keys of strings only (runs,
 * the fact log) compare element by element in code-point order (keys.test.ts checks that this is
 * the order of their encoded bytes), which is much cheaper than encoding both keys; anything else
 * goes to lmdb's own comparison.
 */
function compareKeys(a: KeyPart[], b: KeyPart[]): number {
  for (const part of a) if (typeof part !== 'string') return compareEncodedKeys(a, b);
  for (const part of b) if (typeof part !== 'string') return compareEncodedKeys(a, b);
  return compareKeyParts(a, b);
}

/** The largest key of `database` (in the current transaction), or undefined when it is empty. */
export function lastKey<Value>(database: Database<Value, KeyPart[]>): KeyPart[] | undefined {
  for (const key of database.getKeys({ reverse: true, limit: 1 })) return key as KeyPart[];
  return undefined;
}

/**
 * The decoded blocks of the run under `sid`, from the block that may hold `from` (the last block
 * whose first key is at or before it; the first block when none is) to the end of the run. Stop
 * iterating as soon as the entries pass what you look for. `cached: false` (for full scans)
 * neither fills nor evicts the cache.
 */
export function* blocksFrom<Decoded>(source: RunSource<Decoded>, sid: string, from: KeyPart[] | null, cached = true): Generator<Decoded> {
  const { database, transaction } = source;
  if (source.empty === true) return;
  const run = loadedKeys(source, sid);
  if (run !== null) {
    const keys = run.keys!;
    for (let index = from === null ? 0 : Math.max(0, lastAtOrBefore(keys, from)); index < keys.length; index++) {
      yield blockAt(source, keys[index]!, cached, run.cacheKeys[index] ??= blockCacheKey(source, keys[index]!));
    }
    return;
  }
  const end = prefixRange([sid]).end;
  let start: KeyPart[] | undefined;
  if (from !== null) {
    for (const key of database.getKeys({ start: [sid, ...seekable(from)], end: [sid], reverse: true, limit: 1, transaction })) {
      start = key as KeyPart[];
    }
  }
  if (start === undefined) {
    for (const key of database.getKeys({ start: [sid], end, transaction })) yield blockAt(source, key as KeyPart[], cached);
    return;
  }
  // A point read mostly ends in the first block: the range for later blocks opens only if asked.
  yield blockAt(source, start, cached);
  for (const key of database.getKeys({ start, end, offset: 1, transaction })) yield blockAt(source, key as KeyPart[], cached);
}

/**
 * A seek target that fits a key: parts longer than any stored key are cut (a stored key always
 * fits, since publishing checks it). A cut target sorts at or before the original, so the seek
 * starts at the same block or an earlier one, and the caller reads on until it passes the
 * entry; a lookup of an over-long id is an answer of nothing, never a key-size failure.
 */
function seekable(from: KeyPart[]): KeyPart[] {
  let budget = SEEK_KEY_BYTES;
  return from.map((part) => {
    if (typeof part !== 'string') return part;
    // A code unit is at most 3 UTF-8 bytes; cut by code units, well inside the budget.
    let kept = part.length * 3 <= budget ? part : part.slice(0, Math.max(0, Math.floor(budget / 3)));
    if (kept !== part && /[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
    budget = Math.max(0, budget - kept.length * 3);
    return kept;
  });
}

/** Bytes a seek target may use (LMDB's default key limit is 1978; room is left for the run id and separators). */
const SEEK_KEY_BYTES = 1800;

/** The decoded block at `key`, from the cache when there. */
function blockAt<Decoded>(source: RunSource<Decoded>, key: KeyPart[], cached: boolean, cacheKey = blockCacheKey(source, key)): Decoded {
  const hit = source.cache?.get(cacheKey) as Decoded | undefined;
  if (hit !== undefined) return hit;
  const value = source.database.get(key, { transaction: source.transaction });
  const entries = source.decode({ key, value });
  if (cached) source.cache?.set(cacheKey, entries);
  return entries;
}

function blockCacheKey(source: RunSource<unknown>, key: KeyPart[]): string {
  return `${source.name}\u0001${key.join('\u0000')}`;
}

/** The run's loaded block keys, loading them on the seek that makes SEEKS_BEFORE_KEYS; else null. */
function loadedKeys(source: RunSource<unknown>, sid: string): RunKeys | null {
  if (source.cache === null || source.immutable !== true) return null;
  const known = source.loadedRuns?.get(sid);
  if (known !== undefined) return known;
  const cacheKey = `${source.name}\u0002${sid}`;
  let run = source.cache.get(cacheKey) as RunKeys | undefined;
  if (run === undefined) {
    run = { seeks: 0, keys: null, cacheKeys: [] };
    source.cache.set(cacheKey, run);
  }
  if (run.keys === null && ++run.seeks >= SEEKS_BEFORE_KEYS) {
    run.keys = [...source.database.getKeys({ ...prefixRange([sid]), transaction: source.transaction })] as KeyPart[][];
  }
  if (run.keys === null) return null;
  (source.loadedRuns ??= new Map()).set(sid, run);
  return run;
}

/**
 * The index of the last key at or before `[sid, ...target]` in `keys` (one run's block keys,
 * sorted, each starting with that sid), or -1. The shared sid is not compared.
 */
function lastAtOrBefore(keys: readonly KeyPart[][], target: readonly KeyPart[]): number {
  let low = 0;
  let high = keys.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (compareKeyParts(keys[middle]!, target, 1) <= 0) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * The index of the first of `sorted` that `isBefore` says is not before what is looked for
 * (`sorted.length` when all are): where a range read starts inside a block.
 */
export function firstNotBefore<Item>(sorted: readonly Item[], isBefore: (item: Item) => boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBefore(sorted[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Element-wise order of keys of strings, `a` read from its element `from` on (a run's block keys
 * start with their shared sid); a prefix sorts first.
 */
export function compareKeyParts(a: readonly KeyPart[], b: readonly KeyPart[], from = 0): number {
  const length = Math.min(a.length - from, b.length);
  for (let index = 0; index < length; index++) {
    const order = compareCodePoints(a[from + index] as string, b[index] as string);
    if (order !== 0) return order;
  }
  return a.length - from - b.length;
}
