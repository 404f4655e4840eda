/**
 * The Go extractor's entry: decodes the bytes, parses with tree-sitter-go (one parser per
 * thread), records the package clause and build constraint, and runs the walker (walker.ts) that
 * produces declarations, imports and references. Owns the file-level facts only; never throws
 * (index.ts turns an internal failure into a diagnostic).
 */
import type Parser from 'tree-sitter';
import { newParser } from '../grammars.js';
import type { FileFacts } from '@repograph/core';
import { errorCensus } from '../census.js';
import type { LineTable } from '../positions.js';
import { GoWalker } from './walker.js';
import { copyTree, type GoNode } from './lite.js';
import { finishGoSurfaces } from './surfaces.js';

let parser: Parser | undefined;

function goParser(): Parser {
  if (parser === undefined) {
    parser = newParser('go');
  }
  return parser;
}

/**
 * Fills `facts` (already carrying path, language, version, generated flag and line count) from
 * the decoded text of a Go file; index.ts has handled binary and invalid UTF-8 input.
 */
export function extractGoText(path: string, text: string, lines: LineTable, facts: FileFacts): { parseMs: number; walkMs: number } {
  const timings = { parseMs: 0, walkMs: 0 };
  const parseStart = performance.now();
  let tree = goParser().parse(text, undefined, { bufferSize: text.length + 1 });
  const census = errorCensus(tree);
  let skipped = 0;
  if (census.count > 0) {
    // Blank the top-level declarations that hold an error and reparse, so one broken function
    // does not swallow the declarations after it. Positions are unchanged (same length).
    const masked = maskBrokenDeclarations(text, census.rows);
    // (Only declarations that also fail on their own are blanked.)
    if (masked.count > 0) {
      const retry = goParser().parse(masked.text, undefined, { bufferSize: masked.text.length + 1 });
      if (errorCensus(retry).count < census.count) { tree = retry; skipped = masked.count; }
    }
  }
  timings.parseMs = performance.now() - parseStart;
  if (census.count > 0) {
    facts.partial = true;
    const lost = skipped > 0 ? ` ${skipped} top-level declaration(s) holding the errors were skipped.` : '';
    facts.diagnostics.push({
      code: 'parse_error', severity: 'warning', path,
      message: `The file has ${census.count} syntax error(s); the parser recovered and what parsed is indexed.${lost}`,
      line: census.firstRow + 1, column: census.firstColumn + 1,
    });
  }
  const walkStart = performance.now();
  const root = copyTree(tree, text);
  const constraint = buildConstraintOf(root);
  if (constraint !== undefined) facts.buildConstraint = constraint;
  const walker = new GoWalker(text, lines);
  walker.walkFile(root);
  finishGoSurfaces(walker, root, facts);
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
  timings.walkMs = performance.now() - walkStart;
  return timings;
}

/**
 * The build constraint in the comments before the package clause: the `//go:build` expression,
 * else the `// +build` lines rewritten in `//go:build` syntax.
 */
function buildConstraintOf(root: GoNode): string | undefined {
  let goBuild: string | undefined;
  const plusBuild: string[] = [];
  for (let i = 0; i < root.namedChildCount; i++) {
    const child = root.namedChild(i)!;
    if (child.type !== 'comment') break;
    const text = child.text;
    const goMatch = /^\/\/go:build\s+(.+)$/.exec(text);
    if (goMatch) goBuild ??= goMatch[1]!.trim();
    const plusMatch = /^\/\/\s*\+build\s+(.+)$/.exec(text);
    if (plusMatch) plusBuild.push(plusMatch[1]!.trim());
  }
  if (goBuild !== undefined) return goBuild;
  if (plusBuild.length === 0) return undefined;
  // `// +build a,b c` means (a && b) || c; lines are and-ed.
  const lineExpressions = plusBuild.map((line) => line.split(/\s+/).map((term) => term.split(',').join(' && ')));
  if (lineExpressions.length === 1) return lineExpressions[0]!.join(' || ');
  return lineExpressions.map((terms) => (terms.length === 1 && !terms[0]!.includes(' ') ? terms[0]! : `(${terms.join(' || ')})`)).join(' && ');
}

/** True when a top-level declaration parses without errors on its own. */
function parsesAlone(chunk: string): boolean {
  const source = `package p\n${chunk}`;
  return !goParser().parse(source, undefined, { bufferSize: source.length + 1 }).rootNode.hasError;
}

/** Replaces every top-level declaration (from a `func`/`type`/`var`/`const` line start to the next) that touches an error row with spaces. */
function maskBrokenDeclarations(text: string, errorRows: Set<number>): { text: string; count: number } {
  const starts: number[] = [];
  const pattern = /^(?:func|type|var|const)\b/gm;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) starts.push(match.index);
  if (starts.length === 0) return { text, count: 0 };
  let row = 0;
  let offset = 0;
  const rowAt = (target: number): number => {
    for (; offset < target; offset++) if (text.charCodeAt(offset) === 10) row++;
    return row;
  };
  let out = text.slice(0, starts[0]);
  let count = 0;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = starts[i + 1] ?? text.length;
    const firstRow = rowAt(start);
    const lastRow = rowAt(end);
    let broken = false;
    for (let r = firstRow; r <= lastRow && !broken; r++) broken = errorRows.has(r) && (r < lastRow || end === text.length);
    const chunk = text.slice(start, end);
    if (broken && !parsesAlone(chunk)) { count++; out += chunk.replace(/[^\n]/g, ' '); } else out += chunk;
  }
  return { text: out, count };
}
