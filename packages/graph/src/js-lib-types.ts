/**
 * What the JS-family binder knows of the standard library beyond declarations: which callback
 * parameters of an array's (or Map's) methods receive its elements, what calling an array or Map
 * method gives, and `Array.isArray` as a type guard. Owns these tables only.
 */
import type { ValueExpr } from '@repograph/core';
import type { TypeRef } from './js-type-ref.js';

/** Array methods whose callback receives elements, and which callback parameters they are. */
export const ARRAY_CALLBACK_ELEMENT_PARAMETERS: ReadonlyMap<string, readonly number[]> = new Map([
  ['forEach', [0]], ['map', [0]], ['filter', [0]], ['find', [0]], ['findIndex', [0]], ['findLast', [0]],
  ['findLastIndex', [0]], ['some', [0]], ['every', [0]], ['flatMap', [0]], ['reduce', [1]], ['reduceRight', [1]],
  ['sort', [0, 1]], ['toSorted', [0, 1]],
]);

/** Array methods that give an element, and those that give an array like their receiver. */
const ARRAY_ELEMENT_METHODS = new Set(['find', 'findLast', 'pop', 'shift', 'at']);
const ARRAY_SAME_METHODS = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'splice', 'toSorted', 'toReversed', 'toSpliced']);

/** What calling method `name` of an array (or a Map: `get`, `values`) gives, when the element type tells. */
export function arrayMethodResult(type: Extract<TypeRef, { t: 'array' }>, name: string): TypeRef | null {
  if (type.map) {
    if (name === 'get') return type.element;
    return name === 'values' ? { t: 'array', element: type.element } : null;
  }
  if (ARRAY_ELEMENT_METHODS.has(name)) return type.element;
  return ARRAY_SAME_METHODS.has(name) || name === 'values' ? type : null;
}

/** Whether `callee` is `Array.isArray` (a guard that its argument is an array). */
export function isArrayIsArray(callee: ValueExpr): boolean {
  return callee.k === 'member' && callee.name === 'isArray' && callee.object.k === 'global' && callee.object.name === 'Array';
}
