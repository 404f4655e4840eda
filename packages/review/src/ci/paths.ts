/**
 * How a path, package or module named in a report lines up with a repository path: both are
 * split into segments and compared from the end, since reports name files absolute, relative
 * to a package root or as a dotted module. Owns that comparison only; match.ts applies it.
 */

/** A report's path as segments: backslashes to slashes, `./`, empty and `.` segments dropped. */
export function reportPathSegments(raw: string): string[] {
  return raw
    .trim()
    .replaceAll('\\', '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
}

/**
 * How well `reported` names `ours` by their common trailing segments: 0 when neither ends with
 * the other at a segment boundary (or they share no segment, unless `ours` is empty: the
 * repository root, which every report contains). Otherwise two points per shared segment, and
 * one more when all of `ours` is contained (`reported` equals or ends with it), so the exact
 * path beats a longer one that only ends with the report's shorter path.
 */
export function trailingMatchScore(reported: readonly string[], ours: readonly string[]): number {
  let shared = 0;
  while (
    shared < reported.length &&
    shared < ours.length &&
    reported[reported.length - 1 - shared] === ours[ours.length - 1 - shared]
  ) {
    shared++;
  }
  const containsOurs = shared === ours.length;
  if (!containsOurs && shared !== reported.length) return 0;
  if (shared === 0 && ours.length > 0) return 0;
  return 2 * shared + (containsOurs ? 1 : 0);
}

/** The directory segments of a repository path (`pkg/foo/a_test.go` -> `pkg`, `foo`). */
export function directorySegments(path: string): string[] {
  return reportPathSegments(path).slice(0, -1);
}

/** The last segment of a path, '' for none. */
export function baseName(path: string): string {
  const segments = reportPathSegments(path);
  return segments[segments.length - 1] ?? '';
}
