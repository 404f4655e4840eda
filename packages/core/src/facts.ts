/**
 * FileFacts: everything extraction learns from one file, and the only thing later stages read
 * of it. Owns the shape of facts (the contract between packages/extract and packages/graph);
 * it does not own how facts are produced or bound.
 *
 * Identifiers are bound lexically inside the file by the extractor: every name in an
 * expression is already one of `decl` (a declaration of this file, including parameters and
 * locals), `import` (an import binding of this file) or `global` (free in this file). Cross-file
 * binding (packages/graph) only has to follow imports, exports and member lookups.
 */
import type { LanguageId, ReferenceKind, SymbolKind } from './kinds.js';
import type { Range } from './ranges.js';
import type { Diagnostic } from './diagnostics.js';
import type { MountFact, SurfaceFact } from './surfaces.js';

/**
 * A value or type expression, reduced to what binding needs. The extractor resolves every
 * identifier in the file's own scopes before it writes one of these.
 */
export type ValueExpr =
  /** An identifier bound to `declarations[decl]` of the same file. */
  | { k: 'decl'; decl: number }
  /** An identifier bound to `imports[imp]` of the same file. */
  | { k: 'import'; imp: number }
  /** An identifier with no binding in the file (a global, or an undeclared name). */
  | { k: 'global'; name: string }
  /**
   * `this`. `owner` is the declaration index of the class (or object-literal variable) whose
   * members `this` denotes, or -1 where it is not known (a plain `function`).
   */
  | { k: 'this'; owner: number }
  /** `super`; `owner` is the class whose base is meant. */
  | { k: 'super'; owner: number }
  /** `object.name` (also `object?.name`, `object!.name`, `object['literal']`). */
  | { k: 'member'; object: ValueExpr; name: string }
  /**
   * The value that calling `callee` returns. Go: `result` picks one result of a multi-value call
   * (`a, b := f()` gives `b` result 1); absent, the first. Python: `args`, the positional
   * arguments in order (unknown ones as `unknown`), where binding reads them: the value of an
   * assignment (`gettext_lazy = lazy(gettext, str)`).
   */
  | { k: 'call'; callee: ValueExpr; result?: number; args?: ValueExpr[] }
  /** An instance made by `new callee()`. */
  | { k: 'new'; callee: ValueExpr }
  /**
   * The element of an array-valued expression (`xs[i]`, `for (const x of xs)`). Go: with `key`,
   * the first variable of `for k := range of`: a map's key or a channel's element (a slice's
   * index has no type binding uses). Python: with `index`, that item of a tuple (`a, b = f()`
   * with `-> Tuple[A, B]` gives `b` index 1); any element where the tuple's items are not known.
   */
  | { k: 'element'; of: ValueExpr; key?: boolean; index?: number }
  /**
   * Contextual typing of a callback's parameter: the type of parameter `param` of the function
   * expected as argument `arg` (0-based) when calling `callee` (`new callee(...)` when `isNew`).
   * Written as the `init` of a parameter without an annotation, e.g. `xs.map((x) => ...)`.
   */
  | { k: 'argparam'; callee: ValueExpr; isNew: boolean; arg: number; param: number }
  /**
   * `value as type`, `<type>value`, JavaScript's `/** @type {type} *\/ (value)`: the value of
   * `value`, whose type is the type expression `type`.
   */
  | { k: 'cast'; value: ValueExpr; type: ValueExpr }
  /**
   * JS: `value` where a condition refines its type toward the type expression `type` (`x
   * instanceof C`, a type guard, `Array.isArray(x)`), or away from it (`except`, where the
   * condition failed): a union keeps the members it allows, a type that is not one is narrowed.
   */
  | { k: 'refined'; value: ValueExpr; type: ValueExpr; except: boolean }
  /**
   * JS type expressions only: what calling `callee` says of its argument `arg` (-1: of the object
   * it is called on) when it returns true: the type of its declaration's `guard`, if it has one.
   */
  | { k: 'guard'; callee: ValueExpr; arg: number }
  /**
   * A union of two or more types that are not `null`/`undefined`/`void` (JS: a member is known only
   * where every one of them gives the same declaration); as a JS `init`, one of these values (the
   * assignments of a `this.x`), typed by the union of their types. Python: any of
   * these values or types, in values too (`a if c else b`, `a or b`, `Union[A, B]`, returns that
   * differ); a call or attribute of it may reach each member's.
   */
  | { k: 'oneof'; types: ValueExpr[] }
  /** Type expressions only: `A & B`, its named parts in order (a member is the first part's that has it). */
  | { k: 'allof'; types: ValueExpr[] }
  /** Type expressions only: `typeof value` (a class's static side, a namespace object). */
  | { k: 'typeof'; value: ValueExpr }
  /** Type expressions only: what a value of the function type `type` returns (JS `ReturnType<F>`). */
  | { k: 'returnof'; type: ValueExpr }
  /** Type expressions only: JS `Pick<type, "a" | ...>` (`omit`: `Omit<...>`): `type`'s members named in `names` (all but those). */
  | { k: 'pick'; type: ValueExpr; names: string[]; omit: boolean }
  /** Type expressions only: the type of property `name` of type `object` (JS `T["name"]`). */
  | { k: 'indexed'; object: ValueExpr; name: string }
  /**
   * JS: a function's parameter typed by the function type expected where the function stands (a
   * variable's declared type, the declared return type of the function returning it, the declared
   * type of the object literal member it is): the type of parameter `param` of the type expression
   * `fn` (of the method or function-typed property `fn` names, for an `indexed` one).
   */
  | { k: 'paramof'; fn: ValueExpr; param: number }
  /**
   * Type expressions only: a function type `(a: A, b: B) => R` (a `this:` parameter omitted).
   * Go: `results` lists every result type when there are two or more (`returns` is the first).
   * JS: a type guard's `guard` (`(x: unknown) => x is T`), as DeclarationFact's.
   */
  | { k: 'fn'; params: ValueExpr[]; returns: ValueExpr; results?: ValueExpr[]; guard?: { param: number; type: ValueExpr } }
  /**
   * Type expressions only: an array-like of `element` (`T[]`, `Array<T>`, `ReadonlyArray<T>`, `Set<T>`).
   * Go: a map also has its `key` type; a channel is marked `channel`. Python: a mapping's `key`
   * type too (`Dict[K, V]`, element V); a tuple's item types in order as `items` (`Tuple[A, B]`).
   * JS: a `Map<K, V>` has its `key` type too (element V, what `get()` gives; its entries are pairs).
   */
  | { k: 'array'; element: ValueExpr; key?: ValueExpr; channel?: boolean; items?: ValueExpr[] }
  /**
   * Python: the module at an absolute dotted path, named without an import (a docstring's
   * `:rtype: pkg.mod.Class` is `member(module pkg.mod, Class)`, as jedi imports `pkg.mod` for it).
   */
  | { k: 'module'; specifier: string }
  /** Anything else (literals, arithmetic, unsupported forms). */
  | { k: 'unknown' };

/** One declared parameter of a function-like declaration. */
export interface ParameterFact {
  name: string;
  /** `x?: T` (TS), or a parameter that has a default value. */
  optional: boolean;
  hasDefault: boolean;
  /** `...rest` / `*args`. */
  variadic: boolean;
  /** Python keyword-only (after `*`) and `**kwargs`; never set for JS/TS. */
  keywordOnly?: boolean;
  keywordVariadic?: boolean;
  positionalOnly?: boolean;
  /** The annotation's source text, when there is one. */
  typeText?: string;
}

/**
 * Where a declaration lives. `module`: top level of the file (or of a namespace). `member`: a
 * class/interface/enum/object-literal member. `local`: inside a function body or block.
 * `parameter`: a parameter of a function-like.
 */
export type DeclarationScope = 'module' | 'member' | 'local' | 'parameter';

/** One declaration of the file. `parent` is an index into the same array, or -1. */
export interface DeclarationFact {
  kind: SymbolKind;
  name: string;
  /**
   * Dotted path of published containers and the name (`Foo.bar`, `ns.Inner.f`); anonymous
   * functions contribute no segment. Unique within the file up to overloads/duplicates, which
   * graph numbers `~2`, `~3` in source order.
   */
  qualifiedName: string;
  range: Range;
  /** The name's range (for overloads: the first signature's name). */
  selection: Range;
  parent: number;
  scope: DeclarationScope;
  /**
   * Whether this declaration becomes a Symbol. Module-scope and member declarations always do;
   * locals and parameters only when something in the file calls or instantiates them.
   */
  published: boolean;
  exported: boolean;
  /** `export default` of this declaration. */
  isDefault?: boolean;
  isStatic?: boolean;
  /** Set for class members declared `private`/`#name`, for later ranking. */
  isPrivate?: boolean;
  /**
   * Python: a later binding of the same name in the same module or class always replaces this
   * one (`def f` twice), so a lookup from outside the scope never reaches it.
   */
  superseded?: boolean;
  params?: ParameterFact[];
  /** One-line signature text (`name(a: A, b?: B): R`), whitespace collapsed, bounded length. */
  signature?: string;
  /** The doc comment (JSDoc / docstring) text, without comment markers. */
  doc?: string;
  /** Declared type of a variable/field/property/parameter (a type expression). */
  valueType?: ValueExpr;
  /** The initializer of a variable/field/property, when its type is inferred from it. */
  init?: ValueExpr;
  /** Declared return type of a function-like (for `await`/`Promise<T>`, the `T`). */
  returnType?: ValueExpr;
  /**
   * A type guard's predicate (`isT(x: unknown): x is T`): the parameter it speaks of (index into
   * its parameters, -1 for `this is T`) and the type a true result says it has.
   */
  guard?: { param: number; type: ValueExpr };
  /** Go: every declared result type of a function with two or more results (`returnType` is the first). */
  results?: ValueExpr[];
  /**
   * Python: `@functools.wraps(f)` on this function: the function it presents itself as (jedi,
   * the Python oracle, reports a call of the function this one is returned as at `f`).
   */
  wraps?: ValueExpr;
  /**
   * For a function-like without a declared return type: what its body returns when every
   * `return` gives the same inferable expression (for example `return new Foo()`).
   */
  returnsExpr?: ValueExpr;
  /** Class/interface heritage: `extends` targets in order (a class has at most one). */
  extendsTypes?: ValueExpr[];
  implementsTypes?: ValueExpr[];
  /** Hex hash of the AST shape of the body with identifiers and literals erased. */
  fingerprint?: string;
  /** Sorted distinct shape hashes of the branching constructs of the body. */
  branches?: string[];
  /** Named AST nodes in the declaration. */
  nodeCount?: number;
  /**
   * Go methods: the base type name of the receiver (`T` for `func (t *T[K]) M()`); the type may be
   * declared in another file of the package, so binding attaches the method by this name.
   */
  receiver?: string;
  /**
   * Java: the type arguments of the declared type (`valueType`, else `returnType`) in order
   * (`List<Foo>`: [Foo]; `Map<K, V>`: [K, V]), for element types and substitution; a class's are
   * its superclass's (`class A extends Base<Foo>`: [Foo]).
   */
  typeArguments?: ValueExpr[];
  /**
   * JS: an exported module-level constant holding a path-like string (`export const API = '/api'`,
   * a template of such constants): that string, which a route prefix written with the constant in
   * another file takes (SurfaceFact.holes).
   */
  value?: string;
}

/** How an import binding was written. */
export type ImportStyle = 'named' | 'default' | 'namespace' | 'require' | 'side-effect' | 'dynamic';

/**
 * One import binding (or a bare side-effect import). `imported` is the exported name asked for:
 * a name, `default`, or `*` for the module object (namespace import, `require()` whole).
 */
export interface ImportFact {
  specifier: string;
  style: ImportStyle;
  imported: string;
  /** The local name bound (empty for side-effect and dynamic imports). */
  local: string;
  typeOnly: boolean;
  /** Python: a later binding of `local` in the same scope always replaces this one (see DeclarationFact). */
  superseded?: boolean;
  line: number;
  column: number;
}

/**
 * One export of the file.
 * - `local`: `exported` names `value` (a declaration or an import of this file); for CommonJS
 *   `module.exports = X` the exported name is `=` (what `require()` returns).
 * - `reexport`: `export { imported as exported } from specifier`.
 * - `reexport-all`: `export * from specifier` (exported is `*`).
 * - `reexport-namespace`: `export * as exported from specifier`.
 */
export interface ExportFact {
  style: 'local' | 'reexport' | 'reexport-all' | 'reexport-namespace';
  exported: string;
  value?: ValueExpr;
  specifier?: string;
  imported?: string;
  typeOnly: boolean;
  line: number;
  column: number;
}

/** A use of a name. `target` is the expression named at the site (the callee for a call). */
export interface ReferenceFact {
  kind: ReferenceKind;
  /** The last identifier of the target (`b` in `a.b()`). */
  name: string;
  target: ValueExpr;
  /** The innermost enclosing published declaration (index), or -1 for the file itself. */
  from: number;
  /** Position of the name identifier. */
  line: number;
  column: number;
  /** Calls and `new`: positional argument count, and whether a spread argument occurs. */
  argumentCount?: number;
  hasSpread?: boolean;
  /** Python keyword argument names at a call site. */
  keywordNames?: string[];
  /** Java calls and `new`: the argument expressions in order, for choosing an overload by type. */
  args?: ValueExpr[];
}

/** The facts of one file, as extracted. */
export interface FileFacts {
  path: string;
  language: LanguageId;
  extractorVersion: number;
  /** Content-detected or path-detected generated file. */
  generated: boolean;
  /** The parser recovered from errors: what parsed is indexed, the rest is lost. */
  partial: boolean;
  lineCount: number;
  declarations: DeclarationFact[];
  imports: ImportFact[];
  exports: ExportFact[];
  references: ReferenceFact[];
  diagnostics: Diagnostic[];
  /** Go: the name in the package clause (files of a directory with the same name share a scope). */
  packageName?: string;
  /** Go: the build constraint (`//go:build` expression, else `// +build` lines joined by ` && `). */
  buildConstraint?: string;
  /** Architecture facts (endpoints, config keys, tables) in source order; absent when there are none. */
  surfaces?: SurfaceFact[];
  /** Router mounts in source order; absent when there are none. */
  mounts?: MountFact[];
}
