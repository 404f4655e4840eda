/**
 * Python statements that bind names: assignments (plain, annotated, chained, tuple targets,
 * `self.x = ...` in methods), augmented assignments, the walrus, `for`/`with`/`except ... as`
 * targets, `global`/`nonlocal`, `return`, and `__all__`. Owns the declaration kinds of assignments
 * (imports are in imports.ts).
 */
import { KEEP_IF_MODULE, NS_VALUE, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import {
  R_OBJECT, R_READ, addRef, bindingScope, declScope, enter, foldLeaf, isConstantName, leave, nameExpr, newDecl, nodeText, typeAt, namedAt,
} from './state.js';
import type { PyWalker } from './state.js';
import { visit, visitChildren } from './visit.js';
import { typeExpr } from './types.js';
import { recordBinding } from './bindings.js';
import { keepArguments } from './values.js';
import { classAssignment } from './surfaces-hooks.js';

/** A block of statements. */
export function walkBlock(w: PyWalker): void {
  visitChildren(w, R_READ);
}

/** `left = right`, `left: T = right`, `a = b = right`; the value is `right`'s. */
export function walkAssignment(w: PyWalker): Expr {
  const c = w.c;
  const outerStart = w.statementStart;
  const outerEnd = w.statementEnd;
  w.statementStart = c.startIndex;
  w.statementEnd = c.endIndex;
  const deferred: Extract<Expr, { k: 'deferred' }> = { k: 'deferred', e: UNKNOWN };
  let annotation: Expr | undefined;
  let right: Expr = UNKNOWN;
  let allTarget = false;
  let rightIsLambda = false;
  let rightStart = -1;
  let rightEnd = -1;
  const declared: number[] = [];
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      if (field === 'left') {
        allTarget = w.scope === w.moduleScope && typeAt(w) === 'identifier' && nodeText(w) === '__all__';
        declareTargets(w, deferred, declared);
      } else if (field === 'type') {
        enter(w, 'type');
        annotation = typeExpr(w);
        leave(w, 'type');
      } else if (field === 'right') {
        rightIsLambda = typeAt(w) === 'lambda';
        rightStart = c.startIndex;
        rightEnd = c.endIndex;
        w.argumentsAt = rightStart;
        right = visit(w, R_READ);
      } else {
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  deferred.e = right;
  keepArguments(w, right);
  if (rightIsLambda) {
    // `f = lambda x: ...` declares a function (a method in a class body).
    for (const index of declared) {
      const decl = w.decls[index]!;
      if (decl.kind === 'variable' || decl.kind === 'constant') decl.kind = 'function';
      else if (decl.kind === 'property' && decl.scope === 'member' && decl.container === w.classDecl) decl.kind = 'method';
    }
  }
  if (annotation !== undefined && annotation.k !== 'unknown') {
    for (const index of declared) w.decls[index]!.valueType = annotation;
  }
  if (allTarget && rightStart >= 0) recordAll(w, w.text.slice(rightStart, rightEnd), rightStart);
  if (w.classDecl >= 0 && declared.length > 0 && rightStart >= 0) classAssignment(w, declared, rightStart, rightEnd);
  w.statementStart = outerStart;
  w.statementEnd = outerEnd;
  return right;
}

/** `x += value`: a write of the target; `__all__ += [...]` extends the export list. */
export function walkAugmented(w: PyWalker): void {
  const c = w.c;
  let allTarget = false;
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      if (field === 'left') {
        if (typeAt(w) === 'identifier') {
          const start = c.startIndex;
          const name = nodeText(w);
          allTarget = name === '__all__' && w.scope === w.moduleScope;
          foldLeaf(w, 'identifier', true);
          addRef(w, 'write', name, nameExpr(w, name), start, KEEP_IF_MODULE);
        } else {
          visit(w, R_READ);
        }
      } else if (field === 'right' && allTarget) {
        recordAll(w, nodeText(w), c.startIndex);
        visit(w, R_READ);
      } else {
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
}

/** `(name := value)`. */
export function walkNamed(w: PyWalker): Expr {
  const c = w.c;
  const deferred: Extract<Expr, { k: 'deferred' }> = { k: 'deferred', e: UNKNOWN };
  let value: Expr = UNKNOWN;
  const outerStart = w.statementStart;
  const outerEnd = w.statementEnd;
  w.statementStart = c.startIndex;
  w.statementEnd = c.endIndex;
  if (c.gotoFirstChild()) {
    do {
      if (c.currentFieldName === 'name') declareTargets(w, deferred);
      else if (c.currentFieldName === 'value') value = visit(w, R_READ);
      else visit(w, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.statementStart = outerStart;
  w.statementEnd = outerEnd;
  deferred.e = value;
  return value;
}

/**
 * Declares (or writes) the assignment targets under the cursor: identifiers are declared in the
 * scope that binds them on first assignment and written afterwards; `self.x` in a method declares
 * the property `x` of the class; other targets are visited as reads.
 */
export function declareTargets(w: PyWalker, init: Expr, declared?: number[]): void {
  const c = w.c;
  const type = typeAt(w);
  if (type === 'identifier') {
    foldLeaf(w, 'identifier', true);
    const index = declareName(w, nodeText(w), c.startIndex, c.endIndex, init);
    if (index >= 0) declared?.push(index);
    return;
  }
  if (type === 'attribute') {
    enter(w, type);
    let object: Expr = UNKNOWN;
    if (c.gotoFirstChild()) {
      do {
        const field = c.currentFieldName;
        if (field === 'object') object = visit(w, R_OBJECT);
        else if (field === 'attribute') {
          foldLeaf(w, 'identifier', true);
          const name = nodeText(w);
          const at = c.startIndex;
          if (object.k === 'this' && object.owner >= 0 && w.inFunction > 0) {
            const index = declareSelfAttribute(w, object.owner, name, at, c.endIndex, init);
            if (index >= 0) declared?.push(index);
          }
          addRef(w, 'write', name, { k: 'member', object, name }, at, KEEP_IF_MODULE);
        } else visit(w, R_READ);
      } while (c.gotoNextSibling());
      c.gotoParent();
    }
    leave(w, type);
    return;
  }
  if (type === 'pattern_list' || type === 'tuple_pattern' || type === 'list_pattern' || type === 'tuple' ||
      type === 'list' || type === 'parenthesized_expression' || type === 'list_splat_pattern' || type === 'list_splat' ||
      type === 'as_pattern_target') {
    enter(w, type);
    // `a, b = f()`: each target is its item of the value (none after a starred target).
    const single = type === 'as_pattern_target' || type === 'parenthesized_expression';
    let index = 0;
    let starred = false;
    if (c.gotoFirstChild()) {
      do {
        const itemType = typeAt(w);
        if (w.typeIsNamed && itemType !== 'comment') {
          if (itemType === 'list_splat_pattern' || itemType === 'list_splat') starred = true;
          const item: Expr = single ? init : starred || init.k === 'unknown' ? UNKNOWN : { k: 'element', of: init, index };
          declareTargets(w, item, declared);
          index++;
        } else foldLeaf(w, itemType, false);
      } while (c.gotoNextSibling());
      c.gotoParent();
    }
    leave(w, type);
    return;
  }
  visit(w, R_READ);
}

/** Declares `name` on its first binding in its scope (returns the index), else records a write (-1). */
export function declareName(w: PyWalker, name: string, start: number, end: number, init: Expr): number {
  const scope = bindingScope(w, name);
  const existing = scope?.values?.get(name);
  if (scope === null || existing !== undefined) {
    addRef(w, 'write', name, scope === null ? nameExpr(w, name) : { k: 'name', name, scope, ns: NS_VALUE, res: existing! }, start, KEEP_IF_MODULE);
    if (scope !== null) recordBinding(w, scope, name, existing!, init, start);
    if (existing !== undefined && existing >= 0) laterAssignment(w, existing, init);
    return -1;
  }
  const where = scope === w.moduleScope ? 'module' : scope === w.scope ? declScope(w) : 'local';
  const kind = where === 'member' ? 'property' : where === 'module' && isConstantName(name) ? 'constant' : 'variable';
  const rangeStart = w.statementEnd > start ? Math.min(w.statementStart, start) : start;
  const rangeEnd = w.statementEnd > start ? w.statementEnd : end;
  const container = scope === w.moduleScope ? -1 : w.currentDecl;
  const index = newDecl(w, kind, name, where, rangeStart, rangeEnd, start, end, container);
  if (init.k !== 'unknown') w.decls[index]!.init = init;
  scope.bind(NS_VALUE, name, index);
  recordBinding(w, scope, name, index, init, start);
  if (where === 'member' && w.classDecl >= 0) memberTable(w, w.classDecl).set(name, index);
  return index;
}

/**
 * A later assignment to declaration `index` (bindings.ts keeps it as one of the name's values):
 * its initializer when the declaration has none yet (`x = None` first, a parameter defaulting
 * to None).
 */
function laterAssignment(w: PyWalker, index: number, init: Expr): void {
  if (init.k === 'unknown') return;
  const decl = w.decls[index]!;
  if (decl.valueType === undefined && isEmptyInit(decl.init)) decl.init = init;
}

function isEmptyInit(init: Expr | undefined): boolean {
  return init === undefined || init.k === 'unknown' || (init.k === 'deferred' && init.e.k === 'unknown');
}

/** `self.name = value` in a method: the class's property `name` (first assignment wins). */
function declareSelfAttribute(w: PyWalker, owner: number, name: string, start: number, end: number, init: Expr): number {
  const members = memberTable(w, owner);
  const existing = members.get(name);
  if (existing !== undefined) {
    const decl = w.decls[existing]!;
    if (decl.kind === 'property' && decl.params === undefined && decl.valueType === undefined && isEmptyInit(decl.init) && init.k !== 'unknown') decl.init = init;
    return -1;
  }
  // Outside an assignment (`for self.x in ...`, `with f() as self.x`) the name's own range.
  const inStatement = w.statementEnd > start;
  const index = newDecl(w, 'property', name, 'member', inStatement ? Math.min(w.statementStart, start) : start, inStatement ? Math.max(w.statementEnd, end) : end, start, end, owner);
  if (init.k !== 'unknown') w.decls[index]!.init = init;
  members.set(name, index);
  return index;
}

/** The members (by name) of a class declaration. */
export function memberTable(w: PyWalker, classIndex: number): Map<string, number> {
  const decl = w.decls[classIndex]!;
  return decl.members ?? (decl.members = new Map());
}

/** `return value`: collected for the function's inferred return expression. */
export function walkReturn(w: PyWalker): void {
  const c = w.c;
  let value: Expr | null = null;
  if (c.gotoFirstChild()) {
    do {
      if (namedAt(w) && typeAt(w) !== 'comment') value = visit(w, R_READ);
      else visit(w, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (w.returns === undefined || w.returns === null) return;
  // A bare `return`, `return None` or a value nothing is known of adds nothing: the other
  // returns are still what a call may give (jedi unites them all).
  if (value === null || value.k === 'unknown' || value.k === 'nullish') return;
  w.returns.push(value);
}

/** `global a, b` / `nonlocal a`. */
export function walkGlobal(w: PyWalker, isGlobal: boolean): void {
  const c = w.c;
  const info = w.info.get(w.scope)!;
  if (c.gotoFirstChild()) {
    do {
      if (typeAt(w) === 'identifier') {
        const name = nodeText(w);
        if (isGlobal) (info.globals ??= new Set()).add(name);
        else (info.nonlocals ??= new Set()).add(name);
      }
      foldLeaf(w, typeAt(w), namedAt(w));
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
}

/** `for target in iterable:` (targets are bound in the enclosing scope). */
export function walkFor(w: PyWalker): void {
  const c = w.c;
  const iterable: Extract<Expr, { k: 'deferred' }> = { k: 'deferred', e: UNKNOWN };
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      if (field === 'left') declareTargets(w, { k: 'element', of: iterable });
      else if (field === 'right') {
        // `for i, x in enumerate(xs)`: the builtin's arguments give the elements.
        w.argumentsAt = c.startIndex;
        iterable.e = visit(w, R_READ);
        keepArguments(w, iterable.e);
      }
      else visit(w, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
}

/** `with a as b:` (the with items' `as` patterns bind). */
export function walkWith(w: PyWalker): void {
  visitChildren(w, R_READ);
}

/** `value as target` (with items, `except E as e`, match patterns). */
export function walkAsPattern(w: PyWalker): Expr {
  const c = w.c;
  let value: Expr = UNKNOWN;
  if (c.gotoFirstChild()) {
    do {
      if (c.currentFieldName === 'alias') {
        // `except E as e` binds an instance of E; `with f() as x` what the call returns.
        const init: Expr = value.k === 'call' || value.k === 'unknown' ? value : { k: 'call', callee: value };
        declareTargets(w, init);
      } else if (namedAt(w) && typeAt(w) !== 'comment' && value.k === 'unknown') {
        value = visit(w, R_READ);
      } else {
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return value;
}

/** Records the strings of an `__all__` list as local exports of the named module bindings. */
function recordAll(w: PyWalker, source: string, at: number): void {
  w.hasAll = true;
  const pattern = /(['"])([A-Za-z_][A-Za-z0-9_]*)\1/g;
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) {
    const name = match[2]!;
    w.exports.push({
      style: 'local', exported: name, value: { k: 'name', name, scope: w.moduleScope, ns: NS_VALUE, res: -0x40000000 },
      specifier: undefined, imported: undefined, typeOnly: false, at: at + match.index + 1, isDefault: false,
    });
  }
}
