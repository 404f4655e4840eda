/**
 * Python parameters: plain, defaulted, annotated, `*args`, keyword-only (after `*` or `*args`),
 * `**kwargs` and positional-only (before `/`). The first positional parameter of a method is
 * `self`/`cls`: it is no ParameterFact and no declaration, and denotes the class. Defaults and
 * annotations are evaluated in the enclosing scope; the names are bound in the function's scope.
 */
import type { ParameterFact } from '@repograph/core';
import { NS_VALUE, OPAQUE, UNKNOWN } from '../model.js';
import type { Expr, Scope } from '../model.js';
import { oneLine } from '../docs.js';
import {
  R_READ, enter, foldLeaf, leave, newDecl, nodeText, typeAt, namedAt,
} from './state.js';
import type { PyWalker } from './state.js';
import { visit } from './visit.js';
import { typeExpr } from './types.js';
import { recordBinding } from './bindings.js';
import { REACHABLE, UNREACHABLE } from './flow.js';

/**
 * The parameters under the cursor, bound in `fnScope`; defaults and annotations are evaluated in
 * the enclosing scope. `selfOwner` >= 0: the first positional parameter is `self`/`cls` of that class.
 */
export function walkParameters(w: PyWalker, fn: number, fnScope: Scope, selfOwner: number, type: string): void {
  const c = w.c;
  const params: ParameterFact[] = [];
  const decls: number[] = [];
  let keywordOnly = false;
  let selfPending = selfOwner >= 0;
  enter(w, type);
  if (c.gotoFirstChild()) {
    do {
      const nodeType = typeAt(w);
      if (!namedAt(w) || nodeType === 'comment') {
        foldLeaf(w, nodeType, false);
        continue;
      }
      if (nodeType === 'positional_separator') {
        for (const p of params) p.positionalOnly = true;
        foldLeaf(w, nodeType, true);
        continue;
      }
      if (nodeType === 'keyword_separator') {
        keywordOnly = true;
        foldLeaf(w, nodeType, true);
        continue;
      }
      const parameter = readParameter(w);
      if (parameter === null) continue;
      if (selfPending && !parameter.variadic && !parameter.keywordVariadic) {
        selfPending = false;
        const info = w.info.get(fnScope)!;
        info.selfName = parameter.name;
        info.selfOwner = selfOwner;
        continue;
      }
      selfPending = false;
      const fact: ParameterFact = { name: parameter.name, optional: parameter.hasDefault, hasDefault: parameter.hasDefault, variadic: parameter.variadic };
      if (keywordOnly && !parameter.variadic && !parameter.keywordVariadic) fact.keywordOnly = true;
      if (parameter.keywordVariadic) fact.keywordVariadic = true;
      if (parameter.typeText !== undefined) fact.typeText = parameter.typeText;
      if (parameter.variadic) keywordOnly = true;
      params.push(fact);
      if (fn >= 0) {
        const index = newDecl(w, 'parameter', parameter.name, 'parameter', parameter.start, parameter.end, parameter.nameStart, parameter.nameEnd, fn);
        const decl = w.decls[index]!;
        decl.parameterOf = fn;
        if (parameter.type.k !== 'unknown' && !parameter.variadic && !parameter.keywordVariadic) decl.valueType = parameter.type;
        else if (parameter.defaultValue.k !== 'unknown') decl.init = parameter.defaultValue;
        fnScope.bind(NS_VALUE, parameter.name, index);
        recordBinding(w, fnScope, parameter.name, index, undefined, parameter.nameStart);
        // Without an annotation jedi infers the parameter from its default: `if flag:` is decided.
        if (parameter.literalDefault !== undefined && parameter.type.k === 'unknown') w.literalDefaults.set(index, parameter.literalDefault);
        decls.push(index);
      } else {
        fnScope.bind(NS_VALUE, parameter.name, OPAQUE);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, type);
  if (fn >= 0) {
    w.decls[fn]!.params = params;
    w.decls[fn]!.parameterDecls = decls;
  }
}

interface ParameterRead {
  name: string;
  hasDefault: boolean;
  variadic: boolean;
  keywordVariadic: boolean;
  typeText: string | undefined;
  type: Expr;
  /** The default value: an unannotated parameter takes its type from it, as Python's resolvers do. */
  defaultValue: Expr;
  /** A default of `True` (REACHABLE) or `False`/`None` (UNREACHABLE), as a condition's status. */
  literalDefault?: number;
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
}

/** One parameter node under the cursor (walked); null for forms without a name. */
function readParameter(w: PyWalker): ParameterRead | null {
  const c = w.c;
  const type = typeAt(w);
  const result: ParameterRead = {
    name: '', hasDefault: false, variadic: false, keywordVariadic: false, typeText: undefined, type: UNKNOWN, defaultValue: UNKNOWN,
    start: c.startIndex, end: c.endIndex, nameStart: c.startIndex, nameEnd: c.endIndex,
  };
  if (type === 'identifier') {
    foldLeaf(w, type, true);
    result.name = nodeText(w);
    return result;
  }
  enter(w, type);
  if (type === 'list_splat_pattern') result.variadic = true;
  if (type === 'dictionary_splat_pattern') result.keywordVariadic = true;
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      const childType = typeAt(w);
      if (childType === 'identifier' && result.name === '') {
        foldLeaf(w, childType, true);
        result.name = nodeText(w);
        result.nameStart = c.startIndex;
        result.nameEnd = c.endIndex;
      } else if (childType === 'list_splat_pattern' || childType === 'dictionary_splat_pattern') {
        const inner = readParameter(w);
        if (inner) Object.assign(result, { name: inner.name, nameStart: inner.nameStart, nameEnd: inner.nameEnd, variadic: inner.variadic, keywordVariadic: inner.keywordVariadic });
      } else if (field === 'type') {
        result.typeText = oneLine(nodeText(w));
        enter(w, 'type');
        result.type = typeExpr(w);
        leave(w, 'type');
      } else if (field === 'value') {
        result.hasDefault = true;
        const literal = typeAt(w);
        if (literal === 'true' || literal === 'false' || literal === 'none') result.literalDefault = literal === 'true' ? REACHABLE : UNREACHABLE;
        result.defaultValue = visit(w, R_READ);
      } else {
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, type);
  return result.name === '' ? null : result;
}
