/**
 * Where the Python walk hands architecture facts their sites (issue 17): a call (visit.ts, after
 * walking it, the cursor still on it), a subscript (`os.environ['X']`), a decorator and the
 * definition it decorates (definitions.ts) and an assignment in a class body (statements.ts).
 * Each entry first makes a test on what the walk already holds (the callee's last name, the
 * subscripted value's shape), so a file without these forms pays a set lookup per call and
 * nothing else; only then are the call's argument nodes read. Owns the dispatch only.
 */
import type { Expr } from '../model.js';
import type { PyWalker } from './state.js';
import { ROUTE_CALLS, decoratedRoutes, routeCall, routeDecorator } from './surfaces-routes.js';
import { CONFIG_CALLS, configCall, configSubscript, mayBeConfigSubscript } from './surfaces-config.js';
import { TABLE_CALLS, classAssignment, tableCall } from './surfaces-tables.js';
import type { SurfaceDraft } from './surfaces.js';
import type { ArgNode } from './surfaces-text.js';

export { classAssignment, decoratedRoutes, mayBeConfigSubscript, routeDecorator };
export type { SurfaceDraft };

/** A call the walk has just walked (the cursor on its node); `value` is what walkCall returned. */
export function surfaceCall(w: PyWalker, value: Expr): void {
  if (value.k !== 'call') return;
  const callee = value.callee;
  const name = callee.k === 'member' ? callee.name : callee.k === 'name' ? callee.name : '';
  if (name === '') return;
  if (ROUTE_CALLS.has(name)) routeCall(w, value, name);
  else if (CONFIG_CALLS.has(name)) configCall(w, callee, name);
  else if (TABLE_CALLS.has(name)) tableCall(w, callee, name);
}

/**
 * A subscript whose value passed mayBeConfigSubscript, the cursor back on the subscript node
 * (its field tells an assignment target).
 */
export function surfaceSubscript(w: PyWalker, value: Expr, subscript: ArgNode): void {
  configSubscript(w, value, subscript, w.c.currentFieldName === 'left');
}
