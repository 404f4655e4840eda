/**
 * The Java package table: every Java file's package (from its `package` clause; no clause is the
 * unnamed package), the top-level types each package declares, and the source root of each file
 * (its path minus the package's folders: `src/main/java/`, `src/test/java/`, a plain root). Files
 * of one package share a scope whichever root they sit in (a test in `src/test/java` sees the
 * package-private classes of `src/main/java`); where two roots declare the same class, the file's
 * own root wins. Owns lookups by name; binding rules live in types.ts.
 */
import type { FileUnit } from '../program.js';

/** A class-like declaration of a file. */
export interface JavaTypeRef {
  unit: FileUnit;
  index: number;
}

const CLASS_KINDS = new Set(['class', 'interface', 'enum']);

export function isClassKind(kind: string): boolean {
  return CLASS_KINDS.has(kind);
}

/** Packages, their files and their top-level types. */
export class JavaPackageTable {
  private readonly unitsByPackage = new Map<string, FileUnit[]>();
  /** Fully qualified top-level name -> declarations (several when roots repeat a class). */
  private readonly topLevel = new Map<string, JavaTypeRef[]>();
  private readonly roots = new Map<FileUnit, string>();
  private readonly packageNames = new Set<string>();

  constructor(units: FileUnit[]) {
    for (const unit of units) {
      const name = unit.facts.packageName ?? '';
      const list = this.unitsByPackage.get(name);
      if (list) list.push(unit);
      else this.unitsByPackage.set(name, [unit]);
      for (let prefix = name; prefix; prefix = prefix.slice(0, Math.max(0, prefix.lastIndexOf('.')))) this.packageNames.add(prefix);
      this.roots.set(unit, rootOf(unit.path, name));
      unit.facts.declarations.forEach((declaration, index) => {
        if (declaration.parent !== -1 || declaration.scope !== 'module' || !isClassKind(declaration.kind)) return;
        const qualified = name ? `${name}.${declaration.name}` : declaration.name;
        const found = this.topLevel.get(qualified);
        if (found) found.push({ unit, index });
        else this.topLevel.set(qualified, [{ unit, index }]);
      });
    }
  }

  /** The package of a file. */
  packageOf(unit: FileUnit): string {
    return unit.facts.packageName ?? '';
  }

  /** The files of a package (empty when the tree has none). */
  unitsOf(packageName: string): FileUnit[] {
    return this.unitsByPackage.get(packageName) ?? [];
  }

  /** Whether some file declares this package or one below it. */
  isPackage(name: string): boolean {
    return this.packageNames.has(name);
  }

  /** The top-level type `qualified` (`a.b.C`) as seen from `from` (its own source root first). */
  topLevelType(qualified: string, from: FileUnit): JavaTypeRef | undefined {
    const found = this.topLevel.get(qualified);
    if (!found) return undefined;
    if (found.length === 1) return found[0];
    const root = this.roots.get(from);
    return found.find((ref) => this.roots.get(ref.unit) === root) ?? found[0];
  }
}

/** The source root of a file: its folder minus the package's folders (`src/main/java/` for `a.b` in `src/main/java/a/b/`). */
export function rootOf(path: string, packageName: string): string {
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  if (!packageName) return folder;
  const suffix = packageName.split('.').join('/');
  if (folder === suffix) return '';
  return folder.endsWith(`/${suffix}`) ? folder.slice(0, folder.length - suffix.length - 1) : folder;
}
