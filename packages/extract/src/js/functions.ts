/**
 * Function-likes: function declarations and signatures (overloads), function and arrow
 * expressions, generators, methods, accessors, constructors and method signatures. Owns the
 * function's declaration (creating it, or merging an overload or a get/set pair into an existing
 * one), its scope (type parameters, parameters, own name), its `this`/`super` owners, its
 * signature text, return type, inferred return expression, and its fingerprint, branch set and
 * node count. Parameters are in params.ts, the naming and merging of declarations in
 * function-names.ts.
 */
import type { ParameterFact } from '@repograph/core';
import { NS_TYPE, Scope, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import {
  EXPORT_DEFAULT, EXPORT_NONE, enter, foldLeaf, kindOf, leave, newDecl, recordComment, stringContent, wordEnd,
} from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { oneLine } from '../docs.js';
import { hashHex } from '../fingerprint.js';
import { walkParams } from './params.js';
import { declareNamed } from './function-names.js';
import { docBefore, functionDoc } from './jsdoc-apply.js';
import { walkTypePredicate } from './types.js';
import type { FunctionDoc } from './jsdoc-apply.js';

export const FORM_DECLARATION = 0;
export const FORM_EXPRESSION = 1;
export const FORM_ARROW = 2;
export const FORM_METHOD = 3;

/** Where a function-like occurs, as its parent saw it. */
export interface FunctionSite {
  form: number;
  /** A declaration made by the parent for this function (variable, property, export), or -1. */
  decl: number;
  /** Owner of `this` inside a non-arrow function (class or object declaration), or -1. */
  thisOwner: number;
  /** FORM_METHOD: the declaration the method is a member of, or -1. */
  memberOf: number;
  /** FORM_METHOD: record the method as a member declaration of `memberOf`. */
  declareMember: boolean;
  /** A class member: `constructor` is a constructor, `super` means the class's base. */
  isClassMember: boolean;
  /** Start of `export`/decorators in front of the function, or -1. */
  leadingStart: number;
  exported: boolean;
  /** `export default function ...`: an unnamed function is declared as `default`. */
  isDefault: boolean;
  /** The call this function is an argument of (for its parameters' contextual types), or null. */
  argument: ArgumentContext | null;
  /**
   * Where a JSDoc comment of the function's host would end (an object-literal pair that declares
   * nothing), or -1; a function with a declaration uses the declaration's.
   */
  docAnchor: number;
  /**
   * The function type expected where the function stands (a variable's declared type, the declared
   * return type of the function returning it), which types its unannotated parameters; or null.
   */
  expected: Expr | null;
  /** A method of an object literal of that declared type: its expected type is that type's member. */
  expectedOwner: Expr | null;
}

/** Where a function expression is passed: argument `arg` of a call (or `new`) of `callee`. */
export interface ArgumentContext {
  callee: Expr;
  isNew: boolean;
  arg: number;
}

export function anonymousSite(form: number): FunctionSite {
  return {
    form, decl: -1, thisOwner: -1, memberOf: -1, declareMember: false, isClassMember: false,
    leadingStart: -1, exported: false, isDefault: false, argument: null, docAnchor: -1, expected: null, expectedOwner: null,
  };
}

/** The site of a function declaration statement (consumes a pending `export`). */
export function declarationSite(w: Walker): FunctionSite {
  const site = anonymousSite(FORM_DECLARATION);
  site.leadingStart = w.wrapStart;
  site.exported = w.exporting !== EXPORT_NONE;
  site.isDefault = w.exporting === EXPORT_DEFAULT;
  w.exporting = EXPORT_NONE;
  w.wrapStart = -1;
  return site;
}

/** Walks the function-like under the cursor; returns its declaration index or -1. */
export function walkFunction(w: Walker, nodeId: number, site: FunctionSite): number {
  const c = w.c;
  const t = w.t;
  const form = site.form;
  // An anonymous arrow or object-literal method never needs its own position (saves two native calls).
  const needsPosition = !(site.decl < 0 && !site.isDefault &&
    (form === FORM_ARROW || (form === FORM_METHOD && !site.declareMember)));
  const nodeStart = needsPosition ? c.startIndex : -1;
  const nodeEnd = needsPosition ? c.endIndex : -1;
  const leadingStart = site.leadingStart >= 0 ? site.leadingStart : nodeStart;
  const docAnchor = w.lastDoc === null ? -1 : functionDocAnchor(w, site, needsPosition, leadingStart);
  const ownAnchor = docAnchor < 0 ? -1 : ownDocAnchor(w, form, nodeStart);
  const namedAtEntry = w.named;
  const declsAtEntry = w.decls.length;
  enter(w, nodeId);
  const savedScope = w.scope;
  const savedFnScope = w.fnScope;
  const savedDecl = w.currentDecl;
  const savedThis = w.thisOwner;
  const savedThisFn = w.thisFn;
  const savedThisStatic = w.thisStatic;
  const savedThisType = w.thisType;
  const savedSuper = w.superOwner;
  const savedCtor = w.ctorClass;
  const savedMethodClass = w.methodClass;
  const savedReturns = w.returns;
  const savedSignature = w.lastSignature;
  const savedDocParams = w.docParams;
  const savedExpectedReturn = w.expectedReturn;
  const fnScope = new Scope(w.scope);
  let decl = site.decl;
  let merged = false;
  let started = false;
  let isGenerator = false;
  let isStatic = false;
  let isPrivate = false;
  let accessor = '';
  let nameEnd = -1;
  let sigStart = -1;
  let headerEnd = -1;
  let singleParam = false;
  let afterArrow = false;
  let params: ParameterFact[] | undefined;
  let returnType: Expr | undefined;
  let annotated = false;
  let hasBody = false;
  let bodyExpr: Expr | undefined;
  let fingerprint: string | undefined;
  let branches: number[] | undefined;
  let decoratorRefs = -1;
  let predicate: { subject: string; type: Expr } | null = null;
  // Assigned in begin(); the cast keeps the compiler from narrowing it to null.
  let doc = null as FunctionDoc | null;

  const begin = (): void => {
    if (started) return;
    started = true;
    const comment = (docAnchor >= 0 ? docBefore(w, docAnchor) : null) ?? (ownAnchor >= 0 ? docBefore(w, ownAnchor) : null);
    doc = comment === null ? null : functionDoc(w, comment, fnScope);
    if (decl < 0 && site.isDefault) {
      decl = newDecl(w, 'function', 'default', 'module', leadingStart, nodeEnd, nodeStart, wordEnd(w.text, nodeStart));
      const d = w.decls[decl]!;
      d.exported = true;
      d.isDefault = true;
      d.docStart = leadingStart;
    }
    w.scope = fnScope;
    w.fnScope = fnScope;
    if (decl >= 0) w.currentDecl = decl;
    if (form !== FORM_ARROW) {
      w.thisOwner = site.thisOwner;
      w.thisFn = site.thisOwner < 0 ? decl : -1;
      w.thisStatic = isStatic && site.isClassMember;
      w.thisType = null;
      w.superOwner = site.isClassMember ? site.memberOf : -1;
      // Arrow functions keep these: their `this` is the enclosing method's.
      const isConstructor = decl >= 0 && w.decls[decl]!.kind === 'constructor';
      w.ctorClass = isConstructor ? site.memberOf : -1;
      w.methodClass = !isConstructor && site.isClassMember && site.form === FORM_METHOD && !isStatic ? site.memberOf : -1;
    }
    w.returns = { exprs: [], invalid: false };
    w.inFunction++;
    w.lastSignature = null;
    w.docParams = doc;
    if (doc !== null && doc.thisType !== UNKNOWN && form !== FORM_ARROW) applyThisType(w, doc.thisType);
    if (decoratorRefs >= 0 && decl >= 0) {
      for (let i = decoratorRefs; i < w.refs.length; i++) w.refs[i]!.encl = decl;
    }
  };

  const walkBody = (id: number, isBlock: boolean): void => {
    begin();
    if (headerEnd < 0) headerEnd = c.startIndex;
    hasBody = true;
    // A function it returns takes its parameters' types from the declared return type.
    w.expectedReturn = returnType ?? (doc !== null && doc.returns !== null && doc.returns !== UNKNOWN ? doc.returns : null);
    const bodyKind = kindOf(w, id);
    if (!isBlock && w.expectedReturn !== null && (bodyKind === S.K_ARROW || bodyKind === S.K_FUNC_EXPR)) w.pendingExpected = w.expectedReturn;
    const sink = decl >= 0 && !(merged && w.decls[decl]!.hasBody) ? [] as number[] : null;
    if (sink !== null) w.branchSinks.push(sink);
    const value = visitAt(w, id, R_READ);
    if (!isBlock) bodyExpr = value;
    if (sink !== null) {
      w.branchSinks.pop();
      fingerprint = hashHex(w.lastH1, w.lastH2);
      branches = sink;
    }
  };

  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_COMMENT) {
      recordComment(w);
      continue;
    }
    if (afterArrow && (t.flags[id]! & S.F_NAMED) !== 0) {
      walkBody(id, kind === S.K_BLOCK);
      continue;
    }
    switch (kind) {
      case S.K_TOKEN: {
        const token = t.names[id];
        if (token === '=>') {
          headerEnd = c.startIndex;
          afterArrow = true;
        } else if (token === '*') {
          isGenerator = true;
        } else if ((token === 'get' || token === 'set') && nameEnd < 0) {
          accessor = token;
        } else if (token === 'static') {
          isStatic = true;
        } else if (token === 'static get') {
          isStatic = true;
          accessor = 'get';
        }
        foldLeaf(w, id);
        break;
      }
      case S.K_ACCESSIBILITY:
        if (w.text.startsWith('private', c.startIndex)) isPrivate = true;
        foldLeaf(w, id);
        break;
      case S.K_DECORATOR:
        if (decoratorRefs < 0) decoratorRefs = w.refs.length;
        visitAt(w, id, R_READ);
        break;
      case S.K_IDENT:
      case S.K_PROPERTY_IDENT:
      case S.K_PRIVATE_IDENT:
      case S.K_STRING:
      case S.K_NUMBER:
      case S.K_COMPUTED_NAME: {
        if (form === FORM_ARROW && kind === S.K_IDENT) {
          begin();
          singleParam = true;
          if (sigStart < 0) sigStart = c.startIndex;
          params = walkParams(w, id, decl, site, true);
          break;
        }
        if (nameEnd >= 0) {
          visitAt(w, id, R_READ);
          break;
        }
        const start = c.startIndex;
        const end = c.endIndex;
        nameEnd = end;
        let name: string;
        if (kind === S.K_COMPUTED_NAME) {
          name = oneLine(w.text.slice(start, end));
          visitAt(w, id, R_READ);
        } else {
          name = kind === S.K_STRING ? stringContent(w.text, start, end) : w.text.slice(start, end);
          foldLeaf(w, id);
        }
        if (site.expectedOwner !== null && site.expected === null) site.expected = { k: 'indexed', object: site.expectedOwner, name };
        const result = declareNamed(w, site, decl, {
          name, nameStart: start, nameEnd: end, leadingStart, nodeEnd, fnScope,
          isStatic, isPrivate: isPrivate || kind === S.K_PRIVATE_IDENT, accessor,
        });
        decl = result.decl;
        merged = result.merged;
        break;
      }
      case S.K_TYPE_PARAMS:
        begin();
        if (sigStart < 0) sigStart = c.startIndex;
        visitAt(w, id, R_READ);
        break;
      case S.K_FORMAL_PARAMS:
        begin();
        if (sigStart < 0) sigStart = c.startIndex;
        params = walkParams(w, id, decl, site, false);
        break;
      case S.K_TYPE_ANNOTATION:
      case S.K_ASSERTS_ANNOTATION: {
        begin();
        annotated = true;
        if (t.names[id] === 'type_predicate_annotation') {
          predicate = walkTypePredicate(w, id);
          break;
        }
        const type = visitAt(w, id, R_READ);
        if (kind === S.K_TYPE_ANNOTATION && type !== UNKNOWN) returnType = type;
        break;
      }
      case S.K_BLOCK:
        walkBody(id, true);
        break;
      default:
        visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  leave(w, nodeId);

  if (started) w.inFunction--;
  w.scope = savedScope;
  w.fnScope = savedFnScope;
  w.currentDecl = savedDecl;
  w.thisOwner = savedThis;
  w.thisFn = savedThisFn;
  w.thisStatic = savedThisStatic;
  w.thisType = savedThisType;
  w.superOwner = savedSuper;
  w.ctorClass = savedCtor;
  w.methodClass = savedMethodClass;
  const returns = w.returns;
  w.returns = savedReturns;
  w.lastSignature = savedSignature;
  w.docParams = savedDocParams;
  w.expectedReturn = savedExpectedReturn;
  w.pendingExpected = null;
  if (decl < 0) return -1;
  if (returnType === undefined && doc !== null && !doc.returnsThis && doc.returns !== null) {
    // `@returns {T}`: the declared type, not the body's (unknown types stop inference too).
    annotated = true;
    if (doc.returns !== UNKNOWN) returnType = doc.returns;
  }

  const d = w.decls[decl]!;
  if (merged) {
    if (nodeEnd > d.end) d.end = nodeEnd;
    // One set of parameter declarations per function: the one its ParameterFacts describe.
    const replacesParams = hasBody && !d.hasBody && params !== undefined;
    const own: number[] = [];
    for (let i = declsAtEntry; i < w.decls.length; i++) if (w.decls[i]!.parameterOf === decl) own.push(i);
    const retired = replacesParams ? d.parameterDecls ?? [] : own;
    for (const index of retired) w.decls[index]!.parameterOf = -1;
    if (replacesParams) d.parameterDecls = own;
    if (hasBody && !d.hasBody) {
      d.hasBody = true;
      if (params !== undefined) d.params = params;
      d.fingerprint = fingerprint;
      d.branches = branches;
      d.nodeCount = w.named - namedAtEntry;
    }
  } else {
    d.hasBody = hasBody;
    d.params = params ?? [];
    d.parameterDecls = [];
    for (let i = declsAtEntry; i < w.decls.length; i++) if (w.decls[i]!.parameterOf === decl) d.parameterDecls.push(i);
    if (returnType !== undefined) {
      d.returnType = returnType;
    } else if (!annotated && !isGenerator && returns !== null) {
      if (bodyExpr !== undefined) d.returns = bodyExpr === UNKNOWN ? null : [bodyExpr];
      else if (!returns.invalid && returns.exprs.length > 0) d.returns = returns.exprs;
    }
    d.fingerprint = fingerprint;
    d.branches = branches;
    d.nodeCount = w.named - namedAtEntry;
    if (d.signature === undefined && d.sigFrom < 0) {
      d.sigPrefix = accessor !== '' ? `${accessor} ` : '';
      d.sigWithName = true;
      if (sigStart >= 0) {
        d.sigFrom = sigStart;
        d.sigTo = headerEnd >= 0 ? headerEnd : nodeEnd;
        d.sigWrap = singleParam;
      } else {
        d.signature = oneLine(`${d.sigPrefix}${d.name}()`);
      }
    }
  }
  if (predicate !== null && d.guard === undefined) {
    // `isT(x): x is T`: a true result says the argument for `x` (or `this`) is a T.
    const param = predicate.subject === 'this' ? -1 : (params ?? []).findIndex((p) => p.name === predicate!.subject);
    if (param >= -1 && !(param === -1 && predicate.subject !== 'this')) d.guard = { param, type: predicate.type };
  }
  if (accessor === 'get' && d.valueType === undefined && d.init === undefined) {
    // A getter's value is what it returns: its declared type, else its one returned expression.
    if (doc !== null && doc.type !== UNKNOWN) d.valueType = doc.type;
    else if (returnType !== undefined) d.valueType = returnType;
    else if (!annotated && returns !== null && bodyExpr === undefined && !returns.invalid && returns.exprs.length === 1) d.init = returns.exprs[0];
  }
  if (form === FORM_DECLARATION || form === FORM_METHOD) {
    w.lastSignature = {
      name: d.name, decl, container: form === FORM_METHOD ? site.memberOf : w.currentDecl,
      scope: w.scope, isStatic, end: nodeEnd,
    };
  }
  return decl;
}

/** Where the JSDoc comment of the function being entered would end (see FunctionSite.docAnchor), or -1. */
function functionDocAnchor(w: Walker, site: FunctionSite, needsPosition: boolean, leadingStart: number): number {
  if (site.decl >= 0) return w.decls[site.decl]!.docStart;
  if (site.docAnchor >= 0) return site.docAnchor;
  if (needsPosition) return leadingStart;
  // An anonymous arrow or method: its position is read only while a comment may still be its own.
  const pending = w.lastDoc!;
  if (pending.settled) return -1;
  pending.settled = true;
  return w.c.startIndex;
}

/**
 * A function expression with a host (`key: /** @param ... *\/ (a) => ...`) may hold a comment of
 * its own: where it would end (its start), while the last comment may still be its own; else -1.
 */
function ownDocAnchor(w: Walker, form: number, nodeStart: number): number {
  const pending = w.lastDoc!;
  if (pending.settled || (form !== FORM_ARROW && form !== FORM_EXPRESSION)) return -1;
  pending.settled = true;
  return nodeStart >= 0 ? nodeStart : w.c.startIndex;
}

/** `@this {T}` (and `this: T`): `this` in the body is a T (the file's own class or interface, or a cast to T). */
export function applyThisType(w: Walker, type: Expr): void {
  const named = type.k === 'generic' ? type.base : type;
  const owner = named.k === 'name' ? named.scope.lookup(NS_TYPE, named.name) : undefined;
  const kind = owner !== undefined && owner >= 0 ? w.decls[owner]!.kind : '';
  if (kind === 'class' || kind === 'interface') {
    w.thisOwner = owner!;
    w.thisFn = -1;
  } else if (type !== UNKNOWN) {
    w.thisType = type;
  }
}
