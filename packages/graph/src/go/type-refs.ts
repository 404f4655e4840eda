/**
 * The shapes Go binding evaluates to: what an expression denotes (a declaration, a package,
 * something outside the tree) and what type a value has (a declared type, an array-like with its
 * element and map key, a function type with its results), plus the small pure rules over them
 * (which declaration kinds are types or callables, which result of a call a name receives, what
 * the first variable of a range clause gets). Owns these shapes only; evaluation lives in
 * binder.ts (values, members) and typing.ts (types).
 */
import type { DeclarationFact, ValueExpr } from '@repograph/core';
import type { FileUnit } from '../program.js';
import type { GoPackage } from './packages.js';

/** A declaration of some file. */
export interface DeclRef {
  t: 'decl';
  unit: FileUnit;
  index: number;
}

/** What an expression denotes as a value. */
export type Value = DeclRef | { t: 'package'; goPackage: GoPackage } | { t: 'external' };

/** The type of a value: a declared type, an array-like (slice, array, map, channel) or a function type. */
export type TypeRef =
  | DeclRef
  | { t: 'array'; element: TypeRef | null; key: TypeRef | null; channel: boolean }
  | { t: 'fn'; unit: FileUnit; results: ValueExpr[] };

export const TYPE_KINDS = new Set(['struct', 'interface', 'type_alias']);
export const CALLABLE_KINDS = new Set(['function', 'method']);

export function kindOf(value: { unit: FileUnit; index: number }): string {
  return value.unit.facts.declarations[value.index]!.kind;
}

/** Every declared result type of a function declaration, in order. */
export function declaredResults(declaration: DeclarationFact): ValueExpr[] {
  if (declaration.results) return declaration.results;
  return declaration.returnType ? [declaration.returnType] : [];
}

/** Every result type of a function type, in order. */
export function fnResults(fn: Extract<ValueExpr, { k: 'fn' }>): ValueExpr[] {
  return fn.results ?? (fn.returns.k === 'unknown' ? [] : [fn.returns]);
}

/**
 * What an element of a container gives: `xs[i]`, `m[k]`, `<-ch` and a range clause's second
 * variable give the element; a range clause's first variable (`key`) gives a map's key or a
 * channel's element, and nothing for a slice, an array or a string (its index is an int).
 */
export function elementOf(container: TypeRef | null, key: boolean): TypeRef | null {
  if (container?.t !== 'array') return null;
  if (!key) return container.element;
  return container.channel ? container.element : container.key;
}
