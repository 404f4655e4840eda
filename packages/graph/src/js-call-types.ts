/**
 * The JS binder's types of calls and callbacks: what a call returns (a declaration's return type,
 * the function a value holds, a function type's result, the standard library's array methods),
 * and the type of a callback's parameter from the function it is passed to or expected where it
 * stands. Owns these rules; everything else it asks of the binder (js-binder.ts) through CallTyping.
 */
import type { ValueExpr } from '@repograph/core';
import type { Entity } from './language-binder.js';
import type { FileUnit } from './program.js';
import { CALLABLE_KINDS } from './js-type-ref.js';
import type { TypeRef } from './js-type-ref.js';
import { ARRAY_CALLBACK_ELEMENT_PARAMETERS, arrayMethodResult } from './js-lib-types.js';

/** What the call rules ask of the binder. */
export interface CallTyping {
  valueOf(unit: FileUnit, expr: ValueExpr, depth: number): Entity | null;
  typeOf(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null;
  typeOfTypeExpr(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null;
  declarationType(unit: FileUnit, index: number, depth: number): TypeRef | null;
  memberLookup(unit: FileUnit, object: ValueExpr, name: string, depth: number): { entity: Entity | null; objectType: TypeRef | null };
  memberOfType(type: TypeRef | null, name: string, depth: number): Entity | null;
  lookupMember(type: Extract<TypeRef, { t: 'decl' }>, name: string, depth: number): Entity | null;
  /** The evaluation used a typed step. */
  markTyped(): void;
  exceeded(depth: number): boolean;
}

export class JsCallTypes {
  constructor(private readonly binder: CallTyping) {}

  /** The type a call of `callee` returns. */
  callResultType(unit: FileUnit, callee: ValueExpr, depth: number): TypeRef | null {
    if (callee.k === 'member') {
      const { entity, objectType } = this.binder.memberLookup(unit, callee.object, callee.name, depth);
      if (entity?.t === 'decl') return this.declarationCallResult(entity.unit, entity.index, depth + 1);
      // A method of the standard library's arrays and maps.
      if (entity === null && objectType?.t === 'array') return arrayMethodResult(objectType, callee.name);
    } else {
      const entity = this.binder.valueOf(unit, callee, depth);
      if (entity?.t === 'decl') return this.declarationCallResult(entity.unit, entity.index, depth + 1);
    }
    const calleeType = this.binder.typeOf(unit, callee, depth + 1);
    return calleeType?.t === 'fn' ? this.binder.typeOfTypeExpr(calleeType.unit, calleeType.returns, depth + 1) : null;
  }

  /** What calling a declaration returns: its return type, or that of the function it holds. */
  declarationCallResult(unit: FileUnit, index: number, depth: number): TypeRef | null {
    if (this.binder.exceeded(depth)) return null;
    const declaration = unit.facts.declarations[index]!;
    if (declaration.returnType) return this.binder.typeOfTypeExpr(unit, declaration.returnType, depth + 1);
    // A value typed with a function type (a parameter, a property, `@type` on a function): its declared result.
    if (declaration.valueType) {
      const declared = this.binder.typeOfTypeExpr(unit, declaration.valueType, depth + 1);
      if (declared?.t === 'fn') return this.binder.typeOfTypeExpr(declared.unit, declared.returns, depth + 1);
      // Typed as a method (`T["method"]`): what that method returns.
      if (declared?.t === 'decl' && !declared.instance && CALLABLE_KINDS.has(declared.unit.facts.declarations[declared.index]!.kind)) {
        return this.declarationCallResult(declared.unit, declared.index, depth + 1);
      }
    }
    if (declaration.returnsExpr) return this.binder.typeOf(unit, declaration.returnsExpr, depth + 1);
    if (CALLABLE_KINDS.has(declaration.kind)) return null;
    // A value that holds a function (`module.exports = { run }`, `const f = g`): that function's result.
    if (declaration.init) {
      const held = this.binder.valueOf(unit, declaration.init, depth + 1);
      if (held?.t === 'decl' && (held.unit !== unit || held.index !== index)) return this.declarationCallResult(held.unit, held.index, depth + 1);
    }
    return null;
  }

  /**
   * The type of a callback's parameter from the function it is passed to: `operate((source,
   * subscriber) => ...)` takes the types of `operate`'s parameter's function type; array
   * methods (`xs.map((x) => ...)`) give the element type.
   */
  contextualParameterType(unit: FileUnit, expr: Extract<ValueExpr, { k: 'argparam' }>, depth: number): TypeRef | null {
    if (expr.callee.k === 'member' && !expr.isNew) {
      const slots = ARRAY_CALLBACK_ELEMENT_PARAMETERS.get(expr.callee.name);
      if (slots !== undefined) {
        const receiver = this.binder.typeOf(unit, expr.callee.object, depth + 1);
        // A map's `forEach` callback gets a value first, as an array's gets an element; it has no other.
        if (receiver?.t === 'array' && (!receiver.map || expr.callee.name === 'forEach')) {
          return expr.arg === 0 && slots.includes(expr.param) ? receiver.element : null;
        }
      }
    }
    const callee = this.binder.valueOf(unit, expr.callee, depth + 1);
    if (callee?.t !== 'decl') return null;
    let functionEntity: Entity | null = callee;
    if (expr.isNew) {
      const declaration = callee.unit.facts.declarations[callee.index]!;
      functionEntity = declaration.kind === 'class'
        ? this.binder.lookupMember({ t: 'decl', unit: callee.unit, index: callee.index, instance: true }, 'constructor', depth + 1)
        : callee;
    }
    if (functionEntity?.t !== 'decl') return null;
    let expected: TypeRef | null = null;
    const parameters = functionEntity.unit.parameters.get(functionEntity.index);
    if (parameters && parameters.length > 0) {
      const slot = Math.min(expr.arg, parameters.length - 1);
      const parameter = functionEntity.unit.facts.declarations[parameters[slot]!]!;
      if (slot !== expr.arg && !isVariadicParameter(functionEntity.unit, functionEntity.index, slot)) return null;
      expected = parameter.valueType ? this.binder.typeOfTypeExpr(functionEntity.unit, parameter.valueType, depth + 1) : null;
      if (expected?.t === 'array' && slot !== expr.arg) expected = expected.element;
    } else {
      const calleeType = this.binder.declarationType(functionEntity.unit, functionEntity.index, depth + 1);
      if (calleeType?.t === 'fn') {
        const parameterType = calleeType.params[expr.arg];
        expected = parameterType ? this.binder.typeOfTypeExpr(calleeType.unit, parameterType, depth + 1) : null;
      }
    }
    if (expected?.t !== 'fn') return null;
    const parameterType = expected.params[expr.param];
    if (!parameterType) return null;
    this.binder.markTyped();
    return this.binder.typeOfTypeExpr(expected.unit, parameterType, depth + 1);
  }

  /**
   * The type of parameter `param` of the function expected where a function stands (see core's
   * `paramof`): of the method or property an `indexed` type names, else of the function type.
   */
  expectedParameterType(unit: FileUnit, fn: ValueExpr, param: number, depth: number): TypeRef | null {
    if (this.binder.exceeded(depth)) return null;
    let expected: TypeRef | null;
    if (fn.k === 'indexed') {
      const entity = this.binder.memberOfType(this.binder.typeOfTypeExpr(unit, fn.object, depth + 1), fn.name, depth + 1);
      if (entity?.t !== 'decl') return null;
      const parameters = entity.unit.parameters.get(entity.index);
      if (parameters !== undefined && CALLABLE_KINDS.has(entity.unit.facts.declarations[entity.index]!.kind)) {
        const declared = parameters[param] === undefined ? undefined : entity.unit.facts.declarations[parameters[param]!]!.valueType;
        if (declared === undefined) return null;
        this.binder.markTyped();
        return this.binder.typeOfTypeExpr(entity.unit, declared, depth + 1);
      }
      expected = this.binder.declarationType(entity.unit, entity.index, depth + 1);
    } else {
      expected = this.binder.typeOfTypeExpr(unit, fn, depth + 1);
    }
    if (expected?.t !== 'fn') return null;
    const parameterType = expected.params[param];
    if (parameterType === undefined) return null;
    this.binder.markTyped();
    return this.binder.typeOfTypeExpr(expected.unit, parameterType, depth + 1);
  }
}

function isVariadicParameter(unit: FileUnit, functionIndex: number, slot: number): boolean {
  return unit.facts.declarations[functionIndex]!.params?.[slot]?.variadic ?? false;
}

