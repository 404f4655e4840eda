/**
 * The compound statements that open flow frames (flow.ts): `if`/`elif`/`else` (each branch with
 * its condition's status), `try`/`except`/`else`/`finally` and `while` (UNSURE), `for` and
 * `with` (REACHABLE). Each handler walks its children in order with the cursor, as the default
 * walk would (so fingerprints do not change), and keeps the frame open around the branch's code.
 * Owns the frames' opening and closing only.
 */
import { NS_VALUE } from '../model.js';
import type { Scope } from '../model.js';
import { R_READ, enter, leave, nodeText, typeAt } from './state.js';
import type { PyWalker } from './state.js';
import { REACHABLE, UNREACHABLE, UNSURE, conditionStatus, elseStatus } from './flow.js';
import type { FlowFrame } from './flow.js';
import { visit } from './visit.js';

/** Text without one of these is UNSURE (flow.ts evaluates nothing else). */
const STATIC_PARTS = /TYPE_CHECKING|version_info|True|False|None|\d/;

/**
 * The status of the condition under the cursor: the node's type rules most out before its text
 * is read (a call, a subscript or a comparison other than `sys.version_info`'s is UNSURE).
 */
function conditionStatusAt(w: PyWalker, type: string): number {
  const c = w.c;
  switch (type) {
    case 'true': return REACHABLE;
    case 'false': case 'none': return UNREACHABLE;
    case 'identifier':
      return parameterDefault(w, nodeText(w)) ?? (nodeText(w) === 'TYPE_CHECKING' ? REACHABLE : UNSURE);
    case 'attribute':
      // `typing.TYPE_CHECKING`: the one name jedi holds true.
      return w.text.startsWith('TYPE_CHECKING', c.endIndex - 13) && c.endIndex - c.startIndex < 40 ? REACHABLE : UNSURE;
    case 'integer':
      return conditionStatus(nodeText(w));
    case 'comparison_operator':
      return w.text.startsWith('sys.version_info', c.startIndex) ? conditionStatus(nodeText(w)) : UNSURE;
    case 'not_operator': case 'boolean_operator': case 'parenthesized_expression': {
      const text = nodeText(w);
      return STATIC_PARTS.test(text) ? conditionStatus(text) : UNSURE;
    }
    default: return UNSURE;
  }
}

/**
 * `if flag:` on a parameter with a literal default and no other binding so far: jedi infers the
 * parameter from its default, so the branch's status is the default's.
 */
function parameterDefault(w: PyWalker, name: string): number | undefined {
  if (w.literalDefaults.size === 0) return undefined;
  const binding = w.scope.lookup(NS_VALUE, name);
  if (binding === undefined || binding < 0) return undefined;
  const status = w.literalDefaults.get(binding);
  if (status === undefined) return undefined;
  for (let s: Scope | null = w.scope; s !== null; s = s.parent) {
    const events = w.events.get(s)?.get(name);
    if (events !== undefined) return events.length === 1 ? status : undefined;
  }
  return undefined;
}

/** Runs `body` inside a new frame of the current scope. */
export function inFrame(w: PyWalker, node: number, kind: FlowFrame['kind'], keyword: string, status: number, body: () => void): void {
  const saved = w.flow;
  w.flow = { node, kind, keyword, status, parent: saved, scope: w.scope };
  body();
  w.flow = saved;
}

/**
 * `if c: ... elif d: ... else: ...` (the cursor on the if_statement, already entered). Children
 * are told apart by type (a condition is the named child that is no block or clause), one native
 * call each, handed on to visit.
 */
export function walkIf(w: PyWalker): void {
  const c = w.c;
  const node = c.startIndex;
  const tests: number[] = [];
  if (!c.gotoFirstChild()) return;
  do {
    const type = typeAt(w);
    if (type === 'block') {
      inFrame(w, node, 'if', 'if', tests[0] ?? UNSURE, () => visit(w, R_READ, type));
    } else if (type === 'elif_clause' || type === 'else_clause') {
      const isElse = type === 'else_clause';
      // An `else` follows every test: its status is known once all are read.
      const keyword = isElse ? 'else' : 'elif';
      enter(w, type);
      if (c.gotoFirstChild()) {
        do {
          const inner = typeAt(w);
          if (inner === 'block') {
            const status = isElse ? elseStatus(tests) : tests[tests.length - 1] ?? UNSURE;
            inFrame(w, node, 'if', keyword, status, () => visit(w, R_READ, inner));
          } else {
            if (w.typeIsNamed && inner !== 'comment') tests.push(conditionStatusAt(w, inner));
            visit(w, R_READ, inner);
          }
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, type);
    } else {
      if (w.typeIsNamed && type !== 'comment') tests.push(conditionStatusAt(w, type));
      visit(w, R_READ, type);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** `try:` with its `except`, `else` and `finally` clauses, or `while c: ... else: ...`. */
export function walkTryOrWhile(w: PyWalker, kind: 'try' | 'while'): void {
  const c = w.c;
  const node = c.startIndex;
  if (!c.gotoFirstChild()) return;
  do {
    const type = typeAt(w);
    if (type === 'block') {
      inFrame(w, node, kind, kind, UNSURE, () => visit(w, R_READ, type));
    } else if (type === 'except_clause' || type === 'except_group_clause' || type === 'else_clause' || type === 'finally_clause') {
      const keyword = type === 'else_clause' ? 'else' : type === 'finally_clause' ? 'finally' : 'except';
      inFrame(w, node, kind, keyword, UNSURE, () => visit(w, R_READ, type));
    } else {
      visit(w, R_READ, type);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** A `for` or `with` statement: one REACHABLE frame around all of it (its targets included). */
export function inLoopOrWith(w: PyWalker, kind: 'for' | 'with', walk: () => void): void {
  inFrame(w, w.c.startIndex, kind, kind, REACHABLE, walk);
}
