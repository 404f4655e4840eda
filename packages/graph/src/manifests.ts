/**
 * Manifests that steer module resolution: package.json (name, exports, main/module/types) and
 * tsconfig.json/jsconfig.json (baseUrl, paths, extends). Owns lenient parsing of them (JSON with
 * comments and trailing commas, as tsc accepts); never throws: a manifest that does not parse is
 * reported and ignored.
 */
import { dirnameOf, joinRelative, type Diagnostic } from '@repograph/core';

/** A manifest file as read from the tree. */
export interface ManifestText {
  path: string;
  text: string;
}

/** What resolution needs of a package.json. */
export interface PackageManifest {
  /** Directory of the package.json ('' at the root). */
  dir: string;
  name: string | null;
  exports: unknown;
  main: string | null;
  module: string | null;
  types: string | null;
}

/** What resolution needs of a tsconfig/jsconfig, with `extends` already applied. */
export interface TsConfigManifest {
  dir: string;
  /** `compilerOptions.baseUrl` as a repository-relative directory, when set. */
  baseUrl: string | null;
  /** Directory `paths` targets are resolved against (baseUrl, or the declaring config's directory). */
  pathsBase: string | null;
  paths: Array<{ pattern: string; targets: string[] }>;
}

/** Parses JSON that may contain comments and trailing commas; returns undefined when it cannot. */
export function parseLenientJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Fall through to the lenient path.
  }
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') { out += text[i + 1] ?? ''; i++; } else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') { inString = true; out += ch; continue; }
    if (ch === '/' && text[i + 1] === '/') { while (i < text.length && text[i] !== '\n') i++; out += '\n'; continue; }
    if (ch === '/' && text[i + 1] === '*') { const end = text.indexOf('*/', i + 2); i = end < 0 ? text.length : end + 1; continue; }
    out += ch;
  }
  out = out.replace(/,(\s*[}\]])/g, '$1');
  try {
    return JSON.parse(out);
  } catch {
    return undefined;
  }
}

function stringField(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Reads every package.json and tsconfig/jsconfig of the tree. */
export function readManifests(texts: ManifestText[]): {
  packages: PackageManifest[];
  tsconfigs: TsConfigManifest[];
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const packages: PackageManifest[] = [];
  const rawTsconfigs = new Map<string, Record<string, unknown>>();
  for (const manifest of texts) {
    if (!isJsManifest(manifest.path)) continue;
    const parsed = parseLenientJson(manifest.text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      diagnostics.push({
        code: 'parse_error', severity: 'warning', path: manifest.path,
        message: `${manifest.path} is not valid JSON; it is ignored for module resolution. Fix its syntax to use it.`,
      });
      continue;
    }
    const record = parsed as Record<string, unknown>;
    const base = manifest.path.slice(manifest.path.lastIndexOf('/') + 1);
    if (base === 'package.json') {
      packages.push({
        dir: dirnameOf(manifest.path),
        name: stringField(record.name),
        exports: record.exports ?? null,
        main: stringField(record.main),
        module: stringField(record.module),
        types: stringField(record.types) ?? stringField(record.typings),
      });
    } else {
      rawTsconfigs.set(manifest.path, record);
    }
  }
  const tsconfigs: TsConfigManifest[] = [];
  for (const [path, record] of rawTsconfigs) {
    tsconfigs.push(resolveTsConfig(path, record, rawTsconfigs));
  }
  packages.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  tsconfigs.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  return { packages, tsconfigs, diagnostics };
}

/** Applies `extends` chains (relative ones, within the tree) and reads baseUrl/paths. */
function resolveTsConfig(
  path: string,
  record: Record<string, unknown>,
  all: Map<string, Record<string, unknown>>,
): TsConfigManifest {
  const dir = dirnameOf(path);
  let pathsBase: string | null = null;
  let paths: Record<string, unknown> | null = null;
  let baseUrl: string | null = null;
  const seen = new Set<string>();
  let current: { path: string; record: Record<string, unknown> } | undefined = { path, record };
  while (current && !seen.has(current.path)) {
    seen.add(current.path);
    const options = (current.record.compilerOptions ?? {}) as Record<string, unknown>;
    const currentDir = dirnameOf(current.path);
    if (baseUrl === null && typeof options.baseUrl === 'string') {
      baseUrl = joinRelative(currentDir, options.baseUrl) ?? '';
    }
    if (paths === null && typeof options.paths === 'object' && options.paths !== null) {
      paths = options.paths as Record<string, unknown>;
      pathsBase = currentDir;
    }
    const parent = typeof current.record.extends === 'string' ? current.record.extends : null;
    if (!parent || !parent.startsWith('.')) break;
    let parentPath = joinRelative(currentDir, parent);
    if (parentPath !== null && !parentPath.endsWith('.json')) parentPath += '.json';
    const parentRecord = parentPath === null ? undefined : all.get(parentPath);
    current = parentRecord && parentPath ? { path: parentPath, record: parentRecord } : undefined;
  }
  const list: Array<{ pattern: string; targets: string[] }> = [];
  for (const [pattern, targets] of Object.entries(paths ?? {})) {
    if (Array.isArray(targets)) list.push({ pattern, targets: targets.filter((t): t is string => typeof t === 'string') });
  }
  // Paths resolve against baseUrl when set, else against the config that declared them.
  return { dir, baseUrl, pathsBase: baseUrl ?? pathsBase ?? (list.length > 0 ? dir : null), paths: list };
}

/** package.json, tsconfig*.json and jsconfig.json: the manifests of the JS family. */
export function isJsManifest(path: string): boolean {
  return /(^|\/)(package\.json|tsconfig(\.[\w-]+)?\.json|jsconfig\.json)$/.test(path);
}
