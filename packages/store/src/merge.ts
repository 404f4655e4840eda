/**
 * Merging two sorted streams into one, lazily. Owns that one algorithm, used by the reader to
 * lay an overlay's layer over its base's; it knows nothing about LMDB or the domain.
 */

/**
 * Yields the items of `first` and `second` (each already sorted by `compare`) in `compare` order;
 * on ties, `first`'s item comes first. Both iterators are closed when the consumer stops early.
 */
export function* mergeSorted<T>(first: Iterable<T>, second: Iterable<T>, compare: (a: T, b: T) => number): Generator<T> {
  const left = first[Symbol.iterator]();
  const right = second[Symbol.iterator]();
  let leftDone = false;
  let rightDone = false;
  try {
    let a = left.next();
    let b = right.next();
    while (!a.done && !b.done) {
      if (compare(a.value, b.value) <= 0) {
        yield a.value;
        a = left.next();
      } else {
        yield b.value;
        b = right.next();
      }
    }
    while (!a.done) {
      yield a.value;
      a = left.next();
    }
    leftDone = true;
    while (!b.done) {
      yield b.value;
      b = right.next();
    }
    rightDone = true;
  } finally {
    if (!leftDone) left.return?.();
    if (!rightDone) right.return?.();
  }
}

/** The first `limit` items of `items`, closing the iterator early. */
export function take<T>(items: Iterable<T>, limit: number): T[] {
  const taken: T[] = [];
  if (limit <= 0) return taken;
  for (const item of items) {
    taken.push(item);
    if (taken.length >= limit) break;
  }
  return taken;
}
