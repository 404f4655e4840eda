/**
 * `@typing.overload` (also `@overload`, `@t.overload` with `import typing as t`,
 * `typing_extensions`): the stubs and the implementation that follows them in the same scope are
 * one declaration, as the JS walk merges TypeScript overload signatures. Its range runs from the
 * first stub to the implementation, and its name, parameters, signature and body are the
 * implementation's (where jedi, the Python oracle, puts a call of an overloaded function); a
 * return annotation that reduces to nothing falls back to the stubs' when they all agree. Stubs
 * without an implementation (a .pyi file, a Protocol) stay one declaration at the first stub.
 * Owns recognising the decorator and the merge bookkeeping; definitions.ts walks the functions.
 */
import type { Scope } from '../model.js';
import type { PyWalker } from './state.js';
import { typingNameOfText } from './typing-names.js';

/** The open run of overload stubs of one scope: the name and the declaration they merge into. */
export interface OverloadRun {
  scope: Scope;
  name: string;
  decl: number;
  /** The stubs' return annotation texts; null once two disagree. */
  returnText: string | null;
}

/** Whether a decorator's text names typing's `overload` through an import of this file. */
export function isOverloadDecorator(w: PyWalker, text: string): boolean {
  return typingNameOfText(w, text) === 'overload';
}

/** The declaration a `def name` in `scope` continues (an open run of stubs), or -1. */
export function continuedOverload(w: PyWalker, scope: Scope, name: string): number {
  const run = w.overloadRun;
  return run !== null && run.scope === scope && run.name === name ? run.decl : -1;
}

/**
 * After a `def` was walked: a stub opens (or continues) the run of its scope; an implementation
 * closes it. `returnKnown`: the implementation's own return annotation reduced to a type (it
 * then replaced the stubs'); else the stubs' stays only when they all agree.
 */
export function afterDefinition(w: PyWalker, scope: Scope, name: string, decl: number, isStub: boolean, returnText: string, returnKnown: boolean): void {
  const run = w.overloadRun;
  const continues = run !== null && run.scope === scope && run.name === name && run.decl === decl;
  if (isStub) {
    if (!continues) w.overloadRun = { scope, name, decl, returnText };
    else if (run!.returnText !== returnText) run!.returnText = null;
    return;
  }
  if (continues && !returnKnown && run!.returnText === null) w.decls[decl]!.returnType = undefined;
  if (run !== null && run.scope === scope) w.overloadRun = null;
}
