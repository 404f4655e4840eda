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
import { SURFACE_CALL_NAMES, SURFACE_DECORATOR_NAMES, SURFACE_NEW_NAMES, collector } from './surfaces.js';
import type { ArgInfo } from './surfaces.js';

/** Results of the last walkArgumentList/walkTemplateArguments (read right after the call). */
let argumentCount = 0;
let argumentSpread = false;
let firstStringArgument: string | null = null;
let firstStringAt = -1;

/**
 * Walks `(a, ...b)` under the cursor: counts arguments, notes a leading string literal, and tells
 * a function-valued argument which call it is passed to (`callee`, `isNew`) and at which position.
 */
function walkArgumentList(w: Walker, id: number, callee: Expr, isNew: boolean, keepValues = false, capture: ArgInfo[] | null = null): void {
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
          const firstEnd = c.endIndex;
          firstString = stringContent(w.text, firstAt, firstEnd);
          foldLeaf(w, argId);
          if (values !== null) values.push(UNKNOWN);
          if (capture !== null) capture.push({ kind, value: UNKNOWN, site: -1, text: firstString, start: firstAt, end: firstEnd });
          continue;
        }
        if ((kind === S.K_ARROW || kind === S.K_FUNC_EXPR) && callee !== UNKNOWN && !spread) {
          w.pendingArgument = { callee, isNew, arg: count - 1 };
        }
        // Surfaces read the text of literal-like arguments, and where a function argument lies (see surfaces.ts).
        const textual = capture !== null && (kind === S.K_STRING || kind === S.K_TEMPLATE_STRING || kind === S.K_BINARY || kind === S.K_OBJECT);
        const placed = textual || (capture !== null && (kind === S.K_ARROW || kind === S.K_FUNC_EXPR));
        const argStart = placed ? c.startIndex : -1;
        const argEnd = placed ? c.endIndex : -1;
        const argText = textual ? (kind === S.K_STRING ? stringContent(w.text, argStart, argEnd) : w.text.slice(argStart, argEnd)) : null;
        if (capture !== null) w.lastSite = -1;
        const value = visitAt(w, argId, R_READ);
        if (values !== null) values.push(kind === S.K_SPREAD ? UNKNOWN : value);
        if (capture !== null) {
          capture.push({ kind, value, site: kind === S.K_IDENT || kind === S.K_MEMBER || kind === S.K_CALL ? w.lastSite : -1, text: argText, start: argStart, end: argEnd });
        }
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

/** The source text and start of the last tagged template walked with `keepText`. */
let templateText: string | null = null;
let templateStart = -1;

/** A tagged template's arguments: the strings array plus one per substitution. */
function walkTemplateArguments(w: Walker, id: number, keepText = false): void {
  const c = w.c;
  let count = 1;
  templateStart = keepText ? c.startIndex : -1;
  templateText = keepText ? w.text.slice(templateStart, c.endIndex) : null;
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
  // Architecture facts: collect calls by callee name, and calls chained on a collected one.
  const surface = site >= 0 && (SURFACE_CALL_NAMES.has(name) ||
    (callee.k === 'member' && callee.object.k === 'call' && w.surfaces !== null && w.surfaces.results.has(callee.object)));
  const capture: ArgInfo[] | null = surface ? [] : null;
  let template: string | null = null;
  let templateAt = -1;
  while (c.gotoNextSibling()) {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_ARGUMENTS) {
      walkArgumentList(w, id, callee, false, keepValues, capture);
      count = argumentCount;
      spread = argumentSpread;
      specifier = firstStringArgument;
      specifierAt = firstStringAt;
      break;
    } else if (kind === S.K_TEMPLATE_STRING) {
      walkTemplateArguments(w, id, surface);
      count = argumentCount;
      template = templateText;
      templateAt = templateStart;
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
  const result: Expr = { k: 'call', callee };
  if (capture !== null) {
    const surfaces = collector(w);
    surfaces.calls.push({ callee, calleeKind, name, site, args: capture, result, encl: w.currentDecl, scope: w.scope, template, templateStart: templateAt });
    surfaces.results.add(result);
  }
  return result;
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
  let capture: ArgInfo[] | null = null;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_ARGUMENTS) {
      if (SURFACE_NEW_NAMES.has(name)) capture = [];
      walkArgumentList(w, id, callee, true, false, capture);
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
  const result: Expr = { k: 'new', callee };
  if (SURFACE_NEW_NAMES.has(name)) collector(w).news.push({ name, result, args: capture ?? [] });
  return result;
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
      const capture: ArgInfo[] | null = SURFACE_DECORATOR_NAMES.has(name) && site >= 0 ? [] : null;
      while (c.gotoNextSibling()) {
        const argsId = c.nodeTypeId;
        if (kindOf(w, argsId) === S.K_ARGUMENTS) {
          walkArgumentList(w, argsId, callee, false, false, capture);
          count = argumentCount;
          spread = argumentSpread;
        } else {
          visitAt(w, argsId, R_READ);
        }
      }
      c.gotoParent();
      leave(w, id);
      if (site >= 0) addRef(w, 'decorate', name, callee, site, KEEP_ALWAYS, count, spread);
      if (capture !== null && w.refs.length > 0 && w.refs[w.refs.length - 1]!.at === site) {
        collector(w).decorators.push({ name, ref: w.refs.length - 1, args: capture, site });
      }
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
