/**
 * Type expressions: type identifiers (each a `type` reference unless it names a type parameter),
 * qualified names, generics, unions and intersections (type-algebra.ts), parenthesized and literal types, type
 * parameters (bound as opaque names), `infer`, mapped types, `typeof x` (a value read), and the
 * scopes of function/constructor types and signatures. Owns the reduction of a type to the value
 * expression naming it: a named type (possibly `ns.T`, possibly generic) or UNKNOWN. Arrays,
 * tuples, functions, objects, literal and predefined types reduce to UNKNOWN.
 */
import { KEEP_IF_NOT_OPAQUE, NS_TYPE, NULLISH, OPAQUE, UNKNOWN, UNRESOLVED } from '../model.js';
import { intersectionOf, primitiveType, unionOf } from './type-algebra.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { MAX_DEPTH, addRef, enter, foldLeaf, identifierEnd, kindOf, leave, pushScope, quiet, stringContent } from './walker.js';
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

/** `T<A, B>`: T's value, with its arguments (see ../lib-generics.ts for what they are used for). */
export function walkGenericType(w: Walker, role: number): Expr {
  const c = w.c;
  let base: Expr = UNKNOWN;
  const args: Expr[] = [];
  let name = '';
  let site = -1;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TYPE_ARGUMENTS) {
      enter(w, id);
      if (c.gotoFirstChild()) {
        do {
          const argId = c.nodeTypeId;
          const result = visitAt(w, argId, R_READ);
          if ((w.t.flags[argId]! & S.F_NAMED) !== 0 && kindOf(w, argId) !== S.K_COMMENT) args.push(result);
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
  return base === UNKNOWN ? UNKNOWN : { k: 'generic', base, args };
}

/** `A | B` (nested for `A | B | C`): see type-algebra.ts's unionOf. */
export function walkUnionType(w: Walker): Expr {
  return unionOf(collectTypeMembers(w));
}

/** `A & B`: see type-algebra.ts's intersectionOf. */
export function walkIntersectionType(w: Walker): Expr {
  return intersectionOf(collectTypeMembers(w));
}

/** The member types of a union or intersection node (primitive keywords read as such). */
function collectTypeMembers(w: Walker): Expr[] {
  const c = w.c;
  const members: Expr[] = [];
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if ((w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
      continue;
    }
    if (kind === S.K_PREDEFINED_TYPE) {
      foldLeaf(w, id);
      members.push(primitiveType(w.text.slice(c.startIndex, c.endIndex)));
    } else {
      members.push(visitAt(w, id, R_READ));
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  return members;
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

/** `null`/`undefined` literal types are nullish, a string literal type a key; other literal types are unknown. */
export function walkLiteralType(w: Walker): Expr {
  const c = w.c;
  let nullish = false;
  let text: string | null = null;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    const name = w.t.names[id];
    if (name === 'null' || name === 'undefined') nullish = true;
    // A string literal type is kept as a key (`Pick<T, "a" | "b">`).
    if (kind === S.K_STRING) text = stringContent(w.text, c.startIndex, c.endIndex);
    visitAt(w, id, R_READ);
  } while (c.gotoNextSibling());
  c.gotoParent();
  return nullish ? NULLISH : text !== null ? { k: 'literal', text } : UNKNOWN;
}


/** `T["name"]`: the type of T's property `name` (other index types are unknown). */
export function walkLookupType(w: Walker): Expr {
  const c = w.c;
  let object: Expr = UNKNOWN;
  let name: string | null = null;
  let operands = 0;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if ((w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
      continue;
    }
    operands++;
    if (operands === 2 && kind === S.K_LITERAL_TYPE) {
      const text = w.text.slice(c.startIndex, c.endIndex);
      const quote = text.charCodeAt(0);
      if ((quote === 34 || quote === 39) && text.length >= 2) name = text.slice(1, -1);
    }
    const result = visitAt(w, id, R_READ);
    if (operands === 1) object = result;
  } while (c.gotoNextSibling());
  c.gotoParent();
  return object === UNKNOWN || object === NULLISH || name === null ? UNKNOWN : { k: 'indexed', object, name };
}

/** `T extends C = D`: T shadows type names (an opaque type with C's members); C and D are types. */
export function walkTypeParam(w: Walker): void {
  const c = w.c;
  let name = '';
  let constraint: Expr | null = null;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (name === '' && kind === S.K_TYPE_IDENT) {
      foldLeaf(w, id);
      name = w.text.slice(c.startIndex, c.endIndex);
      w.scope.bindTypeParameter(name, null);
    } else if (w.t.names[id] === 'constraint') {
      constraint = walkConstraint(w, id);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  if (name !== '' && constraint !== null && constraint !== UNKNOWN && constraint !== NULLISH) w.scope.bindTypeParameter(name, constraint);
}

/** `extends C` of a type parameter (visited as visitAt visits it): C. */
function walkConstraint(w: Walker, id: number): Expr {
  const c = w.c;
  let type: Expr = UNKNOWN;
  enter(w, id);
  if (c.gotoFirstChild()) {
    do {
      const partId = c.nodeTypeId;
      const result = visitAt(w, partId, R_READ);
      if ((w.t.flags[partId]! & S.F_NAMED) !== 0 && kindOf(w, partId) !== S.K_COMMENT) type = result;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  return type;
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
  const names: string[] = [];
  let returns: Expr = UNKNOWN;
  let predicate: Predicate | null = null;
  let afterArrow = false;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      if (kind === S.K_FORMAL_PARAMS) {
        enter(w, id);
        collectParameterTypes(w, params, names);
        leave(w, id);
      } else if (kind === S.K_TOKEN && w.t.names[id] === '=>') {
        afterArrow = true;
        foldLeaf(w, id);
      } else if (afterArrow && w.t.names[id] === 'type_predicate') {
        predicate = walkPredicate(w, id);
      } else {
        const result = visitAt(w, id, R_READ);
        if (afterArrow && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) returns = result;
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.scope = saved;
  // `(x: unknown) => x is T`: a guard of that parameter.
  const param = predicate === null ? -2 : predicate.subject === 'this' ? -1 : names.indexOf(predicate.subject);
  if (predicate !== null && param >= -1) return { k: 'fn', params, returns, guard: { param, type: predicate.type } };
  return { k: 'fn', params, returns };
}

/**
 * The annotated type of each parameter of the `formal_parameters` under the cursor (UNKNOWN if
 * none), and its name ('' for a pattern).
 */
function collectParameterTypes(w: Walker, params: Expr[], names: string[]): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_REQUIRED_PARAM || kind === S.K_OPTIONAL_PARAM) {
      let type: Expr = UNKNOWN;
      let isThis = false;
      let name = '';
      enter(w, id);
      if (c.gotoFirstChild()) {
        do {
          const partId = c.nodeTypeId;
          const partKind = kindOf(w, partId);
          if (partKind === S.K_THIS) isThis = true;
          if (partKind === S.K_IDENT && name === '') name = w.text.slice(c.startIndex, c.endIndex);
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
      if (!isThis) {
        params.push(type);
        names.push(name);
      }
    } else if (kind === S.K_IDENT || kind === S.K_OBJECT_PATTERN || kind === S.K_ARRAY_PATTERN ||
        kind === S.K_REST_PATTERN || kind === S.K_ASSIGNMENT_PATTERN) {
      quiet(w, id);
      params.push(UNKNOWN);
      names.push('');
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

/**
 * `: x is T` (`this is T`) of a type guard, under the cursor (type id `id`), visited as visitAt
 * visits it: what the guard speaks of (a parameter's name, or `this`) and its type, else null.
 */
export function walkTypePredicate(w: Walker, id: number): Predicate | null {
  const c = w.c;
  if (w.hd >= MAX_DEPTH) {
    visitAt(w, id, R_READ);
    return null;
  }
  let predicate: Predicate | null = null;
  enter(w, id);
  if (c.gotoFirstChild()) {
    do {
      const childId = c.nodeTypeId;
      kindOf(w, childId);
      if (w.t.names[childId] === 'type_predicate') predicate = walkPredicate(w, childId);
      else visitAt(w, childId, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  return predicate;
}

/** What a type guard speaks of and the type it gives it. */
export interface Predicate {
  subject: string;
  type: Expr;
}

/** `x is T` (the `type_predicate` under the cursor, type id `id`), visited as visitAt visits it. */
function walkPredicate(w: Walker, id: number): Predicate | null {
  const c = w.c;
  let subject = '';
  let type: Expr = UNKNOWN;
  enter(w, id);
  if (c.gotoFirstChild()) {
    do {
      const partId = c.nodeTypeId;
      const partKind = kindOf(w, partId);
      w.lastName = '';
      const value = visitAt(w, partId, R_READ);
      if ((w.t.flags[partId]! & S.F_NAMED) === 0 || partKind === S.K_COMMENT) continue;
      if (subject === '') subject = partKind === S.K_THIS ? 'this' : w.lastName;
      else type = value;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  return subject === '' || type === UNKNOWN || type === NULLISH ? null : { subject, type };
}
