/**
 * The JavaScript/TypeScript extractor, one decoded JS-family file to facts: parses (with masking
 * of unsupported TypeScript syntax when the first parse has errors), walks the tree once with a
 * cursor, and finishes the records into FileFacts fields with the shared ../finish.ts. Owns the
 * parse/mask decision and the parse diagnostics; it holds no tree after returning (see
 * docs/ARCHITECTURE.md, "What we measured about our dependencies": trees are freed when collected).
 */
import type { Diagnostic, MountFact, SurfaceFact } from '@repograph/core';
import { errorCensus, errorCensusFrom } from '../census.js';
import type { ErrorCensus } from '../census.js';
import { grammarOf, parseText } from './parser.js';
import type { JsLanguageId } from './parser.js';
import { maskUnsupportedSyntax } from './mask.js';
import { brokenTemplateTypeStarts, maskTemplateSyntax } from './mask-templates.js';
import { tablesFor } from './syntax.js';
import { Walker } from './walker.js';
import { visit, R_READ } from './visit.js';
import { noteDoc } from './jsdoc-apply.js';
import { finishFacts } from '../finish.js';
import type { FinishedFacts } from '../finish.js';
import type { LineTable } from '../positions.js';
import { finishSurfaces } from './surfaces-finish.js';
import { publishConstantValues } from './surfaces-constants.js';

/**
 * How many mask-and-reparse rounds are tried at most. A round masks every variance annotation and
 * call signature it finds but one broken template literal type (mask-templates.ts), so a file
 * with several of those needs a round each; rounds stop as soon as one does not lower the errors.
 */
const MASK_ROUNDS = 8;

/**
 * How many characters all reparses of one file may read together: three reparses of a file at
 * the parse bound (1 MiB), the most the masking cost before the template rules, so a large
 * file with many broken templates costs no more than it did; a small file gets every round.
 */
const REPARSE_BUDGET_CHARS = 3 * 1024 * 1024;

export interface ExtractedTree extends FinishedFacts {
  partial: boolean;
  diagnostics: Diagnostic[];
  /** Milliseconds spent parsing (all rounds) and walking+finishing, for measurements. */
  parseMs: number;
  walkMs: number;
  /** Architecture facts (surfaces-finish.ts); absent when the file has none. */
  surfaces?: SurfaceFact[];
  mounts?: MountFact[];
}

/** Parses and extracts `text` (already decoded). `path` is used in diagnostics. */
export function extractJsText(path: string, language: JsLanguageId, text: string, lines: LineTable): ExtractedTree {
  const diagnostics: Diagnostic[] = [];
  const parseStart = performance.now();
  let tree = parseText(language, text);
  // One root node object serves the census and the walk (each costs a native node-cache entry).
  let root = tree.rootNode;
  let census: ErrorCensus = errorCensusFrom(root);
  let masked = false;
  if (census.count > 0 && language !== 'javascript') {
    let current = text;
    let budget = REPARSE_BUDGET_CHARS;
    for (let round = 0; round < MASK_ROUNDS && census.count > 0; round++) {
      // Every rule at once first; when that is no better (a template's masking can move the
      // parser's recovery elsewhere), the variance and call-signature rules alone.
      const unsupported = maskUnsupportedSyntax(current, census.rows);
      const templateTypes = brokenTemplateTypeStarts(root.descendantsOfType('template_literal_type'), current);
      const every = maskTemplateSyntax(unsupported, census.rows, templateTypes);
      let improved = false;
      for (const next of every === unsupported ? [every] : [every, unsupported]) {
        if (next === current || budget < next.length) continue;
        budget -= next.length;
        const retry = parseText(language, next);
        const retryCensus = errorCensus(retry);
        if (retryCensus.count >= census.count) continue;
        tree = retry;
        root = tree.rootNode;
        census = retryCensus;
        current = next;
        masked = true;
        improved = true;
        break;
      }
      if (!improved) break;
    }
  }
  const parseMs = performance.now() - parseStart;
  if (masked) {
    diagnostics.push({
      code: 'masked_syntax', severity: 'info', path,
      message: 'Masked TypeScript syntax that the grammar cannot parse (variance annotations, a call signature after a member without a separator, `export type *`, escapes in a template literal type, type arguments of a tagged template) and reparsed; positions are unchanged.',
    });
  }
  if (census.count > 0) {
    diagnostics.push({
      code: 'parse_error', severity: 'warning', path,
      message: `The file has ${census.count} syntax error(s); the parser recovered and what parsed is indexed.`,
      line: census.firstRow + 1, column: census.firstColumn + 1,
    });
  }
  const walkStart = performance.now();
  const cursor = root.walk();
  const walker = new Walker(cursor, text, tablesFor(grammarOf(language)), language !== 'javascript');
  if (language === 'javascript') walker.onTaggedComment = noteDoc;
  visit(walker, R_READ);
  const facts = finishFacts(walker, lines);
  publishConstantValues(walker, facts, lines);
  const architecture = finishSurfaces(walker, facts, lines, path);
  const walkMs = performance.now() - walkStart;
  if (walker.truncated) {
    diagnostics.push({
      code: 'extractor_failure', severity: 'warning', path,
      message: 'Parts of the file nest too deeply to walk; references inside them are missing.',
    });
  }
  return {
    declarations: facts.declarations, imports: facts.imports, exports: facts.exports, references: facts.references,
    partial: census.count > 0, diagnostics, parseMs, walkMs, ...architecture,
  };
}
