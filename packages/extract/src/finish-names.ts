/**
 * What finish.ts and its phases ask of a walk's expressions: the binding a name has (looked up
 * once and cached in the expression), the declaration an expression directly names, the root a
 * member chain hangs from, the owner `this` stands for, a type parameter's constraint, and the
 * innermost published declaration around a position. Pure reads over the records (plus the
 * lookup cache); no decisions about what is kept.
 */
import { FREE, NS_TYPE, OPAQUE, UNRESOLVED } from './model.js';
import type { Decl, Expr } from './model.js';

/** The binding of an unresolved name (undefined: free), looked up once. */
export function bindingOf(e: Extract<Expr, { k: 'name' }>): number | undefined {
  if (e.res === UNRESOLVED) e.res = e.scope.lookup(e.ns, e.name) ?? FREE;
  return e.res === FREE ? undefined : e.res;
}

/** The declaration an expression directly names (through casts), or -1. */
export function directDecl(e: Expr): number {
  while (e.k === 'cast' || e.k === 'refined') e = e.value;
  if (e.k === 'decl') return e.decl;
  if (e.k === 'name') {
    const binding = bindingOf(e);
    return binding !== undefined && binding >= 0 ? binding : -1;
  }
  return -1;
}

function rootOf(e: Expr): Expr {
  let root = e;
  while (root.k === 'member' || root.k === 'deferred' || root.k === 'generic' || root.k === 'cast' || root.k === 'refined') {
    root = root.k === 'member' ? root.object : root.k === 'deferred' ? root.e : root.k === 'generic' ? root.base : root.value;
  }
  return root;
}

/** KEEP_IF_MODULE: `this`/`super`, imports and module-scope declarations (or members of them). */
export function rootIsModuleLevel(decls: readonly Decl[], e: Expr): boolean {
  const root = rootOf(e);
  switch (root.k) {
    case 'this':
    case 'super':
    case 'import':
      return true;
    case 'decl':
      return decls[root.decl]!.scope === 'module';
    case 'name': {
      const binding = bindingOf(root);
      if (binding === undefined || binding === OPAQUE) return false;
      return binding < 0 || decls[binding]!.scope === 'module';
    }
    default:
      return false;
  }
}

/** KEEP_IF_NOT_OPAQUE: the expression hangs from a type parameter. */
export function rootIsOpaque(e: Expr): boolean {
  const root = rootOf(e);
  return root.k === 'name' && bindingOf(root) === OPAQUE;
}

/** The declaration `this` stands for: its class, or a function with prototype members; else -1. */
export function thisOwnerOf(decls: readonly Decl[], e: Extract<Expr, { k: 'this' }>): number {
  if (e.owner >= 0) return e.owner;
  return e.fn >= 0 && decls[e.fn]!.hasPrototypeMembers ? e.fn : -1;
}

/** The constraint of a type parameter (`T extends C`: C), if `e` names one that has one. */
export function constraintOf(e: Extract<Expr, { k: 'name' }>): Expr | undefined {
  return e.ns === NS_TYPE && bindingOf(e) === OPAQUE ? e.scope.constraintOf(e.name) : undefined;
}

/** The innermost published declaration at or around `start` (following containers), or -1. */
export function publishedFrom(decls: readonly Decl[], published: readonly number[], start: number): number {
  let at = start;
  while (at >= 0 && published[at] !== 1) at = decls[at]!.container;
  return at;
}
