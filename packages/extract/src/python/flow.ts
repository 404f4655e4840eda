/**
 * Flow frames and reachability, the way jedi (the Python oracle) judges which of a name's
 * bindings a use may see. A frame is one branch of an `if`/`try`/`while` statement, or a whole
 * `for`/`with` statement, opened while the walk is inside it; frames chain outwards across scopes.
 * A branch's status is REACHABLE, UNREACHABLE or UNSURE: an `if` branch by its condition (only
 * what jedi evaluates statically: literals, `TYPE_CHECKING`, `sys.version_info` compared with a
 * tuple, `not`/`and`/`or` of those), `try` and `while` branches are UNSURE, `for`/`with` are
 * REACHABLE. Owns these rules (jedi's flow_analysis.reachability_check); bindings.ts applies them.
 */
import type { Scope } from '../model.js';

export const REACHABLE = 1;
export const UNSURE = 0;
export const UNREACHABLE = -1;

/** The interpreter jedi runs on in the oracle (Debian's python3): `sys.version_info` compares with it. */
const PYTHON_VERSION = [3, 11, 2];

export interface FlowFrame {
  /** Start offset of the compound statement: the frame's identity (branches of one `if` share it). */
  node: number;
  kind: 'if' | 'try' | 'while' | 'for' | 'with';
  /** The branch's keyword; jedi tells branches apart by it (two `elif` branches match). */
  keyword: string;
  status: number;
  parent: FlowFrame | null;
  /** The scope whose code the statement is in. */
  scope: Scope;
}

export function invert(status: number): number {
  return status === UNSURE ? UNSURE : -status;
}

/** jedi's `&` of two statuses. */
function both(a: number, b: number): number {
  if (a === UNSURE || b === UNSURE) return UNSURE;
  return a === REACHABLE && b === REACHABLE ? REACHABLE : UNREACHABLE;
}

/** The status of an `else` branch after tests of these statuses (jedi's _break_check). */
export function elseStatus(tests: number[]): number {
  let status = REACHABLE;
  for (const test of tests) {
    status = test;
    if (test !== UNREACHABLE) break;
  }
  return tests.length === 0 ? REACHABLE : invert(status);
}

/** The frames of `scope`'s own statements around a binding or use, innermost first. */
export function framesIn(frame: FlowFrame | null, scope: Scope): FlowFrame[] {
  const frames: FlowFrame[] = [];
  for (let f = frame; f !== null && f.scope === scope; f = f.parent) frames.push(f);
  return frames;
}

/** Whether `frame` is `inner` or one of its outer frames. */
export function encloses(frame: FlowFrame, inner: FlowFrame | null): boolean {
  for (let f = inner; f !== null; f = f.parent) if (f === frame || (f.node === frame.node && f.kind === frame.kind)) return true;
  return false;
}

/** Whether code in the frames (innermost first) runs: the first branch that is not REACHABLE decides. */
export function breakCheck(frames: FlowFrame[]): number {
  let status = REACHABLE;
  for (const frame of frames) {
    status = both(status, frame.status);
    if (status !== REACHABLE) return status;
  }
  return status;
}

/**
 * Whether a binding in `bindingFrames` (its own scope's frames, innermost first) is seen from a
 * use: `useFrames` are the use's frames in its own scope (null: a use from another file), `useChain`
 * its innermost frame (to see whether the binding's statement encloses it).
 */
export function reachability(bindingFrames: FlowFrame[], useFrames: FlowFrame[] | null, useChain: FlowFrame | null): number {
  if (useFrames === null) return breakCheck(bindingFrames);
  let branchMatches = true;
  for (const frame of useFrames) {
    const common = bindingFrames.find((b) => b.node === frame.node && b.kind === frame.kind);
    if (common === undefined) continue;
    branchMatches = common.keyword === frame.keyword;
    if (frame.kind === 'if' && !branchMatches) return UNREACHABLE;
    if (frame.kind === 'try' && !branchMatches && frame.keyword === 'else' && common.keyword === 'except') return UNREACHABLE;
    if (branchMatches) break;
  }
  const first = bindingFrames[0];
  // The binding's innermost statement (or, with none, its scope) encloses the use.
  if (branchMatches && (first === undefined || encloses(first, useChain))) return REACHABLE;
  return breakCheck(bindingFrames);
}

/** The status of an `if`/`elif` condition from its source text (see the header). */
export function conditionStatus(text: string): number {
  return evaluate(stripParens(text.replace(/#[^\n]*/g, '').replace(/\\\n/g, ' ').trim()));
}

function evaluate(text: string): number {
  const or = splitTop(text, 'or');
  if (or.length > 1) {
    const parts = or.map(evaluate);
    if (parts.includes(REACHABLE)) return REACHABLE;
    return parts.every((p) => p === UNREACHABLE) ? UNREACHABLE : UNSURE;
  }
  const and = splitTop(text, 'and');
  if (and.length > 1) {
    const parts = and.map(evaluate);
    if (parts.includes(UNREACHABLE)) return UNREACHABLE;
    return parts.every((p) => p === REACHABLE) ? REACHABLE : UNSURE;
  }
  if (/^not\b/.test(text)) return invert(evaluate(stripParens(text.slice(3).trim())));
  return atomStatus(text);
}

function atomStatus(text: string): number {
  if (text === 'True') return REACHABLE;
  if (text === 'False' || text === 'None') return UNREACHABLE;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? UNREACHABLE : REACHABLE;
  if (/^(?:[A-Za-z_][A-Za-z0-9_]*\.)?TYPE_CHECKING$/.test(text)) return REACHABLE;
  const version = /^sys\.version_info\s*(<=|>=|==|!=|<|>)\s*\(\s*(\d+(?:\s*,\s*\d+)*)\s*,?\s*\)$/.exec(text);
  if (version) return compareVersion(version[1]!, version[2]!.split(',').map((n) => Number(n.trim()))) ? REACHABLE : UNREACHABLE;
  return UNSURE;
}

function compareVersion(operator: string, other: number[]): boolean {
  let order = 0;
  for (let i = 0; i < Math.max(other.length, PYTHON_VERSION.length) && order === 0; i++) {
    // sys.version_info has five fields, so it is longer than any tuple of numbers written here.
    if (i >= other.length) order = 1;
    else if (i >= PYTHON_VERSION.length) order = -1;
    else order = Math.sign(PYTHON_VERSION[i]! - other[i]!);
  }
  switch (operator) {
    case '<': return order < 0;
    case '<=': return order <= 0;
    case '>': return order > 0;
    case '>=': return order >= 0;
    case '==': return order === 0;
    default: return order !== 0;
  }
}

/** Drops parentheses that wrap the whole text. */
function stripParens(text: string): string {
  while (text.startsWith('(') && closingOf(text, 0) === text.length - 1) text = text.slice(1, -1).trim();
  return text;
}

function closingOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Splits on a keyword operator outside brackets and strings (one split level). */
function splitTop(text: string, keyword: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote !== '') {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (depth === 0 && text.startsWith(keyword, i) && /\s/.test(text[i - 1] ?? '') && /\s/.test(text[i + keyword.length] ?? '')) {
      parts.push(stripParens(text.slice(from, i).trim()));
      from = i + keyword.length;
    }
  }
  parts.push(stripParens(text.slice(from).trim()));
  return parts;
}
