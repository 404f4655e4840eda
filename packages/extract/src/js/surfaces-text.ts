/**
 * Keys written as expressions, for the architecture facts (surfaces.ts): a string literal, a
 * template literal, a `+` concatenation, or an identifier naming a module-level `const` whose
 * initializer is a string (or a template of such). Owns the rule that only that much is
 * evaluated: every other part is written `*` and the key is `partial`; a key with no known
 * character is no key at all (null). Asked `withHoles` (routes and mounts), a part that is a name
 * imported from another file (`${API_PREFIX}`, `${paths.API}`) is a `*` too, but one whose
 * expression the key keeps (KeyText.holes, core KeyHoles), so binding can fill it in from the
 * constant it binds to; such a key counts as known. Reads source text only; it never walks the tree.
 */
import type { KeyHoles, ValueExpr } from '@repograph/core';
import { NS_VALUE } from '../model.js';
import type { Scope } from '../model.js';
import type { Walker } from './walker.js';
import * as S from './syntax.js';

/** A key as far as it is known: computed parts are `*`. */
export interface KeyText {
  text: string;
  partial: boolean;
  /** One entry per `*` of `text` (core KeyHoles), present only when one names an imported constant. */
  holes?: KeyHoles;
}

/** Longer expressions are not evaluated. */
const MAX_KEY_SOURCE = 2000;
const IDENTIFIER = /^\s*([A-Za-z_$][\w$]*)\s*$/;
const MEMBER = /^\s*([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*$/;
const UNKNOWN_PART: ValueExpr = { k: 'unknown' };

/**
 * The key an argument of node kind `kind` (source `text`; identifiers: `name`) writes, or null.
 * `withHoles`: imported names in templates and concatenations are kept as holes (see the header).
 */
export function keyOf(w: Walker, kind: number, text: string | null, name: string | null, scope: Scope, withHoles = false): KeyText | null {
  let key: KeyText | null = null;
  if (kind === S.K_STRING && text !== null) key = { text, partial: false };
  else if (kind === S.K_TEMPLATE_STRING && text !== null && text.length <= MAX_KEY_SOURCE) key = templateKey(w, text, scope, 0, withHoles);
  else if (kind === S.K_BINARY && text !== null && text.length <= MAX_KEY_SOURCE) key = concatKey(w, text, scope, withHoles);
  else if (kind === S.K_IDENT && name !== null) {
    const value = constString(w, name, scope, 0);
    key = value === null ? null : { text: value, partial: false };
  }
  if (key === null) return null;
  const named = key.holes?.some(isNamedHole) ?? false;
  return key.text.replace(/\*/g, '') === '' && key.partial && !named ? null : key;
}

/**
 * A prefix written as a bare name (`app.use(API_PREFIX, router)`, `app.use(paths.API, router)`):
 * a module-level string constant of the file, else an imported name, or a member of an imported
 * module, written like a constant (`API_PREFIX`: upper case; a routed object or a middleware is not
 * named so) as a hole; null otherwise.
 */
export function namedPrefix(w: Walker, source: string, scope: Scope): KeyText | null {
  const local = IDENTIFIER.exec(source);
  const value = local === null ? null : constString(w, local[1]!, scope, 0);
  if (value !== null) return { text: value, partial: false };
  const hole = /(?:^|\.)\s*[A-Z][A-Z0-9_]*\s*$/.test(source) ? importedName(source, scope) : null;
  return hole === null ? null : { text: '*', partial: true, holes: [hole] };
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
  const key = templateKey(w, literal, d.scope === 'module' ? w.moduleScope : scope, depth + 1, false);
  return key === null || key.partial ? null : key.text;
}

/** The expression of a name (`API`) or a member of one (`paths.API`) bound to an import of the file, or null. */
function importedName(source: string, scope: Scope): ValueExpr | null {
  const member = MEMBER.exec(source);
  const name = member?.[1] ?? IDENTIFIER.exec(source)?.[1];
  if (name === undefined) return null;
  const binding = scope.lookup(NS_VALUE, name);
  if (binding === undefined || binding > -2) return null;
  const imported: ValueExpr = { k: 'import', imp: -2 - binding };
  return member === null ? imported : { k: 'member', object: imported, name: member[2]! };
}

/** Builds a key's text, and with holes one entry per `*` (see KeyText.holes). */
class KeyBuilder {
  text = '';
  partial = false;
  private readonly holes: KeyHoles = [];
  private named = false;

  constructor(private readonly withHoles: boolean) {}

  /** Text written as it is (a `*` in it is the path's own). */
  literal(text: string): void {
    this.text += text;
    if (this.withHoles) for (let at = text.indexOf('*'); at >= 0; at = text.indexOf('*', at + 1)) this.holes.push(null);
  }

  /** A computed part: `*`, or named by `hole` (an imported constant's expression). */
  computed(hole: ValueExpr | null): void {
    this.partial = true;
    if (this.text.endsWith('*')) {
      // Two parts in one `*`: neither is known by itself.
      if (this.withHoles) this.holes[this.holes.length - 1] = UNKNOWN_PART;
      return;
    }
    this.text += '*';
    if (!this.withHoles) return;
    this.holes.push(hole ?? UNKNOWN_PART);
    if (hole !== null) this.named = true;
  }

  /** A key evaluated on its own (an operand of a concatenation). */
  key(key: KeyText): void {
    if (key.partial) this.partial = true;
    if (!this.withHoles) {
      this.text += key.text;
      return;
    }
    const holes = key.holes ?? starsOf(key.text, key.partial);
    if (this.text.endsWith('*') && key.text.startsWith('*')) {
      this.holes[this.holes.length - 1] = UNKNOWN_PART;
      this.text += key.text.slice(1);
      this.holes.push(...holes.slice(1));
    } else {
      this.text += key.text;
      this.holes.push(...holes);
    }
    if (holes.some(isNamedHole)) this.named = true;
  }

  /** Runs of `*` become one (a concatenation's text); with holes, a run stands for unknown. */
  collapse(): void {
    if (!this.text.includes('**')) return;
    if (this.withHoles) {
      const holes: KeyHoles = [];
      let index = 0;
      for (const run of this.text.match(/\*+/g) ?? []) {
        holes.push(run.length === 1 ? this.holes[index]! : this.holes.slice(index, index + run.length).every((hole) => hole === null) ? null : UNKNOWN_PART);
        index += run.length;
      }
      this.holes.splice(0, this.holes.length, ...holes);
      this.named = holes.some(isNamedHole);
    }
    this.text = this.text.replace(/\*\*+/g, '*');
  }

  done(): KeyText {
    // A named hole merged with another part since is no longer one.
    return this.named && this.holes.some(isNamedHole) ? { text: this.text, partial: this.partial, holes: this.holes } : { text: this.text, partial: this.partial };
  }
}

/** One entry per `*` of a key (its own holes, else each unknown where the key is partial). */
export function holesOf(key: KeyText): KeyHoles {
  return key.holes ?? starsOf(key.text, key.partial);
}

/** A hole that names an imported constant (not a `*` of the path, not an unknown part). */
export function isNamedHole(hole: ValueExpr | null | undefined): boolean {
  return hole !== null && hole !== undefined && hole.k !== 'unknown';
}

/** The holes of a key that names no import: its computed `*`s are unknown only where it is partial. */
function starsOf(text: string, partial: boolean): KeyHoles {
  const holes: KeyHoles = [];
  for (let at = text.indexOf('*'); at >= 0; at = text.indexOf('*', at + 1)) holes.push(partial ? UNKNOWN_PART : null);
  return holes;
}

/** A template literal's key: substitutions of known constants are filled in, the others are `*`. */
function templateKey(w: Walker, text: string, scope: Scope, depth: number, withHoles: boolean): KeyText | null {
  if (text.length < 2 || text[0] !== '`' || text[text.length - 1] !== '`') return null;
  const out = new KeyBuilder(withHoles);
  const end = text.length - 1;
  let from = 1;
  for (let i = 1; i < end; i++) {
    const ch = text[i]!;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '$' && text[i + 1] === '{') {
      const close = substitutionEnd(text, i + 2);
      if (close < 0) return null;
      out.literal(text.slice(from, i));
      const source = text.slice(i + 2, close);
      const inner = IDENTIFIER.exec(source);
      const value = inner === null ? null : constString(w, inner[1]!, scope, depth + 1);
      if (value !== null) out.literal(value);
      else out.computed(withHoles ? importedName(source, scope) : null);
      i = close;
      from = close + 1;
    }
  }
  out.literal(text.slice(from, end));
  return out.done();
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
function concatKey(w: Walker, text: string, scope: Scope, withHoles: boolean): KeyText | null {
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
  const out = new KeyBuilder(withHoles);
  for (const raw of operands) {
    const operand = raw.trim();
    const first = operand[0];
    if ((first === '\'' || first === '"') && operand.length >= 2 && quoteEnd(operand, 0) === operand.length - 1) {
      out.literal(operand.slice(1, -1));
    } else if (first === '`') {
      const key = templateKey(w, operand, scope, 0, withHoles);
      if (key !== null) out.key(key);
      else out.computed(null);
    } else {
      const name = IDENTIFIER.exec(operand);
      const value = name === null ? null : constString(w, name[1]!, scope, 0);
      if (value !== null) out.literal(value);
      else out.computed(withHoles ? importedName(operand, scope) : null);
    }
  }
  out.collapse();
  return out.done();
}
