/**
 * Destructuring patterns: collecting the names a pattern binds (with the property path from the
 * destructured value to each name), and building the value expression of each bound name from the
 * initializer (`const {a: {b}} = x` gives `b` the value `x.a.b`; array elements give
 * `{k:'element'}`). Owns pattern traversal; declaring the names is the caller's job.
 */
import { KEEP_IF_MODULE, NS_VALUE, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { addRef, enter, foldLeaf, kindOf, leave, stringContent } from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, R_WRITE, visitAt } from './visit.js';

/** One path step: a property name, or ELEMENT for an array position. */
export const ELEMENT = 0;
export type PathStep = string | typeof ELEMENT;

/** A name bound by a pattern. `path` is null under a rest element (value unknown). */
export interface BindingTarget {
  name: string;
  start: number;
  end: number;
  path: PathStep[] | null;
}

/** Collects the names bound by the pattern under the cursor (type id `id`); defaults are read. */
export function collectPattern(w: Walker, id: number, path: PathStep[] | null, targets: BindingTarget[]): void {
  const c = w.c;
  const kind = kindOf(w, id);
  switch (kind) {
    case S.K_IDENT:
    case S.K_SHORTHAND_PATTERN: {
      foldLeaf(w, id);
      const start = c.startIndex;
      const end = c.endIndex;
      const name = w.text.slice(start, end);
      const targetPath = kind === S.K_SHORTHAND_PATTERN && path !== null ? [...path, name] : path;
      if (name !== '') targets.push({ name, start, end, path: targetPath });
      return;
    }
    case S.K_OBJECT_PATTERN:
    case S.K_ARRAY_PATTERN:
    case S.K_REST_PATTERN:
    case S.K_ASSIGNMENT_PATTERN:
    case S.K_OBJECT_ASSIGNMENT_PATTERN:
    case S.K_PAIR_PATTERN:
      break;
    default:
      visitAt(w, id, R_WRITE);
      return;
  }
  enter(w, id);
  if (c.gotoFirstChild()) {
    let seenLeft = false;
    let key: string | null = null;
    do {
      const childId = c.nodeTypeId;
      const childKind = kindOf(w, childId);
      const named = (w.t.flags[childId]! & S.F_NAMED) !== 0 && childKind !== S.K_COMMENT;
      if (!named) {
        visitAt(w, childId, R_READ);
        continue;
      }
      switch (kind) {
        case S.K_OBJECT_PATTERN:
          collectPattern(w, childId, path, targets);
          break;
        case S.K_ARRAY_PATTERN:
          collectPattern(w, childId, path === null ? null : [...path, ELEMENT], targets);
          break;
        case S.K_REST_PATTERN:
          collectPattern(w, childId, null, targets);
          break;
        case S.K_ASSIGNMENT_PATTERN:
        case S.K_OBJECT_ASSIGNMENT_PATTERN:
          if (!seenLeft) {
            seenLeft = true;
            collectPattern(w, childId, path, targets);
          } else {
            visitAt(w, childId, R_READ);
          }
          break;
        case S.K_PAIR_PATTERN:
          if (!seenLeft) {
            seenLeft = true;
            if (childKind === S.K_PROPERTY_IDENT || childKind === S.K_STRING || childKind === S.K_NUMBER) {
              const start = c.startIndex;
              key = stringContent(w.text, start, c.endIndex);
              foldLeaf(w, childId);
            } else {
              visitAt(w, childId, R_READ);
            }
          } else {
            collectPattern(w, childId, path === null || key === null ? null : [...path, key], targets);
          }
          break;
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
}

/** The value of a bound name: `base` followed along `path`. */
export function valueAlong(base: Expr, path: PathStep[] | null): Expr {
  if (path === null || base === UNKNOWN) return UNKNOWN;
  let value = base;
  for (const step of path) value = step === ELEMENT ? { k: 'element', of: value } : { k: 'member', object: value, name: step };
  return value;
}

/** An assignment pattern (`[a, b] = c`, `({a} = o)`): every bound name is written. */
export function writePattern(w: Walker, id: number): void {
  const targets: BindingTarget[] = [];
  collectPattern(w, id, [], targets);
  for (const target of targets) {
    addRef(w, 'write', target.name, { k: 'name', name: target.name, scope: w.scope, ns: NS_VALUE, res: UNRESOLVED }, target.start, KEEP_IF_MODULE);
  }
}
