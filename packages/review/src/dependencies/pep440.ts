/**
 * PEP 440 versions, enough to order two Python releases and to give the semver class of a
 * change: epoch, release segments, pre (a, b, rc and their spellings), post, dev and local
 * parts, compared as PEP 440 says. Owns parsing and ordering; it does not evaluate specifiers.
 */

export interface Pep440Version {
  epoch: number;
  release: number[];
  /** 0 for alpha, 1 for beta, 2 for rc, with its number. */
  pre: { rank: number; number: number } | null;
  post: number | null;
  dev: number | null;
  local: string | null;
}

const PATTERN = new RegExp(
  '^\\s*v?(?:(\\d+)!)?(\\d+(?:\\.\\d+)*)' +
    '(?:[-_.]?(alpha|beta|preview|pre|rc|a|b|c)[-_.]?(\\d*))?' +
    '(?:-(\\d+)|[-_.]?(post|rev|r)[-_.]?(\\d*))?' +
    '(?:[-_.]?(dev)[-_.]?(\\d*))?' +
    '(?:\\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?\\s*$',
  'i',
);

function preRank(label: string): number {
  const lower = label.toLowerCase();
  if (lower === 'a' || lower === 'alpha') return 0;
  if (lower === 'b' || lower === 'beta') return 1;
  return 2;
}

function numberOr(text: string | undefined, fallback: number): number {
  return text === undefined || text === '' ? fallback : Number(text);
}

export function parsePep440(text: string): Pep440Version | null {
  const match = PATTERN.exec(text);
  if (!match) return null;
  const [, epoch, release, preLabel, preNumber, implicitPost, postLabel, postNumber, devLabel, devNumber, local] = match;
  return {
    epoch: numberOr(epoch, 0),
    release: (release ?? '0').split('.').map(Number),
    pre: preLabel ? { rank: preRank(preLabel), number: numberOr(preNumber, 0) } : null,
    post: implicitPost !== undefined ? Number(implicitPost) : postLabel ? numberOr(postNumber, 0) : null,
    dev: devLabel ? numberOr(devNumber, 0) : null,
    local: local ? local.toLowerCase() : null,
  };
}

function compareNumbers(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareLocal(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const left = a.split(/[-_.]/);
  const right = b.split(/[-_.]/);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const x = left[index];
    const y = right[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xNumeric = /^\d+$/.test(x);
    const yNumeric = /^\d+$/.test(y);
    if (xNumeric && yNumeric) {
      const order = compareNumbers(Number(x), Number(y));
      if (order !== 0) return order;
    } else if (xNumeric !== yNumeric) {
      return xNumeric ? 1 : -1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

/** Orders two versions as PEP 440 does: negative, zero or positive. */
export function comparePep440(a: Pep440Version, b: Pep440Version): number {
  const epoch = compareNumbers(a.epoch, b.epoch);
  if (epoch !== 0) return epoch;
  for (let index = 0; index < Math.max(a.release.length, b.release.length); index++) {
    const order = compareNumbers(a.release[index] ?? 0, b.release[index] ?? 0);
    if (order !== 0) return order;
  }
  // A dev release of a final version sorts before its pre-releases; a final one after them.
  const preKey = (v: Pep440Version): [number, number] =>
    v.pre ? [v.pre.rank, v.pre.number] : v.post === null && v.dev !== null ? [-1, 0] : [3, 0];
  const [aRank, aNumber] = preKey(a);
  const [bRank, bNumber] = preKey(b);
  const pre = compareNumbers(aRank, bRank) || compareNumbers(aNumber, bNumber);
  if (pre !== 0) return pre;
  const post = compareNumbers(a.post ?? -1, b.post ?? -1);
  if (post !== 0) return post;
  const dev = compareNumbers(a.dev ?? Number.POSITIVE_INFINITY, b.dev ?? Number.POSITIVE_INFINITY);
  if (dev !== 0) return dev;
  return compareLocal(a.local, b.local);
}

/**
 * The version as semver, for the class of a change only: the first three release segments,
 * with pre and dev parts as the prerelease; epoch, post, fourth segments and local parts are
 * dropped (versions.ts classes a change hidden by that as a patch).
 */
export function pep440AsSemver(version: Pep440Version): string {
  const [major = 0, minor = 0, patch = 0] = version.release;
  const prerelease: string[] = [];
  if (version.pre) prerelease.push(['a', 'b', 'rc'][version.pre.rank] ?? 'rc', String(version.pre.number));
  if (version.dev !== null) prerelease.push('dev', String(version.dev));
  return `${major}.${minor}.${patch}${prerelease.length > 0 ? `-${prerelease.join('.')}` : ''}`;
}
