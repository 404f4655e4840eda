/**
 * Small questions every rule asks of one symbol: which kind family it belongs to, what its id's
 * parts are (path, overload suffix), whether two parameter lists declare the same thing, and the
 * code-unit string order every output list is sorted by. Owns these helpers; it reads nothing
 * from a graph side.
 */
import type { ParameterFact, SymbolKind } from '@repograph/core';

/** Kinds whose body is code that can be called and fingerprinted. */
const FUNCTION_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['function', 'method', 'constructor']);

/** Kinds that hold members (a rename of one of these carries its members along). */
const CONTAINER_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>([
  'class', 'interface', 'struct', 'enum', 'trait', 'union', 'namespace', 'module',
]);

/** Kinds whose calls construct an instance (the constructor's parameters apply). */
const CLASS_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['class', 'struct']);

/** A function, method or constructor. */
export function isFunctionKind(kind: SymbolKind): boolean {
  return FUNCTION_KINDS.has(kind);
}

/** A class, struct, interface, enum, trait, union, namespace or module. */
export function isContainerKind(kind: SymbolKind): boolean {
  return CONTAINER_KINDS.has(kind);
}

/** A class or struct. */
export function isClassKind(kind: SymbolKind): boolean {
  return CLASS_KINDS.has(kind);
}

const OVERLOAD_SUFFIX = /~\d+$/;

/** The id without its repeat suffix (`a.ts#f~2` -> `a.ts#f`). */
export function baseId(id: string): string {
  return id.replace(OVERLOAD_SUFFIX, '');
}

/** True when the id carries a repeat suffix (`~2`, `~3`, ...). */
export function hasRepeatSuffix(id: string): boolean {
  return OVERLOAD_SUFFIX.test(id);
}

/** The path part of a symbol id (a file's own id is its path). */
export function pathOfId(id: string): string {
  const hash = id.indexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}

/** Code-unit string order (locale-free, so every machine sorts alike). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted copy without repeats. */
export function sortedUnique(values: Iterable<string>): string[] {
  if (Array.isArray(values) && isStrictlySorted(values)) return values.slice();
  return [...new Set(values)].sort(compareText);
}

function isStrictlySorted(values: readonly string[]): boolean {
  for (let index = 1; index < values.length; index++) if (!(values[index - 1]! < values[index]!)) return false;
  return true;
}

/**
 * True when two parameter lists declare the same parameters: same count, and per position the
 * same name, optional, hasDefault, variadic, keywordOnly, keywordVariadic and positionalOnly.
 * The annotation text does not count. Two absent lists are equal; absent and present are not.
 */
export function sameParameters(a: ParameterFact[] | undefined, b: ParameterFact[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    const left = a[index]!;
    const right = b[index]!;
    if (
      left.name !== right.name ||
      left.optional !== right.optional ||
      left.hasDefault !== right.hasDefault ||
      left.variadic !== right.variadic ||
      (left.keywordOnly ?? false) !== (right.keywordOnly ?? false) ||
      (left.keywordVariadic ?? false) !== (right.keywordVariadic ?? false) ||
      (left.positionalOnly ?? false) !== (right.positionalOnly ?? false)
    ) {
      return false;
    }
  }
  return true;
}
