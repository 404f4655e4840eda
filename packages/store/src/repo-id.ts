/**
 * Repository identity for store and socket names. Owns repoIdFor(): a readable slug of the
 * repository folder plus a short hash of the real path of its git common dir (or of the root of a
 * directory outside git), so every worktree of a repository maps to the same id. It does not
 * find the common dir (git.ts gitRepoInfo does).
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

/** Hex digits of the SHA-256 of the real path kept in the id. */
const HASH_LENGTH = 16;
const SLUG_LENGTH = 32;

/**
 * A short, stable id such as `myrepo-3f2a9c0b1d4e5f60`. The path is resolved to its real path
 * when it exists (so a symlinked checkout maps to the same id) and used as given otherwise.
 * The slug comes from the repository folder: for `/src/myrepo/.git` it is `myrepo`, for a bare
 * `/srv/myrepo.git` also `myrepo`.
 */
export function repoIdFor(commonDirOrRoot: string): string {
  const absolute = resolve(commonDirOrRoot);
  let real = absolute;
  try {
    real = realpathSync.native(absolute);
  } catch {
    // A path that does not exist (yet) is identified by its resolved form.
  }
  const hash = createHash('sha256').update(real).digest('hex').slice(0, HASH_LENGTH);
  return `${slugOf(real)}-${hash}`;
}

function slugOf(path: string): string {
  let name = basename(path);
  if (name === '.git') name = basename(dirname(path));
  else if (name.endsWith('.git')) name = name.slice(0, -'.git'.length);
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'repo' : slug;
}
