/**
 * Every binding of a name in a scope (a def, class, import, parameter or assignment, in source
 * order, with the flow frame it sits in) and which of them a use of the name may see, as jedi
 * (the Python oracle) decides: from the last binding backwards, every one not UNREACHABLE from
 * the use, stopping at the first REACHABLE one (flow.ts); a use in the binding scope's own code
 * sees only the bindings before it. After the walk, `resolveBindings` binds each use with several
 * candidate bindings to the last one it sees, repeats a call of it once per other candidate
 * (`if ...: def f()` / `else: def f()`; `h = md5` / `h = sha1`), makes a local variable's use
 * stand for the values it may have there, and marks the module's and the classes' bindings that
 * no use from outside the scope can see (a definition a later one always replaces) as
 * superseded. Owns these records and the pass; the walk records them.
 */
import { FREE, NS_VALUE, UNKNOWN, UNRESOLVED } from '../model.js';
import type { Expr, RefRecord, Scope } from '../model.js';
import { REACHABLE, UNREACHABLE, framesIn, reachability } from './flow.js';
import type { FlowFrame } from './flow.js';
import type { PyWalker } from './state.js';
import { membersOf, oneOf } from './unions.js';
import { R_CALLEE } from './state.js';

/** One binding of a name. */
export interface BindEvent {
  /** The scope binding it makes: a declaration index, or an import binding (model.ts importBinding). */
  binding: number;
  /** An assignment's value (undefined for a def, class, import or parameter). */
  value: Expr | undefined;
  at: number;
  frame: FlowFrame | null;
}

/** One use of a name (an identifier read, called or used as an object). */
export interface NameUse {
  expr: Extract<Expr, { k: 'name' }>;
  at: number;
  frame: FlowFrame | null;
  scope: Scope;
  /** How the name is used (state.ts R_READ, R_CALLEE, ...). */
  role: number;
}

/** Records a binding of `name` in `scope` at the walk's current flow frame. */
export function recordBinding(w: PyWalker, scope: Scope, name: string, binding: number, value: Expr | undefined, at: number): void {
  let byName = w.events.get(scope);
  if (byName === undefined) w.events.set(scope, (byName = new Map()));
  const list = byName.get(name);
  const event: BindEvent = { binding, value, at, frame: w.flow };
  if (list === undefined) byName.set(name, [event]);
  else list.push(event);
}

/** The bindings a use sees, last first (null use: a use from outside the scope, another file's). */
function visible(w: PyWalker, events: BindEvent[], scope: Scope, use: NameUse | null): BindEvent[] {
  const seen: BindEvent[] = [];
  const ownCode = use !== null && readsInOrder(w, use.scope, scope);
  const useFrames = use === null ? null : framesIn(use.frame, use.scope);
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (ownCode && event.at >= use!.at) continue;
    const status = reachability(framesIn(event.frame, scope), useFrames, use?.frame ?? null);
    if (status === UNREACHABLE) continue;
    seen.push(event);
    if (status === REACHABLE) break;
  }
  return seen;
}

/**
 * Whether a use in `from` sees `scope`'s bindings up to its own position: it is in that scope's
 * code, or in a class body or comprehension inside it (jedi forgets positions past a function).
 */
function readsInOrder(w: PyWalker, from: Scope, scope: Scope): boolean {
  for (let s: Scope | null = from; s !== null && s !== scope; s = s.parent) {
    if (w.info.get(s)?.isFunction) return false;
  }
  return true;
}

/** The scope whose binding a use of `name` in `from` reads. */
function bindingScopeOf(from: Scope, name: string): Scope | null {
  for (let s: Scope | null = from; s !== null; s = s.parent) if (s.values?.has(name)) return s;
  return null;
}

/** See the header. Runs once after the walk (and collections.ts's finish), before ../finish.ts. */
export function resolveBindings(w: PyWalker): void {
  const seenBy = new Map<Expr, BindEvent[]>();
  const rewrites: Array<{ use: NameUse; values: Expr[] }> = [];
  const boundTwice = new Set<string>();
  for (const byName of w.events.values()) for (const [name, events] of byName) if (events.length > 1) boundTwice.add(name);
  for (const use of w.uses) {
    if (!boundTwice.has(use.expr.name)) continue;
    const scope = bindingScopeOf(use.scope, use.expr.name);
    const events = scope === null ? undefined : w.events.get(scope)?.get(use.expr.name);
    if (events === undefined || events.length < 2) continue;
    const seen = visible(w, events, scope!, use);
    if (seen.length === 0) continue;
    use.expr.res = seen[0]!.binding;
    seenBy.set(use.expr, seen);
    if (use.role !== R_CALLEE && w.info.get(scope!)?.isFunction) {
      const values = valuesAtUse(w, use, seen);
      if (values !== null) rewrites.push({ use, values });
    }
  }
  applyRewrites(w, rewrites);
  if (seenBy.size > 0) expandCalls(w, seenBy);
  markSuperseded(w);
}

/**
 * A local variable read or used as an object where several of its assignments are visible (or
 * another than its first): the use stands for the values it may have there (`c = A()` / `else:
 * c = B()` then `return c` is one of both). Null where the plain name says as much.
 */
function valuesAtUse(w: PyWalker, use: NameUse, seen: BindEvent[]): Expr[] | null {
  const values: Expr[] = [];
  for (const event of seen) {
    if (event.value === undefined) {
      if (event.binding >= 0) values.push({ k: 'decl', decl: event.binding });
      else if (event.binding <= -2) values.push({ k: 'import', imp: -2 - event.binding });
      continue;
    }
    const value = settled(event.value);
    // `x = f(x)`: the assignment the use is part of is not one of its values.
    if (value.k !== 'unknown' && value.k !== 'nullish' && !containsAny(value, new Set([use.expr]), 0)) values.push(value);
  }
  if (values.length === 0) return null;
  const binding = use.expr.res;
  if (values.length === 1 && binding >= 0 && settled(w.decls[binding]?.init ?? UNKNOWN) === values[0]) return null;
  return values;
}

/**
 * Rewrites each use's expression in place into a filled-in deferred value of its values; a use
 * whose values contain another rewritten use (`node = node.parent`, two names assigned from each
 * other) keeps the plain name, so no value ever contains itself.
 */
function applyRewrites(w: PyWalker, rewrites: Array<{ use: NameUse; values: Expr[] }>): void {
  if (rewrites.length === 0) return;
  const rewritten = new Set<Expr>(rewrites.map((r) => r.use.expr));
  const safe = rewrites.filter((r) => !r.values.some((v) => containsAny(v, rewritten, 0)));
  for (const { use, values } of safe) {
    const target = use.expr as unknown as { k: string; e?: Expr };
    target.k = 'deferred';
    target.e = oneOf(w, values);
  }
}

function settled(value: Expr): Expr {
  let e = value;
  while (e.k === 'deferred') e = e.e;
  return e;
}

/** Whether an expression contains one of `exprs` (by identity; bounded walk, true past the bound). */
function containsAny(e: Expr, exprs: Set<Expr>, depth: number): boolean {
  if (depth > 32) return true;
  if (exprs.has(e)) return true;
  switch (e.k) {
    case 'member': return containsAny(e.object, exprs, depth + 1);
    case 'call': return containsAny(e.callee, exprs, depth + 1) || (e.args?.some((a) => containsAny(a, exprs, depth + 1)) ?? false);
    case 'new': return containsAny(e.callee, exprs, depth + 1);
    case 'element': return containsAny(e.of, exprs, depth + 1);
    case 'deferred': return containsAny(e.e, exprs, depth + 1);
    case 'cast': return containsAny(e.value, exprs, depth + 1) || containsAny(e.type, exprs, depth + 1);
    case 'oneof': case 'allof': return e.types.some((t) => containsAny(t, exprs, depth + 1));
    case 'array': return containsAny(e.element, exprs, depth + 1) || (e.items?.some((t) => containsAny(t, exprs, depth + 1)) ?? false);
    case 'argparam': return containsAny(e.callee, exprs, depth + 1);
    case 'typeof': return containsAny(e.value, exprs, depth + 1);
    default: return false;
  }
}

/** A call of a name with several visible bindings reaches each binding's callable. */
function expandCalls(w: PyWalker, seenBy: Map<Expr, BindEvent[]>): void {
  const expanded: RefRecord[] = [];
  let changed = false;
  for (const ref of w.refs) {
    const seen = ref.kind === 'call' ? seenBy.get(ref.target) : undefined;
    const targets = seen === undefined ? [] : callTargets(seen);
    if (targets.length === 0) {
      expanded.push(ref);
      continue;
    }
    for (const target of targets) expanded.push({ ...ref, target });
    changed = true;
  }
  if (changed) w.refs.splice(0, w.refs.length, ...expanded);
}

/**
 * What calling each visible binding reaches: a def, class, import or parameter itself; for an
 * assignment, the names and attributes it assigns (`h = md5`), else the assigned variable (whose
 * value binding follows). An assignment of nothing callable (`f = None`) reaches nothing.
 */
function callTargets(seen: BindEvent[]): Expr[] {
  const targets: Expr[] = [];
  const keys = new Set<string | Expr>();
  const add = (key: string | Expr, target: Expr): void => {
    if (keys.has(key)) return;
    keys.add(key);
    targets.push(target);
  };
  const bindingTarget = (binding: number): void => {
    if (binding >= 0) add(`d${binding}`, { k: 'decl', decl: binding });
    else if (binding <= -2) add(`i${binding}`, { k: 'import', imp: -2 - binding });
  };
  for (const event of seen) {
    if (event.value === undefined) {
      bindingTarget(event.binding);
      continue;
    }
    let named = false;
    for (const value of alternativesOf(event.value)) {
      if (value.k === 'name') {
        const binding = value.res === FREE ? undefined : value.res !== UNRESOLVED ? value.res : value.scope.lookup(NS_VALUE, value.name);
        add(binding === undefined ? `g${value.name}` : binding >= 0 ? `d${binding}` : `i${binding}`, value);
        named = true;
      } else if (value.k === 'member' || value.k === 'decl') {
        add(value, value);
        named = true;
      } else if (value.k === 'call' && event.binding >= 0) {
        // `x = factory()`: the variable's own value binding decides.
        bindingTarget(event.binding);
        named = true;
      }
    }
    const value = settled(event.value);
    if (!named && value.k !== 'unknown' && value.k !== 'nullish' && event.binding >= 0) bindingTarget(event.binding);
  }
  return targets;
}

/** The values an assigned expression may have (a union's members, a deferred value's). */
function alternativesOf(value: Expr): Expr[] {
  let e = value;
  while (e.k === 'deferred') e = e.e;
  const members = membersOf(e);
  return members === null ? [e] : members.flatMap(alternativesOf);
}

/** Bindings of the module and of classes that no use from outside can see (see the header). */
function markSuperseded(w: PyWalker): void {
  for (const [scope, byName] of w.events) {
    if (scope !== w.moduleScope && !w.info.get(scope)?.isClass) continue;
    for (const events of byName.values()) {
      if (events.length < 2) continue;
      const seen = visible(w, events, scope, null);
      const live = new Set(seen.map((e) => e.binding));
      for (const event of events) {
        if (live.has(event.binding)) continue;
        if (event.binding >= 0) w.supersededDecls.add(event.binding);
        else if (event.binding <= -2) w.supersededImports.add(-2 - event.binding);
      }
    }
  }
}
