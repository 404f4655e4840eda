/**
 * Expressions whose value binding reads beyond a name or call: `a if c else b` (one of the
 * two), `a or b` (as jedi reads it), comprehensions (their own scope; a `for` target is an element of what it
 * iterates, and a list/set comprehension or generator is an array of its body's value), and
 * `typing.cast(T, x)` (x with the type T). Each handler is entered with the cursor on its node
 * (visit.ts has entered it) and walks every child in order. Owns these handlers.
 */
import { UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import { R_READ, enter, leave, namedAt, nodeText, pushScope, typeAt } from './state.js';
import type { PyWalker } from './state.js';
import { visit } from './visit.js';
import { declareTargets } from './statements.js';
import { oneOf } from './unions.js';
import { typeOfNode } from './types.js';

/** `a if c else b`: one of `a` and `b`. */
export function walkConditional(w: PyWalker): Expr {
  const c = w.c;
  const values: Expr[] = [];
  let named = 0;
  if (c.gotoFirstChild()) {
    do {
      const isValue = typeAt(w) !== 'comment' && w.typeIsNamed;
      const value = visit(w, R_READ);
      // The named children are the value, the condition and the alternative.
      if (isValue && named++ !== 1) values.push(value);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return oneOf(w, values);
}

/**
 * `a or b`: what jedi infers, `a`'s value unless `a` is plainly falsy (`None`, `False`, `0`, an
 * empty literal), then `b`'s; `a and b` and `not a` give nothing binding uses.
 */
export function walkBoolean(w: PyWalker): Expr {
  const c = w.c;
  let left: Expr = UNKNOWN;
  let right: Expr = UNKNOWN;
  let leftFalsy = false;
  let isOr = false;
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      if (field === 'operator') isOr = typeAt(w) === 'or';
      if (field === 'left') leftFalsy = FALSY.test(nodeText(w));
      const value = visit(w, R_READ);
      if (field === 'left') left = value;
      else if (field === 'right') right = value;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (!isOr) return UNKNOWN;
  return leftFalsy ? right : left;
}

const FALSY = /^(?:None|False|0|""|''|\[\s*\]|\{\s*\}|\(\s*\))$/;

/** A comprehension in its own scope; the value of a list/set comprehension or generator. */
export function walkComprehension(w: PyWalker, type: string): Expr {
  const saved = pushScope(w, false, false);
  const c = w.c;
  let body: Expr = UNKNOWN;
  if (c.gotoFirstChild()) {
    do {
      if (typeAt(w) === 'for_in_clause') {
        enter(w, 'for_in_clause');
        const iterable: Extract<Expr, { k: 'deferred' }> = { k: 'deferred', e: UNKNOWN };
        if (c.gotoFirstChild()) {
          do {
            const field = c.currentFieldName;
            if (field === 'left') declareTargets(w, { k: 'element', of: iterable });
            else if (field === 'right') {
              w.argumentsAt = c.startIndex;
              iterable.e = visit(w, R_READ);
              keepArguments(w, iterable.e);
            }
            else visit(w, R_READ);
          } while (c.gotoNextSibling());
          c.gotoParent();
        }
        leave(w, 'for_in_clause');
      } else if (c.currentFieldName === 'body') {
        body = visit(w, R_READ);
      } else {
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.scope = saved;
  if (type === 'dictionary_comprehension' || body.k === 'unknown') return UNKNOWN;
  return { k: 'array', element: body };
}

/**
 * The arguments of `typing.cast(T, x)` (the cursor on the argument_list, not entered): the value
 * `x` typed `T`. Returns the positional argument count.
 */
export function walkCastArguments(w: PyWalker, into: { value: Expr; type: Expr }): number {
  const c = w.c;
  let count = 0;
  enter(w, 'argument_list');
  if (c.gotoFirstChild()) {
    do {
      if (!namedAt(w) || typeAt(w) === 'comment') {
        visit(w, R_READ);
        continue;
      }
      const type = typeAt(w);
      if (type === 'keyword_argument' || type === 'list_splat' || type === 'dictionary_splat') {
        visit(w, R_READ);
        continue;
      }
      if (count === 0) into.type = typeOfNode(w);
      else if (count === 1) into.value = visit(w, R_READ);
      else visit(w, R_READ);
      count++;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, 'argument_list');
  return count;
}

/**
 * The value of an assignment that is a call keeps its positional arguments in the facts (`gettext_lazy = lazy(gettext, str)`: the binder maps the function it returns back to
 * an argument); calls whose arguments are all unknown keep none.
 */
export function keepArguments(w: PyWalker, value: Expr): void {
  let e = value;
  while (e.k === 'deferred') e = e.e;
  if (e.k !== 'call') return;
  const args = w.callArgs.get(e);
  if (args === undefined || args.every((a) => a.k === 'unknown')) return;
  e.args = args;
}
