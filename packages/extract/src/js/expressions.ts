/**
 * Expression handlers: identifiers, `this`/`super`, member and element access, wrappers that
 * pass their operand's value through (`await`, `as`, `!`, parentheses), binary expressions
 * (logical ones are branches) and updates. Owns which read/write references an expression records
 * and the value expression it returns. Calls, `new` and decorators are in calls.ts, JSX in
 * jsx.ts, assignments in assignments.ts, object literals in objects.ts.
 */
import { KEEP_IF_MODULE, NS_VALUE, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { addRef, enter, foldLeaf, identifierEnd, kindOf, leave, stringContent } from './walker.js';
import type { Walker } from './walker.js';
import { R_CALLEE, R_OBJECT, R_READ, R_WRITE, visitAt } from './visit.js';

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
  return expr;
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
  while (root.k === 'member') root = root.object;
  if (root.k === 'this' || root.k === 'super' || root.k === 'import') return true;
  if (root.k === 'name') return !boundToLocal(w, root.name);
  return false;
}

export function thisLeaf(w: Walker, role: number): Expr {
  w.lastName = 'this';
  w.lastSite = role === R_CALLEE ? w.c.startIndex : -1;
  const cached = w.thisExpr;
  if (cached !== null && cached.owner === w.thisOwner && cached.fn === w.thisFn) return cached;
  const expr = { k: 'this' as const, owner: w.thisOwner, fn: w.thisFn };
  w.thisExpr = expr;
  return expr;
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
  while (c.gotoNextSibling()) {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (!sawIndex && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT &&
        w.t.names[id] !== 'optional_chain') {
      sawIndex = true;
      if (kind === S.K_STRING) {
        literalAt = c.startIndex;
        literal = stringContent(w.text, literalAt, c.endIndex);
        foldLeaf(w, id);
        continue;
      }
    }
    visitAt(w, id, R_READ);
  }
  c.gotoParent();
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

export function walkParen(w: Walker, role: number): Expr {
  return passThrough(w, role, true);
}

export function walkNonNull(w: Walker, role: number): Expr {
  return passThrough(w, role, false);
}

/** `await x` is treated as `x`. */
export function walkAwait(w: Walker): Expr {
  return passThrough(w, R_READ, true);
}

/** `x as T` / `x satisfies T`: the value of `x`; for `as`, `T` is remembered as a declared type. */
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
  if (isAs) w.lastAsType = type;
  w.lastName = name;
  w.lastSite = site;
  return inner;
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
  return inner;
}

/** `a && b`, `a || b`, `a ?? b` are branches; all binary operands are reads. */
export function walkBinary(w: Walker): void {
  const c = w.c;
  let logical = false;
  let operands = 0;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      const flags = w.t.flags[id]!;
      if ((flags & S.F_LOGICAL_OP) !== 0) logical = true;
      visitAt(w, id, R_READ);
      if ((flags & S.F_NAMED) !== 0 && kind !== S.K_COMMENT && ++operands === 2) break;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.branchHere = logical;
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
