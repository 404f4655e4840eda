/**
 * What other Java files can read of a file's declarations, by name (narrow-rebind.ts): which of
 * its declarations a change of some names' meaning can give a new meaning, and the top-level
 * types through which its package's readers and its importers reach it. A Java declaration's
 * type is written in it and resolved in its own file (`var` is for locals only), so a
 * declaration means something new only when its own text (type, bases, type arguments, an
 * initializer, a parameter's or a type parameter's type) mentions such a name, or one of the
 * file's own declarations that does. Whatever the file's bodies reference, nothing else it
 * declares changes. Owns those sets, and the test of an edit that changes the types an import can
 * name; the rules that use them are JavaBinder's and GraphSession.changeKind's.
 */
import type { DeclarationFact, FileFacts } from '@repograph/core';
import { collectNames, meets } from '../narrow-rebind.js';
import { isClassKind } from './packages.js';

/** Per declaration: the names its text mentions and the declarations of the file it names. */
interface DeclarationReads {
  names: Set<string>;
  declarations: Set<number>;
}

const READS = new WeakMap<FileFacts, Array<DeclarationReads | null>>();

/**
 * Each declaration's reads; null for what no other file sees through it: a local, but for a type
 * parameter (a member of that type gives its callers the bound). A parameter's or a type
 * parameter's reads count as its owner's (a call's overload depends on the parameter types).
 */
function declarationReads(facts: FileFacts): Array<DeclarationReads | null> {
  let reads = READS.get(facts);
  if (reads) return reads;
  reads = facts.declarations.map(() => null);
  facts.declarations.forEach((declaration, index) => {
    const owner = ownerOf(facts, declaration, index);
    if (owner < 0) return;
    const into = (reads![owner] ??= { names: new Set(), declarations: new Set() });
    collectNames(declaration, into.names);
    collectReads(facts, declaration, into);
  });
  READS.set(facts, reads);
  return reads;
}

/** The declaration whose meaning `declaration`'s text is part of, or -1. */
function ownerOf(facts: FileFacts, declaration: DeclarationFact, index: number): number {
  const typeParameter = declaration.kind === 'type_alias' && declaration.scope === 'local';
  if (declaration.scope === 'parameter' || typeParameter) {
    const owner = facts.declarations[declaration.parent];
    return owner && owner.scope !== 'local' ? declaration.parent : -1;
  }
  return declaration.scope === 'local' ? -1 : index;
}

/**
 * Adds the names of the imports `value` names (`{k: 'import'}`: a type written as the import that
 * names it) and the declarations it names (`{k: 'decl'}`; a parameter or a type parameter as its owner).
 */
function collectReads(facts: FileFacts, value: unknown, into: DeclarationReads): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectReads(facts, item, into);
    return;
  }
  const record = value as Record<string, unknown>;
  if (record.k === 'import' && typeof record.imp === 'number') {
    const imported = facts.imports[record.imp]?.imported;
    if (imported) into.names.add(imported);
  } else if (record.k === 'decl' && typeof record.decl === 'number') {
    const named = facts.declarations[record.decl];
    const owner = named ? ownerOf(facts, named, record.decl) : -1;
    if (owner >= 0) into.declarations.add(owner);
  }
  for (const key in record) {
    const child = record[key];
    if (child !== null && typeof child === 'object') collectReads(facts, child, into);
  }
}

/**
 * The names (name and qualified name) of the declarations that mention one of `changed`, or a
 * declaration of the file that does, until no more join.
 */
export function namesGivenAnew(facts: FileFacts, changed: ReadonlySet<string>): Set<string> {
  const reads = declarationReads(facts);
  // One pass over a worklist (a declaration joins once, through whoever names it), so a file of
  // many declarations naming each other costs their count, never its square.
  const namedBy = new Map<number, number[]>();
  const anew = new Set<number>();
  const work: number[] = [];
  reads.forEach((read, index) => {
    if (read === null) return;
    for (const other of read.declarations) {
      if (other === index) continue;
      const list = namedBy.get(other);
      if (list) list.push(index);
      else namedBy.set(other, [index]);
    }
    if (meets(read.names, changed)) {
      anew.add(index);
      work.push(index);
    }
  });
  while (work.length > 0) {
    for (const referrer of namedBy.get(work.pop()!) ?? []) {
      if (anew.has(referrer)) continue;
      anew.add(referrer);
      work.push(referrer);
    }
  }
  const names = new Set<string>();
  for (const index of anew) {
    const declaration = facts.declarations[index]!;
    names.add(declaration.name).add(declaration.qualifiedName);
  }
  return names;
}

/** Its top-level types, by name and qualified name: all that another file reaches it by. */
export function topLevelTypeNames(facts: FileFacts): Set<string> {
  const names = new Set<string>();
  for (const declaration of facts.declarations) {
    if (declaration.parent === -1 && declaration.scope === 'module' && isClassKind(declaration.kind)) names.add(declaration.name).add(declaration.qualifiedName);
  }
  return names;
}

/**
 * True when an edit of a Java file adds, removes or renames one of its top-level types: an import
 * names a class, so another file's import may now resolve to it, or no longer, though no file came
 * or went (the session then asks every file's dependencies again, as for a file that came).
 */
export function changesImportableTypes(before: FileFacts, after: FileFacts): boolean {
  if (after.language !== 'java') return false;
  const was = topLevelTypeNames(before);
  const now = topLevelTypeNames(after);
  return was.size !== now.size || [...now].some((name) => !was.has(name));
}
