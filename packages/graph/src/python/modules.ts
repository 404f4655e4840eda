/**
 * Python module resolution: which file a dotted module name (`pkg.sub.mod`) or a relative one
 * (`.`, `..m`) written in a file denotes. Owns the search roots: directories declared by
 * pyproject.toml (`[tool.setuptools] package-dir`, `packages.find where`, poetry `from`) and
 * setup.cfg (`package_dir = =src`, `where = src`), the parent of every top-level package (a
 * directory with `__init__.py` whose parent has none: this covers `src/` layouts and nested
 * projects), the repository root, and the importing file's own directory (a script's siblings).
 * A module is `name.py`, `name/__init__.py` (then the `.pyi` forms); namespace packages
 * (directories without `__init__.py`) resolve through their submodules. Knows nothing of names.
 */
import { dirnameOf } from '@repograph/core';
import type { ManifestText } from '../manifests.js';
import type { ResolvedModule } from '../module-resolution.js';

/** Resolves Python module names against the files of one tree. */
export class PythonModules {
  private readonly files: ReadonlySet<string>;
  /** Directories that hold `__init__.py(i)`. */
  private readonly packageDirs = new Set<string>();
  /** Every directory that holds a Python file (namespace packages included), with its ancestors. */
  private readonly dirs = new Set<string>();
  private readonly roots: string[];
  private readonly cache = new Map<string, ResolvedModule>();
  /** rootsFor's answer for each directory asked about. */
  private readonly rootsByDir = new Map<string, string[]>();

  constructor(files: ReadonlySet<string>, manifests: ManifestText[]) {
    this.files = files;
    for (const path of files) {
      const dir = dirnameOf(path);
      if (/\/?__init__\.pyi?$/.test(path)) this.packageDirs.add(dir);
      for (let d = dir; d !== '' && !this.dirs.has(d); d = dirnameOf(d)) this.dirs.add(d);
    }
    const roots = new Set<string>();
    for (const manifest of manifests) for (const root of manifestRoots(manifest)) roots.add(root);
    const packageParents = new Set<string>();
    for (const dir of this.packageDirs) {
      const parent = dirnameOf(dir);
      if (dir !== '' && !this.packageDirs.has(parent)) packageParents.add(parent);
    }
    for (const parent of [...packageParents].sort()) roots.add(parent);
    roots.add('');
    this.roots = [...roots];
  }

  /** True when `path` is a package's `__init__` file. */
  isPackageInit(path: string): boolean {
    return /(^|\/)__init__\.pyi?$/.test(path);
  }

  /** Resolves `specifier` (absolute dotted, or relative with leading dots) written in `fromPath`. */
  resolve(fromPath: string, specifier: string): ResolvedModule {
    const fromDir = dirnameOf(fromPath);
    const key = `${fromDir}\0${specifier}`;
    let result = this.cache.get(key);
    if (!result) {
      result = this.resolveUncached(fromDir, specifier);
      this.cache.set(key, result);
    }
    return result;
  }

  /** The submodule `name` of the package whose `__init__` (or namespace directory) is `packageDir`. */
  submodule(packageDir: string, name: string): ResolvedModule {
    const found = this.moduleFile(join(packageDir, name));
    return found ? { kind: 'file', path: found } : { kind: 'missing' };
  }

  private resolveUncached(fromDir: string, specifier: string): ResolvedModule {
    if (specifier.startsWith('.')) {
      let level = 0;
      while (specifier[level] === '.') level++;
      let base = fromDir;
      for (let i = 1; i < level; i++) base = dirnameOf(base);
      const rest = specifier.slice(level);
      const path = rest === '' ? base : join(base, rest.replace(/\./g, '/'));
      const found = this.moduleFile(path);
      return found ? { kind: 'file', path: found } : { kind: 'missing' };
    }
    const relative = specifier.replace(/\./g, '/');
    const ordered = this.rootsFor(fromDir);
    for (const root of ordered) {
      const found = this.moduleFile(join(root, relative));
      if (found) return { kind: 'file', path: found };
    }
    const top = specifier.split('.')[0]!;
    for (const root of ordered) {
      const base = join(root, top);
      if (this.dirs.has(base) || this.moduleFile(base)) return { kind: 'missing' };
    }
    return { kind: 'external', name: top };
  }

  /** Search roots for a file in `fromDir`: enclosing roots (deepest first), then the others, then the file's directory. */
  private rootsFor(fromDir: string): string[] {
    let ordered = this.rootsByDir.get(fromDir);
    if (!ordered) this.rootsByDir.set(fromDir, (ordered = this.rootsForUncached(fromDir)));
    return ordered;
  }

  private rootsForUncached(fromDir: string): string[] {
    const enclosing = this.roots.filter((root) => root === '' || fromDir === root || fromDir.startsWith(`${root}/`));
    enclosing.sort((a, b) => b.length - a.length);
    const others = this.roots.filter((root) => !enclosing.includes(root));
    const ordered = [...enclosing.filter((r) => r !== ''), ...others, ''];
    if (!this.packageDirs.has(fromDir) && !ordered.includes(fromDir)) ordered.push(fromDir);
    return ordered;
  }

  /** The file of the module at `base` (without extension), or undefined. */
  private moduleFile(base: string): string | undefined {
    for (const candidate of [`${base}.py`, join(base, '__init__.py'), `${base}.pyi`, join(base, '__init__.pyi')]) {
      if (this.files.has(candidate)) return candidate;
    }
    return undefined;
  }
}

function join(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** Source roots a pyproject.toml or setup.cfg declares (repository-relative). */
function manifestRoots(manifest: ManifestText): string[] {
  const name = manifest.path.slice(manifest.path.lastIndexOf('/') + 1);
  const dir = dirnameOf(manifest.path);
  const text = manifest.text;
  const found: string[] = [];
  if (name === 'pyproject.toml') {
    const packageDir = /package-dir\s*=\s*\{[^}]*["']{2}\s*=\s*["']([^"']+)["']/.exec(text);
    if (packageDir) found.push(packageDir[1]!);
    const where = /\bwhere\s*=\s*\[([^\]]*)\]/.exec(text);
    if (where) for (const m of where[1]!.matchAll(/["']([^"']+)["']/g)) found.push(m[1]!);
    for (const m of text.matchAll(/\bfrom\s*=\s*["']([^"']+)["']/g)) found.push(m[1]!);
  } else if (name === 'setup.cfg') {
    const packageDir = /package_dir\s*=\s*(?:\n\s*)?=\s*(\S+)/.exec(text);
    if (packageDir) found.push(packageDir[1]!);
    const where = /\[options\.packages\.find\][^[]*?\bwhere\s*=\s*(\S+)/.exec(text);
    if (where) found.push(where[1]!);
  }
  return found
    .map((root) => root.replace(/^\.\/?/, '').replace(/\/$/, ''))
    .filter((root) => root !== '' && !root.startsWith('/') && !root.split('/').includes('..'))
    .map((root) => join(dir, root));
}
