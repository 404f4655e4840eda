/**
 * JSDoc comments of JavaScript files, as far as types go: which comment holds tags (a `/**`
 * comment with an `@`; only those are ever read), the block tags of such a comment (`@param {T}
 * name`, `@returns {T}`, `@type {T}`, `@typedef {T} Name` with its `@property` lines, `@callback`,
 * `@template`, `@this`), and which tagged comment a declaration or expression owns (the last one
 * ending before it with only whitespace or other comments between, as the TypeScript compiler
 * attaches JSDoc). Owns the comment syntax; the brace contents are read by jsdoc-types.ts and the
 * tags applied by jsdoc-apply.ts. Offsets only: no cursor access.
 */
import type { Scope } from '../model.js';

/** One block tag: `@tag {type} name`, as offsets into the file text. */
export interface DocTag {
  tag: string;
  /** The type text inside the braces, or -1 when the tag has none. */
  typeStart: number;
  typeEnd: number;
  /** The word after the type (`[x=1]` gives `x`), or ''; `@template` keeps `T, U` whole. */
  name: string;
  nameAt: number;
  /** `[name]` / `[name=value]`. */
  optional: boolean;
}

/** A tagged comment of the file, read on first use. */
export interface JsDoc {
  start: number;
  end: number;
  /** The scope at the comment: where its type names are looked up. */
  scope: Scope;
  /** The comment lies at the top level (module scope, outside functions). */
  topLevel: boolean;
  tags: DocTag[] | null;
  /**
   * Code after the comment was already reached (a cast or an anonymous function looked at it), so
   * no later anonymous node can own it: they stop reading their positions for it.
   */
  settled: boolean;
  /** Holds `@type` or `@satisfies` (may be a cast). */
  castLike: boolean;
  /** Holds `@template`. */
  hasTemplate: boolean;
}

/** True when the comment `[start, end)` is a `/**` block holding an `@` (the only ones read). */
export function isTaggedComment(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(start + 1) !== 42 || text.charCodeAt(start + 2) !== 42 || end - start < 5) return false;
  for (let i = start + 3; i < end; i++) if (text.charCodeAt(i) === 64) return true;
  return false;
}

/** The tags of a tagged comment (read once). */
export function tagsOf(text: string, doc: JsDoc): DocTag[] {
  if (doc.tags === null) doc.tags = readTags(text, doc.start + 3, doc.end - 2);
  return doc.tags;
}

/** The comment `doc` when it ends before `anchor` with only whitespace and comments between. */
export function docAt(text: string, doc: JsDoc | null, anchor: number): JsDoc | null {
  if (doc === null || anchor < doc.end) return null;
  return onlyTrivia(text, doc.end, anchor) ? doc : null;
}

/** True when `[from, to)` holds only whitespace and comments. */
function onlyTrivia(text: string, from: number, to: number): boolean {
  let i = from;
  while (i < to) {
    const ch = text.charCodeAt(i);
    if (ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 11 || ch === 12 || ch === 0xa0 || ch === 0xfeff) {
      i++;
    } else if (ch === 47 && text.charCodeAt(i + 1) === 47) {
      const newline = text.indexOf('\n', i);
      if (newline < 0 || newline >= to) return false;
      i = newline + 1;
    } else if (ch === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0 || close + 2 > to) return false;
      i = close + 2;
    } else {
      return false;
    }
  }
  return true;
}

function isTagChar(ch: number): boolean {
  return (ch >= 97 && ch <= 122) || (ch >= 65 && ch <= 90) || (ch >= 48 && ch <= 57) || ch === 95 || ch === 45;
}

function isNameChar(ch: number): boolean {
  return isTagChar(ch) || ch === 36 || ch === 46 || ch >= 128;
}

function isSpace(ch: number): boolean {
  return ch === 32 || ch === 9 || ch === 13 || ch === 11 || ch === 12;
}

/** Skips spaces, and line breaks followed by the comment's leading `*`. */
function skipBlank(text: string, i: number, end: number): number {
  while (i < end) {
    const ch = text.charCodeAt(i);
    if (isSpace(ch)) {
      i++;
    } else if (ch === 10) {
      i++;
      while (i < end && isSpace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) === 42 && text.charCodeAt(i + 1) !== 47) i++;
    } else {
      break;
    }
  }
  return i;
}

/** The offset after the `}` that closes the `{` at `open` (nested braces counted), or -1. */
function closingBrace(text: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 123) depth++;
    else if (ch === 125 && --depth === 0) return i + 1;
    else if (ch === 34 || ch === 39 || ch === 96) {
      const close = text.indexOf(String.fromCharCode(ch), i + 1);
      if (close < 0 || close >= end) return -1;
      i = close;
    }
  }
  return -1;
}

/** Tags whose type is followed by a name. */
const NAMED_TAGS = new Set(['param', 'arg', 'argument', 'property', 'prop', 'typedef', 'callback', 'template']);

/** Reads the block tags of the comment body `[from, to)`; an `@` starts a tag after a blank only. */
function readTags(text: string, from: number, to: number): DocTag[] {
  const tags: DocTag[] = [];
  let i = from;
  while (i < to) {
    const at = text.indexOf('@', i);
    if (at < 0 || at >= to) break;
    i = at + 1;
    const before = at === from ? 32 : text.charCodeAt(at - 1);
    if (!(isSpace(before) || before === 10 || before === 42)) continue;
    let nameEnd = i;
    while (nameEnd < to && isTagChar(text.charCodeAt(nameEnd))) nameEnd++;
    if (nameEnd === i) continue;
    const tag = text.slice(i, nameEnd);
    i = nameEnd;
    let typeStart = -1;
    let typeEnd = -1;
    let j = skipBlank(text, i, to);
    if (text.charCodeAt(j) === 123) {
      const close = closingBrace(text, j, to);
      if (close < 0) break;
      typeStart = j + 1;
      typeEnd = close - 1;
      i = close;
      j = skipBlank(text, i, to);
    }
    let name = '';
    let nameAt = -1;
    let optional = false;
    if (NAMED_TAGS.has(tag)) {
      if (text.charCodeAt(j) === 91) {
        optional = true;
        j = skipBlank(text, j + 1, to);
      }
      nameAt = j;
      let k = j;
      // `a.b` names a property of parameter `a`; `a[].b` one of its elements.
      while (k < to && (isNameChar(text.charCodeAt(k)) || (text.charCodeAt(k) === 91 && text.charCodeAt(k + 1) === 93))) {
        k += text.charCodeAt(k) === 91 ? 2 : 1;
      }
      if (tag === 'template') {
        // `@template T, U`: names separated by commas.
        for (;;) {
          let next = k;
          while (next < to && isSpace(text.charCodeAt(next))) next++;
          if (text.charCodeAt(next) !== 44) break;
          next++;
          while (next < to && isSpace(text.charCodeAt(next))) next++;
          const wordStart = next;
          while (next < to && isNameChar(text.charCodeAt(next))) next++;
          if (next === wordStart) break;
          k = next;
        }
      }
      name = text.slice(j, k).trim();
      if (name === '') nameAt = -1;
      i = Math.max(i, k);
    }
    tags.push({ tag, typeStart, typeEnd, name, nameAt, optional });
  }
  return tags;
}
