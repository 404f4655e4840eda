/**
 * Binding for Go: resolves each reference of a Go file to the declaration its target expression
 * denotes, across the files of its package and the packages it imports. A call resolves only to
 * a function or method: conversions `T(x)` and calls of function values stay unresolved, as
 * go/types reports them; confidence is `typed` when a type was used on the way. Owns the
 * LanguageBinder surface (resolution, imported files, dependencies); expressions are walked by
 * evaluate.ts, names and members looked up by members.ts, types computed by typing.ts.
 */
import { dirnameOf, type Diagnostic, type ReferenceKind, type ValueExpr } from '@repograph/core';
import type { Entity, LanguageBinder, MovedFile, Resolution } from '../language-binder.js';
import type { ManifestText } from '../manifests.js';
import { declaredNames } from '../narrow-rebind.js';
import type { FileUnit } from '../program.js';
import { GoEvaluator } from './evaluate.js';
import { GoPackageTable } from './packages.js';
import { CALLABLE_KINDS, kindOf } from './type-refs.js';
import type { TypedFlag } from './typing.js';

/**
 * Builds the binder of a tree's Go files; `changed` (the paths that came, went or changed since
 * the last binder, when files came or went) lets it say whose imports may move.
 */
export function createGoBinder(units: FileUnit[], manifests: ManifestText[], diagnostics: Diagnostic[], changed?: readonly string[]): LanguageBinder {
  return new GoBinder(new GoPackageTable(units, manifests, diagnostics), changed);
}

export class GoBinder implements LanguageBinder {
  private readonly flag: TypedFlag = { typed: false };
  private readonly evaluator: GoEvaluator;

  /** movedImportFolders' answer, made on first use. */
  private moved: ReadonlySet<string> | null = null;

  constructor(private readonly table: GoPackageTable, private readonly changed?: readonly string[]) {
    this.evaluator = new GoEvaluator(table, this.flag);
  }

  /**
   * The folders whose files may now depend on other files: a Go file depends on the files of its
   * package and of each package it imports, so those of the folders that files came into or left,
   * and those of every folder with a file importing a package of one of them. (Whoever depended
   * on a file that left is asked again by the session; a change of go.mod, a package clause or a
   * build constraint rebinds everything.)
   */
  get movedImportFolders(): ReadonlySet<string> | undefined {
    if (this.changed === undefined) return undefined;
    if (this.moved !== null) return this.moved;
    const dirs = new Set<string>();
    for (const path of this.changed) if (path.endsWith('.go')) dirs.add(dirnameOf(path));
    const folders = new Set(dirs);
    if (dirs.size > 0) {
      for (const goPackage of this.table.packages) {
        if (folders.has(goPackage.dir)) continue;
        const importsOne = goPackage.units.some((unit) => unit.facts.imports.some((fact) => {
          const target = this.table.resolveImport(fact.specifier, unit);
          return target !== undefined && dirs.has(target.dir);
        }));
        if (importsOne) folders.add(goPackage.dir);
      }
    }
    this.moved = folders;
    return folders;
  }

  resolve(unit: FileUnit, expr: ValueExpr, kind: ReferenceKind): Resolution | null {
    this.flag.typed = false;
    const value = this.evaluator.valueOf(unit, expr, 0);
    if (!value || value.t === 'package') return null;
    if (value.t === 'external') return { entity: { t: 'external' }, confidence: 'exact' };
    // A call resolves to a function or method only (a conversion `T(x)` is not a call of T).
    if (kind === 'call' && !CALLABLE_KINDS.has(kindOf(value))) return null;
    const entity: Entity = { t: 'decl', unit: value.unit, index: value.index };
    return { entity, confidence: this.flag.typed ? 'typed' : 'exact' };
  }

  importedUnit(unit: FileUnit, importIndex: number): FileUnit | undefined {
    const fact = unit.facts.imports[importIndex];
    return fact ? this.table.resolveImport(fact.specifier, unit)?.units[0] : undefined;
  }

  /**
   * Files that came into or left its package or a package it imports: a Go file names packages,
   * never files, so what they change for it is what they declare (a package-level name, a method
   * of a type, a field), looked up unqualified in its own package or as `pkg.Name`. It is itself
   * assembled again when its import of another package may now point elsewhere (an import's
   * edge goes to the package's first file): a file that came first into such a package, or one
   * that may have been first in the package it left (GoPackageTable.edgeMayHaveLed).
   */
  memberNames(unit: FileUnit, moved: ReadonlyArray<MovedFile>): { names: Set<string>; self: boolean } {
    const names = new Set<string>();
    let self = false;
    const own = this.table.packageOf(unit);
    for (const file of moved) {
      for (const name of declaredNames(file.facts)) names.add(name);
      if (file.unit === undefined) {
        const ownPackage = own !== undefined && dirnameOf(file.path) === own.dir && file.facts.packageName === own.name;
        self ||= !ownPackage && this.table.edgeMayHaveLed(file.path, file.facts);
      }
      else {
        const goPackage = this.table.packageOf(file.unit);
        self ||= goPackage !== own && goPackage?.units[0] === file.unit;
      }
    }
    return { names, self };
  }

  /** The other files of its package (one scope) and every file of each imported package. */
  dependencies(unit: FileUnit): Iterable<FileUnit> {
    const found = new Set<FileUnit>(this.table.packageOf(unit)?.units ?? []);
    for (const fact of unit.facts.imports) {
      for (const other of this.table.resolveImport(fact.specifier, unit)?.units ?? []) found.add(other);
    }
    found.delete(unit);
    return found;
  }
}
