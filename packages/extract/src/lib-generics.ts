/**
 * The standard library's generic types of the JavaScript family, as binding uses them: `Array`,
 * `ReadonlyArray`, `Set`, `ReadonlySet` (and their iterables) are arrays of their argument; `Map`,
 * `ReadonlyMap` and `WeakMap` are maps to their value type (`get()` gives one); `Promise<T>` and
 * `PromiseLike<T>` as a return type, and `Awaited<T>`, are T; the utility types that keep a
 * type's members (`Partial`, `Required`, `Readonly`, `NonNullable`, `NoInfer`) are their first
 * argument, `Pick` and `Omit` that type's members named (or not) by their keys; `ReturnType<F>`
 * is what F returns. Owns this table; finish.ts applies
 * it to generic names that nothing in the file declares (a global name).
 */
import type { ValueExpr } from '@repograph/core';

const ARRAY_NAMES = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet', 'Iterable', 'IterableIterator']);
const MAP_NAMES = new Set(['Map', 'ReadonlyMap', 'WeakMap']);
const PROMISE_NAMES = new Set(['Promise', 'PromiseLike']);
const SAME_MEMBERS = new Set(['Partial', 'Required', 'Readonly', 'NonNullable', 'NoInfer', 'Awaited']);

/**
 * What the global generic `name` with arguments `arg(0)`, `arg(1)`... is (`keys(i)`: argument i
 * as string literal keys, when it is one or a union of them; `inReturn`: a function's declared
 * return type); null when `name` is not one of the table's (the generic is its base type).
 * `Pick`/`Omit` read the string literal keys among their keys (others, unique symbols say, name no
 * member of ours), and are unknown without one.
 */
export function libGeneric(
  name: string, arg: (index: number) => ValueExpr | undefined, keys: (index: number) => string[] | null, inReturn: boolean,
): ValueExpr | undefined | null {
  if (ARRAY_NAMES.has(name)) return { k: 'array', element: arg(0) ?? { k: 'unknown' } };
  if (MAP_NAMES.has(name)) return { k: 'array', element: arg(1) ?? { k: 'unknown' }, key: arg(0) ?? { k: 'unknown' } };
  if (name === 'Pick' || name === 'Omit') {
    const type = arg(0);
    const names = keys(1);
    return type === undefined || names === null ? undefined : { k: 'pick', type, names, omit: name === 'Omit' };
  }
  if (SAME_MEMBERS.has(name) || (inReturn && PROMISE_NAMES.has(name))) return arg(0);
  if (name === 'ReturnType') {
    const fn = arg(0);
    return fn === undefined ? undefined : { k: 'returnof', type: fn };
  }
  return null;
}
