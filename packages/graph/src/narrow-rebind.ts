/**
 * Which dependents a change of binding surface can affect, when its imports stay the same.
 *
 * Binding looks names up: a module's export, a package-scope or star-imported name, a member
 * along a type's chain. When a file's imports are unchanged, its surface differs from before
 * only in declarations and exports that were added, removed or changed, each compared whole
 * (types, initializers, bases; an index into the declarations compared as the name it points
 * at). Every lookup of another name is answered as before, so only files that reference one of
 * the changed names can bind differently. Such a file, once re-bound, may in turn give its own
 * names other meanings (an initializer whose type is now known), so its names join the changed
 * ones (those its binder names, LanguageBinder.namesGivenAnew: in Java only the declarations that
 * mention a changed name) and its dependents are looked at again, until nothing more joins. A change of imports
 * (or of language, package, build constraint), or a new name the file's own references already
 * used, re-binds every transitive dependent, as before. Owns a file's binding surface (what
 * other files can read of it), that test, the names a file references and declares, and the fixed point.
 */
import type { FileFacts } from '@repograph/core';

/**
 * What other files' binding can read of a file: its declarations without positions, text and
 * shape hashes (names, kinds, scopes, parents, exports, types, initializers, returns, bases,
 * parameters), its imports and exports without positions, and its package clause. References
 * are the file's own business. Two facts with equal surfaces bind every other file alike.
 */
export function bindingSurface(facts: FileFacts): string {
  return JSON.stringify([
    facts.language, facts.packageName ?? null, facts.buildConstraint ?? null,
    facts.declarations.map(({ range: _r, selection: _s, signature: _g, doc: _d, fingerprint: _f, branches: _b, nodeCount: _n, ...rest }) => rest),
    facts.imports.map(({ line: _l, column: _c, ...rest }) => rest),
    facts.exports.map(({ line: _l, column: _c, ...rest }) => rest),
  ]);
}

/**
 * Each declaration's name for keys: its qualified name and which occurrence of it (a file may
 * declare one name twice). Indices into the declarations (a parent, `this`'s owner, a value
 * bound to a declaration) are written as these names, so a declaration keeps its key when
 * others are inserted before it (Go's facts list types and functions before fields).
 */
function declarationNames(facts: FileFacts): string[] {
  const seen = new Map<string, number>();
  return facts.declarations.map((declaration) => {
    const count = (seen.get(declaration.qualifiedName) ?? 0) + 1;
    seen.set(declaration.qualifiedName, count);
    return `${declaration.qualifiedName}\u0001${count}`;
  });
}

/** `value` as JSON with declaration indices replaced by declaration names (see declarationNames). */
function canonical(value: unknown, names: string[], imports?: string[]): string {
  return JSON.stringify(value, function (this: unknown, key: string, item: unknown) {
    const holder = this as Record<string, unknown>;
    if (typeof item === 'number' && holder !== null && typeof holder === 'object') {
      if (key === 'parent' || key === 'owner' || (key === 'decl' && holder.k === 'decl')) return item < 0 ? null : names[item] ?? null;
      if (imports && key === 'imp' && holder.k === 'import') return imports[item] ?? null;
    }
    return item;
  });
}

/**
 * The surface parts that changedNames compares (positions and texts left out); with `imports`
 * (each import's key), an index into the imports is compared as the import it points at.
 */
function declarationKeys(facts: FileFacts, names: string[], imports?: string[]): string[] {
  return facts.declarations.map(({ range: _r, selection: _s, signature: _g, doc: _d, fingerprint: _f, branches: _b, nodeCount: _n, ...rest }) => canonical(rest, names, imports));
}

/**
 * Languages whose imports no other file sees (never re-exported, no module object): an import
 * that changes reaches other files only through the declarations that name it, which
 * changedNames compares with the import each names. Java; Go's package-level `var x = f()`
 * takes its type from a file's imports without naming them, and JS and Python re-export.
 */
const IMPORTS_STAY_IN_FILE: ReadonlySet<string> = new Set(['java']);

function importKeys(facts: FileFacts): string[] {
  return facts.imports.map(({ line: _l, column: _c, ...rest }) => JSON.stringify(rest));
}

function exportKeys(facts: FileFacts, names: string[]): string[] {
  return facts.exports.map(({ line: _l, column: _c, ...rest }) => canonical(rest, names));
}

/** Counts of each key. */
function multiset(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * The names whose meaning a change can alter (see the header), else null: with the same
 * language, package, build constraint and imports (in order; in Java they may differ, each
 * declaration then compared with the imports it names), the names of every declaration and
 * export that is not in both versions unchanged; null also when a name only the new version
 * declares was already used by the file's own references.
 */
export function changedNames(before: FileFacts, after: FileFacts): Set<string> | null {
  if (before.language !== after.language || before.packageName !== after.packageName || before.buildConstraint !== after.buildConstraint) return null;
  const beforeImports = importKeys(before);
  const afterImports = importKeys(after);
  const ownImports = IMPORTS_STAY_IN_FILE.has(after.language);
  if (!ownImports && (beforeImports.length !== afterImports.length || beforeImports.some((key, i) => key !== afterImports[i]))) return null;
  const beforeNames = declarationNames(before);
  const afterNames = declarationNames(after);
  const changed = new Set<string>();
  const onlyAfter = new Set<string>();
  const unmatched = (keys: string[], others: string[], visit: (index: number) => void): void => {
    const counts = multiset(others);
    keys.forEach((key, index) => {
      const count = counts.get(key) ?? 0;
      if (count > 0) counts.set(key, count - 1);
      else visit(index);
    });
  };
  const declarationName = (facts: FileFacts, into: Set<string>[]) => (index: number): void => {
    let declaration = facts.declarations[index]!;
    if (declaration.scope === 'local' || declaration.scope === 'parameter') {
      // Locals and parameters are no other file's to look up. But where imports may differ, a
      // parameter's type or a type parameter's bound may name another class with the same text:
      // that is its method's or class's meaning to callers (an overload, a member's type).
      const owner = facts.declarations[declaration.parent];
      const typeParameter = declaration.kind === 'type_alias';
      if (!ownImports || !(declaration.scope === 'parameter' || typeParameter) || !owner || owner.scope === 'local' || owner.scope === 'parameter') return;
      declaration = owner;
    }
    for (const set of into) set.add(declaration.name).add(declaration.qualifiedName);
  };
  const beforeDeclarations = declarationKeys(before, beforeNames, ownImports ? beforeImports : undefined);
  const afterDeclarations = declarationKeys(after, afterNames, ownImports ? afterImports : undefined);
  unmatched(beforeDeclarations, afterDeclarations, declarationName(before, [changed]));
  unmatched(afterDeclarations, beforeDeclarations, declarationName(after, [changed, onlyAfter]));
  const beforeExports = exportKeys(before, beforeNames);
  const afterExports = exportKeys(after, afterNames);
  unmatched(beforeExports, afterExports, (index) => changed.add(before.exports[index]!.exported));
  unmatched(afterExports, beforeExports, (index) => { changed.add(after.exports[index]!.exported); onlyAfter.add(after.exports[index]!.exported); });
  const used = referencedNames(before);
  for (const name of onlyAfter) if (used.has(name)) return null;
  return changed;
}

const referencedCache = new WeakMap<FileFacts, Set<string>>();

/**
 * Every name a file's facts look up elsewhere: unbound identifiers (`global`), member names (JS
 * `T["name"]` types too), imported names and export names of re-exports, wherever an expression
 * sits (references, initializers, types, bases, returns, the targets, routers and mounts of
 * architecture facts). Cached per facts object.
 */
export function referencedNames(facts: FileFacts): Set<string> {
  let names = referencedCache.get(facts);
  if (names) return names;
  names = new Set<string>();
  for (const fact of facts.imports) if (fact.imported !== '') names.add(fact.imported);
  for (const fact of facts.exports) if (fact.imported) names.add(fact.imported);
  collectNames([facts.declarations, facts.references, facts.exports, facts.surfaces ?? [], facts.mounts ?? []], names);
  referencedCache.set(facts, names);
  return names;
}

/** Walks plain data, adding the `name` of every `global` and `member` expression. */
export function collectNames(value: unknown, into: Set<string>): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectNames(item, into);
    return;
  }
  const record = value as Record<string, unknown>;
  if ((record.k === 'global' || record.k === 'member' || record.k === 'indexed') && typeof record.name === 'string') into.add(record.name);
  for (const key in record) {
    const child = record[key];
    if (child !== null && typeof child === 'object') collectNames(child, into);
  }
}

/**
 * The names a file gives others: its declarations' names and qualified names, its exports.
 * Locals and parameters are no other file's to look up (as in changedNames), and leaving them out
 * matters: a new Go file's parameter `fn` is looked up all over its package, and counting it
 * re-bound every file there and every importer of theirs.
 */
export function declaredNames(facts: FileFacts): Set<string> {
  const names = new Set<string>();
  for (const declaration of facts.declarations) {
    if (declaration.scope === 'local' || declaration.scope === 'parameter') continue;
    names.add(declaration.name);
    names.add(declaration.qualifiedName);
  }
  for (const fact of facts.exports) names.add(fact.exported);
  return names;
}

/**
 * The files to re-bind for changed names: of `candidates` (the transitive dependents of the files
 * whose imports stayed), each that references a changed name, where a re-bound file gives the
 * names `givesAnew` says a new meaning (null, or no `givesAnew`: every name it declares; a file
 * that gives some is asked again as the changed names grow); repeated until nothing more joins.
 * `factsOf` gives a candidate's facts (null: nothing to bind).
 */
export function dependentsReferencing(
  candidates: readonly string[], changedNames: Set<string>, factsOf: (path: string) => FileFacts | null,
  givesAnew?: (path: string, names: ReadonlySet<string>) => Iterable<string> | null,
): Set<string> {
  const names = new Set(changedNames);
  const rebound = new Set<string>();
  /** Re-bound files every name of which has joined (nothing more to ask them). */
  const done = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const path of candidates) {
      if (done.has(path)) continue;
      const facts = factsOf(path);
      if (!facts) continue;
      if (!rebound.has(path)) {
        if (!meets(referencedNames(facts), names)) continue;
        rebound.add(path);
      }
      const some = givesAnew?.(path, names) ?? null;
      if (some === null) done.add(path);
      for (const name of some ?? declaredNames(facts)) {
        if (names.has(name)) continue;
        names.add(name);
        grew = true;
      }
    }
  }
  return rebound;
}

/** True when the two sets share a name. */
export function meets(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [fewer, more] = a.size < b.size ? [a, b] : [b, a];
  for (const name of fewer) if (more.has(name)) return true;
  return false;
}
