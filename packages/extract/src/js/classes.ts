/**
 * Classes: declarations, abstract classes and class expressions (bound to a name or not), their
 * heritage (`extends`/`implements` references and types), and their bodies: decorators, methods
 * (via functions.ts) and the other members (via members.ts). Owns class declarations and the
 * `this`/`super` owner inside a class body.
 */
import { KEEP_ALWAYS, NS_TYPE, NS_VALUE, Scope, UNKNOWN } from '../model.js';
import * as S from './syntax.js';
import {
  EXPORT_DEFAULT, EXPORT_NONE, addRef, enter, foldLeaf, kindOf, leave, newDecl, recordComment,
  statementScope, wordEnd,
} from './walker.js';
import type { Walker } from './walker.js';
import { R_CALLEE, R_READ, visitAt } from './visit.js';
import { FORM_METHOD, anonymousSite, walkFunction } from './functions.js';
import { adoptExpressionName } from './function-names.js';
import { declareThisAssignments, walkField, walkStaticBlock } from './members.js';
import { addExport } from './modules.js';
import { applyClassDoc, docBefore } from './jsdoc-apply.js';

/**
 * Walks the class under the cursor. `bindingDecl` is a declaration the parent made for it
 * (`const A = class {}`), or -1. Returns the class's declaration or -1 (an anonymous class).
 */
export function walkClass(w: Walker, nodeId: number, bindingDecl: number, isDeclaration: boolean): number {
  const c = w.c;
  const exporting = isDeclaration ? w.exporting : EXPORT_NONE;
  const leadingStart = isDeclaration && w.wrapStart >= 0 ? w.wrapStart : c.startIndex;
  if (isDeclaration) {
    w.exporting = EXPORT_NONE;
    w.wrapStart = -1;
  }
  const start = c.startIndex;
  const end = c.endIndex;
  const namedAtEntry = w.named;
  enter(w, nodeId);
  const savedScope = w.scope;
  const savedDecl = w.currentDecl;
  const classScope = new Scope(w.scope);
  if (w.lastDoc !== null) {
    // JavaScript: the class's `@template` names.
    const doc = docBefore(w, bindingDecl >= 0 ? w.decls[bindingDecl]!.docStart : leadingStart);
    if (doc !== null) applyClassDoc(w, doc, classScope);
  }
  let decl = bindingDecl;
  if (decl < 0 && (isDeclaration || exporting === EXPORT_DEFAULT)) {
    decl = newDecl(w, 'class', exporting === EXPORT_DEFAULT ? 'default' : '', statementScope(w), leadingStart, end, start, wordEnd(w.text, start));
    const d = w.decls[decl]!;
    d.exported = exporting !== EXPORT_NONE;
    d.isDefault = exporting === EXPORT_DEFAULT;
    d.docStart = leadingStart;
  }
  if (decl >= 0) w.currentDecl = decl;
  let isAbstract = false;
  let headStart = -1;
  let bodyStart = end;
  let named = false;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    switch (kind) {
      case S.K_TOKEN: {
        const token = w.t.names[id];
        if (token === 'abstract') isAbstract = true;
        else if (token === 'class' && headStart < 0) headStart = c.endIndex;
        foldLeaf(w, id);
        break;
      }
      case S.K_TYPE_IDENT:
      case S.K_IDENT: {
        if (named) {
          visitAt(w, id, R_READ);
          break;
        }
        named = true;
        foldLeaf(w, id);
        const nameStart = c.startIndex;
        const nameEnd = c.endIndex;
        headStart = nameStart;
        const name = w.text.slice(nameStart, nameEnd);
        if (decl >= 0 && bindingDecl < 0) {
          const d = w.decls[decl]!;
          d.name = name;
          d.nameStart = nameStart;
          d.nameEnd = nameEnd;
          savedScope.bind(NS_VALUE, name, decl);
          savedScope.bind(NS_TYPE, name, decl);
        } else if (decl >= 0) {
          adoptExpressionName(w, decl, name, nameStart, nameEnd);
          classScope.bind(NS_VALUE, name, decl);
          classScope.bind(NS_TYPE, name, decl);
        } else {
          decl = newDecl(w, 'class', name, 'local', start, end, nameStart, nameEnd);
          classScope.bind(NS_VALUE, name, decl);
          classScope.bind(NS_TYPE, name, decl);
          w.currentDecl = decl;
        }
        break;
      }
      case S.K_TYPE_PARAMS:
        w.scope = classScope;
        visitAt(w, id, R_READ);
        break;
      case S.K_HERITAGE:
        w.scope = classScope;
        enter(w, id);
        walkHeritage(w, decl);
        leave(w, id);
        break;
      case S.K_CLASS_BODY:
        w.scope = classScope;
        bodyStart = c.startIndex;
        enter(w, id);
        walkClassBody(w, decl);
        leave(w, id);
        break;
      default:
        visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  leave(w, nodeId);
  w.scope = savedScope;
  w.currentDecl = savedDecl;
  if (decl >= 0) {
    const d = w.decls[decl]!;
    if (d.name === '') d.name = 'default';
    d.nodeCount = w.named - namedAtEntry;
    d.sigPrefix = `${isAbstract ? 'abstract ' : ''}class ${named ? '' : d.name + ' '}`;
    d.sigFrom = headStart >= 0 ? headStart : bodyStart;
    d.sigTo = bodyStart;
    if (exporting !== EXPORT_NONE && w.nsDepth === 0) {
      addExport(w, 'local', exporting === EXPORT_DEFAULT ? 'default' : d.name, { k: 'decl', decl }, d.nameStart);
    }
  }
  return decl;
}

/** `extends Base<T> implements I, J` (the TypeScript and JavaScript shapes). */
function walkHeritage(w: Walker, decl: number): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  let mode = 'extends';
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_EXTENDS_CLAUSE || kind === S.K_IMPLEMENTS_CLAUSE) {
      enter(w, id);
      if (c.gotoFirstChild()) {
        do walkHeritageItem(w, c.nodeTypeId, kind === S.K_EXTENDS_CLAUSE ? 'extends' : 'implements', decl);
        while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, id);
    } else {
      if (kind === S.K_TOKEN) mode = w.t.names[id] === 'implements' ? 'implements' : 'extends';
      walkHeritageItem(w, id, mode, decl);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** One target of `extends`/`implements` (tokens and type arguments are only visited). */
export function walkHeritageItem(w: Walker, id: number, mode: string, decl: number): void {
  const kind = kindOf(w, id);
  const named = (w.t.flags[id]! & S.F_NAMED) !== 0;
  if (!named || kind === S.K_COMMENT || kind === S.K_TYPE_ARGUMENTS) {
    visitAt(w, id, R_READ);
    return;
  }
  w.lastName = '';
  w.lastSite = -1;
  const target = visitAt(w, id, R_CALLEE);
  if (target === UNKNOWN || w.lastSite < 0) return;
  addRef(w, mode === 'implements' ? 'implements' : 'extends', w.lastName, target, w.lastSite, KEEP_ALWAYS);
  if (decl < 0) return;
  const d = w.decls[decl]!;
  if (mode === 'implements') (d.implementsTypes ??= []).push(target);
  else (d.extendsTypes ??= []).push(target);
}

/** The members of a class body; `decl` is the class (-1 for an anonymous class). */
function walkClassBody(w: Walker, decl: number): void {
  const c = w.c;
  const savedThis = w.thisOwner;
  const savedThisFn = w.thisFn;
  const savedSuper = w.superOwner;
  const savedAssignments = w.thisAssignments;
  const savedSignature = w.lastSignature;
  w.thisOwner = decl;
  w.thisFn = -1;
  w.superOwner = decl;
  w.thisAssignments = [];
  w.lastSignature = null;
  let decoratorStart = -1;
  let decoratorRefs = -1;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      switch (kind) {
        case S.K_DECORATOR:
          if (decoratorStart < 0) {
            decoratorStart = c.startIndex;
            decoratorRefs = w.refs.length;
          }
          visitAt(w, id, R_READ);
          break;
        case S.K_METHOD:
        case S.K_METHOD_SIG: {
          const site = anonymousSite(FORM_METHOD);
          site.memberOf = decl;
          site.declareMember = decl >= 0;
          site.isClassMember = true;
          site.thisOwner = decl;
          site.leadingStart = decoratorStart;
          const refsBefore = w.refs.length;
          const member = walkFunction(w, id, site);
          patchDecoratorRefs(w, decoratorRefs, refsBefore, member);
          decoratorStart = -1;
          decoratorRefs = -1;
          break;
        }
        case S.K_FIELD: {
          const refsBefore = w.refs.length;
          enter(w, id);
          const member = walkField(w, decl, decoratorStart);
          leave(w, id);
          patchDecoratorRefs(w, decoratorRefs, refsBefore, member);
          decoratorStart = -1;
          decoratorRefs = -1;
          break;
        }
        case S.K_STATIC_BLOCK:
          walkStaticBlock(w, id);
          break;
        case S.K_COMMENT:
          recordComment(w);
          break;
        default:
          visitAt(w, id, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (decl >= 0) declareThisAssignments(w, decl);
  w.thisOwner = savedThis;
  w.thisFn = savedThisFn;
  w.superOwner = savedSuper;
  w.thisAssignments = savedAssignments;
  w.lastSignature = savedSignature;
}

function patchDecoratorRefs(w: Walker, from: number, to: number, member: number): void {
  if (from < 0 || member < 0) return;
  for (let i = from; i < to; i++) w.refs[i]!.encl = member;
}
