/**
 * The types the JS-family binder gives values (js-binder.ts evaluates them): a declaration whose
 * members a value has, an array-like or a Map, a function type, a union, an intersection, a
 * `Pick`/`Omit` of a type; and what binding asks of declarations' kinds. Owns these shapes and
 * their comparison; no evaluation.
 */
import type { DeclarationFact, ValueExpr } from '@repograph/core';
import type { FileUnit } from './program.js';

/**
 * The type of a value: a declaration whose members the value has (`instance` false for a class's
 * static side or a namespace), an array-like of an element type, a function type, or a union or
 * intersection of those.
 */
export type TypeRef =
  | { t: 'decl'; unit: FileUnit; index: number; instance: boolean }
  /** An array-like of `element`; `map`: a Map, whose `get()` gives an element (its entries are pairs). */
  | { t: 'array'; element: TypeRef | null; map?: boolean }
  | { t: 'fn'; unit: FileUnit; params: ValueExpr[]; returns: ValueExpr; guard?: { param: number; type: ValueExpr } }
  /** A union: a member is known where every constituent gives the same declaration. */
  | { t: 'oneof'; types: TypeRef[] }
  /** An intersection: a member is the first part's that has it (none past a part of unknown type, null). */
  | { t: 'allof'; types: Array<TypeRef | null> }
  /** `Pick<T, K>` / `Omit<T, K>`: T's members named in `names` (all but those). */
  | { t: 'pick'; type: TypeRef; names: ReadonlySet<string>; omit: boolean };
export type DeclType = Extract<TypeRef, { t: 'decl' }>;

/** Kinds whose members a value of theirs has. */
export const CONTAINER_KINDS = new Set(['class', 'interface', 'enum', 'namespace', 'module', 'struct', 'trait']);
export const CALLABLE_KINDS = new Set(['function', 'method', 'constructor']);
/** Declarations that hold a value, whose declared type (when they have one) gives their members. */
export const VALUE_KINDS = new Set(['variable', 'constant', 'property', 'parameter', 'field']);

export function isClassLike(declaration: DeclarationFact): boolean {
  return declaration.kind === 'class' || declaration.kind === 'interface' || declaration.kind === 'enum' ||
    declaration.kind === 'struct' || declaration.kind === 'trait';
}

export function hasMembers(unit: FileUnit, index: number): boolean {
  return (unit.members.get(index)?.size ?? 0) > 0;
}

/** Whether two types are the same declaration's (or the same in structure, for arrays). */
export function sameType(a: TypeRef, b: TypeRef): boolean {
  if (a.t === 'decl' && b.t === 'decl') return a.unit === b.unit && a.index === b.index && a.instance === b.instance;
  if (a.t === 'array' && b.t === 'array') return a.element === null || b.element === null ? a.element === b.element : sameType(a.element, b.element);
  return false;
}

