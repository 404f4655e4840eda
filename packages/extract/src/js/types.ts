/**
 * Type expressions: type identifiers (each a `type` reference unless it names a type parameter),
 * qualified names, generics, unions (`T | null` is `T`), parenthesized and literal types, type
 * parameters (bound as opaque names), `infer`, mapped types, `typeof x` (a value read), and the
 * scopes of function/constructor types and signatures. Owns the reduction of a type to the value
 * expression naming it: a named type (possibly `ns.T`, possibly generic) or UNKNOWN. Arrays,
 * tuples, functions, objects, literal and predefined types reduce to UNKNOWN.
 */
import { KEEP_IF_NOT_OPAQUE, NS_TYPE, NULLISH, OPAQUE, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { addRef, enter, foldLeaf, identifierEnd, kindOf, leave, pushScope, quiet } from './walker.js';
import type { Walker } from './walker.js';
import { R_CALLEE, R_OBJECT, R_READ, visitAt, visitChildren } from './visit.js';

/** A type name; a `type` reference unless it is a callee position (heritage) or a qualifier. */
export function typeIdentifierLeaf(w: Walker, role: number): Expr {
  const c = w.c;
  const start = c.startIndex;
  const name = w.text.slice(start, identifierEnd(w.text, start));
  w.lastName = name;
  w.lastSite = start;
  const expr: Expr = { k: 'name', name, scope: w.scope, ns: NS_TYPE, res: UNRESOLVED };
  if (role !== R_CALLEE && role !== R_OBJECT && w.scope.lookup(NS_TYPE, name) !== OPAQUE) {
    addRef(w, 'type', name, expr, start, KEEP_IF_NOT_OPAQUE);
  }
  return expr;
}

/** `: T` — the value is T's. */
export function walkTypeAnnotation(w: Walker): Expr {
  const c = w.c;
  let type: Expr = UNKNOWN;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const result = visitAt(w, id, R_READ);
      if ((w.t.flags[id]! & S.F_NAMED) !== 0 && kindOf(w, id) !== S.K_COMMENT) type = result;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return type;
}

/** `a.b.T`: a `type` reference to `T` with the qualifier as its object. */
export function walkNestedTypeIdent(w: Walker, role: number): Expr {
  const c = w.c;
  let object: Expr = UNKNOWN;
  let result: Expr = UNKNOWN;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_IDENT || kind === S.K_NESTED_IDENT) {
      object = visitAt(w, id, R_OBJECT);
    } else if (kind === S.K_TYPE_IDENT) {
      foldLeaf(w, id);
      const start = c.startIndex;
      const name = w.text.slice(start, c.endIndex);
      result = object === UNKNOWN ? UNKNOWN : { k: 'member', object, name };
      w.lastName = name;
      w.lastSite = start;
      if (role !== R_CALLEE && result !== UNKNOWN) addRef(w, 'type', name, result, start, KEEP_IF_NOT_OPAQUE);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  return result;
}

/** `a.b` as a qualifier (namespace names, `import A = a.b`, qualified type names). */
export function walkNestedIdent(w: Walker): Expr {
  const c = w.c;
  let object: Expr = UNKNOWN;
  let result: Expr = UNKNOWN;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (object === UNKNOWN && (kind === S.K_IDENT || kind === S.K_NESTED_IDENT)) {
      object = visitAt(w, id, R_OBJECT);
    } else if (kind === S.K_PROPERTY_IDENT || kind === S.K_IDENT) {
      foldLeaf(w, id);
      const start = c.startIndex;
      const name = w.text.slice(start, c.endIndex);
      w.lastName = name;
      w.lastSite = start;
      result = object === UNKNOWN ? UNKNOWN : { k: 'member', object, name };
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  return result;
}

/** `T<A, B>`: the value is T's; the first argument is kept for `Promise<A>` return types. */
export function walkGenericType(w: Walker, role: number): Expr {
  const c = w.c;
  let base: Expr = UNKNOWN;
  let arg: Expr = UNKNOWN;
  let name = '';
  let site = -1;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TYPE_ARGUMENTS) {
      enter(w, id);
      let first = true;
      if (c.gotoFirstChild()) {
        do {
          const argId = c.nodeTypeId;
          const result = visitAt(w, argId, R_READ);
          if (first && (w.t.flags[argId]! & S.F_NAMED) !== 0 && kindOf(w, argId) !== S.K_COMMENT) {
            first = false;
            arg = result;
          }
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, id);
    } else if (base === UNKNOWN && (kind === S.K_TYPE_IDENT || kind === S.K_NESTED_TYPE_IDENT)) {
      base = visitAt(w, id, role);
      name = w.lastName;
      site = w.lastSite;
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.lastName = name;
  w.lastSite = site;
  return base === UNKNOWN ? UNKNOWN : { k: 'generic', base, arg };
}

/**
 * `A | B`: the first member that is not `null`/`undefined`/`void`. A member access on a union is
 * what the TypeScript compiler resolves to the first member's declaration (its union property
 * lists the members' declarations in order), so the first member is the type to look in.
 */
export function walkUnionType(w: Walker): Expr {
  const c = w.c;
  let single: Expr = NULLISH;
  let count = 0;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if ((w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
      continue;
    }
    let member: Expr;
    if (kind === S.K_PREDEFINED_TYPE) {
      foldLeaf(w, id);
      const text = w.text.slice(c.startIndex, c.endIndex);
      member = text === 'undefined' || text === 'void' || text === 'null' ? NULLISH : UNKNOWN;
    } else {
      member = visitAt(w, id, R_READ);
    }
    if (member === NULLISH) continue;
    count++;
    if (count === 1) single = member;
  } while (c.gotoNextSibling());
  c.gotoParent();
  return count === 0 ? NULLISH : single;
}

export function walkParenType(w: Walker, role: number): Expr {
  const c = w.c;
  let inner: Expr = UNKNOWN;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const result = visitAt(w, id, role);
    if ((w.t.flags[id]! & S.F_NAMED) !== 0 && kindOf(w, id) !== S.K_COMMENT) inner = result;
  } while (c.gotoNextSibling());
  c.gotoParent();
  return inner;
}

/** `null`/`undefined` literal types are nullish; other literal types are unknown. */
export function walkLiteralType(w: Walker): Expr {
  const c = w.c;
  let nullish = false;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    kindOf(w, id);
    const name = w.t.names[id];
    if (name === 'null' || name === 'undefined') nullish = true;
    visitAt(w, id, R_READ);
  } while (c.gotoNextSibling());
  c.gotoParent();
  return nullish ? NULLISH : UNKNOWN;
}

/** Binds the type-name leaf under the cursor as an opaque name in the current scope. */
function bindOpaqueName(w: Walker, id: number): void {
  foldLeaf(w, id);
  const name = w.text.slice(w.c.startIndex, w.c.endIndex);
  w.scope.bind(NS_TYPE, name, OPAQUE, true);
}

/** `T extends C = D`: T shadows type names; the constraint and default are types. */
export function walkTypeParam(w: Walker): void {
  const c = w.c;
  let named = false;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (!named && kind === S.K_TYPE_IDENT) {
      named = true;
      bindOpaqueName(w, id);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** `infer U` binds U. */
export function walkInfer(w: Walker): void {
  walkTypeParam(w);
}

/** `[K in keyof T as ...]` binds K. */
export function walkMappedTypeClause(w: Walker): void {
  walkTypeParam(w);
}

/** `typeof x`: the operand is a value read; the type is x's (a class's static side, a namespace). */
export function walkTypeQuery(w: Walker): Expr {
  const c = w.c;
  let value: Expr = UNKNOWN;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      const result = visitAt(w, id, R_READ);
      if ((w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) value = result;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return value === UNKNOWN ? UNKNOWN : { k: 'typeof', value };
}

/** `T[]`: an array of T. */
export function walkArrayType(w: Walker): Expr {
  const c = w.c;
  let element: Expr = UNKNOWN;
  let seen = false;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      const result = visitAt(w, id, R_READ);
      if (!seen && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
        seen = true;
        element = result;
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return { k: 'array', element };
}

/** `<T>(a: A, b: B) => R`: a function type (its type parameters are local; `this:` is left out). */
export function walkFunctionType(w: Walker): Expr {
  const c = w.c;
  const saved = pushScope(w);
  const params: Expr[] = [];
  let returns: Expr = UNKNOWN;
  let afterArrow = false;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      if (kind === S.K_FORMAL_PARAMS) {
        enter(w, id);
        collectParameterTypes(w, params);
        leave(w, id);
      } else if (kind === S.K_TOKEN && w.t.names[id] === '=>') {
        afterArrow = true;
        foldLeaf(w, id);
      } else {
        const result = visitAt(w, id, R_READ);
        if (afterArrow && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) returns = result;
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.scope = saved;
  return { k: 'fn', params, returns };
}

/** The annotated type of each parameter of the `formal_parameters` under the cursor (UNKNOWN if none). */
function collectParameterTypes(w: Walker, params: Expr[]): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_REQUIRED_PARAM || kind === S.K_OPTIONAL_PARAM) {
      let type: Expr = UNKNOWN;
      let isThis = false;
      enter(w, id);
      if (c.gotoFirstChild()) {
        do {
          const partId = c.nodeTypeId;
          const partKind = kindOf(w, partId);
          if (partKind === S.K_THIS) isThis = true;
          if (partKind === S.K_IDENT || partKind === S.K_OBJECT_PATTERN || partKind === S.K_ARRAY_PATTERN ||
              partKind === S.K_REST_PATTERN || partKind === S.K_THIS) {
            quiet(w, partId);
          } else {
            const result = visitAt(w, partId, R_READ);
            if (partKind === S.K_TYPE_ANNOTATION) type = result;
          }
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, id);
      if (!isThis) params.push(type);
    } else if (kind === S.K_IDENT || kind === S.K_OBJECT_PATTERN || kind === S.K_ARRAY_PATTERN ||
        kind === S.K_REST_PATTERN || kind === S.K_ASSIGNMENT_PATTERN) {
      quiet(w, id);
      params.push(UNKNOWN);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** Function/constructor types and call/construct signatures: their type parameters are local. */
export function walkTypeScope(w: Walker): void {
  const saved = pushScope(w);
  visitChildren(w);
  w.scope = saved;
}

/**
 * Parameters reached outside a function-like (function types, signatures, error recovery): the
 * parameter names bind nothing; annotations and defaults are visited.
 */
export function walkTypeOnlyParams(w: Walker): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_REQUIRED_PARAM || kind === S.K_OPTIONAL_PARAM) {
      enter(w, id);
      if (c.gotoFirstChild()) {
        do {
          const partId = c.nodeTypeId;
          const partKind = kindOf(w, partId);
          if (partKind === S.K_IDENT || partKind === S.K_OBJECT_PATTERN || partKind === S.K_ARRAY_PATTERN ||
              partKind === S.K_REST_PATTERN || partKind === S.K_THIS) {
            quiet(w, partId);
          } else {
            visitAt(w, partId, R_READ);
          }
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, id);
    } else if (kind === S.K_IDENT || kind === S.K_OBJECT_PATTERN || kind === S.K_ARRAY_PATTERN ||
        kind === S.K_REST_PATTERN || kind === S.K_ASSIGNMENT_PATTERN) {
      quiet(w, id);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** `[key: string]: T`: the key name binds nothing. */
export function walkIndexSignature(w: Walker): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    if (kindOf(w, id) === S.K_IDENT) foldLeaf(w, id);
    else visitAt(w, id, R_READ);
  } while (c.gotoNextSibling());
  c.gotoParent();
}
