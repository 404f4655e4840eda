/**
 * Collection literals as values: a list or set is an array of one of its elements, a tuple (or
 * `a, b` on a right-hand side) also lists its items in order, a dict is an array of its values
 * keyed by its keys. As jedi does, a list or set literal bound to a name also holds what is later
 * added to it through that name (`xs = []` then `xs.append(x)`, `add`, `insert`, `extend`).
 * Literals whose elements stay unknown become nothing once the walk is over (`finishCollections`),
 * so an empty `[]` costs no fact. Owns these values and the additions.
 */
import { NS_VALUE, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import { R_READ, typeAt } from './state.js';
import type { PyWalker } from './state.js';
import { visit } from './visit.js';
import { oneOf } from './unions.js';

const ADDITIONS = new Set(['append', 'add', 'insert', 'appendleft', 'extend']);

/** A list, set, tuple, expression list or dict literal under the cursor (entered by visit.ts). */
export function walkCollection(w: PyWalker, type: string): Expr {
  const c = w.c;
  const values: Expr[] = [];
  const keys: Expr[] = [];
  let starred = false;
  if (c.gotoFirstChild()) {
    do {
      const childType = typeAt(w);
      if (!w.typeIsNamed || childType === 'comment') {
        visit(w, R_READ, childType);
      } else if (childType === 'pair') {
        const pair = walkPair(w);
        keys.push(pair.key);
        values.push(pair.value);
      } else {
        if (childType === 'list_splat' || childType === 'dictionary_splat') starred = true;
        values.push(visit(w, R_READ, childType));
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (type === 'tuple' || type === 'expression_list') {
    if (values.length === 0 || values.every((v) => v.k === 'unknown')) return UNKNOWN;
    return starred ? { k: 'array', element: oneOf(w, values) } : { k: 'array', element: oneOf(w, values), items: values };
  }
  if (type === 'dictionary') {
    if (values.every((v) => v.k === 'unknown')) return UNKNOWN;
    return { k: 'array', element: oneOf(w, values), key: oneOf(w, keys) };
  }
  // A list or set: what is added to it later joins its elements.
  const array: Extract<Expr, { k: 'array' }> = { k: 'array', element: UNKNOWN };
  w.collections.set(array, values);
  return array;
}

function walkPair(w: PyWalker): { key: Expr; value: Expr } {
  const c = w.c;
  let key: Expr = UNKNOWN;
  let value: Expr = UNKNOWN;
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      const result = visit(w, R_READ);
      if (field === 'key') key = result;
      else if (field === 'value') value = result;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return { key, value };
}

/** Whether a callee is `name.append` (add, insert, appendleft, extend): its arguments are kept. */
export function isAddition(callee: Expr): boolean {
  return callee.k === 'member' && callee.object.k === 'name' && ADDITIONS.has(callee.name);
}

/**
 * A call `name.append(x)` (or add, insert, extend) on a name bound to a list or set literal:
 * `args` are the call's positional argument values.
 */
export function noteAddition(w: PyWalker, callee: Expr, args: Expr[]): void {
  if (callee.k !== 'member' || !ADDITIONS.has(callee.name) || callee.object.k !== 'name') return;
  const binding = w.scope.lookup(NS_VALUE, callee.object.name);
  if (binding === undefined || binding < 0) return;
  let init = w.decls[binding]!.init;
  while (init?.k === 'deferred') init = init.e;
  const values = init === undefined ? undefined : w.collections.get(init);
  if (values === undefined) return;
  const added = callee.name === 'insert' ? args[1] : callee.name === 'extend' ? (args[0] ? { k: 'element', of: args[0] } as Expr : undefined) : args[0];
  if (added !== undefined && added.k !== 'unknown') values.push(added);
}

/** Gives each list or set literal its elements; one with none known becomes nothing. */
export function finishCollections(w: PyWalker): void {
  for (const [array, values] of w.collections) {
    const element = oneOf(w, values);
    if (element.k === 'unknown' || element.k === 'nullish') {
      const target = array as unknown as { k: string; e?: Expr; element?: Expr };
      delete target.element;
      target.k = 'deferred';
      target.e = UNKNOWN;
    } else {
      (array as Extract<Expr, { k: 'array' }>).element = element;
    }
  }
}
