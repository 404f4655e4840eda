/**
 * Expression handlers: identifiers, `this`/`super`, member and element access, wrappers that
 * pass their operand's value through (`await`, `as`, `!`, parentheses) and updates (binary
 * expressions and conditions are narrowing.ts's). Owns which read/write references an expression records
 * and the value expression it returns. Calls, `new` and decorators are in calls.ts, JSX in
 * jsx.ts, assignments in assignments.ts, object literals in objects.ts.
 */
import { KEEP_IF_MODULE, NS_VALUE, NULLISH, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { addRef, enter, foldLeaf, identifierEnd, kindOf, leave, stringContent } from './walker.js';
import type { Walker } from './walker.js';
import { R_CALLEE, R_OBJECT, R_READ, R_WRITE, visitAt } from './visit.js';
import { castBefore } from './jsdoc-apply.js';
import { refinedRead } from './narrowing.js';
import { noteEnvMember, noteEnvSubscript } from './surfaces-config.js';

/** An identifier used as a value. */
export function identifierLeaf(w: Walker, role: number): Expr {
  const c = w.c;
  const start = c.startIndex;
  const name = w.text.slice(start, identifierEnd(w.text, start));
  w.lastName = name;
  w.lastSite = start;
  const expr: Expr = { k: 'name', name, scope: w.scope, ns: NS_VALUE, res: UNRESOLVED };
  if (role === R_READ || role === R_WRITE) {
    if (!boundToLocal(w, name)) addRef(w, role === R_READ ? 'read' : 'write', name, expr, start, KEEP_IF_MODULE);
  }
  return w.refinements.length === 0 || role === R_WRITE ? expr : refinedRead(w, name, expr);
}

/** True when `name` is already bound here to a local or parameter (so a read of it is dropped). */
function boundToLocal(w: Walker, name: string): boolean {
  if (w.inFunction === 0) return false;
  const binding = w.scope.lookup(NS_VALUE, name);
  if (binding === undefined || binding < 0) return false;
  const scope = w.decls[binding]!.scope;
  return scope === 'local' || scope === 'parameter';
}

/** True when the root of a member chain can make a kept read/write (see KEEP_IF_MODULE). */
function rootCanBeKept(w: Walker, expr: Expr): boolean {
  let root = expr;
  while (root.k === 'member' || root.k === 'cast' || root.k === 'refined') root = root.k === 'member' ? root.object : root.value;
  if (root.k === 'this' || root.k === 'super' || root.k === 'import' || root.k === 'decl') return true;
  if (root.k === 'name') return !boundToLocal(w, root.name);
  return false;
}

export function thisLeaf(w: Walker, role: number): Expr {
  w.lastName = 'this';
  w.lastSite = role === R_CALLEE ? w.c.startIndex : -1;
  // In a static member `this` is the class: its static side.
  if (w.thisStatic && w.thisOwner >= 0) return { k: 'decl', decl: w.thisOwner };
  const cached = w.thisExpr;
  const expr = cached !== null && cached.owner === w.thisOwner && cached.fn === w.thisFn
    ? cached : (w.thisExpr = { k: 'this' as const, owner: w.thisOwner, fn: w.thisFn });
  // `this: T` of a type that is not the file's own: a cast.
  return w.thisType === null ? expr : { k: 'cast', value: expr, type: w.thisType };
}

export function superLeaf(w: Walker, role: number): Expr {
  w.lastName = 'super';
  w.lastSite = role === R_CALLEE ? w.c.startIndex : -1;
  return { k: 'super', owner: w.superOwner };
}

/** `object.name`, `object?.name`, `object.#name`. */
export function walkMember(w: Walker, role: number): Expr {
  const c = w.c;
  c.gotoFirstChild();
  const object = visitAt(w, c.nodeTypeId, R_OBJECT);
  let name = '';
  let at = -1;
  while (c.gotoNextSibling()) {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_PROPERTY_IDENT || kind === S.K_PRIVATE_IDENT || kind === S.K_IDENT) {
      at = c.startIndex;
      name = w.text.slice(at, identifierEnd(w.text, at));
      foldLeaf(w, id);
      break;
    } else {
      visitAt(w, id, R_READ);
    }
  }
  c.gotoParent();
  if (name === '') return UNKNOWN;
  const expr: Expr = { k: 'member', object, name };
  if (name === 'env' || (object.k === 'member' && object.name === 'env')) noteEnvMember(w, object, name, at);
  w.lastName = name;
  w.lastSite = at;
  if (role !== R_CALLEE && rootCanBeKept(w, object)) {
    addRef(w, role === R_WRITE ? 'write' : 'read', name, expr, at, KEEP_IF_MODULE);
  }
  return expr;
}

/** `object[index]`: a member when the index is a string literal, else the element type. */
export function walkSubscript(w: Walker, role: number): Expr {
  const c = w.c;
  c.gotoFirstChild();
  const object = visitAt(w, c.nodeTypeId, R_OBJECT);
  const objectName = w.lastName;
  const objectSite = w.lastSite;
  let literal: string | null = null;
  let literalAt = -1;
  let sawIndex = false;
  // `process.env[...]`: the index's kind and text (surfaces-config.ts).
  const env = object.k === 'member' && object.name === 'env';
  let indexKind = -1;
  let indexText: string | null = null;
  let indexAt = -1;
  let indexEnd = -1;
  while (c.gotoNextSibling()) {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (!sawIndex && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT &&
        w.t.names[id] !== 'optional_chain') {
      sawIndex = true;
      if (kind === S.K_STRING) {
        literalAt = c.startIndex;
        literal = stringContent(w.text, literalAt, c.endIndex);
        if (env) {
          indexKind = kind;
          indexText = literal;
          indexAt = literalAt;
          indexEnd = c.endIndex + 1;
        }
        foldLeaf(w, id);
        continue;
      }
      if (env && (kind === S.K_TEMPLATE_STRING || kind === S.K_BINARY)) {
        indexKind = kind;
        indexAt = c.startIndex;
        indexEnd = c.endIndex;
        indexText = w.text.slice(indexAt, indexEnd);
        indexEnd++;
      }
    }
    visitAt(w, id, R_READ);
  }
  c.gotoParent();
  if (indexKind >= 0) noteEnvSubscript(w, object, indexKind, indexText, indexAt, indexEnd);
  if (literal !== null && literal !== '') {
    const expr: Expr = { k: 'member', object, name: literal };
    w.lastName = literal;
    w.lastSite = literalAt + 1;
    if (role !== R_CALLEE && rootCanBeKept(w, object)) {
      addRef(w, role === R_WRITE ? 'write' : 'read', literal, expr, literalAt + 1, KEEP_IF_MODULE);
    }
    return expr;
  }
  if (object.k === 'name' && !boundToLocal(w, objectName)) {
    addRef(w, 'read', objectName, object, objectSite, KEEP_IF_MODULE);
  }
  w.lastName = '';
  return object === UNKNOWN ? UNKNOWN : { k: 'element', of: object };
}

/** Visits the single operand of a wrapper node; other children are tokens/types. */
function passThrough(w: Walker, role: number, stopAfterOperand: boolean): Expr {
  const c = w.c;
  let inner: Expr = UNKNOWN;
  let seen = false;
  let name = '';
  let site = -1;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      if (!seen && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
        seen = true;
        inner = visitAt(w, id, role);
        name = w.lastName;
        site = w.lastSite;
        if (stopAfterOperand) break;
      } else {
        visitAt(w, id, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.lastName = name;
  w.lastSite = site;
  return inner;
}

/** `(x)`; in JavaScript `/** @type {T} *\/ (x)` is a cast to T (TypeScript's `x as T`). */
export function walkParen(w: Walker, role: number): Expr {
  const doc = w.lastDoc;
  if (doc === null || !doc.castLike || doc.settled) return passThrough(w, role, true);
  const type = castBefore(w, w.c.startIndex);
  const inner = passThrough(w, role, true);
  if (type === UNKNOWN) return inner;
  w.lastAsType = type;
  return { k: 'cast', value: inner, type };
}

export function walkNonNull(w: Walker, role: number): Expr {
  return passThrough(w, role, false);
}

/** `await x` is treated as `x`. */
export function walkAwait(w: Walker): Expr {
  return passThrough(w, R_READ, true);
}

/** `x as T` (a cast to T, also remembered as a declared type) / `x satisfies T` (the value of `x`). */
export function walkAs(w: Walker, role: number, isAs: boolean): Expr {
  const c = w.c;
  c.gotoFirstChild();
  const inner = visitAt(w, c.nodeTypeId, role);
  const name = w.lastName;
  const site = w.lastSite;
  let type: Expr = UNKNOWN;
  while (c.gotoNextSibling()) {
    const id = c.nodeTypeId;
    const result = visitAt(w, id, R_READ);
    if ((w.t.flags[id]! & S.F_NAMED) !== 0) type = result;
  }
  c.gotoParent();
  w.lastName = name;
  w.lastSite = site;
  if (!isAs) return inner;
  w.lastAsType = type;
  return type === UNKNOWN || type === NULLISH ? inner : { k: 'cast', value: inner, type };
}

/** `<T>x`. */
export function walkTypeAssertion(w: Walker): Expr {
  const c = w.c;
  let type: Expr = UNKNOWN;
  let inner: Expr = UNKNOWN;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TYPE_ARGUMENTS) {
      enter(w, id);
      if (c.gotoFirstChild()) {
        do {
          const typeId = c.nodeTypeId;
          const result = visitAt(w, typeId, R_READ);
          if ((w.t.flags[typeId]! & S.F_NAMED) !== 0 && type === UNKNOWN) type = result;
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, id);
    } else {
      const result = visitAt(w, id, R_READ);
      if ((w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) inner = result;
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.lastAsType = type;
  return type === UNKNOWN || type === NULLISH ? inner : { k: 'cast', value: inner, type };
}

/** `x++`, `x += 1`: the target is written, the rest read. */
export function walkUpdate(w: Walker): void {
  const c = w.c;
  let first = true;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      const named = (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT;
      visitAt(w, id, named && first ? R_WRITE : R_READ);
      if (named) first = false;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
}
