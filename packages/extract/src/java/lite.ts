/**
 * The Java walker's view of the plain-object tree copy (../lite-tree.ts): which named nodes are
 * leaves (their insides are never read) and under which parents anonymous tokens are kept
 * (the operators of binary expressions, for branch shapes). Owns those two sets only.
 */
import type Parser from 'tree-sitter';
import { copyLiteTree, type LiteNode } from '../lite-tree.js';

/** One node of the copy. */
export type JavaNode = LiteNode;

const LEAVES: ReadonlySet<string> = new Set(['string_literal', 'character_literal', 'line_comment', 'block_comment', 'text_block']);
const TOKEN_PARENTS: ReadonlySet<string> = new Set(['binary_expression']);

/** Copies a parsed tree into JavaNodes in one cursor pass. */
export function copyTree(tree: Parser.Tree, source: string): JavaNode {
  return copyLiteTree(tree, source, LEAVES, TOKEN_PARENTS);
}
