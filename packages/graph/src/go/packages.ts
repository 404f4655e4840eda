/**
 * Go packages of a tree: modules from go.mod (module path + directory), packages as the files of
 * one directory with one package clause name (an external test package `foo_test` is its own
 * package), their import paths, their package scopes and their methods by receiver type name.
 * Owns this table and import-path resolution; the evaluation of expressions lives in binder.ts.
 * Never throws: a go.mod without a module path is reported and ignored; a name declared twice in
 * one package (files split by build tags) keeps the one a default linux/amd64 build compiles (else
 * the first by path) and is reported.
 */
import { dirnameOf, joinRelative, type Diagnostic, type FileFacts } from '@repograph/core';
import type { ManifestText } from '../manifests.js';
import type { FileUnit } from '../program.js';
import { buildSatisfied } from './constraints.js';

/** A declaration of a package: a file and an index into its declarations. */
export interface GoDecl {
  unit: FileUnit;
  index: number;
}

/** One Go package. */
export interface GoPackage {
  dir: string;
  name: string;
  /** Import path from the nearest go.mod, or null outside every module. */
  importPath: string | null;
  units: FileUnit[];
  /** Package-level names (functions, types, vars, consts) to their declaration. */
  scope: Map<string, GoDecl>;
  /** Methods by receiver base type name, then by method name. */
  methods: Map<string, Map<string, GoDecl>>;
}

/** Every Go package of the tree, with the package of each file. */
export class GoPackageTable {
  readonly packages: GoPackage[] = [];
  private readonly byUnit = new Map<FileUnit, GoPackage>();
  private readonly byImportPath = new Map<string, GoPackage>();
  /** The main (non-test) package of each directory. */
  private readonly byDir = new Map<string, GoPackage>();
  private readonly modules: Array<{ dir: string; path: string }> = [];
  /** Whether a default linux/amd64 build compiles each file. */
  private readonly satisfied = new Map<FileUnit, boolean>();
  /** resolveImport's answers found by folder suffix (or not found), by import path. */
  private readonly bySuffix = new Map<string, GoPackage | undefined>();

  constructor(units: FileUnit[], manifests: ManifestText[], diagnostics: Diagnostic[]) {
    for (const manifest of manifests) {
      if (!/(^|\/)go\.mod$/.test(manifest.path)) continue;
      const modulePath = moduleSpecifierOf(manifest.text);
      if (modulePath === null) {
        diagnostics.push({
          code: 'parse_error', severity: 'warning', path: manifest.path,
          message: `${manifest.path} has no \`module\` directive; its packages are bound without an import path. Add \`module <path>\` to resolve imports of them.`,
        });
        continue;
      }
      this.modules.push({ dir: dirnameOf(manifest.path), path: modulePath });
    }
    this.modules.sort((a, b) => b.dir.length - a.dir.length);
    const groups = new Map<string, GoPackage>();
    // Files a default build compiles come first, so a name redeclared across build tags binds to that one.
    const satisfied = this.satisfied;
    for (const unit of units) satisfied.set(unit, buildSatisfied(unit.path, unit.facts.buildConstraint));
    const ordered = [...units].sort((a, b) =>
      Number(satisfied.get(b)) - Number(satisfied.get(a)) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const unit of ordered) {
      const dir = dirnameOf(unit.path);
      const name = unit.facts.packageName ?? '';
      const key = `${dir}\0${name}`;
      let goPackage = groups.get(key);
      if (!goPackage) {
        goPackage = { dir, name, importPath: this.importPathOf(dir), units: [], scope: new Map(), methods: new Map() };
        groups.set(key, goPackage);
        this.packages.push(goPackage);
      }
      goPackage.units.push(unit);
      this.byUnit.set(unit, goPackage);
    }
    for (const goPackage of this.packages) {
      this.fillScope(goPackage, diagnostics);
      if (goPackage.name.endsWith('_test')) continue;
      const current = this.byDir.get(goPackage.dir);
      if (!current || goPackage.units.length > current.units.length) this.byDir.set(goPackage.dir, goPackage);
    }
    for (const [dir, goPackage] of this.byDir) {
      if (goPackage.importPath !== null) this.byImportPath.set(goPackage.importPath, goPackage);
      this.byImportPath.set(`\0dir\0${dir}`, goPackage);
    }
  }

  /**
   * True when an import's edge may have gone to a file of `path` and `facts` that left the tree:
   * its package is gone, or is not the one its folder's imports resolve to (a folder whose main
   * package changed moves every edge into it), or the file would sort before the package's first
   * file now (the edge goes to that first file). Never for a `_test` package, which nothing
   * imports.
   */
  edgeMayHaveLed(path: string, facts: FileFacts): boolean {
    const name = facts.packageName ?? '';
    if (name.endsWith('_test')) return false;
    const dir = dirnameOf(path);
    const goPackage = this.byDir.get(dir);
    if (!goPackage || goPackage.name !== name) return true;
    const first = goPackage.units[0]!;
    const satisfied = buildSatisfied(path, facts.buildConstraint);
    const firstSatisfied = this.satisfied.get(first) ?? true;
    return satisfied !== firstSatisfied ? satisfied : path < first.path;
  }

  /** True when a default linux/amd64 build compiles the file. */
  inDefaultBuild(unit: FileUnit): boolean {
    return this.satisfied.get(unit) ?? true;
  }

  /** The package of a file. */
  packageOf(unit: FileUnit): GoPackage | undefined {
    return this.byUnit.get(unit);
  }

  /**
   * The package an import path names: by module path; failing that (a tree without go.mod, a
   * GOPATH layout), the directory the path ends with; `./x` relative to the importing file. Standard-library paths (no dot in the first
   * element) never match a directory by suffix.
   */
  resolveImport(specifier: string, fromUnit?: FileUnit): GoPackage | undefined {
    if (specifier.startsWith('./') || specifier.startsWith('../')) {
      // A relative import (GOPATH mode): the directory next to the importing file.
      const dir = fromUnit ? joinRelative(dirnameOf(fromUnit.path), specifier) : null;
      return dir === null ? undefined : this.byDir.get(dir === '.' ? '' : dir);
    }
    const exact = this.byImportPath.get(specifier);
    if (exact) return exact;
    const first = specifier.split('/')[0] ?? '';
    if (!first.includes('.')) return undefined;
    // A path outside the module (golang.org/x/...) is matched against every folder once per table:
    // every importing file asks it again, for its dependencies and for a file-set change's folders.
    if (this.bySuffix.has(specifier)) return this.bySuffix.get(specifier);
    let best: GoPackage | undefined;
    for (const [dir, goPackage] of this.byDir) {
      if (dir === '' || goPackage.importPath !== null) continue;
      if ((specifier === dir || specifier.endsWith(`/${dir}`)) && (!best || dir.length > best.dir.length)) best = goPackage;
    }
    this.bySuffix.set(specifier, best);
    return best;
  }

  private importPathOf(dir: string): string | null {
    for (const module of this.modules) {
      if (module.dir === '' ) return dir === '' ? module.path : `${module.path}/${dir}`;
      if (dir === module.dir) return module.path;
      if (dir.startsWith(`${module.dir}/`)) return `${module.path}/${dir.slice(module.dir.length + 1)}`;
    }
    return null;
  }

  private fillScope(goPackage: GoPackage, diagnostics: Diagnostic[]): void {
    for (const unit of goPackage.units) {
      unit.facts.declarations.forEach((declaration, index) => {
        if (declaration.scope !== 'module' || declaration.name === '_') return;
        let table: Map<string, GoDecl>;
        if (declaration.kind === 'method') {
          const receiver = declaration.receiver ?? '_';
          let methods = goPackage.methods.get(receiver);
          if (!methods) goPackage.methods.set(receiver, (methods = new Map()));
          table = methods;
        } else {
          if (declaration.name === 'init') return;
          table = goPackage.scope;
        }
        const existing = table.get(declaration.name);
        if (!existing) {
          table.set(declaration.name, { unit, index });
          return;
        }
        if (existing.unit === unit) return;
        const line = declaration.selection.start.line;
        diagnostics.push({
          code: 'duplicate_declaration', severity: 'info', path: unit.path, line, column: declaration.selection.start.column,
          message: `${unit.path}:${line}: ${declaration.qualifiedName} is also declared in ${existing.unit.path} (package ${goPackage.name}, likely split by build tags); references bind to the one in ${existing.unit.path}.`,
        });
      });
    }
  }
}

/** The module path of a go.mod text, or null when it has no `module` directive. */
export function moduleSpecifierOf(text: string): string | null {
  const match = /^\s*module\s+("?)([^\s"/][^\s"]*)\1\s*(?:\/\/.*)?$/m.exec(text);
  return match ? match[2]! : null;
}
