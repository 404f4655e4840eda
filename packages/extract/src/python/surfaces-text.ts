/**
 * What the architecture facts (surfaces.ts) read of a Python call without walking it again: the
 * argument nodes of the call under the cursor (their types and offsets, positional and by
 * keyword), and the text a key expression denotes: a string literal, implicitly concatenated
 * literals, an f-string, `'a' + x`, `'a_%s' % x`, `'a_{}'.format(x)`, with each computed part
 * written `*` (a partial key). Owns these readings only; which calls matter is the surfaces-*.ts
 * modules' decision. Never throws.
 */
import { typeAt } from './state.js';
import type { PyWalker } from './state.js';

/** One argument node of a call: its grammar type and offsets. */
export interface ArgNode {
  type: string;
  start: number;
  end: number;
}

/** The arguments of one call. */
export interface CallArgs {
  start: number;
  end: number;
  positional: ArgNode[];
  keywords: Map<string, ArgNode>;
  /** A `*args`/`**kwargs` argument occurs (positions after it are not known). */
  spread: boolean;
  /** End of the callee expression (its last name ends there). */
  calleeEnd: number;
}

/** A key as far as the text tells it. */
export interface KeyText {
  text: string;
  partial: boolean;
}

/** Keys longer than this are not facts (generated or pasted text, not a route or a variable name). */
export const MAX_KEY_CHARS = 1024;
/** Key expressions longer than this are not read at all. */
const MAX_EXPRESSION_CHARS = 8192;

/**
 * The arguments of the call under the cursor (the cursor stays on it), or null when it has no
 * argument list (a generator argument).
 */
export function readCallArgs(w: PyWalker): CallArgs | null {
  const c = w.c;
  const args: CallArgs = { start: c.startIndex, end: c.endIndex, positional: [], keywords: new Map(), spread: false, calleeEnd: -1 };
  let found = false;
  if (!c.gotoFirstChild()) return null;
  do {
    const field = c.currentFieldName;
    if (field === 'function') args.calleeEnd = c.endIndex;
    if (field !== 'arguments') continue;
    if (typeAt(w) !== 'argument_list') break;
    found = true;
    if (!c.gotoFirstChild()) break;
    do {
      const type = typeAt(w);
      if (!w.typeIsNamed || type === 'comment') continue;
      if (type === 'list_splat' || type === 'dictionary_splat') {
        args.spread = true;
      } else if (type === 'keyword_argument') {
        let name = '';
        if (c.gotoFirstChild()) {
          do {
            const field = c.currentFieldName;
            if (field === 'name') name = w.text.slice(c.startIndex, c.endIndex);
            else if (field === 'value' && name !== '') args.keywords.set(name, { type: typeAt(w), start: c.startIndex, end: c.endIndex });
          } while (c.gotoNextSibling());
          c.gotoParent();
        }
      } else if (!args.spread) {
        args.positional.push({ type, start: c.startIndex, end: c.endIndex });
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
    break;
  } while (c.gotoNextSibling());
  c.gotoParent();
  return found ? args : null;
}

/** Argument `index` by position, else by keyword `name`. */
export function argument(args: CallArgs, index: number, name: string): ArgNode | undefined {
  return args.positional[index] ?? args.keywords.get(name);
}

/** Whether an argument node is a string literal (or implicitly concatenated literals). */
export function isStringNode(node: ArgNode | undefined): boolean {
  return node !== undefined && (node.type === 'string' || node.type === 'concatenated_string');
}

/** The key an argument denotes, or null when no part of it is known text. */
export function keyOf(w: PyWalker, node: ArgNode | undefined): KeyText | null {
  if (!isKeyNode(node) || node.end - node.start > MAX_EXPRESSION_CHARS) return null;
  const key = keyOfText(w.text.slice(node.start, node.end));
  if (key === null || key.text.length > MAX_KEY_CHARS || (key.partial && !/[\p{L}\p{N}]/u.test(key.text.replace(/\*/g, '')))) return null;
  return key;
}

/** Node types a key may be written with. */
function isKeyNode(node: ArgNode | undefined): node is ArgNode {
  return node !== undefined && (node.type === 'string' || node.type === 'concatenated_string' || node.type === 'binary_operator' || node.type === 'call');
}

/** A computed part of SQL text: a word no table is named, replaced by `*` in the tables read from it. */
export const SQL_HOLE = 'rg_computed_part';
/** SQL text is read up to this length (sql-tables.ts reads at most its own limit of it). */
const MAX_SQL_EXPRESSION_CHARS = 200_000;

/** The SQL text an argument holds, each computed part written SQL_HOLE, or null. */
export function sqlTextOf(w: PyWalker, node: ArgNode | undefined): KeyText | null {
  if (!isKeyNode(node) || node.end - node.start > MAX_SQL_EXPRESSION_CHARS) return null;
  return keyOfText(w.text.slice(node.start, node.end), SQL_HOLE);
}

/** The literal strings of a `['GET', 'POST']`-like list or tuple node (null: not all literals). */
export function stringList(w: PyWalker, node: ArgNode | undefined): string[] | null {
  if (node === undefined || (node.type !== 'list' && node.type !== 'tuple' && node.type !== 'set')) return null;
  const text = w.text.slice(node.start + 1, node.end - 1);
  if (text.length > MAX_EXPRESSION_CHARS) return null;
  const out: string[] = [];
  const pattern = /\s*(?:#[^\n]*\n\s*)*([rRuU]?)(['"])([^'"\\\n]*)\2\s*(?:#[^\n]*\n\s*)*(,|$)/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (match === null) return text.slice(at).trim() === '' ? out : null;
    out.push(match[3]!);
    at = pattern.lastIndex;
    if (match[4] === '') break;
  }
  return out;
}

/** The source text of an argument node. */
export function sourceOf(w: PyWalker, node: ArgNode): string {
  const text = w.text.slice(node.start, node.end).replace(/\s+/g, ' ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * The key a Python expression's text denotes: literals joined, every other operand of `+` a `*`,
 * `%`-formatting and `.format()` placeholders `*`. Null when the text is some other expression.
 */
export function keyOfText(src: string, hole = '*'): KeyText | null {
  let text = '';
  let partial = false;
  let at = skipSpace(src, 0);
  let expectOperand = true;
  while (at < src.length) {
    if (expectOperand) {
      const literal = readLiterals(src, at, hole);
      if (literal !== null) {
        at = skipSpace(src, literal.end);
        let value = literal.text;
        let valuePartial = literal.partial;
        if (src.startsWith('.format(', at) || src.charCodeAt(at) === 37 /* % */) {
          // `'a_{}'.format(x)` / `'a_%s' % x`: the placeholders are computed, and nothing may follow.
          value = src.charCodeAt(at) === 37 ? value.replace(/%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]/g, (m) => (m === '%%' ? '%' : hole))
            : value.replace(/\{[^{}]*\}/g, hole);
          valuePartial = valuePartial || value.includes(hole);
          return finishKey(text + value, partial || valuePartial, hole);
        }
        text += value;
        partial ||= valuePartial;
      } else {
        // A computed operand: up to the next top-level `+`.
        const end = operandEnd(src, at);
        if (end <= at) return null;
        if (!text.endsWith(hole)) text += hole;
        partial = true;
        at = skipSpace(src, end);
      }
      expectOperand = false;
      continue;
    }
    if (src.charCodeAt(at) !== 43 /* + */) return null;
    at = skipSpace(src, at + 1);
    expectOperand = true;
  }
  if (expectOperand) return null;
  return finishKey(text, partial, hole);
}

function finishKey(text: string, partial: boolean, hole: string): KeyText {
  return { text: hole === '*' ? text.replace(/\*{2,}/g, '*') : text, partial };
}

function skipSpace(src: string, at: number): number {
  while (at < src.length) {
    const ch = src.charCodeAt(at);
    if (ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 12) at++;
    else if (ch === 92 /* \ */ && (src.charCodeAt(at + 1) === 10 || src.charCodeAt(at + 1) === 13)) at += 2;
    else if (ch === 35 /* # */) { const end = src.indexOf('\n', at); at = end < 0 ? src.length : end + 1; }
    else break;
  }
  return at;
}

/**
 * The end of a computed operand at `at` (a name, attribute, call or subscript), before a top-level
 * `+`; -1 when the operand holds another operator (the whole text is then not a key).
 */
function operandEnd(src: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') { if (depth === 0) return -1; depth--; }
    else if (ch === '"' || ch === "'") { const literal = readLiterals(src, i); if (literal === null) return -1; i = literal.end; continue; }
    else if (depth === 0 && ch === '+') return trimEnd(src, at, i);
    else if (depth === 0 && !/[\w.\s]/.test(ch)) return -1;
    i++;
  }
  return depth === 0 ? trimEnd(src, at, i) : -1;
}

function trimEnd(src: string, start: number, end: number): number {
  while (end > start && /\s/.test(src[end - 1]!)) end--;
  return end;
}

/** One or more adjacent string literals at `at` (implicit concatenation), or null. */
function readLiterals(src: string, at: number, hole = '*'): { text: string; partial: boolean; end: number } | null {
  let text = '';
  let partial = false;
  let end = -1;
  let i = at;
  for (;;) {
    const one = readLiteral(src, i, hole);
    if (one === null) break;
    text += one.text;
    partial ||= one.partial;
    end = one.end;
    i = skipSpace(src, one.end);
  }
  return end < 0 ? null : { text, partial, end };
}

/** One string literal at `at` (`r'...'`, `f"..."`, triple-quoted), or null. */
function readLiteral(src: string, at: number, hole: string): { text: string; partial: boolean; end: number } | null {
  let i = at;
  let raw = false;
  let format = false;
  let bytes = false;
  while (i < src.length && i - at < 2 && /[rRuUbBfF]/.test(src[i]!)) {
    const p = src[i]!.toLowerCase();
    if (p === 'r') raw = true;
    else if (p === 'f') format = true;
    else if (p === 'b') bytes = true;
    i++;
  }
  const quote = src[i];
  if (quote !== '"' && quote !== "'") return null;
  void bytes;
  const triple = src.startsWith(quote.repeat(3), i);
  const delimiter = triple ? quote.repeat(3) : quote;
  i += delimiter.length;
  let text = '';
  let partial = false;
  while (i < src.length) {
    if (src.startsWith(delimiter, i)) return { text, partial, end: i + delimiter.length };
    const ch = src[i]!;
    if (!triple && ch === '\n') return null;
    if (ch === '\\' && i + 1 < src.length) {
      const next = src[i + 1]!;
      if (raw) text += ch + next;
      else if (next === 'n') text += '\n';
      else if (next === 't') text += '\t';
      else if (next === '\n') { /* a line continuation */ }
      else text += next;
      i += 2;
      continue;
    }
    if (format && ch === '{') {
      if (src[i + 1] === '{') { text += '{'; i += 2; continue; }
      const close = fieldEnd(src, i + 1);
      if (close < 0) return null;
      text += hole;
      partial = true;
      i = close + 1;
      continue;
    }
    if (format && ch === '}' && src[i + 1] === '}') { text += '}'; i += 2; continue; }
    text += ch;
    i++;
  }
  return null;
}

/** The `}` closing an f-string replacement field that starts at `at`, or -1. */
function fieldEnd(src: string, at: number): number {
  let depth = 0;
  for (let i = at; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '{' || ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === '}') { if (depth === 0) return i; depth--; }
    else if (ch === '\n' && depth < 0) return -1;
  }
  return -1;
}

/** Joins a prefix and a path, with one `/` where they meet (`/api` + `/users`, `/api/` + `users`). */
export function joinPath(prefix: string, path: string): string {
  if (prefix === '') return path;
  if (path === '') return prefix;
  const left = prefix.endsWith('/');
  const right = path.startsWith('/');
  if (left && right) return prefix + path.slice(1);
  if (left || right) return prefix + path;
  return `${prefix}/${path}`;
}
