/**
 * TypeScript declarations without runtime code of their own (or with little): interfaces and
 * their members, type aliases (members of an object-literal type are declared too), and enums and
 * their members. Owns these declarations and their scopes; type expressions themselves are in
 * types.ts, namespaces in namespaces.ts.
 */
import { NS_TYPE, NS_VALUE, Scope, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import {
  EXPORT_NONE, enter, foldLeaf, kindOf, leave, newDecl, recordComment, statementScope, stringContent,
} from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { FORM_METHOD, anonymousSite, walkFunction } from './functions.js';
import { walkHeritageItem } from './classes.js';
import { oneLine } from '../docs.js';
import { addExport } from './modules.js';
import { walkAliasIntersection, walkOwnedAnnotation } from './type-literals.js';

/** Consumes a pending `export` in front of the declaration under the cursor. */
export function takeExport(w: Walker): { exported: boolean; leadingStart: number } {
  const exported = w.exporting !== EXPORT_NONE;
  const leadingStart = w.wrapStart >= 0 ? w.wrapStart : w.c.startIndex;
  w.exporting = EXPORT_NONE;
  w.wrapStart = -1;
  return { exported, leadingStart };
}

/** Declares the name leaf under the cursor as a `kind` of the current statement scope. */
function declareName(
  w: Walker, id: number, kind: 'interface' | 'type_alias' | 'enum', end: number, exported: boolean, leadingStart: number,
): number {
  const c = w.c;
  foldLeaf(w, id);
  const nameStart = c.startIndex;
  const nameEnd = c.endIndex;
  const name = w.text.slice(nameStart, nameEnd);
  const decl = newDecl(w, kind, name, statementScope(w), leadingStart, end, nameStart, nameEnd);
  const d = w.decls[decl]!;
  d.exported = exported;
  d.docStart = leadingStart;
  w.scope.bind(NS_TYPE, name, decl);
  if (kind === 'enum') w.scope.bind(NS_VALUE, name, decl);
  if (exported && w.nsDepth === 0) addExport(w, 'local', name, { k: 'decl', decl }, nameStart);
  return decl;
}

/** `interface I<T> extends A, B { ... }`. */
export function walkInterface(w: Walker): void {
  const c = w.c;
  const { exported, leadingStart } = takeExport(w);
  const end = c.endIndex;
  const namedAtEntry = w.named;
  const savedScope = w.scope;
  const savedDecl = w.currentDecl;
  let decl = -1;
  let bodyStart = end;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (decl < 0 && kind === S.K_TYPE_IDENT) {
      decl = declareName(w, id, 'interface', end, exported, leadingStart);
      w.scope = new Scope(savedScope);
      w.currentDecl = decl;
    } else if (kind === S.K_EXTENDS_TYPE_CLAUSE) {
      enter(w, id);
      if (c.gotoFirstChild()) {
        do walkHeritageItem(w, c.nodeTypeId, 'extends', decl); while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, id);
    } else if (kind === S.K_OBJECT_TYPE && decl >= 0) {
      bodyStart = c.startIndex;
      enter(w, id);
      walkTypeMembers(w, decl);
      leave(w, id);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.scope = savedScope;
  w.currentDecl = savedDecl;
  if (decl >= 0) {
    const d = w.decls[decl]!;
    d.nodeCount = w.named - namedAtEntry + 1;
    d.sigPrefix = 'interface ';
    d.sigFrom = d.nameStart;
    d.sigTo = bodyStart;
  }
}

/** `type A<T> = ...`; an object-literal type's members are declared as members of `A`. */
export function walkTypeAlias(w: Walker): void {
  const c = w.c;
  const { exported, leadingStart } = takeExport(w);
  const end = c.endIndex;
  const savedScope = w.scope;
  const savedDecl = w.currentDecl;
  let decl = -1;
  let afterEquals = false;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (decl < 0 && kind === S.K_TYPE_IDENT) {
      decl = declareName(w, id, 'type_alias', end, exported, leadingStart);
      w.scope = new Scope(savedScope);
      w.currentDecl = decl;
    } else if (kind === S.K_TOKEN && w.t.names[id] === '=') {
      afterEquals = true;
      foldLeaf(w, id);
    } else if (afterEquals && decl >= 0 && kind === S.K_OBJECT_TYPE) {
      enter(w, id);
      walkTypeMembers(w, decl);
      leave(w, id);
    } else if (afterEquals && decl >= 0 && (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
      const value = kind === S.K_INTERSECTION_TYPE ? walkAliasIntersection(w, id, decl) : visitAt(w, id, R_READ);
      if (value !== UNKNOWN) w.decls[decl]!.valueType = value;
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.scope = savedScope;
  w.currentDecl = savedDecl;
  if (decl >= 0) {
    const d = w.decls[decl]!;
    d.sigPrefix = 'type ';
    d.sigFrom = d.nameStart;
    d.sigTo = end;
  }
}

/** Members of an interface body or object type: properties and method signatures. */
export function walkTypeMembers(w: Walker, owner: number): void {
  const c = w.c;
  const savedSignature = w.lastSignature;
  w.lastSignature = null;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      if (kind === S.K_PROPERTY_SIG) {
        enter(w, id);
        walkPropertySignature(w, owner);
        leave(w, id);
      } else if (kind === S.K_METHOD_SIG) {
        const site = anonymousSite(FORM_METHOD);
        site.memberOf = owner;
        site.declareMember = true;
        site.thisOwner = owner;
        walkFunction(w, id, site);
      } else if (kind === S.K_COMMENT) {
        recordComment(w);
      } else {
        visitAt(w, id, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.lastSignature = savedSignature;
}

/** `readonly name?: T` in an interface or object type. */
function walkPropertySignature(w: Walker, owner: number): void {
  const c = w.c;
  const start = c.startIndex;
  const end = c.endIndex;
  const savedDecl = w.currentDecl;
  let decl = -1;
  let isStatic = false;
  let valueType: Expr = UNKNOWN;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TOKEN && w.t.names[id] === 'static') isStatic = true;
    if (decl < 0 && (kind === S.K_PROPERTY_IDENT || kind === S.K_PRIVATE_IDENT || kind === S.K_STRING ||
        kind === S.K_NUMBER || kind === S.K_COMPUTED_NAME)) {
      const nameStart = c.startIndex;
      const nameEnd = c.endIndex;
      let name: string;
      if (kind === S.K_COMPUTED_NAME) {
        name = oneLine(w.text.slice(nameStart, nameEnd));
        visitAt(w, id, R_READ);
      } else {
        name = kind === S.K_STRING ? stringContent(w.text, nameStart, nameEnd) : w.text.slice(nameStart, nameEnd);
        foldLeaf(w, id);
      }
      decl = newDecl(w, 'property', name, 'member', start, end, nameStart, nameEnd);
      const d = w.decls[decl]!;
      d.container = owner;
      d.isStatic = isStatic;
      d.docStart = start;
      d.sigFrom = nameStart;
      d.sigTo = end;
      const o = w.decls[owner]!;
      (o.members ??= new Map()).set(name, decl);
      w.currentDecl = decl;
    } else if (kind === S.K_TYPE_ANNOTATION) {
      valueType = walkOwnedAnnotation(w, id, decl);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.currentDecl = savedDecl;
  if (decl >= 0 && valueType !== UNKNOWN) w.decls[decl]!.valueType = valueType;
}

/** `enum E { A, B = 2 }`; members are properties of the enum. */
export function walkEnum(w: Walker): void {
  const c = w.c;
  const { exported, leadingStart } = takeExport(w);
  const end = c.endIndex;
  const savedDecl = w.currentDecl;
  let decl = -1;
  let isConst = false;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TOKEN && w.t.names[id] === 'const') {
      isConst = true;
      foldLeaf(w, id);
    } else if (decl < 0 && kind === S.K_IDENT) {
      decl = declareName(w, id, 'enum', end, exported, leadingStart);
      w.currentDecl = decl;
    } else if (kind === S.K_ENUM_BODY && decl >= 0) {
      enter(w, id);
      walkEnumBody(w, decl);
      leave(w, id);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.currentDecl = savedDecl;
  if (decl >= 0) {
    const d = w.decls[decl]!;
    d.signature = `${isConst ? 'const ' : ''}enum ${d.name}`;
  }
}

function walkEnumBody(w: Walker, owner: number): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_PROPERTY_IDENT || kind === S.K_STRING) {
      foldLeaf(w, id);
      declareEnumMember(w, owner, c.startIndex, c.endIndex, kind === S.K_STRING);
    } else if (kind === S.K_ENUM_ASSIGN) {
      enter(w, id);
      const start = c.startIndex;
      const end = c.endIndex;
      let member = -1;
      c.gotoFirstChild();
      do {
        const childId = c.nodeTypeId;
        const childKind = kindOf(w, childId);
        if (member < 0 && (childKind === S.K_PROPERTY_IDENT || childKind === S.K_STRING)) {
          foldLeaf(w, childId);
          member = declareEnumMember(w, owner, c.startIndex, c.endIndex, childKind === S.K_STRING);
          w.decls[member]!.start = start;
          w.decls[member]!.end = end;
        } else {
          const savedDecl = w.currentDecl;
          if (member >= 0) w.currentDecl = member;
          visitAt(w, childId, R_READ);
          w.currentDecl = savedDecl;
        }
      } while (c.gotoNextSibling());
      c.gotoParent();
      leave(w, id);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

function declareEnumMember(w: Walker, owner: number, nameStart: number, nameEnd: number, quoted: boolean): number {
  const name = quoted ? stringContent(w.text, nameStart, nameEnd) : w.text.slice(nameStart, nameEnd);
  const decl = newDecl(w, 'property', name, 'member', nameStart, nameEnd, nameStart, nameEnd);
  const d = w.decls[decl]!;
  d.container = owner;
  d.docStart = nameStart;
  d.signature = name;
  const o = w.decls[owner]!;
  (o.members ??= new Map()).set(name, decl);
  return decl;
}
