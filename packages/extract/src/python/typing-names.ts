/**
 * Which `typing` (or `typing_extensions`) name an expression is, through this file's imports:
 * `overload` / `cast` imported by name, or `t.cast` with `import typing as t`; the same for
 * `functools` (`wraps`). Read during the walk, when the imports above the use are bound. Owns
 * this test only.
 */
import { NS_VALUE } from '../model.js';
import type { Expr } from '../model.js';
import type { PyWalker } from './state.js';

const TYPING_MODULES = new Set(['typing', 'typing_extensions']);

const FUNCTOOLS = new Set(['functools']);

/** The import record a name is bound to in the current scope, if it imports one of `modules`. */
function moduleImport(w: PyWalker, name: string, modules: Set<string>): PyWalker['imports'][number] | undefined {
  const binding = w.scope.lookup(NS_VALUE, name);
  if (binding === undefined || binding > -2) return undefined;
  const record = w.imports[-2 - binding];
  return record !== undefined && modules.has(record.specifier) ? record : undefined;
}

/** The typing name a dotted text (`overload`, `t.overload`) names, or null. */
export function typingNameOfText(w: PyWalker, text: string, modules = TYPING_MODULES): string | null {
  const parts = text.split('.');
  if (parts.length > 2) return null;
  const record = moduleImport(w, parts[0]!, modules);
  if (record === undefined) return null;
  if (parts.length === 1) return record.style === 'named' ? record.imported : null;
  return record.imported === '*' ? parts[1]! : null;
}

/** The typing name an expression (a name or `module.name`) denotes, or null. */
export function typingNameOf(w: PyWalker, e: Expr, modules = TYPING_MODULES): string | null {
  if (e.k === 'name') return typingNameOfText(w, e.name, modules);
  if (e.k === 'member' && e.object.k === 'name') return typingNameOfText(w, `${e.object.name}.${e.name}`, modules);
  return null;
}

/** Whether an expression is `functools.wraps`. */
export function isFunctoolsWraps(w: PyWalker, e: Expr): boolean {
  return typingNameOf(w, e, FUNCTOOLS) === 'wraps';
}
