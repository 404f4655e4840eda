/**
 * The packages of repo.summarize and their entry points, read from the manifests a snapshot holds:
 * package.json (`main`, `module`, `types`, the string targets of `exports`, `bin`), pyproject.toml
 * (`[project]` or `[tool.poetry]` name, scripts, declared packages), setup.cfg (`[metadata] name`,
 * `[options] packages`, `console_scripts`), go.mod (the module path, and its `main` packages: the
 * folders whose files declare `package main` with a `func main`). Python `__main__.py` files are
 * entry points of the package they lie in. Owns these small readers (package.json through graph's
 * lenient JSON, as module resolution reads it); a manifest that does not parse gives a package
 * with `problem` set and no entry points.
 */
import { dirnameOf } from '@repograph/core';
import { parseLenientJson } from '@repograph/graph';

/** One entry point of a package. */
export interface EntryPoint {
  /** `main`, `module`, `types`, `exports`, `bin`, `script`, `package` (a declared Python package), `command` (a Go main package). */
  kind: string;
  /** The export subpath, bin or script name, where the manifest gives one. */
  name?: string;
  /** The file, module or folder it names, as written (a Go main package: its folder). */
  target: string;
}

/** A package of the repository, as its manifest declares it. */
export interface PackageSummary {
  /** The manifest's path. */
  manifest: string;
  /** `npm`, `python` or `go`. */
  ecosystem: 'npm' | 'python' | 'go';
  name: string | null;
  entryPoints: EntryPoint[];
  /** Entry points beyond those listed (every list is bounded). */
  entryPointsOmitted: number;
  /** Why the manifest could not be read, when it could not. */
  problem?: string;
}

/** Entry points listed per package. */
export const MAX_ENTRY_POINTS = 20;
const MANIFEST = /(^|\/)(package\.json|pyproject\.toml|setup\.cfg|go\.mod)$/;

/** True when repo.summarize reads `path` as a package manifest. */
export function isPackageManifest(path: string): boolean {
  return MANIFEST.test(path) && !/(^|\/)node_modules\//.test(path);
}

/** What a manifest reader is given: the manifest's text, and for go.mod the Go main packages under its folder. */
export function packageOf(path: string, text: string | null, goMainFolders: readonly string[]): PackageSummary {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const ecosystem = name === 'package.json' ? 'npm' : name === 'go.mod' ? 'go' : 'python';
  const base: PackageSummary = { manifest: path, ecosystem, name: null, entryPoints: [], entryPointsOmitted: 0 };
  if (text === null) return { ...base, problem: 'the manifest could not be read' };
  let found: { name: string | null; entryPoints: EntryPoint[] } | string;
  if (name === 'package.json') found = npmPackage(text);
  else if (name === 'go.mod') found = goModule(text, dirnameOf(path), goMainFolders);
  else if (name === 'pyproject.toml') found = pyproject(text);
  else found = setupCfg(text);
  if (typeof found === 'string') return { ...base, problem: found };
  const entryPoints = dedupe(found.entryPoints);
  return { ...base, name: found.name, entryPoints: entryPoints.slice(0, MAX_ENTRY_POINTS), entryPointsOmitted: Math.max(0, entryPoints.length - MAX_ENTRY_POINTS) };
}

function dedupe(points: EntryPoint[]): EntryPoint[] {
  const seen = new Set<string>();
  return points.filter((point) => {
    const key = `${point.kind}\0${point.name ?? ''}\0${point.target}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function npmPackage(text: string): { name: string | null; entryPoints: EntryPoint[] } | string {
  const parsed = parseLenientJson(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'not valid JSON';
  const record = parsed as Record<string, unknown>;
  const points: EntryPoint[] = [];
  for (const kind of ['main', 'module', 'types'] as const) {
    const value = kind === 'types' ? record.types ?? record.typings : record[kind];
    if (typeof value === 'string' && value !== '') points.push({ kind, target: value });
  }
  exportTargets(record.exports, '.', points);
  if (typeof record.bin === 'string') points.push({ kind: 'bin', name: typeof record.name === 'string' ? record.name.replace(/^@[^/]+\//, '') : '', target: record.bin });
  else if (typeof record.bin === 'object' && record.bin !== null) {
    for (const [bin, target] of Object.entries(record.bin as Record<string, unknown>)) if (typeof target === 'string') points.push({ kind: 'bin', name: bin, target });
  }
  return { name: typeof record.name === 'string' ? record.name : null, entryPoints: points };
}

/** The string leaves of an `exports` value, each under its subpath (conditions folded into the subpath they serve). */
function exportTargets(value: unknown, subpath: string, out: EntryPoint[]): void {
  if (typeof value === 'string') { out.push({ kind: 'exports', name: subpath, target: value }); return; }
  if (Array.isArray(value)) { for (const each of value) exportTargets(each, subpath, out); return; }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) exportTargets(inner, key.startsWith('.') ? key : subpath, out);
}

function goModule(text: string, folder: string, mains: readonly string[]): { name: string | null; entryPoints: EntryPoint[] } | string {
  const match = /^\s*module\s+("?)([^\s"]+)\1\s*$/m.exec(text);
  if (!match) return 'no `module` directive';
  const inside = mains.filter((main) => folder === '' || main === folder || main.startsWith(`${folder}/`));
  return { name: match[2]!, entryPoints: inside.map((main) => ({ kind: 'command', target: main === '' ? '.' : main })) };
}

/** TOML, as far as a summary needs it: `[section]` headers, `key = "string"` and one-line arrays of strings or inline tables. */
function tomlSections(text: string): Map<string, Array<{ key: string; value: string }>> {
  const sections = new Map<string, Array<{ key: string; value: string }>>();
  let current: Array<{ key: string; value: string }> = [];
  sections.set('', current);
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[\[?([^\]]+)\]\]?/.exec(line);
    if (header) {
      const name = header[1]!.trim().replace(/"/g, '');
      current = sections.get(name) ?? [];
      sections.set(name, current);
      continue;
    }
    const pair = /^("?)([^"=\s]+)\1\s*=\s*(.*)$/.exec(line);
    if (!pair) continue;
    let value = pair[3]!;
    // A multi-line array: read on to its closing bracket.
    if (value.startsWith('[') && !balanced(value)) {
      while (index + 1 < lines.length && !balanced(value)) value += ` ${lines[++index]!.trim()}`;
    }
    current.push({ key: pair[2]!, value });
  }
  return sections;
}

function balanced(value: string): boolean {
  return (value.match(/\[/g)?.length ?? 0) <= (value.match(/\]/g)?.length ?? 0);
}

function tomlString(value: string): string | null {
  const match = /^(["'])(.*?)\1/.exec(value.trim());
  return match ? match[2]! : null;
}

function tomlStrings(value: string): string[] {
  return [...value.matchAll(/(["'])(.*?)\1/g)].map((match) => match[2]!);
}

function pyproject(text: string): { name: string | null; entryPoints: EntryPoint[] } {
  const sections = tomlSections(text);
  const get = (section: string, key: string) => sections.get(section)?.find((pair) => pair.key === key)?.value;
  const name = tomlString(get('project', 'name') ?? '') ?? tomlString(get('tool.poetry', 'name') ?? '');
  const points: EntryPoint[] = [];
  for (const section of ['project.scripts', 'project.gui-scripts', 'tool.poetry.scripts']) {
    for (const pair of sections.get(section) ?? []) {
      const target = tomlString(pair.value);
      if (target !== null) points.push({ kind: 'script', name: pair.key, target });
    }
  }
  const packages = get('tool.setuptools', 'packages');
  if (packages !== undefined) for (const target of tomlStrings(packages)) points.push({ kind: 'package', target });
  const poetryPackages = get('tool.poetry', 'packages');
  if (poetryPackages !== undefined) {
    for (const match of poetryPackages.matchAll(/include\s*=\s*(["'])(.*?)\1/g)) points.push({ kind: 'package', target: match[2]! });
  }
  const where = get('tool.setuptools.packages.find', 'where');
  if (where !== undefined) for (const target of tomlStrings(where)) points.push({ kind: 'package', name: 'find', target });
  return { name, entryPoints: points };
}

function setupCfg(text: string): { name: string | null; entryPoints: EntryPoint[] } {
  let section = '';
  let key = '';
  const values = new Map<string, string[]>();
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(raw) || raw.trim() === '') continue;
    const header = /^\[([^\]]+)\]/.exec(raw);
    if (header) { section = header[1]!.trim(); key = ''; continue; }
    const continued = /^\s+(\S.*)$/.exec(raw);
    if (continued && key !== '') { values.get(`${section}.${key}`)!.push(continued[1]!.trim()); continue; }
    const pair = /^([^=:\s][^=:]*?)\s*[=:]\s*(.*)$/.exec(raw);
    if (!pair) continue;
    key = pair[1]!.trim();
    values.set(`${section}.${key}`, pair[2]!.trim() === '' ? [] : [pair[2]!.trim()]);
  }
  const points: EntryPoint[] = [];
  for (const line of values.get('options.entry_points.console_scripts') ?? []) {
    const script = /^([^=\s]+)\s*=\s*(\S+)/.exec(line);
    if (script) points.push({ kind: 'script', name: script[1]!, target: script[2]! });
  }
  for (const line of values.get('options.packages') ?? []) {
    for (const target of line.split(/[\s,]+/).filter((each) => each !== '' && !each.startsWith('find:'))) points.push({ kind: 'package', target });
  }
  return { name: values.get('metadata.name')?.[0] ?? null, entryPoints: points };
}
