/**
 * Narrowing by conditions, as the TypeScript compiler narrows a variable's type: `x instanceof C`,
 * a type-guard call (`isT(x)` of a function declared `x is T`, `x.isT()` of a `this is T` method)
 * and `Array.isArray(x)` refine `x` toward that type where the condition holds (`if` consequents,
 * the right of `&&`, the true arm of `?:`, and `!`, `||` and `else` for where it fails, away from
 * it), and after `if (cond) return;` (or `throw`, `break`, `continue`) for the rest of the block.
 * A read of a refined name is a `refined` expression (the binder decides the type); assignments
 * are not followed. Owns the condition walk (hashed exactly as visitAt hashes it) and the stack of
 * refinements in force.
 */
import { NS_VALUE, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { MAX_DEPTH, enter, kindOf, leave } from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';

/** A name refined toward a type (`except`: away from it) where a condition holds or fails. */
export interface Refinement {
  name: string;
  /** The name's binding where the condition was read (a read elsewhere bound otherwise is not refined). */
  binding: number;
  type: Expr;
  except: boolean;
}

/** What a condition says when it holds and when it fails. */
interface Facts {
  whenTrue: Refinement[];
  whenFalse: Refinement[];
}

const NO_FACTS: Facts = { whenTrue: [], whenFalse: [] };

const EXITS = new Set(['return_statement', 'throw_statement', 'break_statement', 'continue_statement']);

/** The read of a refined identifier `expr` (named `name`), or `expr` itself. */
export function refinedRead(w: Walker, name: string, expr: Expr): Expr {
  const stack = w.refinements;
  for (let i = stack.length - 1; i >= 0; i--) {
    const refinement = stack[i]!;
    if (refinement.name !== name) continue;
    if (w.scope.lookup(NS_VALUE, name) !== refinement.binding) return expr;
    return { k: 'refined', value: expr, type: refinement.type, except: refinement.except };
  }
  return expr;
}

/** `if (cond) a else b`: `a` with what `cond` says when it holds, `b` with what it says when it fails. */
export function walkIf(w: Walker): void {
  const c = w.c;
  let facts = NO_FACTS;
  let sawCondition = false;
  let consequentExits = false;
  let hasElse = false;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if ((w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
    } else if (!sawCondition) {
      sawCondition = true;
      facts = walkCondition(w, id);
    } else if (w.t.names[id] === 'else_clause') {
      hasElse = true;
      visitRefined(w, facts.whenFalse, id);
    } else {
      w.blockExits = false;
      visitRefined(w, facts.whenTrue, id);
      consequentExits = isExit(w, id) || (kind === S.K_BLOCK && w.blockExits);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  // `if (!isT(x)) return;`: what follows in the block knows the condition failed.
  w.exitRefinements = consequentExits && !hasElse && facts.whenFalse.length > 0 ? facts.whenFalse : null;
}

/** `cond ? a : b`. */
export function walkTernary(w: Walker): void {
  const c = w.c;
  let facts = NO_FACTS;
  let operand = 0;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if ((w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
      visitAt(w, id, R_READ);
      continue;
    }
    operand++;
    if (operand === 1) facts = walkCondition(w, id);
    else visitRefined(w, operand === 2 ? facts.whenTrue : facts.whenFalse, id);
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** A binary expression (visitAt has entered it): `&&`/`||` narrow their right operand and are branches. */
export function walkBinary(w: Walker): void {
  binaryFacts(w);
}

/**
 * Visits the node under the cursor (type id `id`) as visitAt(R_READ) does, with `refinements` in
 * force. Most conditions refine nothing, so that case is a plain visit.
 */
function visitRefined(w: Walker, refinements: readonly Refinement[], id: number): void {
  if (refinements.length === 0) {
    visitAt(w, id, R_READ);
    return;
  }
  const depth = w.refinements.length;
  w.refinements.push(...refinements);
  try {
    visitAt(w, id, R_READ);
  } finally {
    w.refinements.length = depth;
  }
}

/** walkCondition with `refinements` in force (see visitRefined). */
function conditionRefined(w: Walker, refinements: readonly Refinement[], id: number): Facts {
  if (refinements.length === 0) return walkCondition(w, id);
  const depth = w.refinements.length;
  w.refinements.push(...refinements);
  try {
    return walkCondition(w, id);
  } finally {
    w.refinements.length = depth;
  }
}

/** Visits the expression under the cursor (type id `id`) as visitAt(R_READ) does, and reads what it says. */
function walkCondition(w: Walker, id: number): Facts {
  const kind = kindOf(w, id);
  if ((w.t.flags[id]! & S.F_LEAF) !== 0 || w.hd >= MAX_DEPTH) {
    visitAt(w, id, R_READ);
    return NO_FACTS;
  }
  switch (kind) {
    case S.K_PAREN: {
      enter(w, id);
      const facts = parenFacts(w);
      leave(w, id);
      return facts;
    }
    case S.K_UNARY: {
      enter(w, id);
      const facts = notFacts(w);
      leave(w, id);
      return facts;
    }
    case S.K_BINARY: {
      enter(w, id);
      const facts = binaryFacts(w);
      leave(w, id);
      return facts;
    }
    case S.K_CALL: {
      w.wantArguments = true;
      const value = visitAt(w, id, R_READ);
      const args = w.lastArguments;
      w.lastArguments = null;
      return value.k === 'call' && args !== null ? guardFacts(w, value.callee, args) : NO_FACTS;
    }
    default:
      visitAt(w, id, R_READ);
      return NO_FACTS;
  }
}

/** `(cond)`: its operand's facts (the `)` is not visited, as walkParen does not). */
function parenFacts(w: Walker): Facts {
  const c = w.c;
  let facts = NO_FACTS;
  let name = '';
  let site = -1;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      if ((w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
        facts = walkCondition(w, id);
        name = w.lastName;
        site = w.lastSite;
        break;
      }
      visitAt(w, id, R_READ);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.lastName = name;
  w.lastSite = site;
  return facts;
}

/** `!cond` swaps what `cond` says; other unary operators say nothing. */
function notFacts(w: Walker): Facts {
  const c = w.c;
  let negate = false;
  let facts = NO_FACTS;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      if (kind === S.K_TOKEN) {
        if (w.t.names[id] === '!') negate = true;
        visitAt(w, id, R_READ);
      } else if ((w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT) {
        facts = negate ? walkCondition(w, id) : (visitAt(w, id, R_READ), NO_FACTS);
      } else {
        visitAt(w, id, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (!negate || (facts.whenTrue.length === 0 && facts.whenFalse.length === 0)) return NO_FACTS;
  return { whenTrue: facts.whenFalse, whenFalse: facts.whenTrue };
}

/**
 * The operands of a binary expression (entered): `a && b` reads `b` where `a` holds, `a || b`
 * where `a` fails; `x instanceof C` refines `x` toward C. Logical ones are branches.
 */
function binaryFacts(w: Walker): Facts {
  const c = w.c;
  let operator = '';
  let operands = 0;
  let left = NO_FACTS;
  let leftValue: Expr = UNKNOWN;
  let leftName = '';
  let facts = NO_FACTS;
  let logical = false;
  if (c.gotoFirstChild()) {
    do {
      const id = c.nodeTypeId;
      const kind = kindOf(w, id);
      const flags = w.t.flags[id]!;
      if ((flags & S.F_NAMED) === 0 || kind === S.K_COMMENT) {
        if ((flags & S.F_LOGICAL_OP) !== 0) logical = true;
        if (kind === S.K_TOKEN) operator = w.t.names[id]!;
        visitAt(w, id, R_READ);
        continue;
      }
      operands++;
      if (operands === 1) {
        w.lastName = '';
        if (kind === S.K_IDENT) {
          leftValue = visitAt(w, id, R_READ);
          leftName = w.lastName;
        } else {
          left = walkCondition(w, id);
        }
        continue;
      }
      if (operator === '&&' || operator === '||') {
        const right = conditionRefined(w, operator === '&&' ? left.whenTrue : left.whenFalse, id);
        facts = operator === '&&'
          ? joinedFacts(left.whenTrue, right.whenTrue, true)
          : joinedFacts(left.whenFalse, right.whenFalse, false);
      } else {
        const rightValue = visitAt(w, id, R_READ);
        if (operator === 'instanceof' && leftName !== '' && isName(leftValue) && rightValue !== UNKNOWN) {
          const refinement = refine(w, leftName, rightValue);
          if (refinement !== null) facts = { whenTrue: [refinement], whenFalse: [{ ...refinement, except: true }] };
        }
      }
      break;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  w.branchHere = logical;
  return facts;
}

/**
 * What `a && b` says when it holds (`whenTrue`), or `a || b` when it fails: both operands'
 * refinements. Nothing known is NO_FACTS (no arrays made: most `&&`/`||` refine nothing).
 */
function joinedFacts(left: readonly Refinement[], right: readonly Refinement[], whenTrue: boolean): Facts {
  if (left.length === 0 && right.length === 0) return NO_FACTS;
  const joined = [...left, ...right];
  return whenTrue ? { whenTrue: joined, whenFalse: [] } : { whenTrue: [], whenFalse: joined };
}

/** The identifier an expression reads (refined already or not), or null. */
function nameOf(e: Expr): string | null {
  const read = e.k === 'refined' ? e.value : e;
  return read.k === 'name' && read.ns === NS_VALUE ? read.name : null;
}

function isName(e: Expr): boolean {
  return nameOf(e) !== null;
}

/** A refinement of the bound name `name` toward `type`, or null when the name is free here. */
function refine(w: Walker, name: string, type: Expr): Refinement | null {
  const binding = w.scope.lookup(NS_VALUE, name);
  return binding === undefined ? null : { name, binding, type, except: false };
}

/**
 * A call in a condition: each identifier argument `x` of `f(x)` is refined toward what `f`'s type
 * guard says of its argument (the binder reads `f`'s declaration); `x.isT()` refines `x` by a
 * `this is T` guard.
 */
function guardFacts(w: Walker, callee: Expr, args: readonly Expr[]): Facts {
  const whenTrue: Refinement[] = [];
  args.forEach((arg, index) => {
    const name = nameOf(arg);
    if (name === null) return;
    const refinement = refine(w, name, { k: 'guard', callee, arg: index });
    if (refinement !== null) whenTrue.push(refinement);
  });
  const receiver = callee.k === 'member' ? nameOf(callee.object) : null;
  if (receiver !== null) {
    const refinement = refine(w, receiver, { k: 'guard', callee, arg: -1 });
    if (refinement !== null) whenTrue.push(refinement);
  }
  if (whenTrue.length === 0) return NO_FACTS;
  return { whenTrue, whenFalse: whenTrue.map((refinement) => ({ ...refinement, except: true })) };
}

/** Whether the statement under the cursor (type id `id`) always leaves its block. */
export function isExit(w: Walker, id: number): boolean {
  return EXITS.has(w.t.names[id]!);
}
