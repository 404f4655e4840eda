/**
 * Python values and types that may be one of several (`a if c else b`, `a or b`,
 * `Union[A, B]`, `A | B`), written as core's `oneof`. ../finish.ts drops a `oneof` with a member
 * that names nothing, which suits TypeScript's types but not Python's alternatives (a builtin
 * `str` or a literal beside a class still leaves the class a candidate), so such members are left
 * out: literals at once, free names (builtins) once the names are bound, in `pruneUnions`. Owns
 * these helpers only.
 */
import { FREE, NS_VALUE, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr } from '../model.js';
import type { PyWalker } from './state.js';

/** One of `members` (unknown and None members left out); a single member stands for itself. */
export function oneOf(w: PyWalker, members: Expr[]): Expr {
  const kept = members.filter((m) => m.k !== 'unknown' && m.k !== 'nullish');
  if (kept.length === 0) return members.some((m) => m.k === 'nullish') ? members.find((m) => m.k === 'nullish')! : UNKNOWN;
  if (kept.length === 1) return kept[0]!;
  const union: Expr = { k: 'oneof', types: kept };
  w.unions.push(union);
  return union;
}

/** Whether an expression is a `oneof` and its members. */
export function membersOf(e: Expr): Expr[] | null {
  return e.k === 'oneof' ? e.types : null;
}

/** Leaves out the members that are free names in a file without star imports (builtins). */
export function pruneUnions(w: PyWalker): void {
  if (w.unions.length === 0 || w.exports.some((e) => e.style === 'reexport-all')) return;
  for (const union of w.unions) {
    if (union.k !== 'oneof') continue;
    const kept = union.types.filter((m) => !(m.k === 'name' && isFree(m)));
    if (kept.length === union.types.length) continue;
    if (kept.length >= 2) {
      union.types = kept;
      continue;
    }
    // One member (or none) left: the expression becomes that member, as a filled-in deferred value.
    const single = kept[0] ?? UNKNOWN;
    const target = union as unknown as { k: string; e?: Expr; types?: Expr[] };
    delete target.types;
    target.k = 'deferred';
    target.e = single;
  }
}

function isFree(e: Extract<Expr, { k: 'name' }>): boolean {
  if (e.res === UNRESOLVED) e.res = e.scope.lookup(NS_VALUE, e.name) ?? FREE;
  return e.res === FREE;
}
