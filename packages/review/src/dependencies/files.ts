/**
 * Which paths are manifests or lockfiles, in which format and ecosystem, and which folder they
 * belong to (the folder whose manifest marks a lockfile's direct dependencies). Owns path rules
 * only; reading the text is each format's reader.
 */
import type { Ecosystem } from '../types.js';

export type DependencyFileFormat =
  | 'package.json'
  | 'package-lock.json'
  | 'pnpm-lock.yaml'
  | 'yarn.lock'
  | 'go.mod'
  | 'go.sum'
  | 'pyproject.toml'
  | 'requirements.txt'
  | 'poetry.lock'
  | 'uv.lock';

export interface DependencyFileFormatInfo {
  ecosystem: Ecosystem;
  /**
   * `lockfile`: its resolved versions are the change (go.mod counts: its require list is the
   * build list since Go 1.17). `checksums`: go.sum, read only when go.mod is not in the change.
   * `manifest`: declares specs, diffed where no lockfile shows the dependency.
   */
  role: 'lockfile' | 'checksums' | 'manifest';
}

export const DEPENDENCY_FORMATS: Readonly<Record<DependencyFileFormat, DependencyFileFormatInfo>> = {
  'package.json': { ecosystem: 'npm', role: 'manifest' },
  'package-lock.json': { ecosystem: 'npm', role: 'lockfile' },
  'pnpm-lock.yaml': { ecosystem: 'npm', role: 'lockfile' },
  'yarn.lock': { ecosystem: 'npm', role: 'lockfile' },
  'go.mod': { ecosystem: 'go', role: 'lockfile' },
  'go.sum': { ecosystem: 'go', role: 'checksums' },
  'pyproject.toml': { ecosystem: 'python', role: 'manifest' },
  'requirements.txt': { ecosystem: 'python', role: 'manifest' },
  'poetry.lock': { ecosystem: 'python', role: 'lockfile' },
  'uv.lock': { ecosystem: 'python', role: 'lockfile' },
};

const FIXED_NAMES = new Set<string>([
  'package.json', 'package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'go.mod', 'go.sum',
  'pyproject.toml', 'poetry.lock', 'uv.lock',
]);

/** The format of a manifest or lockfile path (in any folder), or null for any other file. */
export function dependencyFileFormat(path: string): DependencyFileFormat | null {
  const parts = path.split('/');
  const base = parts[parts.length - 1] ?? '';
  if (FIXED_NAMES.has(base)) return base as DependencyFileFormat;
  if (/^requirements.*\.txt$/i.test(base)) return 'requirements.txt';
  if (parts.length >= 2 && parts[parts.length - 2] === 'requirements' && /\.txt$/i.test(base)) {
    return 'requirements.txt';
  }
  return null;
}

/** True for package.json, package-lock.json, pnpm-lock.yaml, yarn.lock, go.mod, go.sum,
 * pyproject.toml, requirements*.txt and requirements/*.txt, poetry.lock and uv.lock. */
export function isDependencyFile(path: string): boolean {
  return dependencyFileFormat(path) !== null;
}

/**
 * The project folder a dependency file belongs to ('' for the repository root): its own folder,
 * or for requirements/*.txt the folder holding `requirements/`.
 */
export function projectFolderOf(path: string): string {
  const parts = path.split('/');
  parts.pop();
  if (parts[parts.length - 1] === 'requirements' && /\.txt$/i.test(path)) parts.pop();
  return parts.join('/');
}

/** True when `path` is inside `folder` ('' holds everything). */
export function isUnderFolder(path: string, folder: string): boolean {
  return folder === '' || path === folder || path.startsWith(`${folder}/`);
}
