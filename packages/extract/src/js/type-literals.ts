/**
 * Object type literals that give a declaration its members, so calls through them have targets:
 * the annotation `{ ... }` of a variable, field or property signature (its members become the
 * declaration's), and the object parts of a type alias's intersection (`type A = B & { x(): void }`
 * declares `x` on A, with B as what A extends, as `interface A extends B { x(): void }` would).
 * Owns these two shapes; each walk is hashed as visitAt hashes the nodes it replaces.
 */
import { UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { enter, kindOf, leave } from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { walkTypeMembers } from './typedecls.js';
import { intersectionOf } from './type-algebra.js';

/**
 * The type annotation under the cursor (type id `id`) of the declaration `owner`: its type, or
 * UNKNOWN when it is an object type literal, whose members are declared as `owner`'s.
 */
export function walkOwnedAnnotation(w: Walker, id: number, owner: number): Expr {
  const c = w.c;
  let type: Expr = UNKNOWN;
  enter(w, id);
  if (c.gotoFirstChild()) {
    do {
      const childId = c.nodeTypeId;
      const kind = kindOf(w, childId);
      if (kind === S.K_OBJECT_TYPE && owner >= 0) {
        enter(w, childId);
        walkTypeMembers(w, owner);
        leave(w, childId);
        w.decls[owner]!.keepsMembers = true;
        type = UNKNOWN;
      } else {
        const result = visitAt(w, childId, R_READ);
        if ((w.t.flags[childId]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) type = result;
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  return type;
}

/**
 * The intersection under the cursor (type id `id`), the value of type alias `alias`: with object
 * parts, those declare `alias`'s members and the other parts become what it extends (UNKNOWN is
 * returned); without, the intersection's type.
 */
export function walkAliasIntersection(w: Walker, id: number, alias: number): Expr {
  const parts: Expr[] = [];
  const hasObjectParts = collectParts(w, id, alias, parts);
  if (!hasObjectParts) return intersectionOf(parts);
  const named = parts.filter((part) => part !== UNKNOWN);
  if (named.length > 0) w.decls[alias]!.extendsTypes = named;
  return UNKNOWN;
}

/** Walks an intersection (nested ones flattened) into `parts`; true when an object part declared members. */
function collectParts(w: Walker, id: number, alias: number, parts: Expr[]): boolean {
  const c = w.c;
  let objects = false;
  enter(w, id);
  if (c.gotoFirstChild()) {
    do {
      const childId = c.nodeTypeId;
      const kind = kindOf(w, childId);
      if ((w.t.flags[childId]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
        visitAt(w, childId, R_READ);
      } else if (kind === S.K_INTERSECTION_TYPE) {
        if (collectParts(w, childId, alias, parts)) objects = true;
      } else if (kind === S.K_OBJECT_TYPE) {
        enter(w, childId);
        walkTypeMembers(w, alias);
        leave(w, childId);
        objects = true;
      } else {
        parts.push(visitAt(w, childId, R_READ));
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  return objects;
}
