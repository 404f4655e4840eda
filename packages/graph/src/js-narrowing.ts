/**
 * The algebra of the compiler's narrowing, over the JS binder's types: narrowing toward a type
 * keeps a union's members that are of it (none: the type itself) and keeps another type that is
 * of it, else gives the type; narrowing away from a type drops a union's members of it. "Of it"
 * is the same declaration or one it extends or implements; arrays are arrays. Owns these rules;
 * the binder decides what a condition narrows toward (js-binder.ts's refinedType).
 */
import type { ValueExpr } from '@repograph/core';
import type { FileUnit } from './program.js';
import type { TypeRef } from './js-type-ref.js';

/** What the subtype test needs of the binder: the type of a base and its depth limit. */
export interface Bases {
  exceeded(depth: number): boolean;
  typeOfBase(unit: FileUnit, base: ValueExpr, depth: number): TypeRef | null;
}

/** `declared` narrowed toward `toward` (null: a type not known, so nothing is). */
export function towardType(declared: TypeRef | null, toward: TypeRef | null, bases: Bases, depth: number): TypeRef | null {
  if (toward === null) return null;
  if (declared?.t === 'oneof') {
    const kept = declared.types.filter((member) => isSubtype(member, toward, bases, depth + 1));
    return kept.length === 0 ? toward : kept.length === 1 ? kept[0]! : { t: 'oneof', types: kept };
  }
  return declared !== null && isSubtype(declared, toward, bases, depth + 1) ? declared : toward;
}

/** `declared` narrowed away from `type`: a union without its members of that type; another type as it is. */
export function withoutType(declared: TypeRef | null, type: TypeRef | null, bases: Bases, depth: number): TypeRef | null {
  if (declared === null || type === null || declared.t !== 'oneof') return declared;
  const kept = declared.types.filter((member) => !isSubtype(member, type, bases, depth + 1));
  return kept.length === 0 ? null : kept.length === 1 ? kept[0]! : { t: 'oneof', types: kept };
}

/** Whether values of type `a` are of type `b` (see the header). */
export function isSubtype(a: TypeRef, b: TypeRef, bases: Bases, depth: number, seen = new Set<string>()): boolean {
  if (a.t === 'array' || b.t === 'array') return a.t === 'array' && b.t === 'array' && !a.map === !b.map;
  if (a.t !== 'decl' || b.t !== 'decl' || bases.exceeded(depth)) return false;
  if (a.unit === b.unit && a.index === b.index) return true;
  const key = `${a.unit.path}\0${a.index}`;
  if (seen.has(key)) return false;
  seen.add(key);
  const declaration = a.unit.facts.declarations[a.index]!;
  for (const base of [...(declaration.extendsTypes ?? []), ...(declaration.implementsTypes ?? [])]) {
    const baseType = bases.typeOfBase(a.unit, base, depth + 1);
    if (baseType !== null && isSubtype(baseType, b, bases, depth + 1, seen)) return true;
  }
  return false;
}
