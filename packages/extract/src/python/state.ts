/**
 * The walk state of one Python file and its primitive operations: the tree cursor, the text, the
 * collected records (the shared record shapes of ../model.ts, handed to ../finish.ts as its
 * WalkRecords, so they are bound and published as the JS family's are), the lexical context (scope, enclosing declaration, enclosing
 * class, flow frame), what the passes after the walk settle (every binding and use of a name,
 * list literals, call arguments, `oneof` values), the fingerprint hash stack, and helpers to
 * record declarations and references. Owns
 * no grammar knowledge beyond node type names; the handlers live in statements.ts,
 * definitions.ts and expressions.ts.
 *
 * Python scoping on top of ../model.ts's Scope: one namespace (NS_VALUE), names are looked up
 * after the walk (so a name bound anywhere in a scope is local to all of it, as in Python), class
 * bodies are scopes that nested functions skip, `global`/`nonlocal` redirect bindings.
 */
import type Parser from 'tree-sitter';
import type { DeclarationScope, ReferenceKind, SymbolKind } from '@repograph/core';
import { Decl, NS_VALUE, Scope, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr, ExportRecord, ImportRecord, RefRecord } from '../model.js';
import { finish, fold1, fold2, tokenHash1, tokenHash2 } from '../fingerprint.js';
import type { WalkRecords } from '../finish.js';
import type { OverloadRun } from './overloads.js';
import type { BindEvent, NameUse } from './bindings.js';
import type { FlowFrame } from './flow.js';
import type { PySurfaces } from './surfaces.js';

/** Nesting deeper than this is hashed as a leaf and not walked (keeps the JS stack safe). */
export const MAX_DEPTH = 800;

/** How a node's value is used where it occurs. */
export const R_READ = 0;
export const R_CALLEE = 1;
export const R_WRITE = 2;
export const R_OBJECT = 3;
export const R_TYPE = 4;

/** Node types whose text is erased from fingerprints (all share one token hash). */
const ERASED = new Set(['identifier', 'string', 'integer', 'float', 'true', 'false', 'none', 'string_content', 'concatenated_string']);
/** Node types that count as branches for the branch set. */
const BRANCHING = new Set([
  'if_statement', 'elif_clause', 'else_clause', 'for_statement', 'while_statement', 'try_statement',
  'except_clause', 'with_statement', 'match_statement', 'case_clause', 'conditional_expression',
  'boolean_operator', 'for_in_clause', 'if_clause',
]);
const ERASED_H1 = tokenHash1('<id>');
const ERASED_H2 = tokenHash2('<id>');

/** Token hashes per node type name, named and anonymous (shared by every walk of this thread). */
const namedHashes = new Map<string, [number, number]>();
const tokenHashes = new Map<string, [number, number]>();
function hashesOf(type: string, named: boolean): [number, number] {
  const cache = named ? namedHashes : tokenHashes;
  let pair = cache.get(type);
  if (pair === undefined) {
    const key = named ? type : `"${type}"`;
    pair = named && ERASED.has(type) ? [ERASED_H1, ERASED_H2] : [tokenHash1(key), tokenHash2(key)];
    cache.set(type, pair);
  }
  return pair;
}

/**
 * Node type names and named flags by grammar type id, learned on first sight: one native call
 * (`nodeTypeId`) per lookup instead of building the type string and asking for the flag.
 */
const typeNames: string[] = [];
const typeNamed: boolean[] = [];
function learn(c: Parser.TreeCursor, id: number): string {
  const name = c.nodeType;
  typeNames[id] = name;
  typeNamed[id] = c.nodeIsNamed;
  return name;
}

/** A `self`/`cls` binding: the first parameter of a method denotes the class. */
export interface SelfBinding {
  owner: number;
}

/** Per-scope extras Python needs beyond ../model.ts's Scope. */
export interface ScopeInfo {
  isClass: boolean;
  /** A function or lambda body (not a class body or comprehension). */
  isFunction: boolean;
  /** Names declared `global` in this scope. */
  globals: Set<string> | null;
  /** Names declared `nonlocal` in this scope. */
  nonlocals: Set<string> | null;
  /** The first parameter of a method (`self`/`cls`) and the class it denotes. */
  selfName: string | null;
  selfOwner: number;
}

/** The walk state of one Python file (see the header). */
export class PyWalker implements WalkRecords {
  readonly decls: Decl[] = [];
  readonly refs: RefRecord[] = [];
  readonly imports: ImportRecord[] = [];
  readonly exports: ExportRecord[] = [];
  /** Comments are not used for Python docs (docstrings are); kept for ../finish.ts. */
  readonly comments: number[] = [];
  readonly moduleScope = new Scope(null);
  scope: Scope = this.moduleScope;
  readonly info = new Map<Scope, ScopeInfo>();
  currentDecl = -1;
  /** The class whose body (or method body) is being walked, or -1. */
  classDecl = -1;
  /** The method being walked is `__init__`-like: `self.x = v` declares `x`. */
  inFunction = 0;
  /** Return expressions of the function being walked (null: some return is not inferable). */
  returns: Expr[] | null | undefined = undefined;
  /** Docstrings by declaration index (finished into `doc` after ../finish.ts). */
  readonly docs = new Map<number, string>();
  /** Keyword argument names of call references, by the call reference's name offset. */
  readonly keywordNames = new Map<number, string[]>();
  /** Every binding of each name, by scope (bindings.ts). */
  readonly events = new Map<Scope, Map<string, BindEvent[]>>();
  /** The first positional argument values of calls (values.ts `keepArguments` puts them in facts where binding reads them). */
  readonly callArgs = new Map<Expr, Expr[]>();
  /** Parameters whose default is a literal True/False/None, by declaration index, as condition statuses (branches.ts). */
  readonly literalDefaults = new Map<number, number>();
  /** Start of the call whose positional arguments the walk keeps next (visit.ts walkCall). */
  argumentsAt = -1;
  /**
   * Where the assignment (or walrus) being walked starts and ends, for its targets' declaration
   * ranges (statements.ts); 0 and 0 outside one. Per file: a module-level pair outlived its file
   * (a walrus left its end set), and a later file's loop targets took that end as their own.
   */
  statementStart = 0;
  statementEnd = 0;
  /** List and set literals with their elements so far (collections.ts). */
  readonly collections = new Map<Expr, Expr[]>();
  /** The `oneof` values made (unions.ts prunes them once names are bound). */
  readonly unions: Expr[] = [];
  /** Uses of names, for bindings.ts to pick the bindings each sees. */
  readonly uses: NameUse[] = [];
  /** The innermost flow frame the walk is in (flow.ts). */
  flow: FlowFrame | null = null;
  /** Declarations and imports no use from outside their scope sees (bindings.ts). */
  readonly supersededDecls = new Set<number>();
  readonly supersededImports = new Set<number>();
  /** `__all__` was assigned a list of strings at module level. */
  hasAll = false;
  /** Architecture facts found so far (surfaces.ts), null until the first. */
  surfaces: PySurfaces | null = null;
  /** The run of `@overload` stubs the next `def` of that name continues (overloads.ts). */
  overloadRun: OverloadRun | null = null;
  /** Hash stack for fingerprints. */
  readonly h1 = new Int32Array(MAX_DEPTH + 8);
  readonly h2 = new Int32Array(MAX_DEPTH + 8);
  hd = 0;
  lastH1 = 0;
  lastH2 = 0;
  named = 0;
  readonly branchSinks: number[][] = [];
  truncated = false;
  /** Whether the node whose type `typeAt` read last is named. */
  typeIsNamed = false;

  constructor(readonly c: Parser.TreeCursor, readonly text: string) {
    this.info.set(this.moduleScope, { isClass: false, isFunction: false, globals: null, nonlocals: null, selfName: null, selfOwner: -1 });
  }
}

/** Folds a leaf into the current hash accumulator. */
export function foldLeaf(w: PyWalker, type: string, named: boolean): void {
  const [t1, t2] = hashesOf(type, named);
  const d = w.hd;
  w.h1[d] = fold1(w.h1[d]!, t1);
  w.h2[d] = fold2(w.h2[d]!, t2);
  w.lastH1 = t1;
  w.lastH2 = t2;
  if (named) w.named++;
}

/** Opens the hash accumulator of an inner node. */
export function enter(w: PyWalker, type: string): void {
  const [t1, t2] = hashesOf(type, true);
  const d = ++w.hd;
  w.h1[d] = t1;
  w.h2[d] = t2;
  w.named++;
}

/** Closes an inner node's accumulator and folds it into its parent; records branch shapes. */
export function leave(w: PyWalker, type: string): void {
  const d = w.hd--;
  const f1 = finish(w.h1[d]!);
  const f2 = finish(w.h2[d]!);
  w.h1[d - 1] = fold1(w.h1[d - 1]!, f1);
  w.h2[d - 1] = fold2(w.h2[d - 1]!, f2);
  w.lastH1 = f1;
  w.lastH2 = f2;
  if (BRANCHING.has(type)) for (const sink of w.branchSinks) sink.push(f1, f2);
}

/** The type of the node under the cursor (a call, so TypeScript does not narrow it across moves). */
export function typeAt(w: PyWalker): string {
  const id = w.c.nodeTypeId;
  const name = typeNames[id] ?? learn(w.c, id);
  w.typeIsNamed = typeNamed[id]!;
  return name;
}

/** Whether the node under the cursor is named (not an anonymous token). */
export function namedAt(w: PyWalker): boolean {
  const id = w.c.nodeTypeId;
  if (typeNames[id] === undefined) learn(w.c, id);
  return typeNamed[id]!;
}

/** Text of the node under the cursor. */
export function nodeText(w: PyWalker): string {
  return w.text.slice(w.c.startIndex, w.c.endIndex);
}

/** Opens a scope below the current one (a function scope skips enclosing class scopes). */
export function pushScope(w: PyWalker, isClass: boolean, isFunction: boolean): Scope {
  const saved = w.scope;
  let parent = saved;
  if (isFunction) while (w.info.get(parent)?.isClass && parent.parent) parent = parent.parent;
  w.scope = new Scope(parent);
  w.info.set(w.scope, { isClass, isFunction, globals: null, nonlocals: null, selfName: null, selfOwner: -1 });
  return saved;
}

/** Where a declaration made in the current scope lives. */
export function declScope(w: PyWalker): DeclarationScope {
  if (w.scope === w.moduleScope) return 'module';
  return w.info.get(w.scope)?.isClass ? 'member' : 'local';
}

/** Records a declaration; its container is the current declaration. */
export function newDecl(
  w: PyWalker, kind: SymbolKind, name: string, scope: DeclarationScope,
  start: number, end: number, nameStart: number, nameEnd: number, container = w.currentDecl,
): number {
  const decl = new Decl(kind, name, scope, container);
  decl.start = start;
  decl.end = end;
  decl.nameStart = nameStart;
  decl.nameEnd = nameEnd;
  w.decls.push(decl);
  return w.decls.length - 1;
}

/** Binds `name` in the scope an assignment in the current scope binds it (honouring global/nonlocal). */
export function bindingScope(w: PyWalker, name: string): Scope | null {
  const info = w.info.get(w.scope);
  if (info?.globals?.has(name)) return w.moduleScope;
  if (info?.nonlocals?.has(name)) return null;
  return w.scope;
}

/** The declaration `name` is bound to directly in `scope`, or undefined. */
export function boundHere(scope: Scope, name: string): number | undefined {
  return scope.values?.get(name);
}

/** Records a reference from the current declaration. */
export function addRef(
  w: PyWalker, kind: ReferenceKind, name: string, target: Expr, at: number, keep: number,
  argumentCount = -1, hasSpread = false,
): void {
  if (name === '' || target === UNKNOWN) return;
  w.refs.push({ kind, name, target, encl: w.currentDecl, at, keep, argumentCount, hasSpread });
}

/**
 * An identifier: `self`/`cls` of the enclosing method, or a name looked up after the walk. With
 * `at`, a use whose visible bindings bindings.ts decides.
 */
export function nameExpr(w: PyWalker, name: string, at = -1, role = R_READ): Expr {
  for (let scope: Scope | null = w.scope; scope !== null; scope = scope.parent) {
    const info = w.info.get(scope);
    if (info?.selfName === name) return { k: 'this', owner: info.selfOwner, fn: -1 };
    if (scope.values?.has(name)) break;
  }
  const expr: Extract<Expr, { k: 'name' }> = { k: 'name', name, scope: w.scope, ns: NS_VALUE, res: UNRESOLVED };
  if (at >= 0) w.uses.push({ expr, at, frame: w.flow, scope: w.scope, role });
  return expr;
}

/** True for names conventionally constant (`MAX_SIZE`, `DEBUG`). */
export function isConstantName(name: string): boolean {
  return /^_*[A-Z][A-Z0-9_]*$/.test(name);
}
