/**
 * The error census of a parsed tree, for every language: how many ERROR and MISSING nodes it
 * has, where the first one is, and which rows they touch (the rows js/mask.ts may rewrite). Owns
 * the census only; parsing is each language's own (js/parser.ts, python/extract.ts, go/extract.ts).
 */
import type Parser from 'tree-sitter';

/** The syntax errors of a tree: ERROR and MISSING nodes. */
export interface ErrorCensus {
  count: number;
  /** 0-based row and column of the first error, or -1. */
  firstRow: number;
  firstColumn: number;
  /** Every row an error node touches. */
  rows: Set<number>;
}

/** What the census reads of a node: SyntaxNode has it, and so has the syntax tier's NodeHandle. */
export interface CensusNode {
  readonly hasError: boolean;
  readonly isError: boolean;
  readonly isMissing: boolean;
  readonly startPosition: Parser.Point;
  readonly endPosition: Parser.Point;
  readonly childCount: number;
  child(index: number): CensusNode | null;
}

/** Counts ERROR and MISSING nodes, descending only into subtrees that contain errors. */
export function errorCensus(tree: Parser.Tree): ErrorCensus {
  return errorCensusFrom(tree.rootNode);
}

/** The census of the tree under `root`. */
export function errorCensusFrom(root: CensusNode): ErrorCensus {
  const census: ErrorCensus = { count: 0, firstRow: -1, firstColumn: -1, rows: new Set() };
  if (!root.hasError) return census;
  const stack: CensusNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) {
      const start = node.startPosition;
      const end = node.endPosition;
      census.count++;
      if (census.firstRow < 0 || start.row < census.firstRow ||
          (start.row === census.firstRow && start.column < census.firstColumn)) {
        census.firstRow = start.row;
        census.firstColumn = start.column;
      }
      for (let row = start.row; row <= end.row; row++) census.rows.add(row);
      if (node.isMissing) continue;
    }
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child !== null && (child.hasError || child.isMissing)) stack.push(child);
    }
  }
  return census;
}
