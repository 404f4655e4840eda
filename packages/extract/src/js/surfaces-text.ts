/**
 * Keys written as expressions, for the architecture facts (surfaces.ts): a string literal, a
 * template literal, a `+` concatenation, or an identifier naming a module-level `const` whose
 * initializer is a string (or a template of such). Owns the rule that only that much is
 * evaluated: every other part is written `*` and the key is `partial`; a key with no known
 * character is no key at all (null). Reads source text only; it never walks the tree.
 */
import { NS_VALUE } from '../model.js';
import type { Scope } from '../model.js';
import type { Walker } from './walker.js';
import * as S from './syntax.js';

/** A key as far as it is known: computed parts are `*`. */
export interface KeyText {
  text: string;
  partial: boolean;
}

/** Longer expressions are not evaluated. */
const MAX_KEY_SOURCE = 2000;
const IDENTIFIER = /^\s*([A-Za-z_$][\w$]*)\s*$/;

/** The key an argument of node kind `kind` (source `text`; identifiers: `name`) writes, or null. */
export function keyOf(w: Walker, kind: number, text: string | null, name: string | null, scope: Scope): KeyText | null {
  let key: KeyText | null = null;
  if (kind === S.K_STRING && text !== null) key = { text, partial: false };
  else if (kind === S.K_TEMPLATE_STRING && text !== null && text.length <= MAX_KEY_SOURCE) key = templateKey(w, text, scope, 0);
  else if (kind === S.K_BINARY && text !== null && text.length <= MAX_KEY_SOURCE) key = concatKey(w, text, scope);
  else if (kind === S.K_IDENT && name !== null) {
    const value = constString(w, name, scope, 0);
    key = value === null ? null : { text: value, partial: false };
  }
  if (key === null) return null;
  return key.text.replace(/\*/g, '') === '' && key.partial ? null : key;
}

/** The string a module-level `const name = '...'` holds (templates of such, two levels deep), or null. */
export function constString(w: Walker, name: string, scope: Scope, depth: number): string | null {
  const binding = scope.lookup(NS_VALUE, name);
  if (binding === undefined || binding < 0) return null;
  const d = w.decls[binding]!;
  if (d.scope !== 'module' || d.kind !== 'constant') return null;
  const tail = w.text.slice(d.nameEnd, d.nameEnd + MAX_KEY_SOURCE);
  const m = /^\s*(?::\s*string\s*)?=\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)\s*(?:as\s+const\s*)?(?:[;,)\n]|$)/.exec(tail);
  if (m === null) return null;
  const literal = m[1]!;
  if (literal[0] !== '`') return literal.slice(1, -1);
  if (depth >= 2) return null;
  const key = templateKey(w, literal, d.scope === 'module' ? w.moduleScope : scope, depth + 1);
  return key === null || key.partial ? null : key.text;
}

/** A template literal's key: substitutions of known constants are filled in, the others are `*`. */
function templateKey(w: Walker, text: string, scope: Scope, depth: number): KeyText | null {
  if (text.length < 2 || text[0] !== '`' || text[text.length - 1] !== '`') return null;
  let out = '';
  let partial = false;
  const end = text.length - 1;
  for (let i = 1; i < end; i++) {
    const ch = text[i]!;
    if (ch === '\\') {
      out += text.slice(i, i + 2);
      i++;
      continue;
    }
    if (ch === '$' && text[i + 1] === '{') {
      const close = substitutionEnd(text, i + 2);
      if (close < 0) return null;
      const inner = IDENTIFIER.exec(text.slice(i + 2, close));
      const value = inner === null ? null : constString(w, inner[1]!, scope, depth + 1);
      if (value === null) {
        if (!out.endsWith('*')) out += '*';
        partial = true;
      } else {
        out += value;
      }
      i = close;
      continue;
    }
    out += ch;
  }
  return { text: out, partial };
}

/** The offset of the `}` closing a substitution whose content starts at `from`, or -1. */
function substitutionEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') depth++;
    else if (ch === '}') {
      if (depth === 0) return i;
      depth--;
    } else if (ch === '\'' || ch === '"' || ch === '`') {
      i = quoteEnd(text, i);
      if (i < 0) return -1;
    }
  }
  return -1;
}

/** The offset of the quote closing the literal opened at `at` (template substitutions skipped), or -1. */
function quoteEnd(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === quote) return i;
    else if (quote === '`' && ch === '$' && text[i + 1] === '{') {
      i = substitutionEnd(text, i + 2);
      if (i < 0) return -1;
    }
  }
  return -1;
}

/** `a + 'b' + c`: each operand a literal, a known constant, or `*`. */
function concatKey(w: Walker, text: string, scope: Scope): KeyText | null {
  const operands: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === '\'' || ch === '"' || ch === '`') {
      i = quoteEnd(text, i);
      if (i < 0) return null;
    } else if (ch === '+' && depth === 0) {
      operands.push(text.slice(start, i));
      start = i + 1;
    }
  }
  operands.push(text.slice(start));
  if (operands.length < 2) return null;
  let out = '';
  let partial = false;
  for (const raw of operands) {
    const operand = raw.trim();
    const first = operand[0];
    let value: string | null = null;
    if ((first === '\'' || first === '"') && operand.length >= 2 && quoteEnd(operand, 0) === operand.length - 1) {
      value = operand.slice(1, -1);
    } else if (first === '`') {
      const key = templateKey(w, operand, scope, 0);
      if (key !== null) {
        value = key.text;
        if (key.partial) partial = true;
      }
    } else {
      const name = IDENTIFIER.exec(operand);
      if (name !== null) value = constString(w, name[1]!, scope, 0);
    }
    if (value === null) {
      if (!out.endsWith('*')) out += '*';
      partial = true;
    } else {
      out += value;
    }
  }
  return { text: out.replace(/\*\*+/g, '*'), partial };
}
