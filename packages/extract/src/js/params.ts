/**
 * Parameters of a function-like: one ParameterFact per parameter (name, optional, default,
 * rest, annotation text) and one `parameter` declaration per bound name, so expressions can
 * point at parameters. TypeScript parameter properties (`constructor(private x: X)`) also declare
 * a class property. `this` parameters are not parameters. Owns both grammars' parameter shapes
 * (TypeScript `required_parameter`/`optional_parameter`, JavaScript plain patterns).
 */
import type { ParameterFact } from '@repograph/core';
import { NS_VALUE, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { enter, foldLeaf, kindOf, leave, newDecl } from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { collectPattern, valueAlong } from './patterns.js';
import type { BindingTarget } from './patterns.js';
import { oneLine, patternName } from '../docs.js';
import type { FunctionSite } from './functions.js';
import { applyThisType } from './functions.js';
import { docParameter, docProperty } from './jsdoc-apply.js';

/** One parameter as walked, before its declarations are made. */
interface ParamState {
  start: number;
  end: number;
  name: string;
  nameStart: number;
  nameEnd: number;
  targets: BindingTarget[] | null;
  isThis: boolean;
  optional: boolean;
  hasDefault: boolean;
  variadic: boolean;
  propertyParameter: boolean;
  isPrivate: boolean;
  typeText: string | undefined;
  valueType: Expr;
  init: Expr;
}

function newState(w: Walker): ParamState {
  return {
    start: w.c.startIndex, end: w.c.endIndex, name: '', nameStart: -1, nameEnd: -1, targets: null,
    isThis: false, optional: false, hasDefault: false, variadic: false, propertyParameter: false,
    isPrivate: false, typeText: undefined, valueType: UNKNOWN, init: UNKNOWN,
  };
}

/**
 * Walks `formal_parameters` (or the single identifier of `x => ...`, when `single`) under the
 * cursor. `fnDecl` is the function's declaration (-1 for an anonymous function).
 */
export function walkParams(w: Walker, id: number, fnDecl: number, site: FunctionSite, single: boolean): ParameterFact[] {
  const c = w.c;
  const params: ParameterFact[] = [];
  const isConstructor = fnDecl >= 0 && w.decls[fnDecl]!.kind === 'constructor';
  if (single) {
    const state = newState(w);
    foldLeaf(w, id);
    state.nameStart = state.start;
    state.nameEnd = state.end;
    state.name = w.text.slice(state.start, state.end);
    finishParam(w, state, params, false, site, fnDecl);
    return params;
  }
  enter(w, id);
  if (c.gotoFirstChild()) {
    children: do {
      const childId = c.nodeTypeId;
      const kind = kindOf(w, childId);
      switch (kind) {
        case S.K_REQUIRED_PARAM:
        case S.K_OPTIONAL_PARAM: {
          const state = newState(w);
          state.optional = kind === S.K_OPTIONAL_PARAM;
          enter(w, childId);
          walkParamParts(w, state);
          leave(w, childId);
          finishParam(w, state, params, isConstructor, site, fnDecl);
          break;
        }
        case S.K_IDENT:
        case S.K_OBJECT_PATTERN:
        case S.K_ARRAY_PATTERN:
        case S.K_REST_PATTERN:
        case S.K_ASSIGNMENT_PATTERN: {
          const state = newState(w);
          walkPattern(w, childId, kind, state);
          finishParam(w, state, params, false, site, fnDecl);
          break;
        }
        default:
          visitAt(w, childId, R_READ);
          if ((w.t.flags[childId]! & S.F_CLOSE) !== 0) break children;
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  return params;
}

/** The children of a TypeScript `required_parameter`/`optional_parameter`. */
function walkParamParts(w: Walker, state: ParamState): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  let afterEquals = false;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    switch (kind) {
      case S.K_ACCESSIBILITY:
        state.propertyParameter = true;
        if (w.text.startsWith('private', c.startIndex)) state.isPrivate = true;
        foldLeaf(w, id);
        break;
      case S.K_TOKEN: {
        const token = w.t.names[id];
        if (token === 'readonly') state.propertyParameter = true;
        else if (token === '?') state.optional = true;
        else if (token === '=') afterEquals = true;
        foldLeaf(w, id);
        break;
      }
      case S.K_THIS:
        state.isThis = true;
        foldLeaf(w, id);
        break;
      case S.K_TYPE_ANNOTATION:
        state.typeText = oneLine(w.text.slice(c.startIndex, c.endIndex).replace(/^:/, ''));
        state.valueType = visitAt(w, id, R_READ);
        break;
      case S.K_IDENT:
      case S.K_OBJECT_PATTERN:
      case S.K_ARRAY_PATTERN:
      case S.K_REST_PATTERN:
        if (afterEquals) state.init = visitAt(w, id, R_READ);
        else walkPattern(w, id, kind, state);
        break;
      default:
        if (w.t.names[id] === 'override_modifier') {
          state.propertyParameter = true;
          foldLeaf(w, id);
        } else if (afterEquals && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
          state.hasDefault = true;
          state.init = visitAt(w, id, R_READ);
        } else {
          visitAt(w, id, R_READ);
        }
    }
    if (afterEquals && kind !== S.K_TOKEN && kind !== S.K_COMMENT) state.hasDefault = true;
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** A parameter pattern: identifier, destructuring, `...rest`, or JavaScript `x = default`. */
function walkPattern(w: Walker, id: number, kind: number, state: ParamState): void {
  const c = w.c;
  switch (kind) {
    case S.K_IDENT:
      state.nameStart = c.startIndex;
      state.nameEnd = c.endIndex;
      state.name = w.text.slice(state.nameStart, state.nameEnd);
      foldLeaf(w, id);
      return;
    case S.K_OBJECT_PATTERN:
    case S.K_ARRAY_PATTERN:
      state.name = patternName(w.text.slice(c.startIndex, c.endIndex));
      state.targets = [];
      collectPattern(w, id, [], state.targets);
      return;
    case S.K_REST_PATTERN:
    case S.K_ASSIGNMENT_PATTERN: {
      enter(w, id);
      if (kind === S.K_REST_PATTERN) state.variadic = true;
      let seenLeft = false;
      if (c.gotoFirstChild()) {
        do {
          const childId = c.nodeTypeId;
          const childKind = kindOf(w, childId);
          const named = (w.t.flags[childId]! & S.F_NAMED) !== 0 && childKind !== S.K_COMMENT;
          if (named && !seenLeft) {
            seenLeft = true;
            walkPattern(w, childId, childKind, state);
          } else if (named) {
            state.hasDefault = true;
            state.init = visitAt(w, childId, R_READ);
          } else {
            visitAt(w, childId, R_READ);
          }
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, id);
      return;
    }
    default:
      visitAt(w, id, R_READ);
  }
}

/**
 * Appends the parameter's ParameterFact (none for `this`) and declares it: exactly one
 * `parameter` declaration per ParameterFact, in order (packages/graph finds a function's
 * parameters by position), and for a destructuring pattern also a local per bound name whose
 * value is the matching part of the parameter. An unannotated parameter of a callback passed to
 * a call gets the contextual `argparam` as its value.
 */
function finishParam(
  w: Walker, state: ParamState, params: ParameterFact[], isConstructor: boolean, site: FunctionSite, fnDecl: number,
): void {
  if (state.isThis) {
    // `function (this: Foo)`: `this` in the body is a Foo.
    applyThisType(w, state.valueType);
    return;
  }
  const position = params.length;
  const isPattern = state.targets !== null;
  // JavaScript: the function's JSDoc `@param {T} name` (by position for a destructured one).
  const documented = w.docParams !== null && state.valueType === UNKNOWN
    ? docParameter(w.docParams, state.name, position, isPattern) : undefined;
  if (documented !== undefined) {
    state.valueType = documented.type;
    if (documented.optional) state.optional = true;
  }
  const fact: ParameterFact = {
    name: state.name,
    optional: state.optional || state.hasDefault,
    hasDefault: state.hasDefault,
    variadic: state.variadic,
  };
  if (state.typeText !== undefined) fact.typeText = state.typeText;
  params.push(fact);
  if (state.name === '' || (state.nameStart < 0 && !isPattern)) return;
  const nameStart = isPattern ? state.start : state.nameStart;
  const nameEnd = isPattern ? state.start + state.name.length : state.nameEnd;
  const decl = newDecl(w, 'parameter', state.name, 'parameter', state.start, state.end, nameStart, Math.min(nameEnd, state.end));
  const d = w.decls[decl]!;
  d.parameterOf = fnDecl;
  if (state.valueType !== UNKNOWN) d.valueType = state.valueType;
  if (state.init !== UNKNOWN) {
    d.init = state.init;
  } else if (state.valueType === UNKNOWN && site.argument !== null) {
    const argument = site.argument;
    d.init = { k: 'argparam', callee: argument.callee, isNew: argument.isNew, arg: argument.arg, param: position };
  } else if (state.valueType === UNKNOWN && site.expected !== null) {
    d.init = { k: 'paramof', fn: site.expected, param: position };
  }
  if (isPattern) {
    const value: Expr = { k: 'decl', decl };
    for (const target of state.targets!) {
      const local = newDecl(w, 'variable', target.name, 'local', target.start, target.end, target.start, target.end);
      const init = valueAlong(value, target.path);
      if (init !== UNKNOWN) w.decls[local]!.init = init;
      // `@param {T} options.key` types what `{ key }` binds.
      const property = documented?.properties !== undefined && target.path !== null ? docProperty(documented, target.path) : undefined;
      if (property !== undefined && property.type !== UNKNOWN) w.decls[local]!.valueType = property.type;
      w.scope.bind(NS_VALUE, target.name, local);
    }
    return;
  }
  w.scope.bind(NS_VALUE, state.name, decl);
  if (isConstructor && state.propertyParameter && site.memberOf >= 0) {
    const property = newDecl(w, 'property', state.name, 'member', state.start, state.end, state.nameStart, state.nameEnd);
    const p = w.decls[property]!;
    p.container = site.memberOf;
    p.isPrivate = state.isPrivate;
    if (d.valueType !== undefined) p.valueType = d.valueType;
    p.signature = oneLine(w.text.slice(state.nameStart, state.end).replace(/\s*=[\s\S]*$/, ''));
    const owner = w.decls[site.memberOf]!;
    (owner.members ??= new Map()).set(state.name, property);
  }
}
