/**
 * The types of Go declarations and type expressions: declared types of variables, fields and
 * parameters, types inferred from initializers, a function's signature, defined non-struct types
 * as their underlying type, and what each result of a call is. Owns these rules and the memo of
 * declaration types; expressions are walked by evaluate.ts, names and members are members.ts's.
 *
 * The depth budget counts declarations only: asking for a declaration's type goes one step deeper
 * than the question that asked, and a cycle among declarations is cut by the memo. An expression's
 * own structure (a method chain, nested indexes, selectors) costs nothing, neither budget nor
 * stack, because evaluate.ts walks it in a loop; so the answer to a question never depends on
 * where it was first asked (recursion-memo.ts) and a chain of any length binds like a short one.
 */
import type { ValueExpr } from '@repograph/core';
import type { FileUnit } from '../program.js';
import { DepthBudget, RecursionMemo } from '../recursion-memo.js';
import {
  CALLABLE_KINDS, TYPE_KINDS, declaredResults, fnResults, kindOf, type TypeRef, type Value,
} from './type-refs.js';

/**
 * Declarations whose types one question may follow below it (`a := b.F(); b := c.G(); ...`): a
 * bound on recursion, which only declarations add, not on an expression's length.
 */
const MAX_DECLARATION_DEPTH = 14;
/** Defined types followed to their underlying type (`type A B`, `type B []T`). */
const MAX_UNDERLYING = 14;

/** What typing needs from expression evaluation (evaluate.ts). */
export interface GoExpressions {
  valueOf(unit: FileUnit, expr: ValueExpr, depth: number): Value | null;
  typeOf(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null;
}

/** Whether the resolution under way used a type (its confidence is then `typed`). */
export interface TypedFlag {
  typed: boolean;
}

/** Types of declarations and type expressions for one binder, memoized. */
export class GoTyping {
  private readonly budget = new DepthBudget(MAX_DECLARATION_DEPTH);
  private readonly declarationTypes = new RecursionMemo<TypeRef>(this.budget);

  constructor(private readonly expressions: GoExpressions, private readonly flag: TypedFlag) {}

  /** The type a type expression denotes. */
  typeOfTypeExpr(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (expr.k === 'array') {
      return {
        t: 'array',
        element: this.typeOfTypeExpr(unit, expr.element, depth),
        key: expr.key ? this.typeOfTypeExpr(unit, expr.key, depth) : null,
        channel: expr.channel === true,
      };
    }
    if (expr.k === 'fn') return { t: 'fn', unit, results: fnResults(expr) };
    const value = this.expressions.valueOf(unit, expr, depth);
    if (value?.t !== 'decl' || !TYPE_KINDS.has(kindOf(value))) return null;
    this.flag.typed = true;
    return { t: 'decl', unit: value.unit, index: value.index };
  }

  /** A defined non-struct type (`type L []T`, `type F func() T`) as its underlying type. */
  underlying(type: TypeRef | null, depth: number): TypeRef | null {
    let current = type;
    for (let i = 0; current?.t === 'decl' && i < MAX_UNDERLYING; i++) {
      const declaration = current.unit.facts.declarations[current.index]!;
      if (declaration.kind !== 'type_alias' || !declaration.valueType) return current;
      current = this.typeOfTypeExpr(current.unit, declaration.valueType, depth);
    }
    return current;
  }

  /** The type of what a value denotes: a variable's, field's or parameter's type, a function's signature. */
  typeOfValue(value: Value | null, depth: number): TypeRef | null {
    return value?.t === 'decl' ? this.declarationType(value.unit, value.index, depth) : null;
  }

  /**
   * Result `result` of calling a callee that denotes `value` and has type `type()`: a function's
   * declared result, the type a conversion `T(x)` converts to, or a result of a function-typed
   * value (a variable holding a function literal, a field of function type).
   */
  callResult(value: Value | null, type: () => TypeRef | null, result: number, depth: number): TypeRef | null {
    if (value?.t === 'decl') {
      const declaration = value.unit.facts.declarations[value.index]!;
      if (TYPE_KINDS.has(declaration.kind)) return result === 0 ? { t: 'decl', unit: value.unit, index: value.index } : null;
      if (CALLABLE_KINDS.has(declaration.kind)) {
        const declared = declaredResults(declaration)[result];
        return declared ? this.typeOfTypeExpr(value.unit, declared, depth) : null;
      }
    }
    let held = this.underlying(type(), depth);
    // `fs[i](x)` (the grammar reads it as an instantiation `F[T](x)`): an element of a list of functions.
    if (held?.t === 'array') held = this.underlying(held.element, depth);
    const declared = held?.t === 'fn' ? held.results[result] : undefined;
    return held?.t === 'fn' && declared ? this.typeOfTypeExpr(held.unit, declared, depth) : null;
  }

  /** The type of a variable, constant, field or parameter, or a function's signature (memoized). */
  private declarationType(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const result = this.declarationTypes.answer(`${unit.path}\0${index}`, depth, () => {
      const declaration = unit.facts.declarations[index]!;
      if (TYPE_KINDS.has(declaration.kind)) return null;
      if (CALLABLE_KINDS.has(declaration.kind)) return { t: 'fn', unit, results: declaredResults(declaration) };
      const declared = declaration.valueType ? this.typeOfTypeExpr(unit, declaration.valueType, depth + 1) : null;
      return declared ?? (declaration.init ? this.expressions.typeOf(unit, declaration.init, depth + 1) : null);
    });
    if (result) this.flag.typed = true;
    return result;
  }
}
