/**
 * Grammars and parsers: one tree-sitter Parser per language per thread, reused for every file,
 * and the error census of a parsed tree. Owns the choice of grammar for a language; it does not
 * walk trees for facts (visit.ts does) and it holds no tree after returning one.
 */
import type Parser from 'tree-sitter';
import type { LanguageId } from '@repograph/core';
import { loadGrammar, newParser } from './grammars.js';

/** The languages this package parses. */
export type JsLanguageId = Extract<LanguageId, 'typescript' | 'tsx' | 'javascript'>;

const parsers = new Map<JsLanguageId, Parser>();

/** The grammar object of a language (also the key of its node-type tables). */
export function grammarOf(language: JsLanguageId): Parser.Language {
  return loadGrammar(language);
}

function parserFor(language: JsLanguageId): Parser {
  let parser = parsers.get(language);
  if (parser === undefined) {
    parser = newParser(language);
    parsers.set(language, parser);
  }
  return parser;
}

/**
 * Parses `text` in one chunk (`bufferSize` = the whole text: the default 32K-unit chunking is up
 * to 2x slower, see DEPENDENCY-NOTES.md).
 */
export function parseText(language: JsLanguageId, text: string): Parser.Tree {
  return parserFor(language).parse(text, undefined, { bufferSize: text.length + 1 });
}

/** The syntax errors of a tree: ERROR and MISSING nodes. */
export interface ErrorCensus {
  count: number;
  /** 0-based row and column of the first error, or -1. */
  firstRow: number;
  firstColumn: number;
  /** Every row an error node touches. */
  rows: Set<number>;
}

/** Counts ERROR and MISSING nodes, descending only into subtrees that contain errors. */
export function errorCensus(tree: Parser.Tree): ErrorCensus {
  const census: ErrorCensus = { count: 0, firstRow: -1, firstColumn: -1, rows: new Set() };
  const root = tree.rootNode;
  if (!root.hasError) return census;
  const stack: Parser.SyntaxNode[] = [root];
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
