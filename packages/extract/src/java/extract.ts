/**
 * The Java extractor's entry: parses with tree-sitter-java (one parser per thread), copies the
 * tree into plain objects (lite.ts) and runs the walker (walker.ts) that produces declarations,
 * imports and references. Owns the file-level facts only (the package clause, the parse-error
 * diagnostic); never throws (index.ts turns an internal failure into a diagnostic).
 */
import type Parser from 'tree-sitter';
import type { FileFacts } from '@repograph/core';
import { newParser } from '../grammars.js';
import { errorCensus } from '../census.js';
import type { LineTable } from '../positions.js';
import { copyTree } from './lite.js';
import { JavaWalker } from './walker.js';

let parser: Parser | undefined;

/**
 * Fills `facts` (already carrying path, language, version, generated flag and line count) from
 * the decoded text of a Java file; index.ts has handled binary and invalid UTF-8 input.
 */
export function extractJavaText(path: string, text: string, lines: LineTable, facts: FileFacts): { parseMs: number; walkMs: number } {
  const parseStart = performance.now();
  parser ??= newParser('java');
  const tree = parser.parse(text, undefined, { bufferSize: text.length + 1 });
  const census = errorCensus(tree);
  const parseMs = performance.now() - parseStart;
  if (census.count > 0) {
    facts.partial = true;
    facts.diagnostics.push({
      code: 'parse_error', severity: 'warning', path,
      message: `The file has ${census.count} syntax error(s); the parser recovered and what parsed is indexed.`,
      line: census.firstRow + 1, column: census.firstColumn + 1,
    });
  }
  const walkStart = performance.now();
  const walker = new JavaWalker(text, lines);
  walker.walkFile(copyTree(tree, text));
  if (walker.packageName !== undefined) facts.packageName = walker.packageName;
  facts.declarations = walker.declarations;
  facts.imports = walker.imports;
  facts.references = walker.references;
  if (walker.truncated) {
    facts.diagnostics.push({
      code: 'extractor_failure', severity: 'warning', path,
      message: 'Parts of the file nest too deeply to walk; references inside them are missing.',
    });
  }
  return { parseMs, walkMs: performance.now() - walkStart };
}
