/**
 * The dispatcher of the Python walk: `visit` is called once for every node of the tree. It folds
 * the node into the fingerprint hash stack and hands it to the handler of its type, which walks
 * the children with the same cursor and returns the node's value expression (UNKNOWN for most).
 * Every handler is entered with the cursor on its node and leaves it there. Owns the dispatch
 * and the core expression handlers (names, attributes, calls, subscripts); statements and
 * definitions live in statements.ts and definitions.ts, compound statements with flow frames in
 * branches.ts, conditional/boolean expressions, comprehensions and casts in values.ts, collection
 * literals in collections.ts.
 */
import { KEEP_ALWAYS, KEEP_IF_MODULE, KEEP_IF_NOT_OPAQUE, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import {
  MAX_DEPTH, nodeText, typeAt, R_CALLEE, R_OBJECT, R_READ, R_TYPE, R_WRITE, addRef, enter, foldLeaf, leave, nameExpr, namedAt,
} from './state.js';
import type { PyWalker } from './state.js';
import {
  walkAssignment, walkAugmented, walkBlock, walkFor, walkGlobal, walkNamed,
  walkReturn, walkWith, walkAsPattern,
} from './statements.js';
import { walkClass, walkDecorated, walkFunction, walkLambda } from './definitions.js';
import { walkImport, walkImportFrom } from './imports.js';
import { typeExpr } from './types.js';
import { inLoopOrWith, walkIf, walkTryOrWhile } from './branches.js';
import { walkBoolean, walkCastArguments, walkComprehension, walkConditional } from './values.js';
import { typingNameOf } from './typing-names.js';
import { isAddition, noteAddition, walkCollection } from './collections.js';
import { mayBeConfigSubscript, surfaceCall, surfaceSubscript } from './surfaces-hooks.js';
import type { ArgNode } from './surfaces-text.js';

/**
 * Visits the node under the cursor. `known`: its type, when the caller has just read it with
 * typeAt (which also set `typeIsNamed`), saving the native call.
 */
export function visit(w: PyWalker, role: number, known?: string): Expr {
  const c = w.c;
  const type = known ?? typeAt(w);
  const named = w.typeIsNamed;
  if (type === 'comment') return UNKNOWN;
  if (type === 'identifier') {
    foldLeaf(w, type, true);
    return identifier(w, role);
  }
  if (!named) {
    foldLeaf(w, type, named);
    return UNKNOWN;
  }
  if (w.hd >= MAX_DEPTH) {
    foldLeaf(w, type, true);
    w.truncated = true;
    return UNKNOWN;
  }
  switch (type) {
    case 'function_definition': walkFunction(w, []); return UNKNOWN;
    case 'class_definition': walkClass(w, []); return UNKNOWN;
    case 'decorated_definition': walkDecorated(w); return UNKNOWN;
    case 'string': case 'integer': case 'float': case 'true': case 'false': case 'none':
      if (type !== 'string' || !hasInterpolation(w)) {
        quiet(w);
        return UNKNOWN;
      }
  }
  enter(w, type);
  let result: Expr = UNKNOWN;
  switch (type) {
    case 'attribute': result = walkAttribute(w, role); break;
    case 'call': result = walkCall(w); surfaceCall(w, result); break;
    case 'block': walkBlock(w); break;
    case 'assignment': result = walkAssignment(w); break;
    case 'augmented_assignment': walkAugmented(w); break;
    case 'named_expression': result = walkNamed(w); break;
    case 'return_statement': walkReturn(w); break;
    case 'yield': w.returns = null; visitChildren(w, R_READ); break;
    case 'import_statement': walkImport(w); break;
    case 'import_from_statement': case 'future_import_statement': walkImportFrom(w); break;
    case 'global_statement': case 'nonlocal_statement': walkGlobal(w, type === 'global_statement'); break;
    case 'for_statement': inLoopOrWith(w, 'for', () => walkFor(w)); break;
    case 'with_statement': inLoopOrWith(w, 'with', () => walkWith(w)); break;
    case 'if_statement': walkIf(w); break;
    case 'try_statement': walkTryOrWhile(w, 'try'); break;
    case 'while_statement': walkTryOrWhile(w, 'while'); break;
    case 'as_pattern': result = walkAsPattern(w); break;
    case 'lambda': walkLambda(w); break;
    case 'list_comprehension': case 'set_comprehension': case 'dictionary_comprehension': case 'generator_expression':
      result = walkComprehension(w, type);
      break;
    case 'conditional_expression': result = walkConditional(w); break;
    case 'list': case 'set': case 'tuple': case 'expression_list': case 'dictionary': result = walkCollection(w, type); break;
    case 'boolean_operator': result = walkBoolean(w); break;
    case 'parenthesized_expression': result = walkSingle(w, role); break;
    case 'await': result = walkSingle(w, R_READ); break;
    case 'subscript': result = walkSubscript(w); break;
    case 'type': result = typeExpr(w); break;
    case 'keyword_argument': walkKeywordArgument(w); break;
    default: visitChildren(w, role === R_WRITE ? R_WRITE : R_READ); break;
  }
  leave(w, type);
  return result;
}

/** Visits every child of the node under the cursor with `role`. */
export function visitChildren(w: PyWalker, role: number): void {
  const c = w.c;
  if (c.gotoFirstChild()) {
    do visit(w, role); while (c.gotoNextSibling());
    c.gotoParent();
  }
}

/** Walks the subtree under the cursor for its hash and node count only. */
export function quiet(w: PyWalker): void {
  const c = w.c;
  const type = typeAt(w);
  if (type === 'comment') return;
  if (w.hd >= MAX_DEPTH || !c.gotoFirstChild()) {
    foldLeaf(w, type, namedAt(w));
    return;
  }
  enter(w, type);
  do quiet(w); while (c.gotoNextSibling());
  c.gotoParent();
  leave(w, type);
}

function hasInterpolation(w: PyWalker): boolean {
  const c = w.c;
  let found = false;
  if (c.gotoFirstChild()) {
    do if (typeAt(w) === 'interpolation') found = true; while (!found && c.gotoNextSibling());
    c.gotoParent();
  }
  return found;
}

/** An identifier used as a value (reads of module-level names are kept as references). */
function identifier(w: PyWalker, role: number): Expr {
  const start = w.c.startIndex;
  const name = w.text.slice(start, w.c.endIndex);
  const expr = nameExpr(w, name, role === R_WRITE ? -1 : start, role);
  if (expr.k === 'this') return expr;
  if (role === R_READ) addRef(w, 'read', name, expr, start, KEEP_IF_MODULE);
  else if (role === R_TYPE) addRef(w, 'type', name, expr, start, KEEP_IF_NOT_OPAQUE);
  return expr;
}

/** The only named child's value (parentheses, `await`). */
function walkSingle(w: PyWalker, role: number): Expr {
  const c = w.c;
  let result: Expr = UNKNOWN;
  if (c.gotoFirstChild()) {
    do {
      if (namedAt(w) && typeAt(w) !== 'comment') result = visit(w, role);
      else visit(w, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return result;
}

/** `object.name`: the member expression; a read records a reference to it. */
function walkAttribute(w: PyWalker, role: number): Expr {
  const c = w.c;
  let object: Expr = UNKNOWN;
  let name = '';
  let at = -1;
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      if (field === 'object') object = visit(w, R_OBJECT);
      else if (field === 'attribute') {
        at = c.startIndex;
        name = w.text.slice(at, c.endIndex);
        foldLeaf(w, 'identifier', true);
      } else visit(w, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (name === '') return UNKNOWN;
  const expr: Expr = { k: 'member', object: object.k === 'unknown' ? UNKNOWN : object, name };
  if (role === R_READ) addRef(w, 'read', name, expr, at, KEEP_IF_MODULE);
  else if (role === R_TYPE) addRef(w, 'type', name, expr, at, KEEP_IF_NOT_OPAQUE);
  return expr;
}

/** The offset of the name token of a callee expression (`c` in `a.b.c`), or -1. */
export function calleeSite(w: PyWalker, callee: Expr, start: number, end: number): number {
  if (callee.k === 'member') return end - callee.name.length;
  if (callee.k === 'name' || callee.k === 'this') return start;
  return -1;
}

/**
 * Positional arguments kept per call: those of a call that starts at `w.argumentsAt` (an
 * assignment's value, a decorator; set just before it is visited) and of `xs.append(x)`-like
 * calls (collections.ts).
 */
const MAX_ARGS = 4;

/** `f(args)`: a call reference at the callee's name; the value is what the call returns. */
function walkCall(w: PyWalker): Expr {
  const c = w.c;
  let callee: Expr = UNKNOWN;
  let calleeStart = -1;
  let calleeEnd = -1;
  let argumentCount = 0;
  let hasSpread = false;
  const keywords: string[] = [];
  let cast: { value: Expr; type: Expr } | null = null;
  /** Positional argument values, collected only where something reads them (see `argumentsWanted`). */
  let positional: Expr[] | null = null;
  const wanted = w.argumentsAt === c.startIndex;
  if (c.gotoFirstChild()) {
    do {
      const field = c.currentFieldName;
      if (field === 'function') {
        calleeStart = c.startIndex;
        calleeEnd = c.endIndex;
        callee = visit(w, R_CALLEE);
        if (((callee.k === 'name' && callee.name === 'cast') || (callee.k === 'member' && callee.name === 'cast')) && typingNameOf(w, callee) === 'cast') {
          cast = { value: UNKNOWN, type: UNKNOWN };
        }
        if (wanted || isAddition(callee)) positional = [];
      } else if (field === 'arguments' && cast !== null && typeAt(w) === 'argument_list') {
        argumentCount = walkCastArguments(w, cast);
      } else if (field === 'arguments' && typeAt(w) === 'argument_list') {
        enter(w, 'argument_list');
        if (c.gotoFirstChild()) {
          do {
            const type = typeAt(w);
            if (type === 'keyword_argument') {
              const start = c.startIndex;
              if (c.gotoFirstChild()) {
                keywords.push(w.text.slice(start, c.endIndex));
                c.gotoParent();
              }
            } else if (type === 'list_splat' || type === 'dictionary_splat') {
              hasSpread = true;
            } else if (w.typeIsNamed && type !== 'comment') {
              argumentCount++;
              if (positional !== null && positional.length < MAX_ARGS) {
                positional.push(visit(w, R_READ, type));
                continue;
              }
            }
            visit(w, R_READ, type);
          } while (c.gotoNextSibling());
          c.gotoParent();
        }
        leave(w, 'argument_list');
      } else {
        // A generator argument `f(x for x in y)`.
        if (namedAt(w)) argumentCount++;
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (callee.k === 'name' && callee.name === 'super' && callee.scope.lookup(0, 'super') === undefined) {
    return { k: 'super', owner: w.classDecl };
  }
  const site = calleeSite(w, callee, calleeStart, calleeEnd);
  if (site >= 0) {
    const name = callee.k === 'member' ? callee.name : w.text.slice(calleeStart, calleeEnd);
    addRef(w, 'call', name, callee, site, KEEP_ALWAYS, argumentCount, hasSpread);
    if (keywords.length > 0) w.keywordNames.set(site, keywords);
  }
  if (positional !== null && positional.length > 0) noteAddition(w, callee, positional);
  if (cast === null && positional !== null && positional.length > 0 && callee.k !== 'unknown') {
    const call: Expr = { k: 'call', callee };
    w.callArgs.set(call, positional);
    return call;
  }
  if (cast !== null) return cast.type.k === 'unknown' ? cast.value : { k: 'cast', value: cast.value, type: cast.type };
  return callee.k === 'unknown' ? UNKNOWN : { k: 'call', callee };
}

/** `name=value` in a call: the name is no reference. */
function walkKeywordArgument(w: PyWalker): void {
  const c = w.c;
  if (c.gotoFirstChild()) {
    do {
      if (c.currentFieldName === 'name') foldLeaf(w, 'identifier', true);
      else visit(w, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
}

/** `value[index]`: an element of `value` (a list's item, a mapping's value). */
function walkSubscript(w: PyWalker): Expr {
  const c = w.c;
  let value: Expr = UNKNOWN;
  let index = -1;
  /** The subscript of `os.environ[...]`-like values (architecture facts read it). */
  let key: ArgNode | null = null;
  if (c.gotoFirstChild()) {
    do {
      if (c.currentFieldName === 'value') value = visit(w, R_READ);
      else {
        if (c.currentFieldName === 'subscript') {
          const type = typeAt(w);
          if (type === 'integer') index = Number(nodeText(w));
          else if (mayBeConfigSubscript(value)) key = { type, start: c.startIndex, end: c.endIndex };
        }
        visit(w, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (key !== null) surfaceSubscript(w, value, key);
  if (value.k === 'unknown') return UNKNOWN;
  // `pair[1]`: that item of a tuple.
  return index >= 0 ? { k: 'element', of: value, index } : { k: 'element', of: value };
}

export { R_CALLEE, R_OBJECT, R_READ, R_TYPE, R_WRITE };
