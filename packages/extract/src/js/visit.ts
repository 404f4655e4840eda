/**
 * The dispatcher of the walk: `visitAt` is called once for every node of the tree (directly, or
 * through `quiet` for subtrees whose meaning is not needed). It folds the node into the fingerprint
 * hash stack, counts named nodes, and hands the node to the handler of its kind, which walks the
 * children with the same cursor and returns the node's value expression (`UNKNOWN` for most).
 * Owns the dispatch table and the roles; the handlers live in the modules imported here.
 *
 * Every handler is entered with the cursor on its node and must leave it there.
 */
import { UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { MAX_DEPTH, enter, foldLeaf, kindOf, leave, recordComment } from './walker.js';
import type { Walker } from './walker.js';
import {
  identifierLeaf, superLeaf, thisLeaf, walkAwait, walkAs, walkMember, walkNonNull,
  walkParen, walkSubscript, walkTypeAssertion, walkUpdate,
} from './expressions.js';
import { walkCall, walkDecorator, walkNew } from './calls.js';
import { walkJsxClose, walkJsxOpen } from './jsx.js';
import { walkAssignment } from './assignments.js';
import { FORM_ARROW, FORM_DECLARATION, FORM_EXPRESSION, FORM_METHOD, anonymousSite, declarationSite, walkFunction } from './functions.js';
import { walkClass } from './classes.js';
import { walkEnum, walkInterface, walkTypeAlias } from './typedecls.js';
import { walkAmbient, walkNamespace } from './namespaces.js';
import { MODE_ANONYMOUS, walkObject } from './objects.js';
import {
  walkBlock, walkCatch, walkExpressionStatement, walkFor, walkForIn, walkLexical, walkReturn,
} from './statements.js';
import {
  typeIdentifierLeaf, walkGenericType, walkInfer, walkLiteralType, walkMappedTypeClause,
  walkNestedIdent, walkNestedTypeIdent, walkParenType, walkTypeAnnotation, walkTypeOnlyParams,
  walkArrayType, walkFunctionType, walkIndexSignature, walkTypeParam, walkTypeQuery, walkTypeScope,
  walkIntersectionType, walkLookupType, walkUnionType,
} from './types.js';
import { walkExport, walkImport, walkImportAlias } from './modules.js';
import { walkBinary, walkIf, walkTernary } from './narrowing.js';

/** How the value of an expression is used where it occurs. */
export const R_READ = 0;
/** The callee of a call/new/decorator or a heritage target: the parent records the reference. */
export const R_CALLEE = 1;
/** An assignment target. */
export const R_WRITE = 2;
/** The object of a member access: the member access records the reference. */
export const R_OBJECT = 3;

/** Visits the node under the cursor. */
export function visit(w: Walker, role: number): Expr {
  return visitAt(w, w.c.nodeTypeId, role);
}

/** Visits the node under the cursor, whose type id the caller already read. */
export function visitAt(w: Walker, id: number, role: number): Expr {
  const kind = kindOf(w, id);
  const flags = w.t.flags[id]!;
  if ((flags & S.F_LEAF) !== 0) {
    if (kind === S.K_TOKEN) {
      if ((flags & S.F_NO_HASH) === 0) foldLeaf(w, id);
      return UNKNOWN;
    }
    if (kind === S.K_COMMENT) {
      recordComment(w);
      return UNKNOWN;
    }
    foldLeaf(w, id);
    switch (kind) {
      case S.K_IDENT: return identifierLeaf(w, role);
      case S.K_TYPE_IDENT: return typeIdentifierLeaf(w, role);
      case S.K_SHORTHAND_PROP: return identifierLeaf(w, R_READ);
      case S.K_SHORTHAND_PATTERN: return identifierLeaf(w, R_WRITE);
      case S.K_THIS: return thisLeaf(w, role);
      case S.K_SUPER: return superLeaf(w, role);
      default: return UNKNOWN;
    }
  }
  if (w.hd >= MAX_DEPTH) {
    foldLeaf(w, id);
    w.truncated = true;
    return UNKNOWN;
  }
  switch (kind) {
    case S.K_ARROW: case S.K_FUNC_EXPR: {
      const site = anonymousSite(kind === S.K_ARROW ? FORM_ARROW : FORM_EXPRESSION);
      site.argument = w.pendingArgument;
      site.expected = w.pendingExpected;
      w.pendingArgument = null;
      w.pendingExpected = null;
      walkFunction(w, id, site);
      return UNKNOWN;
    }
    case S.K_FUNC_DECL: case S.K_FUNC_SIG: walkFunction(w, id, declarationSite(w)); return UNKNOWN;
    case S.K_METHOD: case S.K_METHOD_SIG: walkFunction(w, id, anonymousSite(FORM_METHOD)); return UNKNOWN;
    case S.K_CLASS_DECL: walkClass(w, id, -1, true); return UNKNOWN;
    case S.K_CLASS_EXPR: walkClass(w, id, -1, false); return UNKNOWN;
    case S.K_OBJECT: walkObject(w, id, MODE_ANONYMOUS, -1, -1); return UNKNOWN;
  }
  enter(w, id);
  let result: Expr = UNKNOWN;
  switch (kind) {
    case S.K_MEMBER: result = walkMember(w, role); break;
    case S.K_CALL: result = walkCall(w); break;
    case S.K_ARGUMENTS: visitChildrenToClose(w); break;
    case S.K_EXPR_STMT: walkExpressionStatement(w); break;
    case S.K_BLOCK: case S.K_SWITCH_BODY: walkBlock(w); break;
    case S.K_LEXICAL: case S.K_VAR: walkLexical(w); break;
    case S.K_RETURN: walkReturn(w); break;
    case S.K_ASSIGN: result = walkAssignment(w); break;
    case S.K_AUG_ASSIGN: case S.K_UPDATE: walkUpdate(w); break;
    case S.K_NEW: result = walkNew(w); break;
    case S.K_SUBSCRIPT: result = walkSubscript(w, role); break;
    case S.K_PAREN: result = walkParen(w, role); break;
    case S.K_AWAIT: result = walkAwait(w); break;
    case S.K_AS: case S.K_SATISFIES: result = walkAs(w, role, kind === S.K_AS); break;
    case S.K_TYPE_ASSERTION: result = walkTypeAssertion(w); break;
    case S.K_NON_NULL: result = walkNonNull(w, role); break;
    case S.K_BINARY: walkBinary(w); break;
    case S.K_IF: walkIf(w); break;
    case S.K_TERNARY: walkTernary(w); break;
    case S.K_FOR: walkFor(w); break;
    case S.K_FOR_IN: walkForIn(w); break;
    case S.K_CATCH: walkCatch(w); break;
    case S.K_DECORATOR: walkDecorator(w); break;
    case S.K_JSX_OPEN: walkJsxOpen(w); break;
    case S.K_JSX_CLOSE: walkJsxClose(w); break;
    case S.K_IMPORT_STMT: walkImport(w); break;
    case S.K_EXPORT_STMT: walkExport(w); break;
    case S.K_IMPORT_ALIAS: walkImportAlias(w); break;
    case S.K_INTERFACE: walkInterface(w); break;
    case S.K_TYPE_ALIAS: walkTypeAlias(w); break;
    case S.K_ENUM: walkEnum(w); break;
    case S.K_NAMESPACE: walkNamespace(w); break;
    case S.K_TYPE_ANNOTATION: result = walkTypeAnnotation(w); break;
    case S.K_NESTED_TYPE_IDENT: result = walkNestedTypeIdent(w, role); break;
    case S.K_NESTED_IDENT: result = walkNestedIdent(w); break;
    case S.K_GENERIC_TYPE: result = walkGenericType(w, role); break;
    case S.K_UNION_TYPE: result = walkUnionType(w); break;
    case S.K_INTERSECTION_TYPE: result = walkIntersectionType(w); break;
    case S.K_LOOKUP_TYPE: result = walkLookupType(w); break;
    case S.K_PAREN_TYPE: result = walkParenType(w, role); break;
    case S.K_LITERAL_TYPE: result = walkLiteralType(w); break;
    case S.K_TYPE_PARAM: walkTypeParam(w); break;
    case S.K_INFER_TYPE: walkInfer(w); break;
    case S.K_MAPPED_TYPE_CLAUSE: walkMappedTypeClause(w); break;
    case S.K_TYPE_QUERY: result = walkTypeQuery(w); break;
    case S.K_ARRAY_TYPE: result = walkArrayType(w); break;
    case S.K_READONLY_TYPE: result = walkParenType(w, role); break;
    case S.K_FUNCTION_TYPE: result = walkFunctionType(w); break;
    case S.K_TYPE_SCOPE: case S.K_CALL_SIGNATURE: walkTypeScope(w); break;
    case S.K_FORMAL_PARAMS: walkTypeOnlyParams(w); break;
    case S.K_INDEX_SIGNATURE: walkIndexSignature(w); break;
    case S.K_ERROR: walkError(w); break;
    case S.K_AMBIENT: walkAmbient(w); break;
    default: visitChildren(w); break;
  }
  leave(w, id);
  return result;
}

/** Visits the children of a bracketed node as reads, stopping after its closing `}`/`)`/`]`. */
export function visitChildrenToClose(w: Walker): void {
  const c = w.c;
  if (c.gotoFirstChild()) {
    for (;;) {
      const id = c.nodeTypeId;
      visitAt(w, id, R_READ);
      if ((w.t.flags[id]! & S.F_CLOSE) !== 0 || !c.gotoNextSibling()) break;
    }
    c.gotoParent();
  }
}

/**
 * An ERROR node: its children are visited as usual, except that a class or function expression
 * directly inside is taken for the declaration it most likely was before the error.
 */
function walkError(w: Walker): void {
  const c = w.c;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_CLASS_EXPR) walkClass(w, id, -1, true);
    else if (kind === S.K_FUNC_EXPR) walkFunction(w, id, anonymousSite(FORM_DECLARATION));
    else visitAt(w, id, R_READ);
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** Visits every child of the node under the cursor as a read. */
export function visitChildren(w: Walker): void {
  const c = w.c;
  if (c.gotoFirstChild()) {
    do visitAt(w, c.nodeTypeId, R_READ); while (c.gotoNextSibling());
    c.gotoParent();
  }
}
