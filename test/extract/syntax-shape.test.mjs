// The syntax tier's fingerprint tokenizer (packages/extract/src/syntax/shape.ts) reads tokens by
// hand. Its rule is a regular expression over the text with comments blanked; this test keeps
// that rule as the reference and checks that the fingerprints and token counts agree on every
// syntax-tier fixture and on inputs made to sit on each edge (unclosed and escaped strings,
// comment markers inside strings, Unicode white space, surrogate pairs, numbers next to `$`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, fold1, fold2, hashHex, tokenHash1, tokenHash2 } from '../../packages/extract/dist/fingerprint.js';
import { fingerprintDefinitions } from '../../packages/extract/dist/syntax/shape.js';

const here = dirname(fileURLToPath(import.meta.url));
const inputs = join(here, '../fixtures/extract/input');

const COMMENTS = {
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

/** The reference: blank comments, match TOKENS, erase literals and words that are not kept. */
function referenceFingerprints(text, style, starts, ends) {
  const clean = text.replace(COMMENTS[style], (comment) => comment.replace(/[^\n]/g, ' '));
  const tokens = [...clean.matchAll(TOKENS)].map((match) => {
    const token = match[0];
    const first = token.charCodeAt(0);
    const word = /^[A-Za-z_$@]/.test(token);
    const erased = first === 34 || first === 39 || (first >= 48 && first <= 57) || (word && !KEPT.has(token));
    return { at: match.index, t1: tokenHash1(erased ? '_' : token), t2: tokenHash2(erased ? '_' : token) };
  });
  return starts.map((from, i) => {
    let h1 = tokenHash1('definition');
    let h2 = tokenHash2('definition');
    let count = 0;
    for (const token of tokens) {
      if (token.at < from || token.at >= ends[i]) continue;
      h1 = fold1(h1, token.t1);
      h2 = fold2(h2, token.t2);
      count++;
    }
    return { fingerprint: hashHex(finish(h1), finish(h2)), nodeCount: count };
  });
}

/** One window per line (to its end and to the text's end) and the whole text. */
function windows(text) {
  const starts = [0];
  const ends = [text.length];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    starts.push(at + 1, at + 1);
    ends.push(text.indexOf('\n', at + 1) < 0 ? text.length : text.indexOf('\n', at + 1), text.length);
  }
  return { starts, ends };
}

function check(text, style, label) {
  const { starts, ends } = windows(text);
  const declarations = starts.map(() => ({}));
  fingerprintDefinitions(text, style, starts, ends, declarations);
  assert.deepEqual(declarations, referenceFingerprints(text, style, starts, ends), label);
}

const EDGES = [
  'a = "closed" + \'also\' + "unclosed\nnext',
  '"escaped \\" quote" \'it\\\'s\' "ends in \\\\" x',
  '"backslash at line end \\\n" y',
  '"\\',
  'url = "http://example.com/x" // a real comment\nz',
  's = "a /* not */ b" /* block\n spanning */ c # hash\n-- lua --[[ long\n]] d',
  '#[attr] x # comment\n#define Y',
  '\u00a0x\u1680y\u2000z\u200a\u2028w\u2029v\u202fu\u205ft\u3000s\ufeffr\u200bq',
  '\ud83d\ude00 emoji \ud83d caf\u00e9 \u00e9t\u00e9',
  '12.3e4x_$ 0x1F $bar @foo 7$ 8.9.10 _under',
  'if else continue function guard returned iffy',
  '',
  '\n\n',
];

test('the hand tokenizer gives the reference fingerprints on edge inputs, in every comment style', () => {
  for (const text of EDGES) for (const style of Object.keys(COMMENTS)) check(text, style, `${JSON.stringify(text)} (${style})`);
});

test('the hand tokenizer gives the reference fingerprints on every syntax-tier fixture', () => {
  for (const name of readdirSync(inputs).filter((file) => file.startsWith('syntax-'))) {
    const text = readFileSync(join(inputs, name), 'utf8');
    for (const style of Object.keys(COMMENTS)) check(text, style, `${name} (${style})`);
  }
});
