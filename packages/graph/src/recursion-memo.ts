/**
 * Memoization for the binders' recursive questions (the type of a declaration, what a module
 * exports under a name): each answer is computed once, and a question met again while it is
 * being answered (a cycle such as `const a = b; const b = a`) answers null instead of recursing.
 */
export class RecursionMemo<V> {
  private readonly answers = new Map<string, V | null>();
  private readonly open = new Set<string>();

  /**
   * The answer for `key`: remembered, else computed now. Null while the key is being computed,
   * and null without remembering it when `mayCompute` is false (a depth limit was reached).
   */
  answer(key: string, compute: () => V | null, mayCompute = true): V | null {
    if (this.answers.has(key)) return this.answers.get(key)!;
    if (this.open.has(key) || !mayCompute) return null;
    this.open.add(key);
    try {
      const value = compute();
      this.answers.set(key, value);
      return value;
    } finally {
      this.open.delete(key);
    }
  }
}
