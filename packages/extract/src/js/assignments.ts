/**
 * Assignments, including the ones that declare things in CommonJS and ES5 code:
 * `exports.foo = ...` / `module.exports.foo = ...` (an exported declaration `foo`),
 * `module.exports = ...` (the `=` export), `Foo.prototype.bar = function () {}` (a method of
 * `Foo`), `Foo.prototype = { ... }`, `Foo.bar = ...` at module level (a static member of `Foo`),
 * and `this.x = ...` in a constructor (a property of the class, declared when the class body
 * ends). Owns these recognitions; plain assignments only record a write and return the value.
 */
import type { SymbolKind } from '@repograph/core';
import { NS_VALUE, NULLISH, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { kindOf, newDecl } from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, R_WRITE, visitAt } from './visit.js';
import { FORM_ARROW, FORM_EXPRESSION, anonymousSite, walkFunction } from './functions.js';
import { walkClass } from './classes.js';
import { MODE_COMMONJS, MODE_MEMBERS, walkObject } from './objects.js';
import { writePattern } from './patterns.js';
import { addExport } from './modules.js';
import { declaredType, docBefore } from './jsdoc-apply.js';
import { ROUTER_NAME, collector } from './surfaces.js';


const NONE = 0;
const COMMONJS_EXPORT = 1;
const COMMONJS_WHOLE = 2;
const PROTOTYPE_MEMBER = 3;
const PROTOTYPE_OBJECT = 4;
const STATIC_MEMBER = 5;
const THIS_PROPERTY = 6;

/** The left side of an assignment in a declaring form: what it declares and where. */
interface AssignedTarget {
  /** The declaring form (COMMONJS_EXPORT, PROTOTYPE_MEMBER, ...) or NONE. */
  form: number;
  /** The class or function that member forms add to, or -1. */
  owner: number;
  /** The assigned property's name and its offset, or '' and -1. */
  name: string;
  nameAt: number;
  /** The whole assignment's range (declaring forms only), else -1. */
  start: number;
  end: number;
  /** JavaScript: the `@type {T}` of the statement's JSDoc (declaring forms only), else UNKNOWN. */
  docType: Expr;
}

function isFree(w: Walker, expr: Expr, name: string): boolean {
  return expr.k === 'name' && expr.name === name && w.scope.lookup(NS_VALUE, name) === undefined;
}

/** The function or class declaration `expr` names, if it is one of this file. */
function classLike(w: Walker, expr: Expr): number {
  if (expr.k !== 'name') return -1;
  const binding = w.scope.lookup(NS_VALUE, expr.name);
  if (binding === undefined || binding < 0) return -1;
  const kind = w.decls[binding]!.kind;
  return kind === 'function' || kind === 'class' ? binding : -1;
}

/** Which declaring form an assignment target is; `owner` is the class/function for member forms. */
function classify(w: Walker, left: Expr, statement: boolean): { form: number; owner: number } {
  if (left.k !== 'member') return { form: NONE, owner: -1 };
  const object = left.object;
  if (isFree(w, object, 'exports')) return { form: COMMONJS_EXPORT, owner: -1 };
  if (object.k === 'member' && object.name === 'exports' && isFree(w, object.object, 'module')) {
    return { form: COMMONJS_EXPORT, owner: -1 };
  }
  if (left.name === 'exports' && isFree(w, object, 'module')) return { form: COMMONJS_WHOLE, owner: -1 };
  if (object.k === 'member' && object.name === 'prototype') {
    const owner = classLike(w, object.object);
    if (owner >= 0) return { form: PROTOTYPE_MEMBER, owner };
  }
  if (left.name === 'prototype') {
    const owner = classLike(w, object);
    if (owner >= 0) return { form: PROTOTYPE_OBJECT, owner };
  }
  if (statement && w.inFunction === 0) {
    const owner = classLike(w, object);
    if (owner >= 0 && !w.decls[owner]!.members?.has(left.name)) return { form: STATIC_MEMBER, owner };
  }
  if (object.k === 'this') {
    const owner = w.ctorClass >= 0 ? w.ctorClass : w.methodClass;
    if (owner >= 0 && object.owner === owner) return { form: THIS_PROPERTY, owner };
  }
  return { form: NONE, owner: -1 };
}

/** `left = right` (and `a = b = c`); returns the assigned value. */
export function walkAssignment(w: Walker): Expr {
  const c = w.c;
  const statement = w.statementAssignment;
  w.statementAssignment = false;
  c.gotoFirstChild();
  const leftId = c.nodeTypeId;
  const leftKind = kindOf(w, leftId);
  const refsBefore = w.refs.length;
  let left: Expr = UNKNOWN;
  let name = '';
  let nameAt = -1;
  if (leftKind === S.K_OBJECT_PATTERN || leftKind === S.K_ARRAY_PATTERN) {
    writePattern(w, leftId);
  } else {
    w.lastName = '';
    left = visitAt(w, leftId, R_WRITE);
    name = w.lastName;
    nameAt = w.lastSite;
  }
  const { form, owner } = classify(w, left, statement);
  if (form !== NONE && form !== THIS_PROPERTY) w.refs.length = refsBefore;
  let start = -1;
  let end = -1;
  if (form !== NONE) {
    // Only declaring forms need the assignment's range: step out to read it, and back to `left`.
    c.gotoParent();
    start = c.startIndex;
    end = c.endIndex;
    c.gotoFirstChild();
  }
  const docType = form !== NONE && w.lastDoc !== null ? declaredType(w, docBefore(w, start), w.scope) : UNKNOWN;
  let value: Expr = UNKNOWN;
  let seenValue = false;
  let nullish = false;
  while (c.gotoNextSibling()) {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (seenValue || (w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
      continue;
    }
    seenValue = true;
    nullish = kind === S.K_LITERAL && (w.t.names[id] === 'null' || w.t.names[id] === 'undefined');
    value = walkAssignedValue(w, id, kind, { form, owner, name, nameAt, start, end, docType });
    if (value.k === 'name' && value.name === 'undefined' && w.scope.lookup(NS_VALUE, 'undefined') === undefined) nullish = true;
  }
  c.gotoParent();
  if (form === THIS_PROPERTY && name !== '') {
    w.thisAssignments.push({
      name, start, end, nameStart: nameAt, nameEnd: nameAt + name.length, init: nullish ? NULLISH : value,
      valueType: docType, inConstructor: w.ctorClass >= 0,
    });
  } else if (form === NONE && left.k === 'name' && value !== UNKNOWN) {
    // `let x; ... x = new Foo()`: the first assigned value types a variable declared without one.
    const binding = w.scope.lookup(NS_VALUE, left.name);
    if (binding !== undefined && binding >= 0) {
      const d = w.decls[binding]!;
      if (d.noInitializer && d.init === undefined && d.valueType === undefined) d.init = value;
      // Architecture facts: `let r; ... r = makeRouter()` (surfaces-mounts.ts mounts each value).
      if (d.noInitializer && value.k === 'call' && w.lastSite >= 0 && ROUTER_NAME.test(d.name)) collector(w).assigned.push({ decl: binding, site: w.lastSite });
    }
  }
  return value;
}

function isFunctionKind(kind: number): boolean {
  return kind === S.K_ARROW || kind === S.K_FUNC_EXPR;
}

/** Declares the member/export an assignment makes (if any) and walks the value (`id`, of `kind`). */
function walkAssignedValue(w: Walker, id: number, kind: number, target: AssignedTarget): Expr {
  const { form, owner, name, nameAt } = target;
  switch (form) {
    case COMMONJS_EXPORT: {
      if (kind === S.K_IDENT) {
        // An alias: `exports.foo = foo` exports the binding `foo` itself (as the compiler has it).
        const value = visitAt(w, id, R_READ);
        addExport(w, 'local', name, value, nameAt);
        return value;
      }
      const decl = declareAssigned(w, kind, target, name, 'module');
      w.decls[decl]!.exported = true;
      addExport(w, 'local', name, { k: 'decl', decl }, nameAt);
      return walkDeclaredValue(w, id, kind, decl, -1, target.docType);
    }
    case COMMONJS_WHOLE: {
      if (kind === S.K_OBJECT) {
        walkObject(w, id, MODE_COMMONJS, -1, -1);
        return UNKNOWN;
      }
      if (isFunctionKind(kind) || kind === S.K_CLASS_EXPR) {
        const decl = declareAssigned(w, kind, target, 'export=', 'module');
        w.decls[decl]!.exported = true;
        w.decls[decl]!.takesExpressionName = true;
        const result = walkDeclaredValue(w, id, kind, decl, -1, target.docType);
        addExport(w, 'local', '=', { k: 'decl', decl }, nameAt);
        return result;
      }
      if (kind === S.K_IDENT) {
        // `module.exports = name` aliases the named value.
        const value = visitAt(w, id, R_READ);
        addExport(w, 'local', '=', value, nameAt);
        return value;
      }
      // `module.exports = <expression>`: the assignment is the declaration of what `require()`
      // returns (TypeScript's `export=`), unless the expression is itself a `require()`.
      const decl = declareAssigned(w, kind, target, 'export=', 'module');
      w.decls[decl]!.exported = true;
      w.lastRequire = -1;
      const value = walkDeclaredValue(w, id, kind, decl, -1, target.docType);
      if (value.k === 'import' && value.imp === w.lastRequire) {
        w.decls[decl]!.dropped = true;
        addExport(w, 'local', '=', value, nameAt);
      } else {
        addExport(w, 'local', '=', { k: 'decl', decl }, nameAt);
      }
      return value;
    }
    case PROTOTYPE_MEMBER:
    case STATIC_MEMBER: {
      const decl = declareAssigned(w, kind, target, name, 'member');
      const d = w.decls[decl]!;
      if (form === STATIC_MEMBER) d.isStatic = true;
      else w.decls[owner]!.hasPrototypeMembers = true;
      (w.decls[owner]!.members ??= new Map()).set(form === STATIC_MEMBER ? `static ${name}` : name, decl);
      return walkDeclaredValue(w, id, kind, decl, owner, target.docType);
    }
    case PROTOTYPE_OBJECT:
      if (kind === S.K_OBJECT) {
        w.decls[owner]!.hasPrototypeMembers = true;
        walkObject(w, id, MODE_MEMBERS, owner, owner);
        return UNKNOWN;
      }
      return visitAt(w, id, R_READ);
    default:
      return visitAt(w, id, R_READ);
  }
}

/**
 * A declaration named `name` for an assigned function, class or value (`kind`): a module-scope one,
 * or a member of the target's owner.
 */
function declareAssigned(
  w: Walker, kind: number, target: AssignedTarget, name: string, scope: 'module' | 'member',
): number {
  const { nameAt, start, end } = target;
  const container = scope === 'member' ? target.owner : -1;
  let symbolKind: SymbolKind;
  if (isFunctionKind(kind)) symbolKind = scope === 'member' ? 'method' : 'function';
  else if (kind === S.K_CLASS_EXPR) symbolKind = 'class';
  else symbolKind = scope === 'member' ? 'property' : 'variable';
  const decl = newDecl(w, symbolKind, name, scope, start, end, nameAt, nameAt < 0 ? nameAt : nameAt + (name === 'export=' ? 7 : name.length));
  const d = w.decls[decl]!;
  if (container >= 0) d.container = container;
  d.docStart = start;
  return decl;
}

function walkDeclaredValue(w: Walker, id: number, kind: number, decl: number, thisOwner: number, docType: Expr): Expr {
  if (isFunctionKind(kind)) {
    const site = anonymousSite(kind === S.K_ARROW ? FORM_ARROW : FORM_EXPRESSION);
    site.decl = decl;
    site.thisOwner = thisOwner;
    walkFunction(w, id, site);
    return UNKNOWN;
  }
  if (kind === S.K_CLASS_EXPR) {
    walkClass(w, id, decl, false);
    return UNKNOWN;
  }
  const savedDecl = w.currentDecl;
  w.currentDecl = decl;
  let value: Expr = UNKNOWN;
  if (kind === S.K_OBJECT) walkObject(w, id, MODE_MEMBERS, decl, decl);
  else value = visitAt(w, id, R_READ);
  w.currentDecl = savedDecl;
  const d = w.decls[decl]!;
  if (value !== UNKNOWN) d.init = value;
  if (docType !== UNKNOWN) d.valueType = docType;
  d.signature = d.name;
  return value;
}
