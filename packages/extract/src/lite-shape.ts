/**
 * Skeleton fingerprints over the plain tree copy (lite-tree.ts), for the walkers that read it (Go,
 * Java): a Merkle hash of the named-node types with identifiers and literals erased, the sorted
 * shape hashes of the branching constructs (an `&&`/`||` makes its binary expression one), and
 * the named-node count. Owns the walk; each walker's shape.ts names its erased, branching and
 * comment node types. The hash primitives are fingerprint.ts's.
 */
import type { LiteNode } from './lite-tree.js';
import { finish, fold1, fold2, hashHex, tokenHash1, tokenHash2 } from './fingerprint.js';

/** The shape facts of one declaration. */
export interface LiteShape {
  fingerprint: string;
  branches: string[];
  nodeCount: number;
}

/** One language's node types: erased to `$`, branching, and comments (skipped). */
export interface ShapeRules {
  erased: ReadonlySet<string>;
  branching: ReadonlySet<string>;
  comments: ReadonlySet<string>;
}

const MAX_DEPTH = 400;

/** Computes the shape of a declaration node under one language's rules. */
export function liteShapeOf(node: LiteNode, rules: ShapeRules): LiteShape {
  const branches = new Set<string>();
  let nodeCount = 0;
  const hashNode = (current: LiteNode, depth: number): [number, number] => {
    nodeCount++;
    const erased = rules.erased.has(current.type);
    const token = erased ? '$' : current.type;
    let h1 = tokenHash1(token);
    let h2 = tokenHash2(token);
    let branching = rules.branching.has(current.type);
    if (depth < MAX_DEPTH && !erased) {
      for (const child of current.children) {
        if (child.isNamed) {
          if (rules.comments.has(child.type)) continue;
          const [c1, c2] = hashNode(child, depth + 1);
          h1 = fold1(h1, c1);
          h2 = fold2(h2, c2);
        } else if (current.type === 'binary_expression' && (child.type === '&&' || child.type === '||')) {
          branching = true;
          h1 = fold1(h1, tokenHash1(child.type));
          h2 = fold2(h2, tokenHash2(child.type));
        }
      }
    }
    const f1 = finish(h1);
    const f2 = finish(h2);
    if (branching) branches.add(hashHex(f1, f2));
    return [f1, f2];
  };
  const [h1, h2] = hashNode(node, 0);
  return { fingerprint: hashHex(h1, h2), branches: [...branches].sort(), nodeCount };
}
