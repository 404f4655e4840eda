/**
 * Skeleton fingerprints for the syntax tier, from each definition's text: comments and
 * whitespace dropped, identifiers, numbers and strings erased to one token each (a small set of
 * control keywords common to these languages is kept, so `if` and `while` still differ), the
 * remaining token sequence hashed with both lanes of fingerprint.ts. A TreeCursor pass over the
 * whole tree cost two to three times the parse (measured on the grammars' scanner.c files), so
 * the tier reads text instead; a rename or a literal-only edit leaves the fingerprint as it was,
 * as the other walkers' AST fingerprints do. `nodeCount` is the definition's token count. Owns
 * the shape rule only; which nodes are definitions is extract.ts's.
 */
import type { DeclarationFact } from '@repograph/core';
import { finish, fold1, fold2, hashHex, tokenHash1, tokenHash2 } from '../fingerprint.js';

/** How a language writes comments: the tokenizer drops what these match. */
export type CommentStyle = 'c' | 'hash' | 'c-hash' | 'lua';

const COMMENTS: Record<CommentStyle, RegExp> = {
  'c': /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
  'hash': /#[^\n]*/g,
  'c-hash': /\/\*[\s\S]*?\*\/|\/\/[^\n]*|#(?!\[)[^\n]*/g,
  'lua': /--\[\[[\s\S]*?\]\]|--[^\n]*/g,
};
const KEPT = new Set([
  'if', 'else', 'elif', 'elsif', 'unless', 'for', 'foreach', 'while', 'until', 'do', 'loop', 'switch', 'case', 'when',
  'match', 'return', 'break', 'continue', 'try', 'catch', 'rescue', 'ensure', 'finally', 'throw', 'raise', 'yield',
  'await', 'async', 'new', 'defer', 'goto', 'and', 'or', 'not', 'in', 'then', 'end', 'fn', 'def', 'fun', 'func',
  'function', 'let', 'var', 'val', 'const', 'static', 'mut', 'return', 'repeat', 'select', 'guard',
]);
const KEPT_LONGEST = Math.max(...[...KEPT].map((word) => word.length));
const ERASED_1 = tokenHash1('_');
const ERASED_2 = tokenHash2('_');
/** The hashes of one-unit ASCII tokens (punctuation), by code. */
const ASCII_1 = Array.from({ length: 128 }, (_, code) => tokenHash1(String.fromCharCode(code)));
const ASCII_2 = Array.from({ length: 128 }, (_, code) => tokenHash2(String.fromCharCode(code)));

/**
 * The tokens, read by hand as the pattern
 * `"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Za-z_$@][\w$]*|\d[\w.]*|\S` would read them (a
 * string closed on its line; a word; a number with the word characters and dots after it; any
 * other single UTF-16 unit that is not white space), without a match object per token.
 */
function isWordStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36 || code === 64;
}

function isWordPart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

/** `[\w.]`: no `$` in a number. */
function isNumberPart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46;
}

/** Whether a UTF-16 unit is white space as a regular expression's `\s` has it. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** Where a string literal opened at `start` by `quote` ends (past its closing quote), or -1 when it is not closed on its line. */
function stringEnd(text: string, blank: Uint8Array | null, start: number, quote: number): number {
  for (let j = start + 1; j < text.length; j++) {
    const code = unitAt(text, blank, j);
    if (code === quote) return j + 1;
    if (code === 10) return -1;
    if (code === 92) {
      const next = unitAt(text, blank, j + 1);
      if (j + 1 >= text.length || next === 10 || next === 13 || next === 0x2028 || next === 0x2029) return -1;
      j++;
    }
  }
  return -1;
}

/**
 * The comments of a text as a mask: 1 on every unit of a comment except its line breaks, which
 * the tokenizer reads as spaces, so offsets hold and no blanked copy of the text is made. Null
 * when the text has no comment.
 */
function commentMask(text: string, comments: RegExp): Uint8Array | null {
  let mask: Uint8Array | null = null;
  comments.lastIndex = 0;
  for (let match = comments.exec(text); match !== null; match = comments.exec(text)) {
    mask ??= new Uint8Array(text.length);
    const from = match.index;
    const to = from + match[0].length;
    mask.fill(1, from, to);
    for (let j = text.indexOf('\n', from); j >= 0 && j < to; j = text.indexOf('\n', j + 1)) mask[j] = 0;
  }
  return mask;
}

/** The UTF-16 unit at `index`, a space inside a comment. */
function unitAt(text: string, blank: Uint8Array | null, index: number): number {
  return blank !== null && blank[index] === 1 ? 32 : text.charCodeAt(index);
}

/**
 * Sets `fingerprint` and `nodeCount` of each declaration from the text between `starts[i]` and
 * `ends[i]`. The file is tokenized once (comments read as spaces, so offsets hold) and each
 * definition folds the hashes of the tokens in its range: nested definitions no longer re-run the
 * tokenizer over their containers' text.
 */
export function fingerprintDefinitions(text: string, style: CommentStyle, starts: readonly number[], ends: readonly number[], declarations: DeclarationFact[]): void {
  if (declarations.length === 0) return;
  const blank = commentMask(text, COMMENTS[style]);
  const cache1 = new Map<string, number>();
  const cache2 = new Map<string, number>();
  const at: number[] = [];
  const lane1: number[] = [];
  const lane2: number[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    const first = unitAt(text, blank, i);
    if (isSpace(first)) { i++; continue; }
    let end = i + 1;
    let erased = false;
    if (first === 34 || first === 39) {
      // A quote is erased whether or not its string closes (then it is a one-unit token).
      const close = stringEnd(text, blank, i, first);
      if (close > 0) end = close;
      erased = true;
    } else if (isWordStart(first)) {
      while (end < length && isWordPart(unitAt(text, blank, end))) end++;
    } else if (first >= 48 && first <= 57) {
      while (end < length && isNumberPart(unitAt(text, blank, end))) end++;
      erased = true;
    }
    let t1 = ERASED_1;
    let t2 = ERASED_2;
    if (erased) {
      // A literal: one erased token.
    } else if (end === i + 1 && first < 128 && !isWordStart(first)) {
      t1 = ASCII_1[first]!;
      t2 = ASCII_2[first]!;
    } else if (!isWordStart(first) || end - i <= KEPT_LONGEST) {
      const token = text.slice(i, end);
      if (!isWordStart(first) || KEPT.has(token)) {
        let c1 = cache1.get(token);
        if (c1 === undefined) { c1 = tokenHash1(token); cache1.set(token, c1); cache2.set(token, tokenHash2(token)); }
        t1 = c1;
        t2 = cache2.get(token)!;
      }
    }
    at.push(i);
    lane1.push(t1);
    lane2.push(t2);
    i = end;
  }
  const begin1 = tokenHash1('definition');
  const begin2 = tokenHash2('definition');
  for (let index = 0; index < declarations.length; index++) {
    const from = starts[index]!;
    const to = ends[index]!;
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    let h1 = begin1;
    let h2 = begin2;
    let count = 0;
    for (let j = lo; j < at.length && at[j]! < to; j++) {
      h1 = fold1(h1, lane1[j]!);
      h2 = fold2(h2, lane2[j]!);
      count++;
    }
    declarations[index]!.fingerprint = hashHex(finish(h1), finish(h2));
    declarations[index]!.nodeCount = count;
  }
}
