/**
 * Which changed files import a dependency, by each ecosystem's import convention, among the
 * files of the dependency's project folder written in that ecosystem's languages:
 *   - npm: the specifier is the package name or under it (`name`, `name/sub`, `@scope/name`,
 *     `@scope/name/sub`); a `@types/x` package counts as imported where `x` is (`@types/s__x`
 *     where `@s/x` is).
 *   - Go: the import path equals the module path or is under it.
 *   - Python: the top-level module of an absolute import equals the distribution's normalized
 *     name with `-` made `_`. An approximation: a distribution whose module has another name
 *     (PyYAML's `yaml`, Pillow's `PIL`) is not matched; packaging metadata would be needed.
 * Owns this matching only; the specifiers come from the graph's import relations.
 */
import type { Ecosystem } from '../types.js';
import type { ImportsOfFile } from './model.js';
import { isUnderFolder } from './files.js';

const EXTENSIONS: Readonly<Record<Ecosystem, readonly string[]>> = {
  npm: ['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts', '.vue', '.svelte', '.astro'],
  go: ['.go'],
  python: ['.py', '.pyi'],
};

/** The name code imports for an npm package (`@types/x` is imported as `x`). */
function npmImportName(name: string): string {
  if (!name.startsWith('@types/')) return name;
  const typed = name.slice('@types/'.length);
  return typed.includes('__') ? `@${typed.replace('__', '/')}` : typed;
}

function isUnder(specifier: string, root: string): boolean {
  return specifier === root || specifier.startsWith(`${root}/`);
}

function importsDependency(ecosystem: Ecosystem, name: string, specifier: string): boolean {
  switch (ecosystem) {
    case 'npm':
      return isUnder(specifier, npmImportName(name));
    case 'go':
      return isUnder(specifier, name);
    case 'python': {
      if (specifier.startsWith('.')) return false;
      const topLevel = specifier.split('.')[0] ?? '';
      return topLevel.toLowerCase() === name.replace(/-/g, '_');
    }
  }
}

/** The changed files in `folder` that import the dependency, sorted. */
export function importersOf(ecosystem: Ecosystem, name: string, folder: string, imports: readonly ImportsOfFile[]): string[] {
  const extensions = EXTENSIONS[ecosystem];
  const importers = new Set<string>();
  for (const file of imports) {
    if (!isUnderFolder(file.path, folder)) continue;
    if (!extensions.some((extension) => file.path.endsWith(extension))) continue;
    if (file.specifiers.some((specifier) => importsDependency(ecosystem, name, specifier))) importers.add(file.path);
  }
  return [...importers].sort();
}
