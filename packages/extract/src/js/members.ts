/**
 * Class members other than methods: fields (`static x?: T = value`, `#p = 1`, and function-valued
 * fields, which are methods), `static { }` blocks, and the properties that `this.x = ...` in the
 * constructor or a method declares when the class body ends. Owns these member declarations and their
 * initializers; methods are walked by functions.ts.
 */
import { Scope, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { enter, foldLeaf, kindOf, leave, newDecl, recordComment, stringContent } from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { FORM_ARROW, FORM_EXPRESSION, anonymousSite, walkFunction } from './functions.js';
import { oneLine } from '../docs.js';

/**
 * `this.x = value` in the constructor, then in the other methods, declares `x` unless the class
 * already has it (as TypeScript does for JavaScript); the first value seen is the initializer.
 */
export function declareThisAssignments(w: Walker, decl: number): void {
  const owner = w.decls[decl]!;
  const ordered = [...w.thisAssignments.filter((a) => a.inConstructor), ...w.thisAssignments.filter((a) => !a.inConstructor)];
  for (const assignment of ordered) {
    const existing = owner.members?.get(assignment.name);
    if (existing !== undefined) {
      const member = w.decls[existing]!;
      if (member.init === undefined && assignment.init !== UNKNOWN && member.kind === 'property') member.init = assignment.init;
      continue;
    }
    const member = newDecl(w, 'property', assignment.name, 'member', assignment.start, assignment.end,
      assignment.nameStart, assignment.nameEnd);
    const m = w.decls[member]!;
    m.container = decl;
    m.isPrivate = assignment.name.startsWith('#');
    if (assignment.init !== UNKNOWN) m.init = assignment.init;
    m.signature = assignment.name;
    m.docStart = assignment.start;
    (owner.members ??= new Map()).set(assignment.name, member);
  }
}

/** A field: `static x?: T = value`, `#p = 1`, `handler = () => {}` (a function-valued field is a method). */
export function walkField(w: Walker, classDecl: number, decoratorStart: number): number {
  const c = w.c;
  const start = c.startIndex;
  const end = c.endIndex;
  const leadingStart = decoratorStart >= 0 ? decoratorStart : start;
  let decl = -1;
  let isStatic = false;
  let isPrivate = false;
  let afterEquals = false;
  let nameStart = -1;
  let typeEnd = -1;
  let valueType: Expr = UNKNOWN;
  const savedDecl = w.currentDecl;
  const refsAtStart = w.refs.length;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TOKEN) {
      const token = w.t.names[id];
      if (token === 'static') isStatic = true;
      else if (token === '=') afterEquals = true;
      foldLeaf(w, id);
      continue;
    }
    if (kind === S.K_ACCESSIBILITY) {
      if (w.text.startsWith('private', c.startIndex)) isPrivate = true;
      foldLeaf(w, id);
      continue;
    }
    if (kind === S.K_COMMENT) {
      recordComment(w);
      continue;
    }
    if (nameStart < 0 && !afterEquals && (kind === S.K_PROPERTY_IDENT || kind === S.K_PRIVATE_IDENT ||
        kind === S.K_STRING || kind === S.K_NUMBER || kind === S.K_COMPUTED_NAME)) {
      nameStart = c.startIndex;
      const nameEnd = c.endIndex;
      let name: string;
      if (kind === S.K_COMPUTED_NAME) {
        name = oneLine(w.text.slice(nameStart, nameEnd));
        visitAt(w, id, R_READ);
      } else {
        name = kind === S.K_STRING ? stringContent(w.text, nameStart, nameEnd) : w.text.slice(nameStart, nameEnd);
        foldLeaf(w, id);
      }
      if (classDecl >= 0) {
        decl = newDecl(w, 'property', name, 'member', leadingStart, end, nameStart, nameEnd);
        const d = w.decls[decl]!;
        d.container = classDecl;
        d.isStatic = isStatic;
        d.isPrivate = isPrivate || kind === S.K_PRIVATE_IDENT;
        d.docStart = leadingStart;
        const owner = w.decls[classDecl]!;
        (owner.members ??= new Map()).set(isStatic ? `static ${name}` : name, decl);
        w.currentDecl = decl;
        for (let i = refsAtStart; i < w.refs.length; i++) w.refs[i]!.encl = decl;
      }
      continue;
    }
    if (kind === S.K_TYPE_ANNOTATION) {
      typeEnd = c.endIndex;
      valueType = visitAt(w, id, R_READ);
      continue;
    }
    if (afterEquals && decl >= 0 && (kind === S.K_ARROW || kind === S.K_FUNC_EXPR)) {
      w.decls[decl]!.kind = 'method';
      const site = anonymousSite(kind === S.K_ARROW ? FORM_ARROW : FORM_EXPRESSION);
      site.decl = decl;
      site.thisOwner = classDecl;
      site.memberOf = classDecl;
      walkFunction(w, id, site);
      continue;
    }
    if (afterEquals && decl >= 0 && (w.t.flags[id]! & S.F_NAMED) !== 0) {
      w.lastAsType = null;
      const init = visitAt(w, id, R_READ);
      const d = w.decls[decl]!;
      if (init !== UNKNOWN) d.init = init;
      if (valueType === UNKNOWN && (kind === S.K_AS || kind === S.K_TYPE_ASSERTION) && w.lastAsType !== null) valueType = w.lastAsType;
      continue;
    }
    visitAt(w, id, R_READ);
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.currentDecl = savedDecl;
  if (decl >= 0) {
    const d = w.decls[decl]!;
    if (valueType !== UNKNOWN) d.valueType = valueType;
    if (d.signature === undefined && d.sigFrom < 0) {
      d.sigPrefix = isStatic ? 'static ' : '';
      d.sigFrom = nameStart;
      d.sigTo = typeEnd >= 0 ? typeEnd : d.nameEnd;
    }
  }
  return decl;
}

/** `static { ... }`: runs once with `this` = the class; its names are locals. */
export function walkStaticBlock(w: Walker, id: number): void {
  const c = w.c;
  enter(w, id);
  const savedFnScope = w.fnScope;
  const savedReturns = w.returns;
  w.inFunction++;
  if (c.gotoFirstChild()) {
    do {
      const childId = c.nodeTypeId;
      if (kindOf(w, childId) === S.K_BLOCK) {
        const savedScope = w.scope;
        w.fnScope = new Scope(w.scope);
        w.scope = w.fnScope;
        visitAt(w, childId, R_READ);
        w.scope = savedScope;
      } else {
        visitAt(w, childId, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.inFunction--;
  w.fnScope = savedFnScope;
  w.returns = savedReturns;
  leave(w, id);
}
