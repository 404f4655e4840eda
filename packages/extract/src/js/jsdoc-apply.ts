/**
 * What JSDoc tells the walk of a JavaScript file, applied the way the TypeScript compiler reads
 * it: `@typedef {T} Name` and `@callback Name` declare type aliases where the comment stands
 * (exported from the file when at its top level; `@typedef {import("x").Y} Name` is a type-only
 * import, re-exported), `@typedef {Object} Name` with `@property {T} x`
 * lines declares an object type whose members are symbols; a function's comment gives its
 * parameters (`@param {T} name`, by position for a destructured one), return type (`@returns`),
 * `this` (`@this`), type parameters (`@template`, opaque names) or all of them at once
 * (`@type {function type}`); `@type {T}` gives a variable, field, property or `this.x` its type,
 * and `/** @type {T} *\/ (expr)` casts. Owns these rules; the comment syntax is jsdoc.ts's and the
 * brace contents jsdoc-types.ts's.
 */
import { NS_TYPE, Scope, UNKNOWN, importBinding } from '../model.js';
import type { Expr } from '../model.js';
import { newDecl } from './walker.js';
import type { Walker } from './walker.js';
import { addExport, addImport } from './modules.js';
import { docAt, tagsOf } from './jsdoc.js';
import type { DocTag, JsDoc } from './jsdoc.js';
import { readDocType } from './jsdoc-types.js';

/** The walker's hook for every tagged comment of a JavaScript file: remembered (its tags read), typedefs declared. */
export function noteDoc(w: Walker, start: number, end: number): void {
  const doc: JsDoc = {
    start, end, scope: w.scope, topLevel: w.inFunction === 0 && w.nsDepth === 0, tags: null,
    settled: false, castLike: false, hasTemplate: false,
  };
  let typedefs = false;
  for (const tag of tagsOf(w.text, doc)) {
    const name = tag.tag;
    if (name === 'type' || name === 'satisfies') doc.castLike = true;
    else if (name === 'template') doc.hasTemplate = true;
    else if (name === 'typedef' || name === 'callback') typedefs = true;
  }
  w.lastDoc = doc;
  if (typedefs) declareTypedefs(w, doc);
}

/**
 * The tagged comment that ends right before `anchor` (only blanks and comments between), or null.
 * A comment found belongs to that declaration: no later anonymous node can own it (it is settled).
 */
export function docBefore(w: Walker, anchor: number): JsDoc | null {
  const doc = anchor < 0 ? null : docAt(w.text, w.lastDoc, anchor);
  if (doc !== null) doc.settled = true;
  return doc;
}

/** One `@param` of a function's comment. */
export interface DocParam {
  type: Expr;
  optional: boolean;
  /** `@param {T} name.key` lines: the types of the parameter's properties (what destructuring binds). */
  properties?: Map<string, DocParam>;
}

/** What a function's comment gives it. */
export interface FunctionDoc {
  /** Top-level `@param` tags by name, and in order (a destructured parameter takes its position's). */
  byName: Map<string, DocParam>;
  inOrder: DocParam[];
  /** `@returns {T}`: the type, UNKNOWN when unknown; null when the comment declares none. */
  returns: Expr | null;
  /** `@returns {this}`: the body's `return this` still types the call. */
  returnsThis: boolean;
  /** `@this {T}`. */
  thisType: Expr;
  /** `@type {T}` that is not a function type (a getter's value type), else UNKNOWN. */
  type: Expr;
}

/** Binds each `@template` name of `tags` as a type parameter in `scope` (`@template {C} T`: constrained by C). */
function bindTemplates(w: Walker, tags: readonly DocTag[], scope: Scope): void {
  for (const tag of tags) {
    if (tag.tag !== 'template' || tag.name === '') continue;
    const constraint = tag.typeStart >= 0 ? readDocType(w, tag.typeStart, tag.typeEnd, scope) : UNKNOWN;
    for (const name of tag.name.split(',')) {
      const trimmed = name.trim();
      if (trimmed !== '') scope.bindTypeParameter(trimmed, constraint === UNKNOWN ? null : constraint);
    }
  }
}

/** A function's comment, read with names in `fnScope` (where its `@template` names are bound). */
export function functionDoc(w: Walker, doc: JsDoc, fnScope: Scope): FunctionDoc {
  const tags = tagsOf(w.text, doc);
  if (doc.hasTemplate) bindTemplates(w, tags, fnScope);
  const result: FunctionDoc = { byName: new Map(), inOrder: [], returns: null, returnsThis: false, thisType: UNKNOWN, type: UNKNOWN };
  for (const tag of tags) {
    switch (tag.tag) {
      case 'param': case 'arg': case 'argument': {
        if (tag.name === '') break;
        const type = readDocType(w, tag.typeStart, tag.typeEnd, fnScope);
        const optional = tag.optional || (tag.typeEnd > tag.typeStart && w.text.charCodeAt(tag.typeEnd - 1) === 61);
        const param: DocParam = { type, optional };
        const path = tag.name.split('.');
        if (path.length === 1) {
          result.byName.set(tag.name, param);
          result.inOrder.push(param);
          break;
        }
        let owner = result.byName.get(path[0]!);
        for (let i = 1; owner !== undefined && i < path.length - 1; i++) owner = owner.properties?.get(path[i]!);
        if (owner !== undefined) (owner.properties ??= new Map()).set(path[path.length - 1]!, param);
        break;
      }
      case 'returns': case 'return':
        if (tag.typeStart < 0) break;
        if (w.text.slice(tag.typeStart, tag.typeEnd).trim() === 'this') result.returnsThis = true;
        else result.returns = readDocType(w, tag.typeStart, tag.typeEnd, fnScope);
        break;
      case 'this':
        result.thisType = readDocType(w, tag.typeStart, tag.typeEnd, fnScope);
        break;
      case 'type': {
        // `@type {(a: A) => R}` on a function gives its parameters and result.
        const type = readDocType(w, tag.typeStart, tag.typeEnd, fnScope);
        if (type.k !== 'fn') {
          result.type = type;
          break;
        }
        type.params.forEach((param) => result.inOrder.push({ type: param, optional: false }));
        if (result.returns === null) result.returns = type.returns;
        break;
      }
      case 'typedef': case 'callback':
        // What follows belongs to the type being defined.
        return result;
      default:
        break;
    }
  }
  return result;
}

/** The documented property of a parameter along a destructuring path (`{ a: { b } }`: a, b), if any. */
export function docProperty(param: DocParam, path: readonly (string | number)[]): DocParam | undefined {
  let at: DocParam | undefined = param;
  for (const step of path) {
    if (typeof step !== 'string') return undefined;
    at = at?.properties?.get(step);
  }
  return at === param ? undefined : at;
}

/** What a function's comment says of the parameter `name` at `position`, if anything. */
export function docParameter(fn: FunctionDoc, name: string, position: number, isPattern: boolean): DocParam | undefined {
  return isPattern ? fn.inOrder[position] : fn.byName.get(name) ?? (fn.byName.size === 0 ? fn.inOrder[position] : undefined);
}

/** `@type {T}` of a declaration's comment (UNKNOWN when there is none), names looked up in `scope`. */
export function declaredType(w: Walker, doc: JsDoc | null, scope: Scope): Expr {
  if (doc === null) return UNKNOWN;
  for (const tag of tagsOf(w.text, doc)) {
    if (tag.tag === 'type') return readDocType(w, tag.typeStart, tag.typeEnd, scope);
    if (tag.tag === 'typedef' || tag.tag === 'callback') break;
  }
  return UNKNOWN;
}

/** A class's comment: its `@template` names are opaque types in the class scope. */
export function applyClassDoc(w: Walker, doc: JsDoc, classScope: Scope): void {
  if (doc.hasTemplate) bindTemplates(w, tagsOf(w.text, doc), classScope);
}

/**
 * `/** @type {T} *\/ (expr)`: the cast type when the last tagged comment is a cast comment that
 * ends right before the parenthesized expression at `start` (read only while one is pending).
 */
export function castBefore(w: Walker, start: number): Expr {
  const doc = w.lastDoc;
  if (doc === null) return UNKNOWN;
  doc.settled = true;
  if (docAt(w.text, doc, start) === null) return UNKNOWN;
  return declaredType(w, doc, w.scope);
}

/** Declares the `@typedef`s and `@callback`s of a comment (see the header). */
function declareTypedefs(w: Walker, doc: JsDoc): void {
  const tags = tagsOf(w.text, doc);
  const bindScope = doc.topLevel ? w.moduleScope : w.fnScope;
  let scope = doc.scope;
  if (tags.some((tag) => tag.tag === 'template')) {
    scope = new Scope(doc.scope);
    bindTemplates(w, tags, scope);
  }
  for (let i = 0; i < tags.length; i++) {
    const tag = tags[i]!;
    if ((tag.tag !== 'typedef' && tag.tag !== 'callback') || tag.name === '' || tag.name.includes('.')) continue;
    let end = i + 1;
    while (end < tags.length && tags[end]!.tag !== 'typedef' && tags[end]!.tag !== 'callback') end++;
    if (tag.tag === 'typedef' && declareImportTypedef(w, tag, bindScope, doc.topLevel)) {
      i = end - 1;
      continue;
    }
    const decl = newDecl(w, 'type_alias', tag.name, doc.topLevel ? 'module' : 'local', doc.start, doc.end,
      tag.nameAt, tag.nameAt + tag.name.length);
    const d = w.decls[decl]!;
    if (doc.topLevel) d.container = -1;
    d.signature = `type ${tag.name}`;
    if (tag.tag === 'callback') {
      d.valueType = callbackType(w, tags.slice(i + 1, end), scope);
    } else {
      const typeText = tag.typeStart < 0 ? 'object' : w.text.slice(tag.typeStart, tag.typeEnd).trim();
      if (typeText === 'Object' || typeText === 'object') declareProperties(w, decl, tags.slice(i + 1, end), scope);
      else d.valueType = readDocType(w, tag.typeStart, tag.typeEnd, scope);
    }
    bindScope.bind(NS_TYPE, tag.name, decl);
    if (doc.topLevel) {
      d.exported = true;
      addExport(w, 'local', tag.name, { k: 'decl', decl }, tag.nameAt, undefined, undefined, true);
    }
    i = end - 1;
  }
}

/** `import("x")` or `import("x").Y` as the whole type text: the specifier and the name (`*` for the module). */
const IMPORT_TYPE = /^\s*import\s*\(\s*(['"])([^'"]*)\1\s*\)\s*(?:\.\s*([A-Za-z_$][\w$]*)\s*)?$/;

/**
 * `@typedef {import("x")} N` and `@typedef {import("x").Y} N` are imports written in a comment
 * (`import type N = require("x")`, `import type { Y as N } from "x"`): a type-only import binding,
 * re-exported as the compiler exports a module's typedefs, not a declaration of its own.
 */
function declareImportTypedef(w: Walker, tag: DocTag, bindScope: Scope, topLevel: boolean): boolean {
  if (tag.typeStart < 0) return false;
  const match = IMPORT_TYPE.exec(w.text.slice(tag.typeStart, tag.typeEnd));
  if (match === null) return false;
  const specifierAt = w.text.indexOf(match[1]!, tag.typeStart);
  const imported = match[3] ?? '*';
  const imp = addImport(w, match[2]!, imported === '*' ? 'namespace' : 'named', imported, tag.name, true, specifierAt);
  bindScope.bind(NS_TYPE, tag.name, importBinding(imp));
  if (topLevel) addExport(w, 'local', tag.name, { k: 'import', imp }, tag.nameAt, undefined, undefined, true);
  return true;
}

/** `@callback Name` with its `@param`/`@returns` lines: a function type. */
function callbackType(w: Walker, tags: readonly DocTag[], scope: Scope): Expr {
  const params: Expr[] = [];
  let returns: Expr = UNKNOWN;
  for (const tag of tags) {
    if ((tag.tag === 'param' || tag.tag === 'arg' || tag.tag === 'argument') && tag.name !== '' && !tag.name.includes('.')) {
      params.push(readDocType(w, tag.typeStart, tag.typeEnd, scope));
    } else if (tag.tag === 'returns' || tag.tag === 'return') {
      returns = readDocType(w, tag.typeStart, tag.typeEnd, scope);
    }
  }
  return { k: 'fn', params, returns };
}

/** The `@property {T} name` lines of an object typedef: its member declarations. */
function declareProperties(w: Walker, owner: number, tags: readonly DocTag[], scope: Scope): void {
  const o = w.decls[owner]!;
  for (const tag of tags) {
    if ((tag.tag !== 'property' && tag.tag !== 'prop') || tag.name === '' || tag.name.includes('.')) continue;
    const decl = newDecl(w, 'property', tag.name, 'member', tag.nameAt, tag.nameAt + tag.name.length,
      tag.nameAt, tag.nameAt + tag.name.length);
    const d = w.decls[decl]!;
    d.container = owner;
    d.signature = tag.name;
    const type = readDocType(w, tag.typeStart, tag.typeEnd, scope);
    if (type !== UNKNOWN) d.valueType = type;
    (o.members ??= new Map()).set(tag.name, decl);
  }
}
