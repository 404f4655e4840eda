/**
 * A return type written in a docstring, where the function has no annotation: Sphinx's
 * `:rtype: X` and Epydoc's `@rtype: X` (a ReST role such as :class:`X` stripped), as jedi reads
 * them. A dotted `pkg.mod.Class` is the class in the module jedi imports for it (absolute, core's
 * `module` value); a single name is looked up in the module, as any name of its code is. Anything
 * else (`bool`, `float or tuple`, `list of X`) gives nothing. Owns this reading only.
 */
import { NS_VALUE, UNRESOLVED } from '../model.js';
import type { Expr } from '../model.js';
import type { PyWalker } from './state.js';

const RETURN_PATTERN = /^[ \t]*[:@]rtype:[ \t]*([^\n]+)/m;
/** The literal's prefix and quotes (`""":rtype: X"""` is one line). */
const QUOTES = /^[rRuUbB]*(?:"""|'''|"|')|(?:"""|'''|"|')$/g;
const ROLE = /^:[^`]+:`([^`]+)`$/;
const DOTTED = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The type a docstring literal gives as its function's return, or undefined. */
export function docstringReturnType(w: PyWalker, literal: string): Expr | undefined {
  if (!literal.includes('rtype:')) return undefined;
  const match = RETURN_PATTERN.exec(literal.replace(QUOTES, ''));
  if (!match) return undefined;
  let text = match[1]!.trim();
  const role = ROLE.exec(text);
  if (role) text = role[1]!.replace(/^~/, '');
  if (!DOTTED.test(text)) return undefined;
  const parts = text.split('.');
  const last = parts.pop()!;
  if (parts.length === 0) return { k: 'name', name: last, scope: w.moduleScope, ns: NS_VALUE, res: UNRESOLVED };
  return { k: 'member', object: { k: 'module', specifier: parts.join('.') }, name: last };
}
