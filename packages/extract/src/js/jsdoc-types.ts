/**
 * The type expression inside a JSDoc tag's braces, read into the value expressions a TypeScript
 * annotation of the same type gives (through type-algebra.ts): names and qualified names,
 * generics (`Foo<T>`, Closure's `Foo.<T>`), `T[]`, unions and intersections, parentheses,
 * function types (`(a: A) => R` and Closure's `function(A): R`), `typeof x`, `import("./x")` and
 * `import("./x").Y` (a type-only namespace import of the file, one per specifier), the nullable,
 * non-null, optional and rest markers (`?T`, `!T`, `T=`, `...T`, the last an array), `T["name"]`,
 * and the primitive, literal, object-literal, tuple, `keyof`, other indexed and conditional types
 * (unknown).
 * Owns this reader; it never throws and always advances. Comment continuation (`*` after a line
 * break) is whitespace.
 */
import { NS_TYPE, NS_VALUE, NULLISH, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr, Scope } from '../model.js';
import type { Walker } from './walker.js';
import { addImport } from './modules.js';
import { PRIMITIVE_TYPES, intersectionOf, primitiveType, unionOf } from './type-algebra.js';

/** Reads the type text `[start, end)` with names looked up in `scope`; UNKNOWN when nothing is known. */
export function readDocType(w: Walker, start: number, end: number, scope: Scope): Expr {
  if (start < 0 || end <= start) return UNKNOWN;
  const text = w.text;
  // `Name` and `Name[]` with blanks around (the commonest types) are read without the reader.
  const nameStart = skipSpaces(text, start);
  if (isSimpleStart(text.charCodeAt(nameStart))) {
    let nameEnd = nameStart + 1;
    while (isSimplePart(text.charCodeAt(nameEnd))) nameEnd++;
    const isArray = text.charCodeAt(nameEnd) === 91 && text.charCodeAt(nameEnd + 1) === 93;
    if (skipSpaces(text, isArray ? nameEnd + 2 : nameEnd) === end) {
      const name = text.slice(nameStart, nameEnd);
      const named: Expr = PRIMITIVE_TYPES.has(name) ? primitiveType(name) : { k: 'name', name, scope, ns: NS_TYPE, res: UNRESOLVED };
      if (isArray) return named === NULLISH ? UNKNOWN : { k: 'array', element: named };
      return named === NULLISH ? UNKNOWN : named;
    }
  }
  const reader = new TypeReader(w.text, w, start, end, scope);
  const type = reader.type();
  return type === NULLISH ? UNKNOWN : type;
}

/** The offset after the white space (a regular expression's `\s`) at `i`. */
function skipSpaces(text: string, i: number): number {
  for (;;) {
    const ch = text.charCodeAt(i);
    if ((ch >= 9 && ch <= 13) || ch === 32 || ch === 0xa0 || ch === 0x1680 || (ch >= 0x2000 && ch <= 0x200a) ||
      ch === 0x2028 || ch === 0x2029 || ch === 0x202f || ch === 0x205f || ch === 0x3000 || ch === 0xfeff) {
      i++;
    } else {
      return i;
    }
  }
}

/** `[A-Za-z_$]` (NaN past the end is neither). */
function isSimpleStart(ch: number): boolean {
  return (ch >= 97 && ch <= 122) || (ch >= 65 && ch <= 90) || ch === 95 || ch === 36;
}

/** `[\w$]`. */
function isSimplePart(ch: number): boolean {
  return isSimpleStart(ch) || (ch >= 48 && ch <= 57);
}

function isIdentStart(ch: number): boolean {
  return (ch >= 97 && ch <= 122) || (ch >= 65 && ch <= 90) || ch === 95 || ch === 36 || ch >= 128;
}

function isIdentPart(ch: number): boolean {
  return isIdentStart(ch) || (ch >= 48 && ch <= 57);
}

/** A recursive-descent reader over one type text (depth-limited). */
class TypeReader {
  private i: number;
  private depth = 0;

  constructor(
    private readonly text: string, private readonly w: Walker, start: number, private readonly end: number,
    private readonly scope: Scope,
  ) {
    this.i = start;
  }

  /** The next significant character code (after blanks), or -1 at the end. */
  private peek(): number {
    this.blank();
    return this.i < this.end ? this.text.charCodeAt(this.i) : -1;
  }

  private blank(): void {
    const text = this.text;
    while (this.i < this.end) {
      const ch = text.charCodeAt(this.i);
      if (ch === 32 || ch === 9 || ch === 13 || ch === 11 || ch === 12) {
        this.i++;
      } else if (ch === 10) {
        this.i++;
        while (this.i < this.end && (text.charCodeAt(this.i) === 32 || text.charCodeAt(this.i) === 9)) this.i++;
        if (text.charCodeAt(this.i) === 42) this.i++;
      } else {
        break;
      }
    }
  }

  /** Consumes `token` when it comes next. */
  private eat(token: string): boolean {
    this.blank();
    if (!this.text.startsWith(token, this.i) || this.i + token.length > this.end) return false;
    if (isIdentStart(token.charCodeAt(0)) && isIdentPart(this.text.charCodeAt(this.i + token.length))) return false;
    this.i += token.length;
    return true;
  }

  private word(): string {
    this.blank();
    const start = this.i;
    if (start >= this.end || !isIdentStart(this.text.charCodeAt(start))) return '';
    let i = start + 1;
    while (i < this.end && isIdentPart(this.text.charCodeAt(i))) i++;
    this.i = i;
    return this.text.slice(start, i);
  }

  /** Skips a bracketed group opening at the current character (strings and nesting respected). */
  private skipGroup(): void {
    const text = this.text;
    let depth = 0;
    while (this.i < this.end) {
      const ch = text.charCodeAt(this.i++);
      if (ch === 40 || ch === 91 || ch === 123 || ch === 60) depth++;
      else if (ch === 41 || ch === 93 || ch === 125 || (ch === 62 && text.charCodeAt(this.i - 2) !== 61)) {
        if (--depth <= 0) return;
      } else if (ch === 34 || ch === 39 || ch === 96) {
        const close = text.indexOf(String.fromCharCode(ch), this.i);
        this.i = close < 0 || close >= this.end ? this.end : close + 1;
      }
    }
  }

  type(): Expr {
    if (++this.depth > 40) {
      this.i = this.end;
      this.depth--;
      return UNKNOWN;
    }
    let result = this.union();
    if (this.eat('extends')) {
      // A conditional type: nothing is known of its value.
      this.union();
      if (this.eat('?')) {
        this.type();
        if (this.eat(':')) this.type();
      }
      result = UNKNOWN;
    }
    this.depth--;
    return result;
  }

  private union(): Expr {
    this.eat('|');
    const members = [this.intersection()];
    while (this.peek() === 124 /* | */ && this.text.charCodeAt(this.i + 1) !== 124) {
      this.i++;
      members.push(this.intersection());
    }
    return members.length === 1 ? members[0]! : unionOf(members);
  }

  private intersection(): Expr {
    this.eat('&');
    const parts = [this.unary()];
    while (this.peek() === 38 /* & */) {
      this.i++;
      parts.push(this.unary());
    }
    return parts.length === 1 ? parts[0]! : intersectionOf(parts);
  }

  private unary(): Expr {
    const ch = this.peek();
    if (ch === 63 /* ? */ || ch === 33 /* ! */) {
      this.i++;
      const next = this.peek();
      // `?` alone (Closure's unknown type).
      if (next < 0 || next === 44 || next === 41 || next === 62 || next === 124 || next === 61 || next === 93 || next === 125) return UNKNOWN;
      return this.unary();
    }
    // The prefix operators, tested only where their first character stands.
    if (ch === 46 /* . */ && this.eat('...')) {
      const element = this.unary();
      return { k: 'array', element };
    }
    if ((ch === 107 /* k */ && this.eat('keyof')) || (ch === 117 /* u */ && this.eat('unique'))) {
      this.unary();
      return UNKNOWN;
    }
    if (ch === 114 /* r */ && this.eat('readonly')) return this.unary();
    if (ch === 97 /* a */ && this.eat('asserts')) {
      this.predicate();
      return UNKNOWN;
    }
    return this.postfix(this.primary());
  }

  /** `x is T` of a type predicate (known only as unknown). */
  private predicate(): void {
    this.word();
    if (this.eat('is')) this.type();
  }

  private postfix(base: Expr): Expr {
    let type = base;
    for (;;) {
      const ch = this.peek();
      if (ch === 91 /* [ */) {
        const save = this.i;
        this.i++;
        if (this.peek() === 93) {
          this.i++;
          type = { k: 'array', element: type };
          continue;
        }
        // `T["name"]`: the type of T's property.
        const quote = this.peek();
        if (quote === 34 || quote === 39) {
          const close = this.text.indexOf(String.fromCharCode(quote), this.i + 1);
          if (close > 0 && close < this.end) {
            const name = this.text.slice(this.i + 1, close);
            this.i = close + 1;
            if (this.peek() === 93) {
              this.i++;
              type = type === UNKNOWN || type === NULLISH ? UNKNOWN : { k: 'indexed', object: type, name };
              continue;
            }
          }
        }
        this.i = save;
        this.skipGroup();
        type = UNKNOWN;
      } else if (ch === 61 /* = */ && this.text.charCodeAt(this.i + 1) !== 62) {
        this.i++;
      } else if (ch === 33 /* ! */ || (ch === 63 /* ? */ && this.text.charCodeAt(this.i + 1) !== 46)) {
        // Closure's postfix nullable/non-null (`T?`, `T!`); a conditional type's `?` is read by type().
        if (ch === 63) return type;
        this.i++;
      } else {
        return type;
      }
    }
  }

  private primary(): Expr {
    const ch = this.peek();
    if (ch < 0) return UNKNOWN;
    if (ch === 40 /* ( */) return this.parenthesized();
    if (ch === 123 /* { */ || ch === 91 /* [ */) {
      this.skipGroup();
      return UNKNOWN;
    }
    if (ch === 34 || ch === 39 || ch === 96) {
      const close = this.text.indexOf(String.fromCharCode(ch), this.i + 1);
      const text = close < 0 || close >= this.end || ch === 96 ? null : this.text.slice(this.i + 1, close);
      this.i = close < 0 || close >= this.end ? this.end : close + 1;
      return text === null ? UNKNOWN : { k: 'literal', text };
    }
    if (ch === 42 /* * */) {
      this.i++;
      return UNKNOWN;
    }
    if (ch === 45 || (ch >= 48 && ch <= 57)) {
      this.i++;
      while (this.i < this.end && /[\w.]/.test(this.text[this.i]!)) this.i++;
      return UNKNOWN;
    }
    if (!isIdentStart(ch)) {
      this.i++;
      return UNKNOWN;
    }
    const name = this.word();
    if (name === 'function' && this.peek() === 40) return this.closureFunction();
    if (name === 'new' && this.peek() === 40) {
      this.skipGroup();
      if (this.eat('=>')) this.type();
      return UNKNOWN;
    }
    if (name === 'typeof') return this.typeQuery();
    if (name === 'import' && this.peek() === 40) return this.qualified(this.importType());
    if (this.peek() >= 0 && this.isWordNext('is')) {
      this.eat('is');
      this.type();
      return UNKNOWN;
    }
    if (PRIMITIVE_TYPES.has(name)) return primitiveType(name);
    return this.qualified({ k: 'name', name, scope: this.scope, ns: NS_TYPE, res: UNRESOLVED });
  }

  private isWordNext(word: string): boolean {
    this.blank();
    return this.text.startsWith(word, this.i) && !isIdentPart(this.text.charCodeAt(this.i + word.length));
  }

  /** `.b.c` after a name, then type arguments (`<...>` or `.<...>`). */
  private qualified(base: Expr): Expr {
    let type = base;
    for (;;) {
      if (this.peek() === 46 /* . */ && this.text.charCodeAt(this.i + 1) !== 60 && this.text.charCodeAt(this.i + 1) !== 46) {
        this.i++;
        const member = this.word();
        if (member === '') return UNKNOWN;
        type = type === UNKNOWN ? UNKNOWN : { k: 'member', object: type, name: member };
        continue;
      }
      break;
    }
    if (this.peek() === 46 && this.text.charCodeAt(this.i + 1) === 60) this.i++;
    if (this.peek() === 60 /* < */) {
      this.i++;
      const args: Expr[] = [];
      while (this.peek() >= 0 && this.peek() !== 62) {
        const before = this.i;
        const arg = this.type();
        args.push(arg === NULLISH ? UNKNOWN : arg);
        if (!this.eat(',') && this.peek() !== 62 && this.i === before) this.i++;
      }
      this.eat('>');
      if (type !== UNKNOWN) type = { k: 'generic', base: type, args };
    }
    return type;
  }

  /** `typeof a.b` (a value read) or `typeof import("x")`. */
  private typeQuery(): Expr {
    const name = this.word();
    if (name === '') return UNKNOWN;
    let value: Expr = name === 'import' && this.peek() === 40
      ? this.importType()
      : { k: 'name', name, scope: this.scope, ns: NS_VALUE, res: UNRESOLVED };
    while (this.peek() === 46 /* . */) {
      this.i++;
      const member = this.word();
      if (member === '') return UNKNOWN;
      value = value === UNKNOWN ? UNKNOWN : { k: 'member', object: value, name: member };
    }
    return value === UNKNOWN ? UNKNOWN : { k: 'typeof', value };
  }

  /** `import("x")`: a type-only namespace import of `x` (one per specifier and file). */
  private importType(): Expr {
    this.eat('(');
    const quote = this.peek();
    if (quote !== 34 && quote !== 39 && quote !== 96) {
      this.skipGroup();
      return UNKNOWN;
    }
    const at = this.i;
    const close = this.text.indexOf(String.fromCharCode(quote), at + 1);
    if (close < 0 || close >= this.end) {
      this.i = this.end;
      return UNKNOWN;
    }
    const specifier = this.text.slice(at + 1, close);
    this.i = close + 1;
    this.eat(')');
    const imports = this.w.typeImports ??= new Map();
    let imp = imports.get(specifier);
    if (imp === undefined) {
      imp = addImport(this.w, specifier, 'namespace', '*', '', true, at);
      imports.set(specifier, imp);
    }
    return { k: 'import', imp };
  }

  /** `(T)`, or an arrow function type `(a: A, b?: B) => R`. */
  private parenthesized(): Expr {
    const start = this.i;
    this.skipGroup();
    const isFunction = this.eat('=>');
    if (!isFunction) {
      this.i = start + 1;
      const inner = this.type();
      this.eat(')');
      return inner;
    }
    this.i = start + 1;
    const params: Expr[] = [];
    while (this.peek() >= 0 && this.peek() !== 41) {
      const before = this.i;
      params.push(this.parameter());
      if (!this.eat(',') && this.peek() !== 41 && this.i === before) this.i++;
    }
    this.eat(')');
    this.eat('=>');
    return { k: 'fn', params, returns: this.type() };
  }

  /** One parameter of an arrow function type (`name?: T`, `...name: T[]`, a pattern, a bare name): its type. */
  private parameter(): Expr {
    this.eat('...');
    const ch = this.peek();
    if (ch === 123 || ch === 91) this.skipGroup();
    else this.word();
    this.eat('?');
    return this.eat(':') ? this.type() : UNKNOWN;
  }

  /** Closure's `function(A, B): R` (`this:` and `new:` parameters are left out). */
  private closureFunction(): Expr {
    this.eat('(');
    const params: Expr[] = [];
    while (this.peek() >= 0 && this.peek() !== 41) {
      const before = this.i;
      if (this.isWordNext('this') || this.isWordNext('new')) {
        this.word();
        this.eat(':');
        this.type();
      } else {
        params.push(this.type());
      }
      if (!this.eat(',') && this.peek() !== 41 && this.i === before) this.i++;
    }
    this.eat(')');
    const returns = this.eat(':') ? this.type() : UNKNOWN;
    return { k: 'fn', params, returns };
  }
}
