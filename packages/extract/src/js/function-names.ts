/**
 * The declaration of a named function-like: a new function/method/constructor declaration, or
 * the existing one it continues (the implementation after overload signatures, the setter of a
 * getter). Owns overload and accessor merging and the naming of `module.exports = function f`.
 */
import { NS_VALUE } from '../model.js';
import type { Scope } from '../model.js';
import { newDecl, statementScope } from './walker.js';
import type { Walker } from './walker.js';
import { addExport } from './modules.js';
import { FORM_DECLARATION, FORM_EXPRESSION, FORM_METHOD } from './functions.js';
import type { FunctionSite } from './functions.js';

const BLANK_BETWEEN_OVERLOADS = /^(?:\s|;|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/;

/** The name of a function-like being walked, where it sits, and the modifiers read before it. */
export interface NamedFunction {
  name: string;
  nameStart: number;
  nameEnd: number;
  /** Start of the declaration including `export` and decorators (its range and doc comment). */
  leadingStart: number;
  /** End of the function-like's node. */
  nodeEnd: number;
  /** The scope a function expression's own name is bound in (its body's). */
  fnScope: Scope;
  isStatic: boolean;
  isPrivate: boolean;
  /** `get`, `set`, or '' for a plain function or method. */
  accessor: string;
}

/**
 * Declares (or finds, for an overload or accessor pair) the named function's declaration.
 * `siteDecl` is the declaration already made for the site (by its caller, or before the name was
 * read), or -1.
 */
export function declareNamed(
  w: Walker, site: FunctionSite, siteDecl: number, named: NamedFunction,
): { decl: number; merged: boolean } {
  const { name, nameStart, nameEnd, leadingStart, nodeEnd, fnScope, isStatic, isPrivate, accessor } = named;
  const last = w.lastSignature;
  const mergesWithLast = (container: number): boolean =>
    last !== null && last.name === name && last.container === container && last.isStatic === isStatic &&
    !w.decls[last.decl]!.hasBody && last.end <= leadingStart &&
    BLANK_BETWEEN_OVERLOADS.test(w.text.slice(last.end, leadingStart));

  switch (site.form) {
    case FORM_DECLARATION: {
      if (last !== null && last.scope === w.scope && mergesWithLast(w.currentDecl)) return { decl: last.decl, merged: true };
      const decl = newDecl(w, 'function', name, statementScope(w), leadingStart, nodeEnd, nameStart, nameEnd);
      const d = w.decls[decl]!;
      d.exported = site.exported;
      d.isDefault = site.isDefault;
      d.docStart = leadingStart;
      w.scope.bind(NS_VALUE, name, decl);
      if (site.exported && !site.isDefault && w.nsDepth === 0) addExport(w, 'local', name, { k: 'decl', decl }, nameStart);
      return { decl, merged: false };
    }
    case FORM_EXPRESSION: {
      if (siteDecl >= 0) {
        adoptExpressionName(w, siteDecl, name, nameStart, nameEnd);
        fnScope.bind(NS_VALUE, name, siteDecl);
        return { decl: siteDecl, merged: false };
      }
      const decl = newDecl(w, 'function', name, site.isDefault ? 'module' : 'local',
        leadingStart, nodeEnd, nameStart, nameEnd);
      const d = w.decls[decl]!;
      if (site.isDefault) {
        d.exported = true;
        d.isDefault = true;
        d.docStart = leadingStart;
        w.scope.bind(NS_VALUE, name, decl);
      } else {
        fnScope.bind(NS_VALUE, name, decl);
      }
      return { decl, merged: false };
    }
    case FORM_METHOD: {
      if (siteDecl >= 0) return { decl: siteDecl, merged: false };
      if (!site.declareMember) return { decl: -1, merged: false };
      const owner = site.memberOf >= 0 ? w.decls[site.memberOf]! : null;
      const key = isStatic ? `static ${name}` : name;
      if (accessor !== '' && owner?.members !== undefined) {
        const existing = owner.members.get(key);
        if (existing !== undefined && w.decls[existing]!.isAccessor) return { decl: existing, merged: true };
      }
      if (mergesWithLast(site.memberOf)) return { decl: last!.decl, merged: true };
      const isConstructor = site.isClassMember && name === 'constructor' && !isStatic;
      const decl = newDecl(w, isConstructor ? 'constructor' : 'method', name, 'member', leadingStart, nodeEnd, nameStart, nameEnd);
      const d = w.decls[decl]!;
      d.container = site.memberOf;
      d.isStatic = isStatic;
      d.isPrivate = isPrivate || name.startsWith('#');
      d.isAccessor = accessor !== '';
      d.docStart = leadingStart;
      if (owner !== null) (owner.members ??= new Map()).set(key, decl);
      return { decl, merged: false };
    }
    default:
      return { decl: siteDecl, merged: false };
  }
}


/** `module.exports = function foo() {}`: the declaration made as `export=` is named `foo`. */
export function adoptExpressionName(w: Walker, decl: number, name: string, nameStart: number, nameEnd: number): void {
  const d = w.decls[decl]!;
  if (!d.takesExpressionName) return;
  d.takesExpressionName = false;
  d.name = name;
  d.nameStart = nameStart;
  d.nameEnd = nameEnd;
}
