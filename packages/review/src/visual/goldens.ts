/**
 * Which changed files are committed golden images, by the three conventions the visual axis
 * knows: Flutter golden folders, jest-image-snapshot folders and Playwright snapshot folders.
 * Owns path classification only; reading the bytes and comparing them is compare.ts, and the
 * caller decides which side each file is read from.
 */

/** The convention a committed golden image follows. */
export type GoldenConvention = 'flutter' | 'jest-image-snapshot' | 'playwright';

/** A changed path that is a committed golden image. */
export interface GoldenFile {
  path: string;
  convention: GoldenConvention;
}

/**
 * The changed paths that are committed golden images, sorted by path, each once.
 * - Flutter: any `*.png` below a folder named `goldens` (at any depth below it).
 * - jest-image-snapshot: a `*.png` directly in a folder named `__image_snapshots__`; its
 *   `__diff_output__` subfolder holds failure output, not goldens, and is left out.
 * - Playwright: a `*.png` below a folder whose name ends in `-snapshots`
 *   (`tests/a.spec.ts-snapshots/x-chromium-linux.png`; the template may add subfolders).
 * When a path matches more than one convention, the first in that order wins.
 */
export function goldenFiles(changedPaths: Iterable<string>): GoldenFile[] {
  const found = new Map<string, GoldenConvention>();
  for (const path of changedPaths) {
    if (found.has(path)) continue;
    const convention = goldenConventionOf(path);
    if (convention !== null) found.set(path, convention);
  }
  return [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, convention]) => ({ path, convention }));
}

/** The convention of one path, or null when it is not a committed golden image. */
export function goldenConventionOf(path: string): GoldenConvention | null {
  const segments = path.replace(/\\/g, '/').split('/').filter((segment) => segment !== '');
  const file = segments.pop();
  if (file === undefined || !file.toLowerCase().endsWith('.png')) return null;
  if (segments.includes('goldens')) return 'flutter';
  if (segments[segments.length - 1] === '__image_snapshots__') return 'jest-image-snapshot';
  if (segments.some((segment) => segment.endsWith('-snapshots') && segment !== '-snapshots')) {
    return 'playwright';
  }
  return null;
}
