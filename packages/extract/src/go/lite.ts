/**
 * The Go walker's view of the plain-object tree copy (../lite-tree.ts): which named nodes are
 * leaves (their insides are never read) and under which parents anonymous tokens are kept
 * (the operators of unary and binary expressions). Owns those two sets only.
 */
import type Parser from 'tree-sitter';
import { copyLiteTree, type LiteNode } from '../lite-tree.js';

/** One node of the copy. */
export type GoNode = LiteNode;

const LEAVES: ReadonlySet<string> = new Set(['interpreted_string_literal', 'raw_string_literal', 'rune_literal', 'comment']);
const TOKEN_PARENTS: ReadonlySet<string> = new Set(['unary_expression', 'binary_expression']);

/** Copies a parsed tree into GoNodes in one cursor pass. */
export function copyTree(tree: Parser.Tree, source: string): GoNode {
  return copyLiteTree(tree, source, LEAVES, TOKEN_PARENTS);
}
