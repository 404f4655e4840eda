/**
 * Type-level helpers of wire-twins.ts: whether two types are the same, and when they are not,
 * a type that names the difference so the compiler's message says where to look. Types only.
 */

/**
 * True when A and B are identical to the compiler: mutually assignable, and also alike in
 * which fields are optional or readonly (mutual assignability alone lets `{a?: string}` pass
 * for `{}`, so a field added on one side as optional would go unnoticed).
 */
export type Same<A, B> =
  [A] extends [B]
    ? [B] extends [A]
      ? (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
      : false
    : false;

/** The fields whose presence, optionality or type differ between two object types. */
export type DifferingFields<A, B> = {
  [K in keyof A | keyof B]:
    K extends keyof A
      ? K extends keyof B
        ? Same<Pick<A, K>, Pick<B, K>> extends true ? never : K
        : K
      : K;
}[keyof A | keyof B];

/**
 * `true` when the wire copy and its domain twin are the same type; otherwise an object type
 * naming what differs, which `true` is not assignable to.
 */
export type Twin<Wire, Domain> =
  Same<Wire, Domain> extends true
    ? true
    : [Wire] extends [readonly unknown[]]
      ? { listsDiffer: { wire: Wire; domain: Domain } }
      : [Wire] extends [object]
        ? { fieldsThatDiffer: DifferingFields<Wire, Domain> }
        : { onlyOnWire: Exclude<Wire, Domain>; onlyInDomain: Exclude<Domain, Wire> };

/** An object type without its index signatures (the named fields only). */
export type KnownFields<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K];
};
