/**
 * What calls on containers give, where typeshed's generics give jedi an element type: a
 * mapping's `get`/`pop`/`setdefault` its values, `values()`/`keys()`/`items()` arrays of its
 * values, keys and (key, value) pairs, a list's `pop()` an element, `copy()` the same container;
 * and the builtins that iterate their argument: `enumerate(xs)` pairs (index, element),
 * `zip(a, b)` tuples of their elements, `sorted`/`list`/`reversed`/`tuple`/`set`/`frozenset`/
 * `iter` arrays of its elements, `next(it)` an element. Owns these rules; binder.ts types the
 * receivers and arguments.
 */
import type { ValueExpr } from '@repograph/core';
import type { TypeRef } from './binder.js';

type Array = Extract<TypeRef, { t: 'array' }>;

/** The type of `container.method()` for a container type, or undefined where it gives nothing known. */
export function containerMethod(container: Array, method: string): TypeRef | null | undefined {
  switch (method) {
    case 'get': case 'pop': case 'setdefault': case '__getitem__': return container.element;
    case 'copy': return container;
    case 'values': return { t: 'array', element: container.element };
    case 'keys': return container.key === undefined ? undefined : { t: 'array', element: container.key };
    case 'items': {
      if (container.key === undefined) return undefined;
      const pair: TypeRef = { t: 'array', element: container.element, items: [container.key, container.element] };
      return { t: 'array', element: pair };
    }
    default: return undefined;
  }
}

const ITERATING = new Set(['sorted', 'list', 'reversed', 'tuple', 'set', 'frozenset', 'iter']);
export const BUILTIN_CALLS = new Set([...ITERATING, 'enumerate', 'zip', 'next']);

/** The type of a builtin call from its arguments' types (`typeOf` of each), or null. */
export function builtinCall(name: string, args: ValueExpr[], typeOf: (arg: ValueExpr) => TypeRef | null): TypeRef | null {
  const elementOf = (arg: ValueExpr | undefined): TypeRef | null => {
    const type = arg === undefined ? null : typeOf(arg);
    return type?.t === 'array' ? type.element : null;
  };
  if (ITERATING.has(name)) {
    const element = elementOf(args[0]);
    return element ? { t: 'array', element } : null;
  }
  if (name === 'next') return elementOf(args[0]);
  if (name === 'enumerate') {
    const element = elementOf(args[0]);
    return element ? { t: 'array', element: { t: 'array', element, items: [null, element] } } : null;
  }
  if (name === 'zip') {
    const items = args.map(elementOf);
    if (items.every((item) => item === null)) return null;
    return { t: 'array', element: { t: 'array', element: items.find((item) => item !== null) ?? null, items } };
  }
  return null;
}
