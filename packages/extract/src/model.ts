/**
 * The extractor's internal records: expressions with unresolved names, lexical scopes, and the
 * declaration/reference/import/export records the walk collects before finish.ts binds names and
 * turns them into packages/core's FileFacts. Owns these shapes and their small constructors; it
 * does no walking.
 */
import type { DeclarationScope, ParameterFact, ReferenceKind, SymbolKind } from '@repograph/core';

/** Binding namespaces: a name can denote a value and a type at once. */
export const NS_VALUE = 0;
export const NS_TYPE = 1;
/** An export list entry: the value binding if there is one, else the type binding. */
export const NS_ANY = 2;

/** Scope binding values: >= 0 a declaration index, <= -2 an import (`-2 - imp`), -1 opaque. */
export const OPAQUE = -1;
/** `res` of a name not looked up yet; FREE: looked up and unbound. */
export const UNRESOLVED = -0x40000000;
export const FREE = -0x40000001;
export function importBinding(imp: number): number {
  return -2 - imp;
}

/** One lexical scope. Maps are created on first binding. */
export class Scope {
  values: Map<string, number> | null = null;
  types: Map<string, number> | null = null;
  constructor(readonly parent: Scope | null) {}

  bind(ns: number, name: string, binding: number, replace = false): void {
    if (ns === NS_VALUE) {
      const map = this.values ?? (this.values = new Map());
      if (replace || !map.has(name)) map.set(name, binding);
    } else {
      const map = this.types ?? (this.types = new Map());
      if (replace || !map.has(name)) map.set(name, binding);
    }
  }

  /** Constraints of the type parameters bound here (`T extends C`: C), when they have one. */
  constraints: Map<string, Expr> | null = null;

  /** Binds the type parameter `name` (an opaque type) with its constraint, if any. */
  bindTypeParameter(name: string, constraint: Expr | null): void {
    this.bind(NS_TYPE, name, OPAQUE, true);
    if (constraint !== null) (this.constraints ??= new Map()).set(name, constraint);
    else this.constraints?.delete(name);
  }

  /** The constraint of the type parameter `name` seen from this scope, if it has one. */
  constraintOf(name: string): Expr | undefined {
    for (let scope: Scope | null = this; scope !== null; scope = scope.parent) {
      if (scope.types?.has(name)) return scope.constraints?.get(name);
    }
    return undefined;
  }

  /** The binding of `name` seen from this scope, or undefined when it is free. */
  lookup(ns: number, name: string): number | undefined {
    if (ns === NS_ANY) return this.lookup(NS_VALUE, name) ?? this.lookup(NS_TYPE, name);
    for (let scope: Scope | null = this; scope !== null; scope = scope.parent) {
      const map = ns === NS_VALUE ? scope.values : scope.types;
      if (map !== null) {
        const binding = map.get(name);
        if (binding !== undefined) return binding;
      }
    }
    return undefined;
  }
}

/**
 * An expression before binding. `name` is an identifier still to be looked up in `scope` (finish.ts
 * caches the result in `res`);
 * `generic` is `base<args>` (kept so `Promise<T>`, `Map<K, V>` and the utility types can be read); `deferred` is
 * filled in after the walk reaches it (destructuring patterns are seen before their initializer);
 * `nullish` marks `null`/`undefined`/`void` inside a union type. The other kinds are those of
 * packages/core's ValueExpr.
 */
export type Expr =
  | { k: 'name'; name: string; scope: Scope; ns: number; res: number }
  | { k: 'decl'; decl: number }
  | { k: 'import'; imp: number }
  | { k: 'this'; owner: number; fn: number }
  | { k: 'super'; owner: number }
  | { k: 'member'; object: Expr; name: string }
  | { k: 'call'; callee: Expr; args?: Expr[] }
  | { k: 'new'; callee: Expr }
  | { k: 'element'; of: Expr; index?: number }
  | { k: 'argparam'; callee: Expr; isNew: boolean; arg: number; param: number }
  | { k: 'typeof'; value: Expr }
  | { k: 'fn'; params: Expr[]; returns: Expr; guard?: { param: number; type: Expr } }
  | { k: 'array'; element: Expr; key?: Expr; items?: Expr[] }
  | { k: 'cast'; value: Expr; type: Expr }
  | { k: 'refined'; value: Expr; type: Expr; except: boolean }
  | { k: 'guard'; callee: Expr; arg: number }
  | { k: 'indexed'; object: Expr; name: string }
  /** A string literal type (read as a key, `Pick<T, "a">`; no value expression of its own). */
  | { k: 'literal'; text: string }
  | { k: 'paramof'; fn: Expr; param: number }
  | { k: 'oneof'; types: Expr[] }
  | { k: 'allof'; types: Expr[] }
  | { k: 'generic'; base: Expr; args: Expr[] }
  | { k: 'deferred'; e: Expr }
  | { k: 'module'; specifier: string }
  | { k: 'nullish' }
  | { k: 'unknown' };

export const UNKNOWN: Expr = { k: 'unknown' };
export const NULLISH: Expr = { k: 'nullish' };

/** A declaration as collected; finish.ts computes publication, parents and qualified names. */
export class Decl {
  name: string;
  kind: SymbolKind;
  scope: DeclarationScope;
  /** The innermost enclosing declaration (published or not), or -1. */
  container: number;
  /**
   * A prefix for the qualified name of a top-level member without a container: `module.exports`
   * for the properties of `module.exports = {...}`, `default` for those of `export default {...}`.
   */
  qualifier: string | undefined = undefined;
  start = 0;
  end = 0;
  nameStart = 0;
  nameEnd = 0;
  exported = false;
  isDefault = false;
  isStatic = false;
  isPrivate = false;
  /** Replaced by an import binding (`const x = require('y')`): never output. */
  dropped = false;
  /** Function-like: has a body, or is only a signature (overloads, abstract, interface). */
  hasBody = false;
  isAccessor = false;
  /** Some `Foo.prototype.x = ...` assigns to this function: `this` in it means its instances. */
  hasPrototypeMembers = false;
  params: ParameterFact[] | undefined = undefined;
  /**
   * A finished signature, or (when undefined) one cut from the source at finish:
   * `sigPrefix` + (the name when `sigWithName`) + text[sigFrom, sigTo) (parenthesized when `sigWrap`).
   */
  signature: string | undefined = undefined;
  sigPrefix = '';
  sigWithName = false;
  sigFrom = -1;
  sigTo = -1;
  sigWrap = false;
  /** Where the doc comment would end (start of the declaration with `export`/decorators), or -1. */
  docStart = -1;
  valueType: Expr | undefined = undefined;
  init: Expr | undefined = undefined;
  returnType: Expr | undefined = undefined;
  /** A type guard (`x is T`; `param` -1 for `this is T`): what a true result says of an argument. */
  guard: { param: number; type: Expr } | undefined = undefined;
  /** Python: the function `@functools.wraps(f)` says this one presents itself as. */
  wraps: Expr | undefined = undefined;
  /** Candidate return expressions; null when some return gives nothing inferable. */
  returns: Expr[] | null | undefined = undefined;
  extendsTypes: Expr[] | undefined = undefined;
  implementsTypes: Expr[] | undefined = undefined;
  fingerprint: string | undefined = undefined;
  /** Branch shape hashes as lane pairs (h1, h2, h1, h2, ...). */
  branches: number[] | undefined = undefined;
  nodeCount: number | undefined = undefined;
  /** A placeholder name (`export=`) that the assigned function/class expression's own name replaces. */
  takesExpressionName = false;
  /**
   * For a parameter: the function-like declaration it belongs to, or -1 when that function is
   * anonymous (a callback); -2 for declarations that are not parameters.
   */
  parameterOf = -2;
  /** For a function-like: its parameter declarations, in order. */
  parameterDecls: number[] | undefined = undefined;
  /** A variable declared without an initializer (`let x;`): its first assignment gives `init`. */
  noInitializer = false;
  /** Class/interface/object members by name (for merging accessors, overloads, `this.x`). */
  members: Map<string, number> | undefined = undefined;
  /** Its members come from an object type literal annotating it: kept whenever it is (a local's too). */
  keepsMembers = false;

  constructor(kind: SymbolKind, name: string, scope: DeclarationScope, container: number) {
    this.kind = kind;
    this.name = name;
    this.scope = scope;
    this.container = container;
  }
}

/** Reference filters applied once names are bound. */
export const KEEP_ALWAYS = 0;
/** Reads/writes: only of module-scope declarations, imports, or members of this/super/those. */
export const KEEP_IF_MODULE = 1;
/** Types: everything except type parameters. */
export const KEEP_IF_NOT_OPAQUE = 2;

export interface RefRecord {
  kind: ReferenceKind;
  name: string;
  target: Expr;
  /** Innermost enclosing declaration at the site (finish.ts moves it to a published one). */
  encl: number;
  /** Offset of the name. */
  at: number;
  keep: number;
  argumentCount: number;
  hasSpread: boolean;
}

export interface ImportRecord {
  specifier: string;
  style: 'named' | 'default' | 'namespace' | 'require' | 'side-effect' | 'dynamic';
  imported: string;
  local: string;
  typeOnly: boolean;
  at: number;
}

export interface ExportRecord {
  style: 'local' | 'reexport' | 'reexport-all' | 'reexport-namespace';
  exported: string;
  value: Expr | undefined;
  specifier: string | undefined;
  imported: string | undefined;
  typeOnly: boolean;
  at: number;
  /** `export default` of a named value: the bound declaration becomes isDefault. */
  isDefault: boolean;
}
