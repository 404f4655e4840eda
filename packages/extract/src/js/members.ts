/**
 * Class members other than methods: fields (`static x?: T = value`, `#p = 1`, and function-valued
 * fields, which are methods), `static { }` blocks, and the properties that `this.x = ...` in the
 * constructor or a method declares when the class body ends. Owns these member declarations and their
 * initializers; methods are walked by functions.ts.
 */
import { NULLISH, Scope, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { enter, foldLeaf, kindOf, leave, newDecl, recordComment, stringContent } from './walker.js';
import type { ThisAssignment, Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { FORM_ARROW, FORM_EXPRESSION, anonymousSite, walkFunction } from './functions.js';
import { oneLine } from '../docs.js';
import { declaredType, docBefore } from './jsdoc-apply.js';
import { walkOwnedAnnotation } from './type-literals.js';

/**
 * `this.x = value` in the constructor, then in the other methods, declares `x` unless the class
 * already has it (as TypeScript does for JavaScript files only). What types it, as the compiler reads it: a
 * JSDoc `@type` on any of the assignments; else what the constructor leaves in it (its last
 * assignment there) unless that is `null`/`undefined`; else one of the values of every
 * assignment (`null`/`undefined` left out; a value of unknown type leaves the property untyped).
 */
export function declareThisAssignments(w: Walker, decl: number): void {
  // TypeScript declares properties only as fields and parameter properties (or inherits them).
  if (w.isTypeScript) return;
  const owner = w.decls[decl]!;
  const byName = new Map<string, ThisAssignment[]>();
  for (const assignment of [...w.thisAssignments.filter((a) => a.inConstructor), ...w.thisAssignments.filter((a) => !a.inConstructor)]) {
    const list = byName.get(assignment.name);
    if (list) list.push(assignment);
    else byName.set(assignment.name, [assignment]);
  }
  for (const [name, assignments] of byName) {
    const first = assignments[0]!;
    const init = assignedValue(assignments);
    const valueType = assignments.find((a) => a.valueType !== UNKNOWN)?.valueType ?? UNKNOWN;
    const existing = owner.members?.get(name);
    if (existing !== undefined) {
      const member = w.decls[existing]!;
      if (member.kind !== 'property') continue;
      if (member.init === undefined && init !== UNKNOWN) member.init = init;
      if (member.valueType === undefined && valueType !== UNKNOWN) member.valueType = valueType;
      continue;
    }
    const member = newDecl(w, 'property', name, 'member', first.start, first.end, first.nameStart, first.nameEnd);
    const m = w.decls[member]!;
    m.container = decl;
    m.isPrivate = name.startsWith('#');
    if (init !== UNKNOWN) m.init = init;
    if (valueType !== UNKNOWN) m.valueType = valueType;
    m.signature = name;
    m.docStart = first.start;
    (owner.members ??= new Map()).set(name, member);
  }
}

/** The value that types a `this.x` property (see declareThisAssignments), UNKNOWN when none does. */
function assignedValue(assignments: readonly ThisAssignment[]): Expr {
  let lastInConstructor: Expr | null = null;
  for (const assignment of assignments) if (assignment.inConstructor) lastInConstructor = assignment.init;
  if (lastInConstructor !== null && lastInConstructor !== NULLISH) return lastInConstructor;
  const values: Expr[] = [];
  for (const assignment of assignments) {
    if (assignment.init === NULLISH) continue;
    if (assignment.init === UNKNOWN) return UNKNOWN;
    values.push(assignment.init);
  }
  if (values.length === 0) return UNKNOWN;
  return values.length === 1 ? values[0]! : { k: 'oneof', types: values };
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
  // JavaScript: `/** @type {T} */ x = ...`.
  const docType = w.lastDoc !== null ? declaredType(w, docBefore(w, leadingStart), w.scope) : UNKNOWN;
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
      valueType = walkOwnedAnnotation(w, id, decl);
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
      const savedThisStatic = w.thisStatic;
      w.thisStatic = isStatic;
      const init = visitAt(w, id, R_READ);
      w.thisStatic = savedThisStatic;
      const d = w.decls[decl]!;
      if (init !== UNKNOWN && !d.keepsMembers) d.init = init;
      if (valueType === UNKNOWN && (kind === S.K_AS || kind === S.K_TYPE_ASSERTION) && w.lastAsType !== null) valueType = w.lastAsType;
      continue;
    }
    visitAt(w, id, R_READ);
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.currentDecl = savedDecl;
  if (decl >= 0) {
    const d = w.decls[decl]!;
    if (valueType === UNKNOWN) valueType = docType;
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
  const savedThisStatic = w.thisStatic;
  w.thisStatic = true;
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
  w.thisStatic = savedThisStatic;
  leave(w, id);
}
