/**
 * A Python package's submodules as dependencies of its `__init__`: `pkg.sub` is an attribute of
 * the package whatever `__init__` says, so the binder lists every module and subpackage of the
 * package's folder among the `__init__`'s dependencies (binder.ts `dependencies`). A module
 * that comes or goes changes that list, yet binds the package as before unless the package's
 * own code names it; only files that look its name up can bind otherwise. Owns which files are a
 * package's members, and that test: the names the files that came or went have as submodules,
 * or null when that is not all they are.
 */
import { dirnameOf, type FileFacts } from '@repograph/core';
import { referencedNames } from '../narrow-rebind.js';
import type { FileUnit } from '../program.js';

/**
 * The members of every folder's package: the units directly in the folder, and the
 * `__init__.py` of each subfolder. One pass over the files (a scan of every file per package
 * was O(files x packages): ~20 ms of each Django bind).
 */
export function membersByFolder(files: ReadonlyMap<string, FileUnit>): Map<string, FileUnit[]> {
  const byFolder = new Map<string, FileUnit[]>();
  const file = (folder: string, unit: FileUnit): void => {
    const list = byFolder.get(folder);
    if (list) list.push(unit);
    else byFolder.set(folder, [unit]);
  };
  for (const [path, unit] of files) {
    const folder = dirnameOf(path);
    file(folder, unit);
    if (/(^|\/)__init__\.py$/.test(path) && folder !== '') file(dirnameOf(folder), unit);
  }
  return byFolder;
}

/**
 * The submodule names of `paths` in the package whose `__init__` is `initPath` (`util` for
 * `pkg/util.py` or `pkg/util.pyi`, `sub` for `pkg/sub/__init__.py`); null when a path is not
 * such a member, or when the package's own facts name one (an import of it, a reference to its
 * name, a docstring type naming it): then what the package binds may change.
 */
export function submoduleNames(initPath: string, facts: FileFacts, paths: readonly string[]): Set<string> | null {
  const slash = initPath.lastIndexOf('/');
  const folder = slash < 0 ? '' : initPath.slice(0, slash + 1);
  const names = new Set<string>();
  for (const path of paths) {
    if (!path.startsWith(folder)) return null;
    const parts = path.slice(folder.length).split('/');
    const name = parts.length === 1 ? parts[0]!.replace(/\.pyi?$/, '') : parts.length === 2 && parts[1] === '__init__.py' ? parts[0]! : null;
    if (name === null) return null;
    names.add(name);
  }
  const referenced = referencedNames(facts);
  const inSpecifier = (specifier: string, name: string): boolean => specifier.split('.').includes(name);
  for (const name of names) {
    if (referenced.has(name)) return null;
    if (facts.imports.some((fact) => inSpecifier(fact.specifier, name))) return null;
    if (facts.declarations.some((d) => d.returnType?.k === 'member' && d.returnType.object.k === 'module' && inSpecifier(d.returnType.object.specifier, name))) return null;
  }
  return names;
}
