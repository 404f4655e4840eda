/**
 * Which Python files' dependencies a set of files that came or went can change, by folder
 * (LanguageBinder.movedImportFolders). A Python file depends on the modules its imports name (an
 * import, a `from x import y` that may load the submodule `x.y`, a star import, a docstring's
 * module-qualified return type) and, for a package's `__init__`, on the modules of its folder.
 * Module resolution looks a dotted name up segment by segment, so a module file `b.py` that came
 * or went can only change an import one of whose segments is `b`; and the search roots depend on
 * the package folders alone, which only an `__init__` changes (then every file may move).
 * Owns this rule; resolution itself is modules.ts's.
 */
import { dirnameOf, type FileFacts } from '@repograph/core';
import type { FileUnit } from '../program.js';

const MODULE_FILE = /\.pyi?$/;
const PACKAGE_INIT = /^__init__\.pyi?$/;

/**
 * The folders whose files may now depend on other files, given the paths that came, went or
 * changed (`changed`, any language); undefined when any file may (an `__init__` came or went).
 */
export function pythonMovedImportFolders(units: Iterable<FileUnit>, changed: readonly string[]): ReadonlySet<string> | undefined {
  const names = new Set<string>();
  const folders = new Set<string>();
  for (const path of changed) {
    if (!MODULE_FILE.test(path)) continue;
    const file = path.slice(path.lastIndexOf('/') + 1);
    if (PACKAGE_INIT.test(file)) return undefined;
    names.add(file.replace(MODULE_FILE, ''));
    // The folder's package `__init__` lists its modules, and its scripts import each other.
    folders.add(dirnameOf(path));
  }
  if (names.size === 0) return folders;
  for (const unit of units) {
    const folder = dirnameOf(unit.path);
    if (!folders.has(folder) && namesOneOf(unit, names)) folders.add(folder);
  }
  return folders;
}

/** True when an import, star import or module-qualified return type of `unit` has a segment in `names`. */
function namesOneOf(unit: FileUnit, names: ReadonlySet<string>): boolean {
  const named = (dotted: string | undefined): boolean => dotted !== undefined && dotted.split('.').some((segment) => names.has(segment));
  const facts: FileFacts = unit.facts;
  for (const fact of facts.imports) if (named(fact.specifier) || names.has(fact.imported)) return true;
  for (const fact of unit.starExports) if (named(fact.specifier)) return true;
  for (const declaration of facts.declarations) {
    const returned = declaration.returnType;
    if (returned?.k === 'member' && returned.object.k === 'module' && named(returned.object.specifier)) return true;
  }
  return false;
}
