/**
 * Calls: `f(...)`, `a.b(...)`, optional calls, tagged templates, `new X(...)` and decorators
 * (`@dec`, `@dec(...)`: one `decorate` reference, not also a call). Owns argument counting and the
 * recognition of `require('x')` / `import('x')`, which become imports instead of call references.
 */
import { KEEP_ALWAYS, NS_VALUE, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { addRef, enter, foldLeaf, kindOf, leave, stringContent } from './walker.js';
import type { Walker } from './walker.js';
import { R_CALLEE, R_READ, visitAt } from './visit.js';
import { addImport } from './modules.js';

/** Results of the last walkArgumentList/walkTemplateArguments (read right after the call). */
let argumentCount = 0;
let argumentSpread = false;
let firstStringArgument: string | null = null;
let firstStringAt = -1;

/**
 * Walks `(a, ...b)` under the cursor: counts arguments, notes a leading string literal, and tells
 * a function-valued argument which call it is passed to (`callee`, `isNew`) and at which position.
 */
function walkArgumentList(w: Walker, id: number, callee: Expr, isNew: boolean, keepValues = false): void {
  const c = w.c;
  // A condition's call keeps its arguments' values (narrowing.ts reads them for type guards).
  const values: Expr[] | null = keepValues ? [] : null;
  let count = 0;
  let spread = false;
  let firstString: string | null = null;
  let firstAt = -1;
  enter(w, id);
  if (c.gotoFirstChild()) {
    do {
      const argId = c.nodeTypeId;
      const kind = kindOf(w, argId);
      if ((w.t.flags[argId]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
        count++;
        if (kind === S.K_SPREAD) spread = true;
        if (count === 1 && kind === S.K_STRING) {
          firstAt = c.startIndex;
          firstString = stringContent(w.text, firstAt, c.endIndex);
          foldLeaf(w, argId);
          if (values !== null) values.push(UNKNOWN);
          continue;
        }
        if ((kind === S.K_ARROW || kind === S.K_FUNC_EXPR) && callee !== UNKNOWN && !spread) {
          w.pendingArgument = { callee, isNew, arg: count - 1 };
        }
        const value = visitAt(w, argId, R_READ);
        if (values !== null) values.push(kind === S.K_SPREAD ? UNKNOWN : value);
      } else {
        visitAt(w, argId, R_READ);
      }
      w.pendingArgument = null;
      if ((w.t.flags[argId]! & S.F_CLOSE) !== 0) break;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  argumentCount = count;
  argumentSpread = spread;
  firstStringArgument = firstString;
  firstStringAt = firstAt;
  if (values !== null) w.lastArguments = values;
}

/** A tagged template's arguments: the strings array plus one per substitution. */
function walkTemplateArguments(w: Walker, id: number): void {
  const c = w.c;
  let count = 1;
  enter(w, id);
  if (c.gotoFirstChild()) {
    do {
      const childId = c.nodeTypeId;
      kindOf(w, childId);
      if (w.t.names[childId] === 'template_substitution') count++;
      visitAt(w, childId, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  argumentCount = count;
  argumentSpread = false;
  firstStringArgument = null;
}

/** `f(...)`, `a.b(...)`, `a?.b()`, `` tag`x` ``; `require('x')` and `import('x')` become imports. */
export function walkCall(w: Walker): Expr {
  const c = w.c;
  const bare = w.bareCall;
  w.bareCall = false;
  const keepValues = w.wantArguments;
  w.wantArguments = false;
  c.gotoFirstChild();
  const calleeId = c.nodeTypeId;
  const calleeKind = kindOf(w, calleeId);
  w.lastName = '';
  w.lastSite = -1;
  let callee: Expr = UNKNOWN;
  const isImport = calleeKind === S.K_IMPORT;
  let importAt = -1;
  if (isImport) {
    importAt = c.startIndex;
    foldLeaf(w, calleeId);
  } else {
    callee = visitAt(w, calleeId, R_CALLEE);
  }
  const name = w.lastName;
  const site = w.lastSite;
  const isRequire = calleeKind === S.K_IDENT && name === 'require' &&
    w.scope.lookup(NS_VALUE, 'require') === undefined;
  let count = 0;
  let spread = false;
  let specifier: string | null = null;
  let specifierAt = -1;
  while (c.gotoNextSibling()) {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_ARGUMENTS) {
      walkArgumentList(w, id, callee, false, keepValues);
      count = argumentCount;
      spread = argumentSpread;
      specifier = firstStringArgument;
      specifierAt = firstStringAt;
      break;
    } else if (kind === S.K_TEMPLATE_STRING) {
      walkTemplateArguments(w, id);
      count = argumentCount;
      break;
    } else {
      visitAt(w, id, R_READ);
    }
  }
  c.gotoParent();
  if (isImport || isRequire) {
    if (specifier === null) return UNKNOWN;
    const style = isImport ? 'dynamic' : bare ? 'side-effect' : 'require';
    const imp = addImport(w, specifier, style, style === 'side-effect' ? '' : '*', '', false,
      isImport ? importAt : specifierAt);
    w.lastRequire = imp;
    return { k: 'import', imp };
  }
  if (callee === UNKNOWN || callee.k === 'element' || name === '' || site < 0) {
    w.lastName = '';
    return callee === UNKNOWN ? UNKNOWN : { k: 'call', callee };
  }
  addRef(w, 'call', name, callee, site, KEEP_ALWAYS, count, spread);
  w.lastName = name;
  w.lastSite = site;
  return { k: 'call', callee };
}

/** `new X(...)`. */
export function walkNew(w: Walker): Expr {
  const c = w.c;
  c.gotoFirstChild();
  let callee: Expr = UNKNOWN;
  let name = '';
  let site = -1;
  let seenCallee = false;
  let count = 0;
  let spread = false;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_ARGUMENTS) {
      walkArgumentList(w, id, callee, true);
      count = argumentCount;
      spread = argumentSpread;
    } else if (!seenCallee && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
      seenCallee = true;
      w.lastName = '';
      w.lastSite = -1;
      callee = visitAt(w, id, R_CALLEE);
      name = w.lastName;
      site = w.lastSite;
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  if (callee === UNKNOWN || callee.k === 'element' || name === '' || site < 0) return UNKNOWN;
  addRef(w, 'new', name, callee, site, KEEP_ALWAYS, count, spread);
  w.lastName = name;
  w.lastSite = site;
  return { k: 'new', callee };
}

/** `@dec`, `@dec(args)`, `@a.b()`: one decorate reference (a decorator call is not a call too). */
export function walkDecorator(w: Walker): void {
  const c = w.c;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_CALL) {
      enter(w, id);
      c.gotoFirstChild();
      w.lastName = '';
      const callee = visitAt(w, c.nodeTypeId, R_CALLEE);
      const name = w.lastName;
      const site = w.lastSite;
      let count = 0;
      let spread = false;
      while (c.gotoNextSibling()) {
        const argsId = c.nodeTypeId;
        if (kindOf(w, argsId) === S.K_ARGUMENTS) {
          walkArgumentList(w, argsId, callee, false);
          count = argumentCount;
          spread = argumentSpread;
        } else {
          visitAt(w, argsId, R_READ);
        }
      }
      c.gotoParent();
      leave(w, id);
      if (site >= 0) addRef(w, 'decorate', name, callee, site, KEEP_ALWAYS, count, spread);
    } else if (kind === S.K_IDENT || kind === S.K_MEMBER) {
      w.lastName = '';
      const target = visitAt(w, id, R_CALLEE);
      if (w.lastSite >= 0) addRef(w, 'decorate', w.lastName, target, w.lastSite, KEEP_ALWAYS);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}
