/**
 * What a composite type reduces to for binding, whichever syntax wrote it: TypeScript annotations
 * (types.ts walks them in the tree) and JSDoc types (jsdoc-types.ts reads them from comments) both
 * build their value expressions with these, so the binder learns the same from either. Owns the
 * reductions: a union drops `null`/`undefined`/`void` and keeps its other members, an
 * intersection keeps its named parts in order, the primitive and literal types are unknown.
 */
import { NULLISH, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';

/** Type keywords that name no declaration (`null`, `undefined` and `void` are nullish). */
export const PRIMITIVE_TYPES: ReadonlySet<string> = new Set([
  'any', 'unknown', 'never', 'string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'true', 'false',
  'this', 'null', 'undefined', 'void',
]);

/** The meaning of a primitive type keyword: nullish for `null`/`undefined`/`void`, else unknown. */
export function primitiveType(name: string): Expr {
  return name === 'null' || name === 'undefined' || name === 'void' ? NULLISH : UNKNOWN;
}

/**
 * `A | B | ...` without its nullish members: nullish when every member is, the member when one is
 * left, unknown when a member is unknown (a primitive or literal type), else the union of the
 * members (nested unions flattened). The compiler lists a union's members by type identity, not
 * as written, so which member's declaration a property access reaches is not known from the text:
 * the binder takes a member only where every constituent gives the same declaration.
 */
export function unionOf(members: readonly Expr[]): Expr {
  const types: Expr[] = [];
  for (const member of members) {
    if (member === NULLISH) continue;
    if (member === UNKNOWN) return UNKNOWN;
    if (member.k === 'oneof') types.push(...member.types);
    else types.push(member);
  }
  if (types.length === 0) return NULLISH;
  return types.length === 1 ? types[0]! : { k: 'oneof', types };
}

/**
 * `A & B & ...`: its parts in order (nested intersections flattened; a part that is unknown, an
 * object type literal say, kept in its place: a member found after it is not known to be the
 * first part's); one named part alone is that part. A member is the first part's that has it, as
 * the compiler's intersection property lists them.
 */
export function intersectionOf(parts: readonly Expr[]): Expr {
  const types: Expr[] = [];
  let named = 0;
  for (const part of parts) {
    if (part === NULLISH) continue;
    if (part.k === 'allof') {
      types.push(...part.types);
      named += part.types.filter((type) => type !== UNKNOWN).length;
    } else {
      types.push(part);
      if (part !== UNKNOWN) named++;
    }
  }
  if (named === 0) return UNKNOWN;
  return types.length === 1 ? types[0]! : { k: 'allof', types };
}
