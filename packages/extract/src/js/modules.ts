/**
 * ES module syntax: `import` statements (default, named, namespace, side-effect, type-only,
 * `import x = require()`), `export` statements (declarations, default, lists, re-exports,
 * `export *`, `export * as ns`, `export =`), and `import A = N.M` aliases. Owns the import and
 * export records and the import bindings of the file's scopes. CommonJS `require()` calls are
 * recognized in expressions.ts and `module.exports`/`exports.x` in assignments.ts; both record
 * through `addImport`/`addExport` here.
 */
import { NS_ANY, NS_TYPE, NS_VALUE, UNKNOWN, UNRESOLVED, importBinding } from '../model.js';
import type { Expr, ImportRecord } from '../model.js';
import * as S from './syntax.js';
import {
  EXPORT_DEFAULT, EXPORT_NAMED, EXPORT_NONE, foldLeaf, kindOf, newDecl, quiet, statementScope,
  stringContent,
} from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { FORM_ARROW, FORM_EXPRESSION, anonymousSite, walkFunction } from './functions.js';
import { walkClass } from './classes.js';
import { MODE_MEMBERS, walkObject } from './objects.js';
import { oneLine } from '../docs.js';

/** Records an import; returns its index. */
export function addImport(
  w: Walker, specifier: string, style: ImportRecord['style'], imported: string, local: string,
  typeOnly: boolean, at: number,
): number {
  w.imports.push({ specifier, style, imported, local, typeOnly, at });
  return w.imports.length - 1;
}

/** Records an export of the file. */
export function addExport(
  w: Walker, style: 'local' | 'reexport' | 'reexport-all' | 'reexport-namespace', exported: string,
  value: Expr | undefined, at: number, specifier?: string, imported?: string, typeOnly = false, isDefault = false,
): void {
  w.exports.push({ style, exported, value, specifier, imported, typeOnly, at, isDefault });
}

interface PendingImport {
  style: ImportRecord['style'];
  imported: string;
  local: string;
  typeOnly: boolean;
  at: number;
}

/** The type name of an id (learning it first when unseen). */
function nameOf(w: Walker, id: number): string {
  kindOf(w, id);
  return w.t.names[id]!;
}

/** An `import` statement (never inside a function, so nothing in it is hashed). */
export function walkImport(w: Walker): void {
  const c = w.c;
  let typeOnly = false;
  let specifier: string | null = null;
  let specifierAt = -1;
  const pending: PendingImport[] = [];
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    const name = w.t.names[id];
    if (kind === S.K_TOKEN) {
      if (name === 'type' || name === 'typeof') typeOnly = true;
    } else if (kind === S.K_STRING) {
      specifierAt = c.startIndex;
      specifier = stringContent(w.text, specifierAt, c.endIndex);
    } else if (name === 'import_clause') {
      walkImportClause(w, pending, typeOnly);
    } else if (name === 'import_require_clause') {
      const required = walkRequireClause(w, pending);
      if (required !== null) {
        specifier = required.specifier;
        specifierAt = required.at;
      }
    } else if (kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  if (specifier === null) return;
  if (pending.length === 0) {
    addImport(w, specifier, 'side-effect', '', '', typeOnly, specifierAt);
    return;
  }
  for (const entry of pending) {
    const imp = addImport(w, specifier, entry.style, entry.imported, entry.local, typeOnly || entry.typeOnly, entry.at);
    w.scope.bind(NS_VALUE, entry.local, importBinding(imp), true);
    w.scope.bind(NS_TYPE, entry.local, importBinding(imp), true);
  }
}

/** `a, { b as c, type d }`, `* as ns` of an import statement. */
function walkImportClause(w: Walker, pending: PendingImport[], typeOnly: boolean): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    const name = w.t.names[id];
    if (kind === S.K_IDENT) {
      const at = c.startIndex;
      pending.push({ style: 'default', imported: 'default', local: w.text.slice(at, c.endIndex), typeOnly, at });
    } else if (name === 'namespace_import') {
      c.gotoFirstChild();
      do {
        if (kindOf(w, c.nodeTypeId) === S.K_IDENT) {
          const at = c.startIndex;
          pending.push({ style: 'namespace', imported: '*', local: w.text.slice(at, c.endIndex), typeOnly, at });
        }
      } while (c.gotoNextSibling());
      c.gotoParent();
    } else if (name === 'named_imports') {
      c.gotoFirstChild();
      do {
        if (nameOf(w, c.nodeTypeId) === 'import_specifier') {
          const entry = walkSpecifier(w);
          if (entry !== null) {
            pending.push({
              style: 'named', imported: entry.name, local: entry.alias ?? entry.name,
              typeOnly: entry.typeOnly, at: entry.aliasAt >= 0 ? entry.aliasAt : entry.nameAt,
            });
          }
        }
      } while (c.gotoNextSibling());
      c.gotoParent();
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** `x = require('y')` of `import x = require('y')`; returns the specifier. */
function walkRequireClause(w: Walker, pending: PendingImport[]): { specifier: string; at: number } | null {
  const c = w.c;
  let required: { specifier: string; at: number } | null = null;
  if (!c.gotoFirstChild()) return null;
  do {
    const kind = kindOf(w, c.nodeTypeId);
    if (kind === S.K_IDENT) {
      const at = c.startIndex;
      pending.push({ style: 'require', imported: '*', local: w.text.slice(at, c.endIndex), typeOnly: false, at });
    } else if (kind === S.K_STRING) {
      const at = c.startIndex;
      required = { specifier: stringContent(w.text, at, c.endIndex), at };
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  return required;
}

interface Specifier {
  name: string;
  alias: string | null;
  nameAt: number;
  aliasAt: number;
  typeOnly: boolean;
}

/** One `name as alias` of an import or export list (`type` marks it type-only). */
function walkSpecifier(w: Walker): Specifier | null {
  const c = w.c;
  let name: string | null = null;
  let alias: string | null = null;
  let nameAt = -1;
  let aliasAt = -1;
  let typeOnly = false;
  if (!c.gotoFirstChild()) return null;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TOKEN && w.t.names[id] === 'type' && name === null) typeOnly = true;
    // `{ default as x }`: `default` is a keyword token, not an identifier.
    if (kind === S.K_TOKEN && w.t.names[id] === 'default') {
      if (name === null) {
        name = 'default';
        nameAt = c.startIndex;
      } else {
        alias = 'default';
        aliasAt = c.startIndex;
      }
    }
    if (kind === S.K_IDENT || kind === S.K_STRING || kind === S.K_TYPE_IDENT || kind === S.K_PROPERTY_IDENT) {
      const at = c.startIndex;
      const text = kind === S.K_STRING ? stringContent(w.text, at, c.endIndex) : w.text.slice(at, c.endIndex);
      if (name === null) {
        name = text;
        nameAt = at;
      } else {
        alias = text;
        aliasAt = at;
      }
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  return name === null ? null : { name, alias, nameAt, aliasAt, typeOnly };
}

/** An `export` statement. */
export function walkExport(w: Walker): void {
  const c = w.c;
  const start = c.startIndex;
  let isDefault = false;
  let isEquals = false;
  let afterFrom = false;
  let typeOnly = false;
  let globalNamespace = false;
  let starAt = -1;
  let specifier: string | null = null;
  let namespaceExport: { name: string; at: number } | null = null;
  const list: Specifier[] = [];
  let decoratorRefs = -1;
  const topLevel = w.nsDepth === 0;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    const name = w.t.names[id];
    if (globalNamespace) continue;
    if (kind === S.K_TOKEN) {
      if (name === 'default') isDefault = true;
      else if (name === 'type') typeOnly = true;
      else if (name === '*') starAt = c.startIndex;
      else if (name === '=') isEquals = true;
      else if (name === 'from') afterFrom = true;
      else if (name === 'namespace') globalNamespace = true;
      foldLeaf(w, id);
    } else if (kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
    } else if (kind === S.K_DECORATOR) {
      if (decoratorRefs < 0) decoratorRefs = w.refs.length;
      visitAt(w, id, R_READ);
    } else if (afterFrom && kind === S.K_STRING) {
      specifier = stringContent(w.text, c.startIndex, c.endIndex);
      foldLeaf(w, id);
    } else if (kind === S.K_EXPORT_CLAUSE) {
      if (c.gotoFirstChild()) {
        do {
          if (nameOf(w, c.nodeTypeId) === 'export_specifier') {
            const entry = walkSpecifier(w);
            if (entry !== null) list.push(entry);
          }
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
    } else if (name === 'namespace_export') {
      if (c.gotoFirstChild()) {
        do {
          const childKind = kindOf(w, c.nodeTypeId);
          if (childKind === S.K_IDENT || childKind === S.K_STRING) {
            const at = c.startIndex;
            const text = childKind === S.K_STRING ? stringContent(w.text, at, c.endIndex) : w.text.slice(at, c.endIndex);
            namespaceExport = { name: text, at };
          }
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
    } else if (isDefault || isEquals) {
      walkExportedValue(w, id, kind, { isDefault, start, topLevel, decoratorRefs });
    } else if (kind === S.K_CLASS_DECL) {
      w.exporting = EXPORT_NAMED;
      w.wrapStart = start;
      const refsBefore = w.refs.length;
      const decl = walkClass(w, id, -1, true);
      patchRefs(w, decoratorRefs, refsBefore, decl);
    } else {
      // A declaration: its handler consumes `exporting` and records the export.
      w.exporting = EXPORT_NAMED;
      w.wrapStart = start;
      visitAt(w, id, R_READ);
    }
    w.exporting = EXPORT_NONE;
    w.wrapStart = -1;
  } while (c.gotoNextSibling());
  c.gotoParent();
  if (!topLevel || globalNamespace) return;
  if (specifier !== null) {
    if (namespaceExport !== null) addExport(w, 'reexport-namespace', namespaceExport.name, undefined, namespaceExport.at, specifier, '*', typeOnly);
    else if (starAt >= 0) addExport(w, 'reexport-all', '*', undefined, starAt, specifier, '*', typeOnly);
    for (const entry of list) {
      addExport(w, 'reexport', entry.alias ?? entry.name, undefined, entry.aliasAt >= 0 ? entry.aliasAt : entry.nameAt,
        specifier, entry.name, typeOnly || entry.typeOnly);
    }
    return;
  }
  for (const entry of list) {
    const value: Expr = { k: 'name', name: entry.name, scope: w.scope, ns: NS_ANY, res: UNRESOLVED };
    addExport(w, 'local', entry.alias ?? entry.name, value, entry.aliasAt >= 0 ? entry.aliasAt : entry.nameAt,
      undefined, undefined, typeOnly || entry.typeOnly);
  }
}

function patchRefs(w: Walker, from: number, to: number, decl: number): void {
  if (from < 0 || decl < 0) return;
  for (let i = from; i < to; i++) w.refs[i]!.encl = decl;
}

/** The `export default` / `export =` statement whose value is being walked. */
interface ExportStatement {
  /** `export default` (else `export =`). */
  isDefault: boolean;
  /** Start of the export statement. */
  start: number;
  /** The export is the file's (not inside a namespace or `declare module` body). */
  topLevel: boolean;
  /** Index of the first reference made by decorators before `export`, or -1. */
  decoratorRefs: number;
}

/** The value (`id`, of `kind`) of `export default <value>` or `export = <value>`. */
function walkExportedValue(w: Walker, id: number, kind: number, statement: ExportStatement): void {
  const { isDefault, start, topLevel, decoratorRefs } = statement;
  const exported = isDefault ? 'default' : '=';
  if (isDefault && (kind === S.K_CLASS_DECL || kind === S.K_CLASS_EXPR)) {
    w.exporting = EXPORT_DEFAULT;
    w.wrapStart = start;
    const refsBefore = w.refs.length;
    const decl = walkClass(w, id, -1, true);
    patchRefs(w, decoratorRefs, refsBefore, decl);
    return;
  }
  if (isDefault && (kind === S.K_FUNC_DECL || kind === S.K_FUNC_EXPR || kind === S.K_ARROW)) {
    const site = anonymousSite(kind === S.K_ARROW ? FORM_ARROW : FORM_EXPRESSION);
    site.isDefault = true;
    site.exported = true;
    site.leadingStart = start;
    const decl = walkFunction(w, id, site);
    if (decl >= 0 && topLevel) addExport(w, 'local', 'default', { k: 'decl', decl }, w.decls[decl]!.nameStart);
    return;
  }
  if (isDefault && (kind === S.K_INTERFACE || kind === S.K_ENUM || kind === S.K_NAMESPACE)) {
    // `export default interface I {}`: the declaration, exported as `default`.
    const before = w.decls.length;
    w.wrapStart = start;
    visitAt(w, id, R_READ);
    if (w.decls.length > before) {
      const d = w.decls[before]!;
      d.exported = true;
      d.isDefault = true;
      if (topLevel) addExport(w, 'local', 'default', { k: 'decl', decl: before }, d.nameStart);
    }
    return;
  }
  if (isDefault && kind === S.K_OBJECT) {
    // `export default { ... }`: the object is the value of `default`, its properties are members.
    const objectStart = w.c.startIndex;
    const decl = newDecl(w, 'variable', 'default', 'module', start, w.c.endIndex, objectStart, objectStart + 1);
    const d = w.decls[decl]!;
    d.exported = true;
    d.isDefault = true;
    d.docStart = start;
    d.signature = 'export default {…}';
    walkObject(w, id, MODE_MEMBERS, decl, decl);
    if (topLevel) addExport(w, 'local', 'default', { k: 'decl', decl }, start);
    return;
  }
  if ((w.t.flags[id]! & S.F_NAMED) === 0) {
    visitAt(w, id, R_READ);
    return;
  }
  w.lastName = '';
  w.lastSite = -1;
  const value = visitAt(w, id, R_READ);
  if (topLevel) {
    addExport(w, 'local', exported, value === UNKNOWN ? undefined : value, w.lastSite >= 0 ? w.lastSite : start,
      undefined, undefined, false, isDefault);
  }
}

/** `import A = N.M` / `export import A = N.M`: `A` is a constant aliasing `N.M`. */
export function walkImportAlias(w: Walker): void {
  const c = w.c;
  const exported = w.exporting !== EXPORT_NONE;
  const leadingStart = w.wrapStart >= 0 ? w.wrapStart : c.startIndex;
  w.exporting = EXPORT_NONE;
  w.wrapStart = -1;
  const end = c.endIndex;
  let decl = -1;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (decl < 0 && kind === S.K_IDENT) {
      foldLeaf(w, id);
      const nameStart = c.startIndex;
      const nameEnd = c.endIndex;
      const name = w.text.slice(nameStart, nameEnd);
      decl = newDecl(w, 'constant', name, statementScope(w), leadingStart, end, nameStart, nameEnd);
      const d = w.decls[decl]!;
      d.exported = exported;
      d.docStart = leadingStart;
      d.signature = oneLine(`import ${w.text.slice(nameStart, end).replace(/;\s*$/, '')}`);
      w.scope.bind(NS_VALUE, name, decl);
      w.scope.bind(NS_TYPE, name, decl);
      if (exported && w.nsDepth === 0) addExport(w, 'local', name, { k: 'decl', decl }, nameStart);
    } else if (decl >= 0 && (kind === S.K_IDENT || kind === S.K_NESTED_IDENT)) {
      const value = kind === S.K_IDENT ? visitAt(w, id, 3 /* R_OBJECT */) : visitAt(w, id, R_READ);
      if (value !== UNKNOWN) w.decls[decl]!.init = value;
    } else {
      quiet(w, id);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}
