/**
 * Skeleton fingerprints of Java method bodies: a Merkle hash of the named-node types with
 * identifiers and literals erased, the sorted shape hashes of the branching constructs, and the
 * named-node count. Owns which Java nodes erase and which branch; the hash primitives are shared
 * with the other walkers (../fingerprint.ts).
 */
import type { JavaNode } from './lite.js';
import { finish, fold1, fold2, hashHex, tokenHash1, tokenHash2 } from '../fingerprint.js';

/** The shape facts of one declaration. */
export interface JavaShape {
  fingerprint: string;
  branches: string[];
  nodeCount: number;
}

const ERASED = new Set([
  'identifier', 'type_identifier', 'decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal',
  'binary_integer_literal', 'decimal_floating_point_literal', 'hex_floating_point_literal', 'string_literal',
  'character_literal', 'text_block', 'true', 'false', 'null_literal',
]);
const BRANCHING = new Set([
  'if_statement', 'for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement', 'switch_expression',
  'switch_block_statement_group', 'switch_rule', 'catch_clause', 'ternary_expression',
]);
const MAX_DEPTH = 400;

/** Computes the shape of a declaration node. */
export function javaShapeOf(node: JavaNode): JavaShape {
  const branches = new Set<string>();
  let nodeCount = 0;
  const hashNode = (current: JavaNode, depth: number): [number, number] => {
    nodeCount++;
    const erased = ERASED.has(current.type);
    const token = erased ? '$' : current.type;
    let h1 = tokenHash1(token);
    let h2 = tokenHash2(token);
    let branching = BRANCHING.has(current.type);
    if (depth < MAX_DEPTH && !erased) {
      for (const child of current.children) {
        if (child.isNamed) {
          if (child.type === 'line_comment' || child.type === 'block_comment') continue;
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
