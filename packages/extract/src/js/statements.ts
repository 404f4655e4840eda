/**
 * Statements that bind names or shape scopes: blocks, `let`/`const`/`var` declarations (with
 * `require`/`import()` initializers turned into imports), expression statements, `return`,
 * `for`/`for...in/of` heads and `catch` clauses. Owns variable declarations (kind, scope, type,
 * initializer, CommonJS-style require bindings); functions, classes and objects bound to variables
 * are handed to their own modules with the variable's declaration.
 */
import type { SymbolKind } from '@repograph/core';
import { NS_TYPE, NS_VALUE, UNKNOWN, importBinding } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import {
  EXPORT_NONE, enter, foldLeaf, kindOf, leave, newDecl, pushScope, statementScope,
} from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, R_WRITE, visitAt, visitChildren } from './visit.js';
import { FORM_ARROW, FORM_EXPRESSION, anonymousSite, walkFunction } from './functions.js';
import { walkClass } from './classes.js';
import { MODE_MEMBERS, walkObject } from './objects.js';
import { collectPattern, valueAlong } from './patterns.js';
import type { BindingTarget } from './patterns.js';
import { addExport, addImport } from './modules.js';
import { declaredType, docBefore } from './jsdoc-apply.js';
import { isExit } from './narrowing.js';
import { walkOwnedAnnotation } from './type-literals.js';
import type { Refinement } from './narrowing.js';

/**
 * `{ ... }` and `switch` bodies: a block scope. After `if (cond) return;` the rest of the block
 * knows `cond` failed (narrowing.ts); `blockExits` tells whether its last statement leaves it.
 */
export function walkBlock(w: Walker): void {
  const c = w.c;
  const saved = pushScope(w);
  const depth = w.refinements.length;
  let last = -1;
  if (c.gotoFirstChild()) {
    for (;;) {
      const id = c.nodeTypeId;
      w.exitRefinements = null;
      visitAt(w, id, R_READ);
      // Set by an `if` child (the cast: the compiler keeps the null assigned before the call).
      const known = w.exitRefinements as Refinement[] | null;
      if (known !== null) {
        w.refinements.push(...known);
        w.exitRefinements = null;
      }
      const flags = w.t.flags[id]!;
      if ((flags & S.F_NAMED) !== 0 && w.t.kind[id] !== S.K_COMMENT) last = id;
      if ((flags & S.F_CLOSE) !== 0 || !c.gotoNextSibling()) break;
    }
    c.gotoParent();
  }
  if (w.refinements.length !== depth) w.refinements.length = depth;
  w.blockExits = last >= 0 && isExit(w, last);
  w.scope = saved;
}

/** `const`/`let`/`var` declarations (consumes a pending `export`). */
export function walkLexical(w: Walker): void {
  const c = w.c;
  const exported = w.exporting !== EXPORT_NONE;
  const leadingStart = w.wrapStart >= 0 ? w.wrapStart : c.startIndex;
  w.exporting = EXPORT_NONE;
  w.wrapStart = -1;
  let keyword = 'var';
  let first = true;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TOKEN) {
      const token = w.t.names[id]!;
      if (token === 'const' || token === 'let' || token === 'var' || token === 'using') keyword = token;
      foldLeaf(w, id);
    } else if (kind === S.K_DECLARATOR) {
      enter(w, id);
      walkDeclarator(w, keyword, exported, first ? leadingStart : -1);
      leave(w, id);
      first = false;
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

function isFunctionKind(kind: number): boolean {
  return kind === S.K_ARROW || kind === S.K_FUNC_EXPR;
}

/** One `name: T = value` of a declaration. */
function walkDeclarator(w: Walker, keyword: string, exported: boolean, docStart: number): void {
  const c = w.c;
  const start = c.startIndex;
  const end = c.endIndex;
  if (!c.gotoFirstChild()) return;
  const nameId = c.nodeTypeId;
  const nameKind = kindOf(w, nameId);
  let decl = -1;
  let targets: BindingTarget[] | null = null;
  let nameStart = -1;
  const bindScope = keyword === 'var' ? w.fnScope : w.scope;
  if (nameKind === S.K_IDENT) {
    nameStart = c.startIndex;
    const nameEnd = c.endIndex;
    foldLeaf(w, nameId);
    const name = w.text.slice(nameStart, nameEnd);
    decl = newDecl(w, keyword === 'const' ? 'constant' : 'variable', name, statementScope(w, bindScope), start, end, nameStart, nameEnd);
    const d = w.decls[decl]!;
    d.exported = exported;
    if (docStart >= 0) d.docStart = docStart;
    bindScope.bind(NS_VALUE, name, decl);
  } else if (nameKind === S.K_OBJECT_PATTERN || nameKind === S.K_ARRAY_PATTERN) {
    targets = [];
    collectPattern(w, nameId, [], targets);
  } else {
    visitAt(w, nameId, R_WRITE);
  }
  let typeEnd = -1;
  // JavaScript: `/** @type {T} */ const x = ...` (the comment before the statement).
  let valueType: Expr = w.lastDoc !== null && docStart >= 0 ? declaredType(w, docBefore(w, docStart), w.scope) : UNKNOWN;
  let value: Expr = UNKNOWN;
  let sawValue = false;
  let refsBeforeValue = w.refs.length;
  const savedDecl = w.currentDecl;
  if (decl >= 0) w.currentDecl = decl;
  while (c.gotoNextSibling()) {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TYPE_ANNOTATION) {
      typeEnd = c.endIndex;
      valueType = walkOwnedAnnotation(w, id, decl);
      continue;
    }
    if ((w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
      continue;
    }
    sawValue = true;
    if (decl >= 0 && isFunctionKind(kind)) {
      setKind(w, decl, 'function');
      const site = anonymousSite(kind === S.K_ARROW ? FORM_ARROW : FORM_EXPRESSION);
      site.decl = decl;
      // `const f: Handler = (a) => ...`: the declared type types the parameters.
      if (valueType !== UNKNOWN) site.expected = valueType;
      walkFunction(w, id, site);
    } else if (decl >= 0 && kind === S.K_CLASS_EXPR) {
      setKind(w, decl, 'class');
      walkClass(w, id, decl, false);
    } else if (decl >= 0 && kind === S.K_OBJECT) {
      if (valueType !== UNKNOWN) w.objectExpected = valueType;
      walkObject(w, id, MODE_MEMBERS, decl, decl);
    } else {
      w.lastAsType = null;
      w.lastRequire = -1;
      refsBeforeValue = w.refs.length;
      value = visitAt(w, id, R_READ);
      if ((kind === S.K_AS || kind === S.K_TYPE_ASSERTION || kind === S.K_PAREN) && valueType === UNKNOWN && w.lastAsType !== null) {
        valueType = w.lastAsType;
      }
    }
  }
  c.gotoParent();
  w.currentDecl = savedDecl;
  const requireImport = importOf(w, value);
  // `require('x').member` is the import itself, not also a read of the member.
  if (requireImport !== null && requireImport.member !== null) w.refs.length = refsBeforeValue;
  if (decl >= 0) {
    const d = w.decls[decl]!;
    if (requireImport !== null) {
      bindRequire(w, decl, requireImport.imp, requireImport.member ?? '*', bindScope);
      if (exported && w.nsDepth === 0) addExport(w, 'local', d.name, { k: 'import', imp: requireImport.imp }, d.nameStart);
    } else {
      if (!sawValue) d.noInitializer = true;
      if (valueType !== UNKNOWN) d.valueType = valueType;
      // An object type literal annotation is the declared type: the initializer does not type it.
      if (value !== UNKNOWN && d.init === undefined && !d.keepsMembers) d.init = value;
      if (d.signature === undefined && d.sigFrom < 0) {
        d.sigPrefix = `${keyword} `;
        d.sigFrom = nameStart;
        d.sigTo = typeEnd >= 0 ? typeEnd : d.nameEnd;
      }
      if (exported && w.nsDepth === 0) addExport(w, 'local', d.name, { k: 'decl', decl }, d.nameStart);
    }
  } else if (targets !== null) {
    declareTargets(w, targets, value, requireImport, keyword, exported, bindScope, start, end);
  }
}

function setKind(w: Walker, decl: number, kind: SymbolKind): void {
  w.decls[decl]!.kind = kind;
}

/** The import a `require('x')` / `await import('x')` initializer made (possibly `.member` of it). */
function importOf(w: Walker, value: Expr): { imp: number; member: string | null } | null {
  if (w.lastRequire < 0) return null;
  if (value.k === 'import' && value.imp === w.lastRequire) return { imp: value.imp, member: null };
  if (value.k === 'member' && value.object.k === 'import' && value.object.imp === w.lastRequire) {
    return { imp: value.object.imp, member: value.name };
  }
  return null;
}

/** `const x = require('y')`: `x` becomes the import binding, not a declaration. */
function bindRequire(w: Walker, decl: number, imp: number, imported: string, bindScope: import('../model.js').Scope): void {
  const d = w.decls[decl]!;
  d.dropped = true;
  const record = w.imports[imp]!;
  record.local = d.name;
  record.imported = imported;
  record.at = d.nameStart;
  bindScope.bind(NS_VALUE, d.name, importBinding(imp), true);
  // In JavaScript the compiler reads `const X = require('x')` as `import X = require('x')`: a type too.
  if (!w.isTypeScript) bindScope.bind(NS_TYPE, d.name, importBinding(imp), true);
}

/** Declares (or binds as imports) the names of a destructuring declaration. */
function declareTargets(
  w: Walker, targets: BindingTarget[], value: Expr, requireImport: { imp: number; member: string | null } | null,
  keyword: string, exported: boolean, bindScope: import('../model.js').Scope, start: number, end: number,
): void {
  let reused = false;
  for (const target of targets) {
    const path = target.path;
    if (requireImport !== null && requireImport.member === null && path !== null && path.length === 1 && typeof path[0] === 'string') {
      const base = w.imports[requireImport.imp]!;
      let imp = requireImport.imp;
      if (reused) imp = addImport(w, base.specifier, base.style, path[0], target.name, false, target.start);
      else {
        base.imported = path[0];
        base.local = target.name;
        base.at = target.start;
        reused = true;
      }
      bindScope.bind(NS_VALUE, target.name, importBinding(imp), true);
      if (!w.isTypeScript) bindScope.bind(NS_TYPE, target.name, importBinding(imp), true);
      continue;
    }
    const decl = newDecl(w, keyword === 'const' ? 'constant' : 'variable', target.name, statementScope(w, bindScope),
      start, end, target.start, target.end);
    const d = w.decls[decl]!;
    d.exported = exported;
    const init = valueAlong(value, path);
    if (init !== UNKNOWN) d.init = init;
    d.signature = `${keyword} ${target.name}`;
    bindScope.bind(NS_VALUE, target.name, decl);
    if (exported && w.nsDepth === 0) addExport(w, 'local', target.name, { k: 'decl', decl }, target.start);
  }
}

/** An expression statement; a bare call or assignment is marked for its handler. */
export function walkExpressionStatement(w: Walker): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_CALL) w.bareCall = true;
    else if (kind === S.K_ASSIGN) w.statementAssignment = true;
    visitAt(w, id, R_READ);
    w.bareCall = false;
    w.statementAssignment = false;
    // The expression is the statement; only a `;` (not hashed) or a comment can follow.
    if ((w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) break;
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** `return expr;`: collected for the enclosing function's inferred return expression. */
export function walkReturn(w: Walker): void {
  const c = w.c;
  let value: Expr | null = null;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      // `return (x) => ...` in a function of declared return type: the arrow's expected type.
      if (isFunctionKind(kind) && w.expectedReturn !== null) w.pendingExpected = w.expectedReturn;
      const result = visitAt(w, id, R_READ);
      w.pendingExpected = null;
      if ((w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
        value = result;
        break;
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  // Architecture facts: a router a function returns (surfaces-routes.ts, for endpoints; surfaces-mounts.ts, for mounts), once any candidate was collected.
  if (value !== null && value.k === 'name' && w.surfaces !== null) w.surfaces.returned.push({ name: value, fn: w.currentDecl });
  const returns = w.returns;
  if (returns === null) return;
  if (value === null || value === UNKNOWN) returns.invalid = true;
  else returns.exprs.push(value);
}

/** `for (init; test; update)`: the head has its own scope. */
export function walkFor(w: Walker): void {
  const saved = pushScope(w);
  visitChildren(w);
  w.scope = saved;
}

/** `for (const x of xs)` / `for (k in o)`: declared names get the element of the iterated value. */
export function walkForIn(w: Walker): void {
  const c = w.c;
  const saved = pushScope(w);
  let keyword = '';
  let targets: BindingTarget[] | null = null;
  let isOf = false;
  let seenLeft = false;
  let declared = false;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TOKEN) {
      const token = w.t.names[id]!;
      if (token === 'const' || token === 'let' || token === 'var') keyword = token;
      else if (token === 'of') isOf = true;
      foldLeaf(w, id);
      continue;
    }
    if ((w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
      continue;
    }
    if (!seenLeft) {
      seenLeft = true;
      if (keyword !== '') {
        targets = [];
        collectPattern(w, id, [], targets);
      } else {
        visitAt(w, id, R_WRITE);
      }
      continue;
    }
    if (!declared) {
      declared = true;
      const right = visitAt(w, id, R_READ);
      if (targets !== null) {
        const element: Expr = isOf && right !== UNKNOWN ? { k: 'element', of: right } : UNKNOWN;
        const bindScope = keyword === 'var' ? w.fnScope : w.scope;
        for (const target of targets) {
          const decl = newDecl(w, keyword === 'const' ? 'constant' : 'variable', target.name, 'local',
            target.start, target.end, target.start, target.end);
          const init = valueAlong(element, target.path);
          if (init !== UNKNOWN) w.decls[decl]!.init = init;
          bindScope.bind(NS_VALUE, target.name, decl);
        }
      }
      continue;
    }
    visitAt(w, id, R_READ);
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.scope = saved;
}

/** `catch (e) { ... }`: the parameter is a local of the clause. */
export function walkCatch(w: Walker): void {
  const c = w.c;
  const saved = pushScope(w);
  let seenParameter = false;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (!seenParameter && (kind === S.K_IDENT || kind === S.K_OBJECT_PATTERN || kind === S.K_ARRAY_PATTERN)) {
      seenParameter = true;
      const targets: BindingTarget[] = [];
      collectPattern(w, id, null, targets);
      for (const target of targets) {
        const decl = newDecl(w, 'variable', target.name, 'local', target.start, target.end, target.start, target.end);
        w.scope.bind(NS_VALUE, target.name, decl);
      }
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.scope = saved;
}
