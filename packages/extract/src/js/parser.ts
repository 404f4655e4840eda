/**
 * The JavaScript-family parsers: one tree-sitter Parser per language (typescript, tsx,
 * javascript) per thread, reused for every file. Owns the choice of grammar for a JS-family
 * language; it does not walk trees for facts (visit.ts does), count syntax errors (../census.ts
 * does) or hold a tree after returning one.
 */
import type Parser from 'tree-sitter';
import type { LanguageId } from '@repograph/core';
import { loadGrammar, newParser } from '../grammars.js';

/** The JavaScript-family languages, the ones this walker reads. */
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
 * to 2x slower, see docs/ARCHITECTURE.md, "What we measured about our dependencies").
 */
export function parseText(language: JsLanguageId, text: string): Parser.Tree {
  return parserFor(language).parse(text, undefined, { bufferSize: text.length + 1 });
}
