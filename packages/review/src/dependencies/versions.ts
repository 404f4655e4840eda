/**
 * Ordering versions and classing a change, per ecosystem, through `semver`:
 *   - npm: versions as they are (valid semver, or not comparable: a git URL, a tarball, a tag).
 *   - Go: the leading `v` stripped; pseudo-versions (v0.0.0-20240101120000-abcdef123456) are
 *     valid semver prereleases and order by their timestamp; `+incompatible` is build metadata.
 *   - Python: ordered by PEP 440 (pep440.ts); classed through semver after coercing to the first
 *     three release segments plus pre/dev (an approximation: a change only in the epoch is major,
 *     and one only in a fourth segment, a post or a local part is a patch).
 * The class is semver.diff's, with premajor, preminor and prepatch folded into major, minor and
 * patch. Also owns the floor of a manifest spec (the lowest version it admits), which is how a
 * spec change is ordered and classed when no lockfile shows the resolved versions.
 */
import { semverLibrary } from '../libraries.js';
import type { Ecosystem } from '../types.js';
import type { SemverClass } from './model.js';
import { comparePep440, parsePep440, pep440AsSemver } from './pep440.js';

/** The version as semver, or null when it does not read as one in its ecosystem. */
export function versionAsSemver(ecosystem: Ecosystem, version: string): string | null {
  if (ecosystem === 'python') {
    const parsed = parsePep440(version);
    return parsed ? pep440AsSemver(parsed) : null;
  }
  const text = ecosystem === 'go' ? version.trim().replace(/^v/, '') : version.trim();
  return semverLibrary().valid(text);
}

/** Negative, zero or positive; null when either side is not a version of its ecosystem. */
export function compareVersions(ecosystem: Ecosystem, a: string, b: string): number | null {
  if (ecosystem === 'python') {
    const left = parsePep440(a);
    const right = parsePep440(b);
    return left && right ? comparePep440(left, right) : null;
  }
  const left = versionAsSemver(ecosystem, a);
  const right = versionAsSemver(ecosystem, b);
  return left && right ? semverLibrary().compare(left, right) : null;
}

/** The semver class of a change between two versions, or null when either is not a version. */
export function semverClassOf(ecosystem: Ecosystem, from: string, to: string): SemverClass | null {
  const left = versionAsSemver(ecosystem, from);
  const right = versionAsSemver(ecosystem, to);
  if (!left || !right) return null;
  if (ecosystem === 'python') {
    const a = parsePep440(from);
    const b = parsePep440(to);
    if (a && b && a.epoch !== b.epoch) return 'major';
  }
  const kind = semverLibrary().diff(left, right);
  switch (kind) {
    case 'major':
    case 'premajor':
      return 'major';
    case 'minor':
    case 'preminor':
      return 'minor';
    case 'patch':
    case 'prepatch':
      return 'patch';
    case 'prerelease':
      return 'prerelease';
    default:
      return compareVersions(ecosystem, from, to) ? 'patch' : null;
  }
}

const PYTHON_FLOOR = /(?:===|==|~=|>=|\^|~|>)\s*v?(\d[^,;|\s]*)/;

/**
 * The lowest version a manifest spec admits, or null (`*`, a tag, a URL, a path). npm: the
 * semver range's minimum; Go: the version itself; Python: the version of the first ==, ===, ~=,
 * >=, >, ^ or ~ clause (Poetry's ^ and ~ included), its `.*` wildcard dropped.
 */
export function specFloor(ecosystem: Ecosystem, spec: string): string | null {
  const text = spec.trim();
  if (text === '' || text === '*') return null;
  if (ecosystem === 'go') return versionAsSemver('go', text) ? text : null;
  if (ecosystem === 'npm') {
    const range = semverLibrary().validRange(text);
    if (range === null || range === '*') return null;
    return semverLibrary().minVersion(range)?.version ?? null;
  }
  const match = PYTHON_FLOOR.exec(text);
  if (!match || match[1] === undefined) return null;
  const floor = match[1].replace(/\.\*$/, '');
  return parsePep440(floor) ? floor : null;
}
