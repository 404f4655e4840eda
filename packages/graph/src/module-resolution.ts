/**
 * Module resolution for the JS family: relative specifiers with extension and index probing
 * (`.js` written for a `.ts` file included), tsconfig/jsconfig `paths` and `baseUrl`, and
 * workspace packages by package.json `name`/`exports`/`main`. Owns the mapping specifier ->
 * file of the tree, and which answers still hold when files come or go (every file a resolution
 * looks for is a candidate of a probed base path: the base itself, its source for a JS
 * extension, the base with an extension, its index files; probeBasesOf inverts that); knows
 * nothing about names or scopes.
 */
import { dirnameOf, joinRelative } from '@repograph/core';
import type { PackageManifest, TsConfigManifest } from './manifests.js';

/** Where a specifier leads: a file of the tree, a package outside it, or nowhere. */
export type ResolvedModule =
  | { kind: 'file'; path: string }
  | { kind: 'external'; name: string }
  | { kind: 'missing' };

const PROBE_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.d.mts', '.d.cts'];
/** A specifier written with a JS extension may name the TS source it compiles from. */
const SOURCE_FOR_OUTPUT: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};
/** A build-output folder inside a package path; the source it came from usually sits in `src/`. */
const OUTPUT_DIR = /(^|\/)(dist|build|out|lib|esm|cjs|es|types)\/((esm|cjs|es|types|src)\/)?/;
const CONDITION_ORDER = ['source', 'types', 'import', 'module', 'node', 'require', 'default', 'browser'];

/** A resolution made, with every base path it probed (what a file that comes or goes can change). */
interface CachedResolution {
  result: ResolvedModule;
  bases: readonly string[];
}

/** What the manifests say, as resolution reads it; the same for every file set under those manifests. */
interface ManifestTables {
  packagesByName: Map<string, PackageManifest>;
  tsconfigByDir: Map<string, TsConfigManifest>;
  /** The nearest tsconfig of a folder, filled on first use (a function of tsconfigByDir alone). */
  nearestTsconfig: Map<string, TsConfigManifest | null>;
}

/** Resolves specifiers against the files of one tree. */
export class ModuleResolver {
  private readonly files: ReadonlySet<string>;
  private tables: ManifestTables;
  /**
   * Resolutions by `fromDir \0 specifier`; an entry never changes once made. Shared with the
   * resolver this one was carried over to when the files are the same (carriedOver).
   */
  private cache = new Map<string, CachedResolution>();
  /** The bases probed by the resolution under way (null between resolutions). */
  private probing: string[] | null = null;
  /**
   * Set on a resolver carried over a change (carriedOver): the folders from which a resolution
   * was dropped, because a file that came, went or changed may alter its answer. An import
   * written in any other folder resolves as it did.
   */
  private moved: ReadonlySet<string> | undefined;

  constructor(files: ReadonlySet<string>, packages: PackageManifest[], tsconfigs: TsConfigManifest[]) {
    this.files = files;
    this.tables = { packagesByName: new Map(), tsconfigByDir: new Map(), nearestTsconfig: new Map() };
    for (const pkg of packages) {
      // The shallowest package of a name wins (sorted by dir by the caller), for determinism.
      if (pkg.name && !this.tables.packagesByName.has(pkg.name)) this.tables.packagesByName.set(pkg.name, pkg);
    }
    for (const config of tsconfigs) this.tables.tsconfigByDir.set(config.dir, config);
  }

  /**
   * The resolver of `files` under the same manifests as `previous`, keeping each resolution of
   * `previous` that no path of `changed` (files that came, went or changed) can alter: one that
   * probed no base of which a changed path is a candidate (probeBasesOf). `previous` is left as
   * it is (another session may still carry from it).
   */
  static carriedOver(previous: ModuleResolver, files: ReadonlySet<string>, changed: Iterable<string>): ModuleResolver {
    const next = new ModuleResolver(files, [], []);
    next.tables = previous.tables;
    next.moved = new Set();
    const changes = [...changed];
    if (changes.length === 0) {
      // The same files: every answer holds, and one the next resolver adds holds for `previous`
      // too, so the two share one cache.
      next.cache = previous.cache;
      return next;
    }
    const probing = new Set<string>();
    for (const path of changes) for (const base of probeBasesOf(path)) probing.add(base);
    const moved = new Set<string>();
    for (const [key, cached] of previous.cache) {
      if (cached.bases.some((base) => probing.has(base))) {
        moved.add(key.slice(0, key.indexOf('\0')));
        continue;
      }
      next.cache.set(key, cached);
    }
    next.moved = moved;
    return next;
  }

  /** The folders whose imports may resolve otherwise than under the resolver this one was carried from (undefined: not carried). */
  get movedFolders(): ReadonlySet<string> | undefined {
    return this.moved;
  }

  /** Resolves `specifier` as imported from the file at `fromPath`. */
  resolve(fromPath: string, specifier: string): ResolvedModule {
    const fromDir = dirnameOf(fromPath);
    const key = `${fromDir}\0${specifier}`;
    let cached = this.cache.get(key);
    if (!cached) {
      const bases: string[] = [];
      this.probing = bases;
      try {
        cached = { result: this.resolveUncached(fromDir, specifier), bases };
      } finally {
        this.probing = null;
      }
      this.cache.set(key, cached);
    }
    return cached.result;
  }

  private resolveUncached(fromDir: string, specifier: string): ResolvedModule {
    if (specifier.startsWith('node:')) return { kind: 'external', name: specifier };
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
      const base = joinRelative(fromDir, specifier);
      const found = base === null ? null : this.probe(base);
      return found ? { kind: 'file', path: found } : { kind: 'missing' };
    }
    if (specifier.startsWith('/')) return { kind: 'missing' };
    const config = this.tsconfigFor(fromDir);
    if (config) {
      const viaPaths = this.resolveThroughPaths(config, specifier);
      if (viaPaths) return { kind: 'file', path: viaPaths };
      if (config.baseUrl !== null) {
        const base = joinRelative(config.baseUrl, specifier);
        const found = base === null ? null : this.probe(base);
        if (found) return { kind: 'file', path: found };
      }
    }
    const viaPackage = this.resolveWorkspacePackage(specifier);
    if (viaPackage) return { kind: 'file', path: viaPackage };
    return { kind: 'external', name: packageNameOf(specifier) };
  }

  /** Finds an existing file for a path written without (or with a JS) extension. */
  probe(base: string): string | null {
    this.probing?.push(base);
    if (this.files.has(base)) return base;
    const dot = base.lastIndexOf('.');
    const slash = base.lastIndexOf('/');
    if (dot > slash) {
      const written = base.slice(dot);
      for (const ext of SOURCE_FOR_OUTPUT[written] ?? []) {
        const candidate = base.slice(0, dot) + ext;
        if (this.files.has(candidate)) return candidate;
      }
    }
    for (const ext of PROBE_EXTENSIONS) if (this.files.has(base + ext)) return base + ext;
    const indexBase = base === '' ? 'index' : `${base}/index`;
    for (const ext of PROBE_EXTENSIONS) if (this.files.has(indexBase + ext)) return indexBase + ext;
    return null;
  }

  private tsconfigFor(dir: string): TsConfigManifest | null {
    const cached = this.tables.nearestTsconfig.get(dir);
    if (cached !== undefined) return cached;
    const own = this.tables.tsconfigByDir.get(dir);
    const result = own ?? (dir === '' ? null : this.tsconfigFor(dirnameOf(dir)));
    this.tables.nearestTsconfig.set(dir, result);
    return result;
  }

  private resolveThroughPaths(config: TsConfigManifest, specifier: string): string | null {
    if (config.pathsBase === null) return null;
    let best: { targets: string[]; star: string; prefixLength: number } | null = null;
    for (const { pattern, targets } of config.paths) {
      const star = pattern.indexOf('*');
      if (star < 0) {
        if (pattern === specifier) { best = { targets, star: '', prefixLength: Infinity }; break; }
        continue;
      }
      const prefix = pattern.slice(0, star);
      const suffix = pattern.slice(star + 1);
      if (specifier.startsWith(prefix) && specifier.endsWith(suffix) && specifier.length >= prefix.length + suffix.length) {
        if (!best || prefix.length > best.prefixLength) {
          best = { targets, star: specifier.slice(prefix.length, specifier.length - suffix.length), prefixLength: prefix.length };
        }
      }
    }
    if (!best) return null;
    for (const target of best.targets) {
      const base = joinRelative(config.pathsBase, target.replace('*', best.star));
      const found = base === null ? null : this.probeWithSourceMapping(base);
      if (found) return found;
    }
    return null;
  }

  private resolveWorkspacePackage(specifier: string): string | null {
    const name = packageNameOf(specifier);
    const pkg = this.tables.packagesByName.get(name);
    if (!pkg) return null;
    const subpath = specifier === name ? '.' : `.${specifier.slice(name.length)}`;
    for (const target of exportTargets(pkg.exports, subpath)) {
      const base = joinRelative(pkg.dir, target);
      const found = base === null ? null : this.probeWithSourceMapping(base);
      if (found) return found;
    }
    if (subpath === '.') {
      for (const entry of [pkg.types, pkg.module, pkg.main]) {
        if (!entry) continue;
        const base = joinRelative(pkg.dir, entry);
        const found = base === null ? null : this.probeWithSourceMapping(base);
        if (found) return found;
      }
      for (const base of [joinRelative(pkg.dir, 'src/index'), joinRelative(pkg.dir, 'index')]) {
        const found = base === null ? null : this.probe(base);
        if (found) return found;
      }
      return null;
    }
    const base = joinRelative(pkg.dir, subpath);
    return base === null ? null : this.probeWithSourceMapping(base) ?? this.probeWithSourceMapping(joinRelative(pkg.dir, `src/${subpath}`) ?? '');
  }

  /** Probes a path, then the same path with a build-output folder swapped for `src/`. */
  private probeWithSourceMapping(base: string): string | null {
    const direct = this.probe(base);
    if (direct) return direct;
    const match = OUTPUT_DIR.exec(base);
    if (!match) return null;
    const swapped = base.slice(0, match.index) + match[1] + 'src/' + base.slice(match.index + match[0].length);
    const withoutDts = swapped.replace(/\.d\.(ts|mts|cts)$/, '');
    return this.probe(withoutDts);
  }
}

/**
 * Every base path whose probe (ModuleResolver.probe) looks for `path` among its candidates: the
 * path itself, the path written with the JS extension it compiles to, the path without an
 * extension, and the folder of an index file. A file that comes or goes can change only the
 * resolutions that probed one of these.
 */
export function probeBasesOf(path: string): string[] {
  const bases = [path];
  for (const [written, sources] of Object.entries(SOURCE_FOR_OUTPUT)) {
    for (const source of sources) if (path.endsWith(source)) bases.push(path.slice(0, -source.length) + written);
  }
  for (const ext of PROBE_EXTENSIONS) {
    if (!path.endsWith(ext)) continue;
    const stem = path.slice(0, -ext.length);
    bases.push(stem);
    if (stem === 'index') bases.push('');
    else if (stem.endsWith('/index')) bases.push(stem.slice(0, -'/index'.length));
  }
  return bases;
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Candidate targets of a package.json `exports` field for a subpath, in condition order. */
function exportTargets(exportsField: unknown, subpath: string): string[] {
  if (exportsField === null || exportsField === undefined) return [];
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) {
    return subpath === '.' ? flattenConditions(exportsField) : [];
  }
  if (typeof exportsField !== 'object') return [];
  const record = exportsField as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!keys.some((k) => k.startsWith('.'))) return subpath === '.' ? flattenConditions(record) : [];
  if (subpath in record) return flattenConditions(record[subpath]);
  for (const key of keys) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix)) {
      const middle = subpath.slice(prefix.length, subpath.length - suffix.length);
      return flattenConditions(record[key]).map((t) => t.replaceAll('*', middle));
    }
  }
  return [];
}

function flattenConditions(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flattenConditions);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const ordered = [...CONDITION_ORDER.filter((c) => c in record), ...Object.keys(record).filter((c) => !CONDITION_ORDER.includes(c))];
  return ordered.flatMap((c) => flattenConditions(record[c]));
}
