/**
 * Python definitions: decorators, `def` (functions, methods, static/class methods, properties),
 * `class` (bases as `extends`), parameters (defaults, `*args`, keyword-only, `**kwargs`,
 * positional-only; the first parameter of a method is `self`/`cls` and denotes the class),
 * lambdas, docstrings, signatures and per-function fingerprints. Owns these declarations; the
 * statements inside bodies belong to statements.ts and visit.ts.
 */
import { KEEP_ALWAYS, NS_VALUE } from '../model.js';
import type { Expr } from '../model.js';
import { hashHex } from '../fingerprint.js';
import { oneLine } from '../docs.js';
import {
  R_CALLEE, R_READ, addRef, typeAt, bindingScope, declScope, enter, foldLeaf, leave, newDecl, nodeText, pushScope, namedAt,
} from './state.js';
import type { PyWalker } from './state.js';
import { calleeSite, visit } from './visit.js';
import { memberTable } from './statements.js';
import { typeExpr } from './types.js';
import { walkParameters } from './params.js';
import { afterDefinition, continuedOverload, isOverloadDecorator } from './overloads.js';
import { recordBinding } from './bindings.js';
import { isFunctoolsWraps } from './typing-names.js';
import { docstringReturnType } from './docstring-types.js';
import { decoratedRoutes, routeDecorator } from './surfaces-hooks.js';
import type { SurfaceDraft } from './surfaces-hooks.js';

/** Longest docstring kept (characters). */
const MAX_DOC = 2000;

/** A decorated function or class: decorators are `decorate` references (and calls when called). */
export function walkDecorated(w: PyWalker): void {
  const c = w.c;
  const start = c.startIndex;
  const decorators: string[] = [];
  /** `@functools.wraps(f)`: the function this one presents itself as. */
  let wraps: Expr | undefined;
  /** Routes the decorators register (architecture facts), handled by the definition. */
  const routes: SurfaceDraft[] = [];
  enter(w, 'decorated_definition');
  if (c.gotoFirstChild()) {
    do {
      const type = typeAt(w);
      if (type === 'decorator') {
        enter(w, type);
        if (c.gotoFirstChild()) {
          do {
            if (!namedAt(w) || typeAt(w) === 'comment') { foldLeaf(w, typeAt(w), false); continue; }
            const exprStart = c.startIndex;
            const exprEnd = c.endIndex;
            decorators.push(nodeText(w));
            w.argumentsAt = exprStart;
            const value = visit(w, R_CALLEE);
            const target = value.k === 'call' ? value.callee : value;
            if (value.k === 'call' && isFunctoolsWraps(w, value.callee)) wraps = w.callArgs.get(value)?.[0];
            if (value.k === 'call') routeDecorator(w, value, routes);
            // `@name(args)`: the callee is both called (a call reference) and decorates.
            const calleeEnd = value.k === 'call' ? exprStart + nodeText(w).indexOf('(') : exprEnd;
            const site = calleeSite(w, target, exprStart, calleeEnd);
            if (site >= 0) addRef(w, 'decorate', target.k === 'member' ? target.name : w.text.slice(exprStart, calleeEnd).trim(), target, site, KEEP_ALWAYS);
          } while (c.gotoNextSibling());
          c.gotoParent();
        }
        leave(w, type);
      } else if (type === 'function_definition') {
        const index = walkFunction(w, decorators, start, wraps);
        if (routes.length > 0) decoratedRoutes(routes, index);
      } else if (type === 'class_definition') {
        walkClass(w, decorators, start);
      } else {
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, 'decorated_definition');
}

/** `def name(params) -> R: body`. */
export function walkFunction(w: PyWalker, decorators: string[], wrapStart = -1, wraps?: Expr): number {
  const c = w.c;
  const start = wrapStart >= 0 ? wrapStart : c.startIndex;
  const end = c.endIndex;
  const namedAtEntry = w.named;
  const inClass = w.info.get(w.scope)?.isClass === true && w.classDecl >= 0;
  const owner = inClass ? w.classDecl : -1;
  const isStatic = decorators.some((d) => d === 'staticmethod');
  const isClassMethod = decorators.some((d) => d === 'classmethod');
  const isProperty = decorators.some((d) => /^(property|cached_property|functools\.cached_property|\w+\.(setter|getter|deleter))$/.test(d));
  const isStub = decorators.some((d) => isOverloadDecorator(w, d));
  enter(w, 'function_definition');
  let index = -1;
  /** The declaration this `def` continues (overloads.ts), or -1. */
  let continued = -1;
  let returnKnown = false;
  let isAsync = false;
  let paramsText = '';
  let returnText = '';
  const outer = w.scope;
  const fnScope = pushScope(w, false, true) && w.scope;
  w.scope = outer;
  let fingerprint: string | undefined;
  let branches: number[] | undefined;
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      const type = typeAt(w);
      if (type === 'async') isAsync = true;
      if (field === 'name') {
        foldLeaf(w, 'identifier', true);
        const name = nodeText(w);
        const kind = inClass ? (isProperty ? 'property' : 'method') : 'function';
        continued = continuedOverload(w, outer, name);
        if (continued >= 0) {
          index = continued;
          const decl = w.decls[index]!;
          decl.end = end;
          if (!isStub) {
            decl.nameStart = c.startIndex;
            decl.nameEnd = c.endIndex;
            decl.kind = kind;
            for (const parameter of decl.parameterDecls ?? []) w.decls[parameter]!.dropped = true;
          }
          continue;
        }
        index = newDecl(w, kind, name, declScope(w), start, end, c.startIndex, c.endIndex);
        const decl = w.decls[index]!;
        if (isStatic) decl.isStatic = true;
        if (inClass && name.startsWith('__') && !name.endsWith('__')) decl.isPrivate = true;
        bindDefinition(w, name, index, !decorators.some((d) => /^\w+\.(setter|getter|deleter)$/.test(d)));
        if (inClass) {
          const members = memberTable(w, owner);
          if (!members.has(name)) members.set(name, index);
        }
      } else if (field === 'parameters' && index >= 0) {
        paramsText = nodeText(w);
        // A later stub of a run adds no parameters: the first stub's, then the implementation's, are the declaration's.
        const laterStub = continued >= 0 && isStub;
        walkParameters(w, laterStub ? -1 : index, fnScope, inClass && !isStatic ? owner : -1, 'parameters');
      } else if (field === 'return_type' && index >= 0) {
        returnText = nodeText(w);
        enter(w, 'type');
        const returnType = typeExpr(w);
        leave(w, 'type');
        returnKnown = returnType.k !== 'unknown';
        if (returnKnown && !(continued >= 0 && isStub)) w.decls[index]!.returnType = returnType;
      } else if (field === 'body' && index >= 0) {
        const saved = { decl: w.currentDecl, cls: w.classDecl, returns: w.returns };
        w.scope = fnScope;
        w.currentDecl = index;
        w.classDecl = inClass ? owner : w.classDecl;
        w.returns = [];
        w.inFunction++;
        const literal = docstringLiteral(w);
        const doc = literal === undefined ? undefined : cleanDocstring(literal);
        if (doc !== undefined) w.docs.set(index, doc);
        // No annotation: a docstring's `:rtype:` is the return type jedi reads.
        if (literal !== undefined && returnText === '') {
          const documented = docstringReturnType(w, literal);
          if (documented !== undefined) w.decls[index]!.returnType = documented;
        }
        const sink: number[] = [];
        w.branchSinks.push(sink);
        visit(w, R_READ);
        w.branchSinks.pop();
        fingerprint = hashHex(w.lastH1, w.lastH2);
        branches = sink;
        const returns = w.returns;
        w.inFunction--;
        w.scope = outer;
        w.currentDecl = saved.decl;
        w.classDecl = saved.cls;
        w.returns = saved.returns;
        const decl = w.decls[index]!;
        // Returns that differ give no type (jedi unites them, but also drops those its flow
        // analysis finds unreachable, `if isinstance(value, X)` with a known value; uniting
        // them all costs more precision than it gains).
        decl.returns = returns === undefined ? undefined : returns !== null && returns.length > 0 ? returns : null;
      } else {
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, 'function_definition');
  if (index < 0) return index;
  const decl = w.decls[index]!;
  afterDefinition(w, outer, decl.name, index, isStub, returnText, returnKnown);
  // A later stub leaves the declaration as the first stub (or the implementation) made it.
  if (continued >= 0 && isStub) return index;
  decl.hasBody = true;
  if (wraps !== undefined && wraps.k !== 'unknown') decl.wraps = wraps;
  decl.fingerprint = fingerprint;
  decl.branches = branches;
  decl.nodeCount = w.named - namedAtEntry;
  decl.signature = oneLine(`${isAsync ? 'async ' : ''}${decl.name}${paramsText}${returnText ? ` -> ${returnText}` : ''}`);
  void isClassMethod;
  return index;
}

/** `class Name(bases, metaclass=M): body`. */
export function walkClass(w: PyWalker, decorators: string[], wrapStart = -1): void {
  const c = w.c;
  const start = wrapStart >= 0 ? wrapStart : c.startIndex;
  const end = c.endIndex;
  void decorators;
  enter(w, 'class_definition');
  let index = -1;
  const namedAtEntry = w.named;
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      if (field === 'name') {
        foldLeaf(w, 'identifier', true);
        const name = nodeText(w);
        index = newDecl(w, 'class', name, declScope(w), start, end, c.startIndex, c.endIndex);
        w.decls[index]!.members = new Map();
        bindDefinition(w, name, index);
        if (w.info.get(w.scope)?.isClass && w.classDecl >= 0) {
          const members = memberTable(w, w.classDecl);
          if (!members.has(name)) members.set(name, index);
        }
      } else if (field === 'superclasses' && index >= 0) {
        const savedDecl = w.currentDecl;
        w.currentDecl = index;
        walkBases(w, index);
        w.currentDecl = savedDecl;
      } else if (field === 'body' && index >= 0) {
        const saved = { scope: w.scope, decl: w.currentDecl, cls: w.classDecl, returns: w.returns };
        pushScope(w, true, false);
        w.currentDecl = index;
        w.classDecl = index;
        w.returns = undefined;
        const doc = docstringOf(w);
        if (doc !== undefined) w.docs.set(index, doc);
        visit(w, R_READ);
        w.scope = saved.scope;
        w.currentDecl = saved.decl;
        w.classDecl = saved.cls;
        w.returns = saved.returns;
      } else {
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, 'class_definition');
  if (index >= 0) {
    const decl = w.decls[index]!;
    decl.nodeCount = w.named - namedAtEntry;
    decl.fingerprint = hashHex(w.lastH1, w.lastH2);
  }
}

/** The base classes of class `index` (the argument list under the cursor). */
function walkBases(w: PyWalker, index: number): void {
  const c = w.c;
  const bases: Expr[] = [];
  enter(w, 'argument_list');
  if (c.gotoFirstChild()) {
    do {
      const baseType = typeAt(w);
      if (!namedAt(w) || baseType === 'keyword_argument' || baseType === 'comment' || baseType === 'list_splat' || baseType === 'dictionary_splat') {
        visit(w, R_READ);
        continue;
      }
      const start = c.startIndex;
      const end = c.endIndex;
      const base = visit(w, R_CALLEE);
      const site = calleeSite(w, base, start, end);
      if (site < 0) continue;
      bases.push(base);
      addRef(w, 'extends', base.k === 'member' ? base.name : w.text.slice(start, end), base, site, KEEP_ALWAYS);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, 'argument_list');
  if (bases.length > 0) w.decls[index]!.extendsTypes = bases;
}

/** `lambda params: body`: a function scope without a declaration. */
export function walkLambda(w: PyWalker): void {
  const c = w.c;
  const outer = w.scope;
  const fnScope = pushScope(w, false, true) && w.scope;
  w.scope = outer;
  const savedReturns = w.returns;
  w.returns = undefined;
  if (c.gotoFirstChild()) {
    do {
      if (c.currentFieldName === 'parameters') walkParameters(w, -1, fnScope, -1, 'lambda_parameters');
      else if (c.currentFieldName === 'body') {
        w.scope = fnScope;
        visit(w, R_READ);
        w.scope = outer;
      } else visit(w, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.returns = savedReturns;
}

/**
 * Binds a `def`/`class` name; it replaces an import of the same name (`try: import ... except:
 * def ...`). `event`: the binding is one of the name's (bindings.ts); a property's `@x.setter`
 * is not, it keeps the getter's.
 */
function bindDefinition(w: PyWalker, name: string, index: number, event = true): void {
  const scope = bindingScope(w, name);
  const existing = scope?.values?.get(name);
  scope?.bind(NS_VALUE, name, index, existing !== undefined && existing <= -2);
  if (scope && event) recordBinding(w, scope, name, index, undefined, w.decls[index]!.nameStart);
}

/** The docstring of the body block under the cursor (its first statement, a string), cleaned. */
function docstringOf(w: PyWalker): string | undefined {
  const literal = docstringLiteral(w);
  return literal === undefined ? undefined : cleanDocstring(literal);
}

/** The source text of the docstring of the body block under the cursor. */
function docstringLiteral(w: PyWalker): string | undefined {
  const c = w.c;
  if (!c.gotoFirstChild()) return undefined;
  let text: string | undefined;
  while (typeAt(w) === 'comment' && c.gotoNextSibling()) { /* skip comments */ }
  if (typeAt(w) === 'expression_statement' && c.gotoFirstChild()) {
    if (typeAt(w) === 'string') text = nodeText(w);
    c.gotoParent();
  }
  c.gotoParent();
  return text;
}

/** A string literal's content as `inspect.cleandoc` would give it. */
export function cleanDocstring(literal: string): string | undefined {
  const match = /^[rRuUbB]*("""|'''|"|')([\s\S]*)\1$/.exec(literal);
  if (!match) return undefined;
  const lines = match[2]!.replace(/\r\n?/g, '\n').split('\n');
  let indent = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const stripped = line.trimStart();
    if (stripped !== '') indent = Math.min(indent, line.length - stripped.length);
  }
  const cleaned = [lines[0]!.trim(), ...lines.slice(1).map((l) => (indent === Infinity ? l : l.slice(indent)).trimEnd())];
  while (cleaned.length > 0 && cleaned[0] === '') cleaned.shift();
  while (cleaned.length > 0 && cleaned[cleaned.length - 1] === '') cleaned.pop();
  const doc = cleaned.join('\n');
  if (doc === '') return undefined;
  return doc.length > MAX_DOC ? `${doc.slice(0, MAX_DOC - 1)}…` : doc;
}
