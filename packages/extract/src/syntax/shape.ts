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
const TOKENS = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Za-z_$@][\w$]*|\d[\w.]*|\S/g;
const KEPT = new Set([
  'if', 'else', 'elif', 'elsif', 'unless', 'for', 'foreach', 'while', 'until', 'do', 'loop', 'switch', 'case', 'when',
  'match', 'return', 'break', 'continue', 'try', 'catch', 'rescue', 'ensure', 'finally', 'throw', 'raise', 'yield',
  'await', 'async', 'new', 'defer', 'goto', 'and', 'or', 'not', 'in', 'then', 'end', 'fn', 'def', 'fun', 'func',
  'function', 'let', 'var', 'val', 'const', 'static', 'mut', 'return', 'repeat', 'select', 'guard',
]);
const ERASED_1 = tokenHash1('_');
const ERASED_2 = tokenHash2('_');

/**
 * Sets `fingerprint` and `nodeCount` of each declaration from the text between `starts[i]` and
 * `ends[i]`. The file is tokenized once (comments blanked in place, so offsets hold) and each
 * definition folds the hashes of the tokens in its range: nested definitions no longer re-run the
 * tokenizer over their containers' text.
 */
export function fingerprintDefinitions(text: string, style: CommentStyle, starts: readonly number[], ends: readonly number[], declarations: DeclarationFact[]): void {
  if (declarations.length === 0) return;
  const clean = text.replace(COMMENTS[style], (comment) => comment.replace(/[^\n]/g, ' '));
  const cache1 = new Map<string, number>();
  const cache2 = new Map<string, number>();
  const at: number[] = [];
  const lane1: number[] = [];
  const lane2: number[] = [];
  for (const match of clean.matchAll(TOKENS)) {
    const token = match[0];
    const first = token.charCodeAt(0);
    const word = (first >= 65 && first <= 90) || (first >= 97 && first <= 122) || first === 95 || first === 36 || first === 64;
    const erased = first === 34 || first === 39 || (first >= 48 && first <= 57) || (word && !KEPT.has(token));
    let t1 = ERASED_1;
    let t2 = ERASED_2;
    if (!erased) {
      let c1 = cache1.get(token);
      if (c1 === undefined) { c1 = tokenHash1(token); cache1.set(token, c1); cache2.set(token, tokenHash2(token)); }
      t1 = c1;
      t2 = cache2.get(token)!;
    }
    at.push(match.index);
    lane1.push(t1);
    lane2.push(t2);
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
