/**
 * Loads tree-sitter and its grammars on first use. The main thread imports this package for
 * `languageOfPath` and friends but never parses, so the native modules (about 100 ms to load)
 * are only loaded where files are parsed: in the extraction workers.
 */
import { createRequire } from 'node:module';
import type Parser from 'tree-sitter';

const require = createRequire(import.meta.url);

/** The grammars this package parses with. */
export type GrammarName = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go';

let parserClass: typeof Parser | undefined;
const grammars = new Map<GrammarName, Parser.Language>();

/** A new Parser with the given grammar set. */
export function newParser(grammar: GrammarName): Parser {
  parserClass ??= require('tree-sitter') as typeof Parser;
  const parser = new parserClass();
  parser.setLanguage(loadGrammar(grammar));
  return parser;
}

/** The grammar object (also the key of per-grammar node-type tables). */
export function loadGrammar(grammar: GrammarName): Parser.Language {
  let language = grammars.get(grammar);
  if (language === undefined) {
    switch (grammar) {
      case 'typescript': language = (require('tree-sitter-typescript') as { typescript: Parser.Language }).typescript; break;
      case 'tsx': language = (require('tree-sitter-typescript') as { tsx: Parser.Language }).tsx; break;
      case 'javascript': language = require('tree-sitter-javascript') as Parser.Language; break;
      case 'python': language = require('tree-sitter-python') as Parser.Language; break;
      case 'go': language = require('tree-sitter-go') as Parser.Language; break;
    }
    grammars.set(grammar, language);
  }
  return language;
}
