/**
 * The node the syntax tier reads: the part of node-tree-sitter's SyntaxNode that its extractor
 * (extract.ts) and its table entries (specs-*.ts) use, and nothing more. Two things implement
 * it: handles.ts's NodeHandle, which reads a node through node-tree-sitter's native methods
 * without making a SyntaxNode object, and, where that is unavailable, SyntaxNode itself. Owns the
 * interface only.
 */

/** A syntax tree node as the syntax tier reads it. Offsets are UTF-16 units of the parsed text. */
export interface TierNode {
  readonly type: string;
  readonly isNamed: boolean;
  readonly text: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly parent: TierNode | null;
  readonly nextSibling: TierNode | null;
  readonly nextNamedSibling: TierNode | null;
  readonly previousNamedSibling: TierNode | null;
  readonly childCount: number;
  readonly namedChildCount: number;
  readonly children: TierNode[];
  readonly namedChildren: TierNode[];
  child(index: number): TierNode | null;
  namedChild(index: number): TierNode | null;
  childForFieldName(fieldName: string): TierNode | null;
  childrenForFieldName(fieldName: string): TierNode[];
  descendantsOfType(types: string | string[]): TierNode[];
}

/** One match of a query: its pattern's index and its captures in pattern order. */
export interface TierMatch {
  pattern: number;
  captures: TierCapture[];
}

/** One captured node with its capture name. */
export interface TierCapture {
  name: string;
  node: TierNode;
}
