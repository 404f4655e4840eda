/**
 * A disjoint-set forest over strings (union by size, path halving), as the grouping of changed
 * files needs it. Owns the forest only; what joins two files is ties.ts and group.ts.
 * Representatives are not part of any output: callers order groups by their own content.
 */
import { compareStrings } from '@repograph/core';

/** Disjoint sets of string members. */
export class UnionFind {
  private readonly parent = new Map<string, string>();
  private readonly size = new Map<string, number>();

  /** Adds a member as its own set (no-op when present). */
  add(member: string): void {
    if (this.parent.has(member)) return;
    this.parent.set(member, member);
    this.size.set(member, 1);
  }

  /** The representative of the member's set (the member is added when unknown). */
  find(member: string): string {
    this.add(member);
    let at = member;
    for (;;) {
      const up = this.parent.get(at)!;
      if (up === at) return at;
      const grand = this.parent.get(up)!;
      this.parent.set(at, grand);
      at = grand;
    }
  }

  /** Joins the two members' sets. */
  union(a: string, b: string): void {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA === rootB) return;
    const sizeA = this.size.get(rootA)!;
    const sizeB = this.size.get(rootB)!;
    const [big, small] = sizeA >= sizeB ? [rootA, rootB] : [rootB, rootA];
    this.parent.set(small, big);
    this.size.set(big, sizeA + sizeB);
  }

  /** The sets, each as its members in code-unit order, the sets ordered by their first member. */
  groups(): string[][] {
    const byRoot = new Map<string, string[]>();
    for (const member of this.parent.keys()) {
      const root = this.find(member);
      const group = byRoot.get(root);
      if (group === undefined) byRoot.set(root, [member]);
      else group.push(member);
    }
    const groups = [...byRoot.values()].map((group) => group.sort(compareStrings));
    return groups.sort((a, b) => compareStrings(a[0]!, b[0]!));
  }
}
