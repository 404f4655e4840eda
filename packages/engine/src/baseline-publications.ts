/**
 * Baselines bound but not yet stored, and when their publications run. A commit's baseline is
 * offered (offerBaseline) as soon as it is bound: from then on it is readable in memory
 * (offeredReader: the store's unpublishedReader over what will be published), and a build of the
 * same commit waits for its publication instead of binding it again. The publication itself
 * waits while a review holds the store's publications (holdPublications): a review of two
 * commits answers from the bound graphs, and the baselines are written after its answer.
 *
 * Rules that keep this safe:
 * - A publication waits only for the holds taken before it was offered, so later reviews cannot
 *   starve it, and at most MAX_HOLD_MS; publications run one at a time, in the order offered (a
 *   delta baseline is written after the anchor it sits on). Only a whole baseline's write is
 *   held (and what is queued after one): a pushed head's delta is written at once.
 * - Only a review of two commits holds, and while it holds it never waits for a held
 *   publication: it reads those baselines in memory (ensureBaseline `unpublished`), and it waits
 *   for the startup index only until that index's tree is offered (whenPublicationWaits).
 * - A failed publication is reported to whoever awaits it and forgotten: the next build of the
 *   commit binds it again. Nothing half-written stays: a publish is one transaction.
 *
 * Owns the offers, the holds and the queue; what is published is baseline.ts's.
 */
import { seedLayerImports } from './layer-imports.js';
import { unpublishedReader, type PublishInput, type RepoStore, type SnapshotReader } from '@repograph/store';
import type { BoundCommit } from './baseline-neighbour.js';

/** A baseline offered and not yet stored. */
interface Offered {
  /** The complete snapshot it will be (it may be stored as a delta: baseline-delta.ts). */
  input: PublishInput;
  /** Settles when it is stored (or its publication failed). */
  published: Promise<unknown>;
  /** The bound tree, forked on demand, for a build of a nearby commit (baseline-neighbour.ts). */
  neighbour: (() => BoundCommit | null) | null;
  /** The sid its in-memory readers share (so caches keyed by storage serve them all). */
  sid: string;
  /** Whether the import edges of its layer are seeded (layer-imports.ts). */
  seeded: boolean;
  /** Whether it will be stored complete (no anchor to store it as a delta over). */
  complete: boolean;
  /** Whether its publication waits on holds (else it runs as soon as the queue lets it). */
  held: boolean;
}

interface StorePublications {
  offered: Map<string, Offered>;
  /** Holds in force, by number. */
  holds: Set<number>;
  nextHold: number;
  /** Each hold's release (settles when it is released) and its release function, by hold number. */
  released: Map<number, { settled: Promise<void>; release: () => void }>;
  /** The last publication queued (the next runs after it). */
  queue: Promise<unknown>;
  /** Called when a publication starts waiting on a hold. */
  waiting: Set<() => void>;
  /** Publications waiting on holds now. */
  held: number;
  /** Held publications not yet settled (a publication queued after one waits as long). */
  heldPending: number;
}

/**
 * The longest a publication waits on holds. A hold orders work for an answer's sake and never
 * guards data (a review reads offered baselines in memory either way), while whoever waits for
 * the store (a query waiting for the startup index) waits with it: so a slow review, or a waiter
 * this module did not foresee, delays the store by this much at most. A cold review answers
 * within ~0.3 s of the startup index's bind on core-js-50, ~1.5 s on Django (its head's bind ~0.9 s).
 */
const MAX_HOLD_MS = 3_000;

let offers = 0;

const STATE = new WeakMap<RepoStore, StorePublications>();

function stateOf(store: RepoStore): StorePublications {
  let state = STATE.get(store);
  if (!state) {
    state = { offered: new Map(), holds: new Set(), nextHold: 1, released: new Map(), queue: Promise.resolve(), waiting: new Set(), held: 0, heldPending: 0 };
    STATE.set(store, state);
  }
  return state;
}

/**
 * Holds the store's baseline publications offered from now on until the returned release is
 * called (idempotent). A review of two commits holds while it computes and stores its answer.
 */
export function holdPublications(store: RepoStore): () => void {
  const state = stateOf(store);
  const number = state.nextHold++;
  let resolve!: () => void;
  const settled = new Promise<void>((done) => { resolve = done; });
  const release = (): void => {
    if (!state.holds.delete(number)) return;
    state.released.delete(number);
    resolve();
  };
  state.released.set(number, { settled, release });
  state.holds.add(number);
  return release;
}

/**
 * Resolves when a publication waits on a hold (a bound baseline is offered and readable in
 * memory), now or later, or when `until` settles, whichever comes first. A holder waiting for
 * something that waits for a publication calls this instead of waiting for it alone.
 */
export function whenPublicationWaits(store: RepoStore, until: Promise<unknown>): Promise<void> {
  const state = stateOf(store);
  if (state.held > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      state.waiting.delete(done);
      resolve();
    };
    state.waiting.add(done);
    until.then(done, done);
  });
}

/**
 * Offers the baseline `input` describes (complete; stored by `publish`, which may store it as a
 * delta; `complete`: it will not be), and queues its publication after the publications offered
 * before. It is held (waits on the holds in force, at most MAX_HOLD_MS) when holds are in force
 * and it is complete, a whole baseline's write, or queued after a held one: a delta baseline's
 * write (a pushed head: a few groups over a stored anchor) costs less than reading the commit
 * whole from memory, so it is not held. Resolves with `publish`'s result once stored; meanwhile
 * offeredReader reads it.
 */
export function offerBaseline<T>(
  store: RepoStore, input: PublishInput, publish: () => Promise<T>, options: { complete: boolean; neighbour?: Offered['neighbour'] },
): Promise<T> {
  const state = stateOf(store);
  const holds = [...state.holds].map((number) => state.released.get(number)!.settled);
  const held = holds.length > 0 && (options.complete || state.heldPending > 0);
  const before = state.queue;
  const offered: Offered = {
    input, published: Promise.resolve(), neighbour: options.neighbour ?? null, sid: `unpublished:${++offers}`, seeded: false,
    complete: options.complete, held,
  };
  state.offered.set(input.key, offered);
  if (held) state.heldPending++;
  const run = (async () => {
    if (held) {
      state.held++;
      for (const notify of [...state.waiting]) notify();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([Promise.all(holds), new Promise((resolve) => { timer = setTimeout(resolve, MAX_HOLD_MS); })]);
      } finally {
        clearTimeout(timer);
        state.held--;
      }
    }
    await before;
    return publish();
  })();
  offered.published = run;
  const settled = run.finally(() => {
    if (held) state.heldPending--;
    if (state.offered.get(input.key) === offered) state.offered.delete(input.key);
  });
  state.queue = settled.catch(() => undefined);
  return run;
}

/** True when `key` is offered to be stored complete (an anchor a nearby baseline may sit on once stored). */
export function offeredComplete(store: RepoStore, key: string): boolean {
  return STATE.get(store)?.offered.get(key)?.complete === true;
}

/**
 * The publication of `key` under way, if it is offered and not yet stored, and whether it is
 * held (waits on a hold: a holder must not wait for it, and reads it in memory instead).
 */
export function offeredPublication(store: RepoStore, key: string): { published: Promise<unknown>; held: boolean } | null {
  const offered = STATE.get(store)?.offered.get(key);
  return offered ? { published: offered.published, held: offered.held } : null;
}

/** A reader over the offered baseline `key` (null when none is offered); the caller closes it. */
export function offeredReader(store: RepoStore, key: string): SnapshotReader | null {
  const offered = STATE.get(store)?.offered.get(key);
  if (!offered) return null;
  if (!offered.seeded) {
    // Its import edges, from memory, for the reviews that walk them (as a publish seeds them).
    seedLayerImports(store.storeId, offered.sid, offered.input.groups);
    offered.seeded = true;
  }
  return unpublishedReader(store.storeId, offered.input, offered.sid);
}

/** The bound tree of the latest offered baseline that can give one (for a nearby build), or null. */
export function offeredNeighbour(store: RepoStore): BoundCommit | null {
  const offered = [...(STATE.get(store)?.offered.values() ?? [])].reverse();
  for (const each of offered) {
    const bound = each.neighbour?.();
    if (bound) return bound;
  }
  return null;
}

/**
 * Releases every hold and settles when every publication offered so far has settled: the store
 * is about to close (a review still holding then is being cut off anyway).
 */
export async function publicationsSettled(store: RepoStore): Promise<void> {
  const state = STATE.get(store);
  if (!state) return;
  for (const { release } of [...state.released.values()]) release();
  await Promise.allSettled([...state.offered.values()].map((offered) => offered.published));
}
