/**
 * The walk state of one file and its primitive operations: the tree cursor, the text, the
 * collected records, the lexical context (scope, enclosing declaration, `this` owner), the
 * fingerprint hash stack, and helpers to read node text, open scopes, record declarations and
 * references. Owns no grammar knowledge beyond the tables in syntax.ts; the handlers live in
 * visit.ts and the modules it dispatches to.
 *
 * Performance contract: every native call on the cursor costs about as much as parsing a node,
 * so handlers read `startIndex`/`endIndex` only for nodes whose text or position they need, and
 * never create SyntaxNode objects.
 */
import type Parser from 'tree-sitter';
import type { DeclarationScope, ReferenceKind, SymbolKind } from '@repograph/core';
import { Decl, Scope, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr, ExportRecord, ImportRecord, RefRecord } from '../model.js';
import { F_BRANCH, F_LEAF, F_NAMED, learnType } from './syntax.js';
import type { GrammarTables } from './syntax.js';
import type { ArgumentContext } from './functions.js';
import { finish, fold1, fold2 } from '../fingerprint.js';
import type { WalkRecords } from '../finish.js';
import type { JsDoc } from './jsdoc.js';
import { isTaggedComment } from './jsdoc.js';
import type { FunctionDoc } from './jsdoc-apply.js';
import type { Refinement } from './narrowing.js';
import type { SurfaceCollector } from './surfaces.js';

/** Nesting deeper than this is hashed as a leaf and not walked (keeps the JS stack safe). */
export const MAX_DEPTH = 1000;

/** Hash stacks, shared by every walk of this thread (a walk never re-enters). */
const sharedH1 = new Int32Array(MAX_DEPTH + 8);
const sharedH2 = new Int32Array(MAX_DEPTH + 8);

/** What an `export` keyword in front of the declaration being visited asks for. */
export const EXPORT_NONE = 0;
export const EXPORT_NAMED = 1;
export const EXPORT_DEFAULT = 2;

/** The return statements of the function being walked. */
export interface ReturnCollector {
  exprs: Expr[];
  /** A bare `return;` or a return of an unknown expression was seen. */
  invalid: boolean;
}

/** One `this.x = value` in a constructor or method, declared as a property when the class ends. */
export interface ThisAssignment {
  name: string;
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
  /** The assigned value; NULLISH for `null`/`undefined`. */
  init: Expr;
  /** The type its JSDoc `@type {T}` gives (JavaScript), else UNKNOWN. */
  valueType: Expr;
  inConstructor: boolean;
}

/** The last overload-able signature seen, for merging `f(): A; f(): B; f() {}`. */
export interface LastSignature {
  name: string;
  decl: number;
  container: number;
  scope: Scope;
  isStatic: boolean;
  end: number;
}

/** The walk state of one JS-family file (see the header). */
export class Walker implements WalkRecords {
  readonly decls: Decl[] = [];
  readonly refs: RefRecord[] = [];
  readonly imports: ImportRecord[] = [];
  readonly exports: ExportRecord[] = [];
  /** Start and end offsets of every comment, in document order. */
  readonly comments: number[] = [];
  readonly moduleScope = new Scope(null);
  scope: Scope = this.moduleScope;
  /** Where `var` and function declarations go. */
  fnScope: Scope = this.moduleScope;
  currentDecl = -1;
  thisOwner = -1;
  /** The plain function `this` belongs to (for ES5 constructor functions), or -1. */
  thisFn = -1;
  /** `this` is the class `thisOwner` itself, not an instance (static methods, fields and blocks). */
  thisStatic = false;
  /** The declared type of `this` (`this: T` parameter, `@this {T}`) when T is no class or interface of the file. */
  thisType: Expr | null = null;
  superOwner = -1;
  /** The last `this` expression made (reused while the owner stays the same; expressions are immutable). */
  thisExpr: { k: 'this'; owner: number; fn: number } | null = null;
  inFunction = 0;
  /** The class whose constructor is being walked (arrow functions inside included), or -1. */
  ctorClass = -1;
  /** The class whose (non-static) method is being walked (arrow functions inside included), or -1. */
  methodClass = -1;
  /** `this.x = value` assignments seen in the constructor and methods of the current class. */
  thisAssignments: ThisAssignment[] = [];
  returns: ReturnCollector | null = null;
  /** Open branch collectors (pairs of hash lanes) of the function-likes being walked. */
  readonly branchSinks: number[][] = [];
  readonly h1 = sharedH1;
  readonly h2 = sharedH2;
  hd = 0;
  lastH1 = 0;
  lastH2 = 0;
  named = 0;
  branchHere = false;
  /** The last name seen by an expression handler and its offset (the site of a call). */
  lastName = '';
  lastSite = -1;
  /** The type of the last `x as T` / `<T>x` visited. */
  lastAsType: Expr | null = null;
  /** The import created by the last `require('x')` / `import('x')`, or -1. */
  lastRequire = -1;
  /** Start of the `export`/decorator wrapper around the declaration about to be visited. */
  wrapStart = -1;
  exporting = EXPORT_NONE;
  /** The expression statement's call is the whole statement (a bare `require('x')`). */
  bareCall = false;
  lastSignature: LastSignature | null = null;
  /** The declaration created last by a declaration handler. */
  lastDeclared = -1;
  truncated = false;
  /** Set by a call's argument list right before visiting a function-valued argument. */
  pendingArgument: ArgumentContext | null = null;
  /** The expression statement's assignment is the whole statement. */
  statementAssignment = false;
  /** Depth of namespace / `declare module` bodies (their exports are not the file's). */
  nsDepth = 0;
  /** The scope whose declarations are module-scope: the file's, or the current namespace body's. */
  topScope: Scope = this.moduleScope;
  /**
   * JavaScript files: called for every `/**` comment holding an `@` (jsdoc-apply.ts's noteDoc);
   * null for TypeScript, whose JSDoc types the compiler ignores.
   */
  onTaggedComment: ((w: Walker, start: number, end: number) => void) | null = null;
  /** Candidates for architecture facts (surfaces.ts), made on the first one. */
  surfaces: SurfaceCollector | null = null;
  /** The last tagged comment seen (JavaScript files), or null. */
  lastDoc: JsDoc | null = null;
  /** What the comment of the function whose parameters are being walked gives them, or null. */
  docParams: FunctionDoc | null = null;
  /** The type-only imports that JSDoc `import("x")` types made, by specifier. */
  typeImports: Map<string, number> | null = null;
  /** Names refined by the conditions around the node being walked (narrowing.ts), innermost last. */
  readonly refinements: Refinement[] = [];
  /** Set by an `if` whose consequent always leaves the block: what the rest of the block knows. */
  exitRefinements: Refinement[] | null = null;
  /** The block walked last ended with a statement that leaves it (`return`, `throw`, ...). */
  blockExits = false;
  /** The declared return type of the function whose body is being walked (for the functions it returns), or null. */
  expectedReturn: Expr | null = null;
  /** Set right before visiting a function expression whose expected type is this (see FunctionSite.expected). */
  pendingExpected: Expr | null = null;
  /** Set right before walking an object literal whose declared type is this (its members' expected types). */
  objectExpected: Expr | null = null;
  /** Asks the next call's argument list to keep its arguments' values in `lastArguments`. */
  wantArguments = false;
  lastArguments: Expr[] | null = null;

  constructor(
    readonly c: Parser.TreeCursor,
    readonly text: string,
    readonly t: GrammarTables,
    readonly isTypeScript: boolean,
  ) {}
}

/** The kind of the node under the cursor, whose type id is `id`. */
export function kindOf(w: Walker, id: number): number {
  const kind = w.t.kind[id]!;
  return kind >= 0 ? kind : learnType(w.t, w.c, id);
}

/** Folds a leaf (or a subtree not walked) into the current hash accumulator. */
export function foldLeaf(w: Walker, id: number): void {
  const d = w.hd;
  const t = w.t;
  w.h1[d] = fold1(w.h1[d]!, t.h1[id]!);
  w.h2[d] = fold2(w.h2[d]!, t.h2[id]!);
  w.lastH1 = t.h1[id]!;
  w.lastH2 = t.h2[id]!;
  if (t.flags[id]! & F_NAMED) w.named++;
}

/** Opens the hash accumulator of an inner node. */
export function enter(w: Walker, id: number): void {
  const d = ++w.hd;
  w.h1[d] = w.t.h1[id]!;
  w.h2[d] = w.t.h2[id]!;
  if (w.t.flags[id]! & F_NAMED) w.named++;
}

/** Closes an inner node's accumulator, folds it into its parent, records branch shapes. */
export function leave(w: Walker, id: number): void {
  const d = w.hd--;
  const f1 = finish(w.h1[d]!);
  const f2 = finish(w.h2[d]!);
  w.h1[d - 1] = fold1(w.h1[d - 1]!, f1);
  w.h2[d - 1] = fold2(w.h2[d - 1]!, f2);
  w.lastH1 = f1;
  w.lastH2 = f2;
  if ((w.t.flags[id]! & F_BRANCH) !== 0 || w.branchHere) {
    w.branchHere = false;
    const sinks = w.branchSinks;
    for (let i = 0; i < sinks.length; i++) sinks[i]!.push(f1, f2);
  }
}

/** Walks the subtree under the cursor for its hash and node count only. */
export function quiet(w: Walker, id: number): void {
  const kind = kindOf(w, id);
  const flags = w.t.flags[id]!;
  if ((flags & F_LEAF) !== 0 || w.hd >= MAX_DEPTH) {
    if (kind === 2 /* K_COMMENT */) return;
    foldLeaf(w, id);
    return;
  }
  enter(w, id);
  const c = w.c;
  if (c.gotoFirstChild()) {
    do quiet(w, c.nodeTypeId); while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
}

/**
 * End of the identifier starting at `start` (saves a native `endIndex` call): ASCII identifier
 * characters, `#` first, `\u` escapes, and any non-ASCII character that is not a space.
 */
export function identifierEnd(text: string, start: number): number {
  let i = start;
  if (text.charCodeAt(i) === 35) i++;
  const length = text.length;
  while (i < length) {
    const ch = text.charCodeAt(i);
    if ((ch >= 97 && ch <= 122) || (ch >= 65 && ch <= 90) || (ch >= 48 && ch <= 57) || ch === 95 || ch === 36) {
      i++;
    } else if (ch >= 128) {
      if (ch === 0xa0 || ch === 0xfeff || ch === 0x1680 || (ch >= 0x2000 && ch <= 0x200a) || ch === 0x2028 ||
          ch === 0x2029 || ch === 0x202f || ch === 0x205f || ch === 0x3000) break;
      i++;
    } else if (ch === 92 && text.charCodeAt(i + 1) === 117) {
      if (text.charCodeAt(i + 2) === 123) {
        const close = text.indexOf('}', i);
        i = close < 0 ? length : close + 1;
      } else {
        i += 6;
      }
    } else {
      break;
    }
  }
  return Math.min(i, length);
}

/** End of the word (keyword) at `start`, for naming an anonymous default export by its keyword. */
export function wordEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && /[\w$]/.test(text[i]!)) i++;
  return i > start ? i : Math.min(start + 1, text.length);
}

/** Text of the node under the cursor. */
export function nodeText(w: Walker): string {
  return w.text.slice(w.c.startIndex, w.c.endIndex);
}

/** The content of a string literal node (quotes removed, escapes kept as written). */
export function stringContent(text: string, start: number, end: number): string {
  if (end - start >= 2) {
    const quote = text.charCodeAt(start);
    if ((quote === 39 || quote === 34 || quote === 96) && text.charCodeAt(end - 1) === quote) {
      return text.slice(start + 1, end - 1);
    }
  }
  return text.slice(start, end);
}

/** Where a declaration bound in `scope` (default: the current scope) lives. */
export function statementScope(w: Walker, scope: Scope = w.scope): DeclarationScope {
  return w.inFunction === 0 && scope === w.topScope ? 'module' : 'local';
}

/** Records a declaration; its container is the current declaration. */
export function newDecl(
  w: Walker, kind: SymbolKind, name: string, scope: DeclarationScope,
  start: number, end: number, nameStart: number, nameEnd: number,
): number {
  const decl = new Decl(kind, name, scope, w.currentDecl);
  decl.start = start;
  decl.end = end;
  decl.nameStart = nameStart;
  decl.nameEnd = nameEnd;
  w.decls.push(decl);
  w.lastDeclared = w.decls.length - 1;
  return w.decls.length - 1;
}

/** Records a reference from the current declaration. */
export function addRef(
  w: Walker, kind: ReferenceKind, name: string, target: Expr, at: number, keep: number,
  argumentCount = -1, hasSpread = false,
): void {
  if (name === '' || target === UNKNOWN) return;
  w.refs.push({ kind, name, target, encl: w.currentDecl, at, keep, argumentCount, hasSpread });
}

/** An unresolved identifier in the current scope. */
export function nameRef(w: Walker, name: string, ns: number): Expr {
  return { k: 'name', name, scope: w.scope, ns, res: UNRESOLVED };
}

export function pushScope(w: Walker): Scope {
  const saved = w.scope;
  w.scope = new Scope(saved);
  return saved;
}

/** Records the comment under the cursor (its offsets), for doc comments. */
export function recordComment(w: Walker): void {
  const start = w.c.startIndex;
  const end = w.c.endIndex;
  w.comments.push(start, end);
  if (w.onTaggedComment !== null && isTaggedComment(w.text, start, end)) w.onTaggedComment(w, start, end);
}
