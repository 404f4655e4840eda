/**
 * Loads tree-sitter and its grammars on first use. The main thread imports this package for
 * `languageOfPath` and friends but never parses, so the native modules (about 100 ms to load)
 * are only loaded where files are parsed: in the extraction workers.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Parser from 'tree-sitter';

const require = createRequire(import.meta.url);

/** The grammars this package parses with. */
export type GrammarName = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'java' | SyntaxGrammarName;

/** The syntax tier's grammars (packages/extract/src/syntax/). */
export type SyntaxGrammarName =
  | 'rust' | 'csharp' | 'ruby' | 'php' | 'c' | 'cpp' | 'kotlin' | 'swift' | 'dart' | 'zig' | 'lua'
  | 'scala' | 'r' | 'bash';

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
      case 'java': language = require('tree-sitter-java') as Parser.Language; break;
      default: language = loadSyntaxGrammar(grammar); break;
    }
    grammars.set(grammar, language);
  }
  return language;
}

/**
 * The syntax tier's grammars. tree-sitter-c-sharp and @tree-sitter-grammars/tree-sitter-lua are
 * ES modules whose entry uses top-level await, so `require()` cannot load them; what that entry
 * does is load the native binding with node-gyp-build (resolved from the grammar's own
 * dependencies) and attach node-types.json, which is synchronous, so this does it the same way:
 * no asynchronous preload in the worker, and the extractor stays a synchronous function.
 */
function loadSyntaxGrammar(grammar: SyntaxGrammarName): Parser.Language {
  switch (grammar) {
    case 'rust': return require('tree-sitter-rust') as Parser.Language;
    case 'csharp': return loadNativeBinding('tree-sitter-c-sharp');
    case 'ruby': return require('tree-sitter-ruby') as Parser.Language;
    case 'php': return (require('tree-sitter-php') as { php: Parser.Language }).php;
    case 'c': return require('tree-sitter-c') as Parser.Language;
    case 'cpp': return require('tree-sitter-cpp') as Parser.Language;
    case 'kotlin': return require('@tree-sitter-grammars/tree-sitter-kotlin') as Parser.Language;
    case 'swift': return require('tree-sitter-swift') as Parser.Language;
    case 'dart': return require('@sengac/tree-sitter-dart') as Parser.Language;
    case 'zig': return require('@tree-sitter-grammars/tree-sitter-zig') as Parser.Language;
    case 'lua': return loadNativeBinding('@tree-sitter-grammars/tree-sitter-lua');
    case 'scala': return require('tree-sitter-scala') as Parser.Language;
    case 'r': return require('@eagleoutice/tree-sitter-r') as Parser.Language;
    case 'bash': return require('tree-sitter-bash') as Parser.Language;
  }
}

/** A grammar package's native binding, loaded as its ES module entry loads it. */
function loadNativeBinding(packageName: string): Parser.Language {
  const manifest = require.resolve(`${packageName}/package.json`);
  const root = dirname(manifest);
  const gypBuild = createRequire(manifest)('node-gyp-build') as (dir: string) => Parser.Language;
  const binding = gypBuild(root);
  try {
    binding.nodeTypeInfo = require(join(root, 'src', 'node-types.json')) as Parser.Language['nodeTypeInfo'];
  } catch {
    // node-types.json only names node subclasses; the grammar parses without it.
  }
  return binding;
}
