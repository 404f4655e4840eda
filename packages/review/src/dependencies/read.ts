/**
 * One side of one dependency file to a reading: the size limit of its parser family, then the
 * format's reader, with anything thrown turned into a refusal (a reader never throws out of
 * here). Owns the dispatch and the limits:
 *   - JSON (package.json, package-lock.json): 64 MiB. A 50 MB lockfile reads in about 0.6 s
 *     (JSON.parse half of it) and about 400 MB of heap; measured, two 58 MB sides diff in 1.4 s,
 *     while one 130 MB side took 3.3 s and 1.5 GB of heap, which is where the limit comes from.
 *   - YAML (pnpm-lock.yaml, yarn berry's yarn.lock): 10 MiB. The `yaml` library's parser reads
 *     about 4 MiB a second (measured: 9.5 MiB in 2.5 s, 20 MB in 5.6 s), and a review reads both
 *     sides; real lockfiles of large workspaces are a few MiB.
 *   - yarn v1: 16 MiB (@yarnpkg/lockfile, about 70 ms a MiB measured: 30 MB in 2.1 s).
 *   - TOML (poetry.lock, uv.lock, pyproject.toml): 32 MiB (smol-toml, 50 MB in 1.3 s measured).
 *   - Line formats (go.mod, go.sum, requirements*.txt): 64 MiB; they are read in one pass.
 * Sizes are UTF-8 bytes. Over its limit a file is refused with a diagnostic that names the limit.
 */
import type { DependencyFileFormat } from './files.js';
import { readGoMod, readGoSum } from './go-modules.js';
import type { ReadOutcome } from './model.js';
import { readPackageJson } from './npm-manifest.js';
import { readPackageLock } from './npm-package-lock.js';
import { readPnpmLock } from './npm-pnpm-lock.js';
import { isYarnBerryLock, readYarnLock } from './npm-yarn-lock.js';
import { readPoetryLock, readUvLock } from './python-locks.js';
import { readPyproject, readRequirementsTxt } from './python-manifests.js';
import { messageOf } from './records.js';

const MIB = 1024 * 1024;

/** The size limits by parser family, in bytes. */
export const DEPENDENCY_FILE_LIMITS = {
  json: 64 * MIB,
  yaml: 10 * MIB,
  yarnClassic: 16 * MIB,
  toml: 32 * MIB,
  lines: 64 * MIB,
} as const;

type ParserFamily = keyof typeof DEPENDENCY_FILE_LIMITS;

const FAMILY_NAMES: Readonly<Record<ParserFamily, string>> = {
  json: 'JSON',
  yaml: 'YAML',
  yarnClassic: 'yarn v1 lockfiles',
  toml: 'TOML',
  lines: 'line formats',
};

function familyOf(format: DependencyFileFormat, text: string): ParserFamily {
  switch (format) {
    case 'package.json':
    case 'package-lock.json':
      return 'json';
    case 'pnpm-lock.yaml':
      return 'yaml';
    case 'yarn.lock':
      return isYarnBerryLock(text) ? 'yaml' : 'yarnClassic';
    case 'pyproject.toml':
    case 'poetry.lock':
    case 'uv.lock':
      return 'toml';
    default:
      return 'lines';
  }
}

function readByFormat(format: DependencyFileFormat, text: string): ReadOutcome {
  switch (format) {
    case 'package.json':
      return readPackageJson(text);
    case 'package-lock.json':
      return readPackageLock(text);
    case 'pnpm-lock.yaml':
      return readPnpmLock(text);
    case 'yarn.lock':
      return readYarnLock(text);
    case 'go.mod':
      return readGoMod(text);
    case 'go.sum':
      return readGoSum(text);
    case 'pyproject.toml':
      return readPyproject(text);
    case 'requirements.txt':
      return readRequirementsTxt(text);
    case 'poetry.lock':
      return readPoetryLock(text);
    case 'uv.lock':
      return readUvLock(text);
  }
}

function mebibytes(bytes: number): string {
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

/** Reads one side's text of a dependency file; never throws. */
export function readDependencyFile(format: DependencyFileFormat, text: string): ReadOutcome {
  try {
    // A UTF-16 unit is at most 3 UTF-8 bytes: count the bytes only when the text could be over.
    const family = familyOf(format, text);
    const limit = DEPENDENCY_FILE_LIMITS[family];
    if (text.length * 3 > limit) {
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > limit) {
        const message = `is ${mebibytes(bytes)}, over the ${mebibytes(limit)} limit for ${FAMILY_NAMES[family]}`;
        return { ok: false, message, oversize: true };
      }
    }
    return readByFormat(format, text);
  } catch (error) {
    return { ok: false, message: `could not be read (${messageOf(error)})` };
  }
}
