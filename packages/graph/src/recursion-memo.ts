/**
 * Memoization for the binders' recursive questions (the type of a declaration, what a module
 * exports under a name), such that an answer never depends on where a question was first asked:
 * binding must give the same graph whatever order files are bound in (a fresh build binds all
 * of them in path order, a refresh only the re-bound ones), so a remembered answer must equal
 * what computing it again would give.
 *
 * Questions nest to a depth limit, and a question met again while it is being answered (a cycle
 * such as `const a = b; const b = a`) answers null. An answer computed below either cut would
 * be an answer for that one context, so it is never remembered. A remembered answer also keeps
 * how deep below its question its computation reached, and is reused only where that much depth
 * is left (deeper down, the question is computed again and cut where the limit says). Owns these
 * rules; `DepthBudget` is shared by every memo of one binder, since their questions interleave.
 */

/** The depth limit of one binder's questions and what its computations reached. */
export class DepthBudget {
  /** The deepest depth the computation under way has reached. */
  deepest = 0;
  /** Cuts (the depth limit or a cycle) made so far; an answer computed across one is not remembered. */
  cuts = 0;

  constructor(readonly max: number) {}

  /** True, and counted as a cut, when `depth` is past the limit; records the depth reached. */
  exceeded(depth: number): boolean {
    if (depth > this.deepest) this.deepest = depth;
    if (depth <= this.max) return false;
    this.cuts++;
    return true;
  }
}

interface Remembered<V> {
  value: V | null;
  /** How far below the question its computation went. */
  reach: number;
}

/** Answers by question key: a string, or a number where a binder can name its questions without building strings. */
export class RecursionMemo<V, K extends string | number = string> {
  private readonly answers = new Map<K, Remembered<V>>();
  private readonly open = new Set<K>();

  constructor(private readonly budget: DepthBudget) {}

  /** The answer for `key` asked at `depth`: remembered where valid, else computed now. */
  answer(key: K, depth: number, compute: () => V | null): V | null {
    const known = this.answers.get(key);
    if (known !== undefined && depth + known.reach <= this.budget.max) {
      if (depth + known.reach > this.budget.deepest) this.budget.deepest = depth + known.reach;
      return known.value;
    }
    if (this.budget.exceeded(depth)) return null;
    if (this.open.has(key)) {
      this.budget.cuts++;
      return null;
    }
    this.open.add(key);
    const outerDeepest = this.budget.deepest;
    const cutsBefore = this.budget.cuts;
    this.budget.deepest = depth;
    try {
      const value = compute();
      if (this.budget.cuts === cutsBefore) this.answers.set(key, { value, reach: this.budget.deepest - depth });
      return value;
    } finally {
      this.open.delete(key);
      if (outerDeepest > this.budget.deepest) this.budget.deepest = outerDeepest;
    }
  }
}
