/**
 * Git plumbing the store is built from: repository identity, a commit's tree, the worktree's file
 * list, ref resolution and git's blob hash. Owns the commands and the parsing of their output
 * (always `-z`, NUL-separated, so any file name survives); blob contents stream through
 * git-blobs.ts. It never runs a shell and never writes to the repository.
 *
 * Paths are decoded as UTF-8; a file name that is not valid UTF-8 comes back with U+FFFD in it.
 */
import { createHash } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { RepographError } from '@repograph/core';
import { gitObjects } from './git-objects.js';
import { gitFailure, runGit, runGitChecked, singleLine, splitNul } from './git-run.js';
import { compareCodePoints } from './keys.js';
import { isFullObjectId } from './object-id.js';

/** Where a worktree is and which repository it belongs to. */
export interface GitRepoInfo {
  /** The worktree's top directory (real path). */
  root: string;
  /** The real path of the git common dir: the repository identity shared by all worktrees. */
  commonDir: string;
  /** The commit HEAD points to, or null in a repository without commits. */
  head: string | null;
  /** The object hash (`sha1`, or `sha256` for repositories created with it). */
  objectFormat: 'sha1' | 'sha256';
}

/** A blob of a commit's tree. */
export interface TreeEntry {
  path: string;
  blobId: string;
  /** `100644` or `100755`. */
  mode: string;
  size: number;
}

/** A tree or index entry that is not a file to index, reported instead of silently dropped. */
export interface SkippedEntry {
  path: string;
  mode: string;
  reason: 'submodule' | 'symlink' | 'nested-repository' | 'other';
}

/** A commit's files and the entries that were skipped. */
export interface TreeListing {
  entries: TreeEntry[];
  skipped: SkippedEntry[];
}

/** The worktree's files (tracked and untracked-not-ignored, present on disk), in code-point order. */
export interface WorktreeListing {
  paths: string[];
  skipped: SkippedEntry[];
}

const MODE_SYMLINK = '120000';
const MODE_GITLINK = '160000';
const REGULAR_MODES = new Set(['100644', '100755', '100664']);

/** How long git may take to say which repository a folder is in (it answers in milliseconds). */
const DISCOVERY_TIMEOUT_MS = 30_000;

/**
 * What one `git rev-parse` says of a folder: its worktree's top, the common dir, the object
 * format, and HEAD's commit last (`-q --verify` fails quietly, exit 1, when HEAD has no commit yet).
 */
const DESCRIBE_ARGS = ['rev-parse', '--show-toplevel', '--git-common-dir', '--show-object-format', '-q', '--verify', 'HEAD^{commit}'];

/**
 * Describes the git worktree that contains `dir`, or returns null when `dir` is not inside a
 * worktree (no repository, a bare repository, the inside of a .git directory, or no such
 * directory). Other git failures throw a StoreError, as does a git that has not answered within
 * DISCOVERY_TIMEOUT_MS (a FIFO HEAD or config makes it wait forever).
 *
 * One git process answers it all (four, one after another, cost a daemon's start 40-60 ms: each
 * spawn holds the thread 7-21 ms there); a path with a line break in it, which makes that
 * answer's lines ambiguous, is asked one question at a time.
 */
export async function gitRepoInfo(dir: string): Promise<GitRepoInfo | null> {
  try {
    if (!statSync(dir).isDirectory()) return null;
  } catch {
    return null;
  }
  const result = await runGit(dir, DESCRIBE_ARGS, DISCOVERY_TIMEOUT_MS);
  if (result.signal === 'SIGKILL') throw discoveryTimeout(dir);
  const unborn = result.exitCode === 1 && result.stderr.trim() === '';
  if (result.exitCode !== 0 && !unborn) {
    if (/not a git repository|must be run in a work tree/i.test(result.stderr)) return null;
    throw gitFailure(dir, DESCRIBE_ARGS, result);
  }
  const lines = singleLine(result.stdout).split('\n');
  if (lines.length !== (unborn ? 3 : 4)) return describeApart(dir);
  const [topLevel, commonDir, format, head] = lines as [string, string, string, string | undefined];
  return describedAs(dir, topLevel, commonDir, head ?? null, format);
}

/** gitRepoInfo one question per git process, each answer a whole output (any path survives). */
async function describeApart(dir: string): Promise<GitRepoInfo | null> {
  const topLevel = await runGit(dir, ['rev-parse', '--show-toplevel'], DISCOVERY_TIMEOUT_MS);
  if (topLevel.signal === 'SIGKILL') throw discoveryTimeout(dir);
  if (topLevel.exitCode !== 0) {
    if (/not a git repository|must be run in a work tree/i.test(topLevel.stderr)) return null;
    throw gitFailure(dir, ['rev-parse', '--show-toplevel'], topLevel);
  }
  const [commonDirOutput, headResult, formatResult] = await Promise.all([
    runGitChecked(dir, ['rev-parse', '--git-common-dir']),
    runGit(dir, ['rev-parse', '-q', '--verify', 'HEAD^{commit}']),
    runGit(dir, ['rev-parse', '--show-object-format']),
  ]);
  const head = headResult.exitCode === 0 ? singleLine(headResult.stdout) : null;
  const format = formatResult.exitCode === 0 ? singleLine(formatResult.stdout) : 'sha1';
  return describedAs(dir, singleLine(topLevel.stdout), singleLine(commonDirOutput), head, format);
}

/** The GitRepoInfo of git's answers (a git too old to know the object format answers with the option itself: sha1). */
function describedAs(dir: string, topLevel: string, commonDir: string, head: string | null, format: string): GitRepoInfo {
  return {
    root: realpathSync.native(topLevel),
    commonDir: realpathSync.native(resolve(dir, commonDir)),
    head,
    objectFormat: format === 'sha256' ? 'sha256' : 'sha1',
  };
}

function discoveryTimeout(dir: string): RepographError {
  return new RepographError('StoreError',
    `git rev-parse did not answer within ${DISCOVERY_TIMEOUT_MS / 1000} s in ${dir}; git waits forever on a HEAD or config ` +
    'that is not a regular file (a FIFO): check the repository\'s .git folder', { dir, timeoutMs: DISCOVERY_TIMEOUT_MS });
}

/**
 * Lists the blobs of `commit`'s tree (`git ls-tree -r -z --long --full-tree`), with sizes.
 * Submodules (gitlinks) and symlinks are not entries; they are reported in `skipped`.
 * Throws a RepographError `BaseNotACommit` when `commit` names no commit or tree.
 */
export async function listTree(root: string, commit: string): Promise<TreeListing> {
  assertRevision(commit);
  const args = ['ls-tree', '-r', '-z', '--long', '--full-tree', commit];
  const result = await runGit(root, args);
  if (result.exitCode !== 0) {
    if (/not a tree object|not a valid object name|bad revision/i.test(result.stderr)) {
      throw new RepographError('BaseNotACommit', `${commit} is not a commit of the repository at ${root}; ` +
        'pass a commit id or a ref that exists (git fetch it first)', { commit, root });
    }
    throw gitFailure(root, args, result);
  }
  const entries: TreeEntry[] = [];
  const skipped: SkippedEntry[] = [];
  for (const record of splitNul(result.stdout)) {
    const tab = record.indexOf(0x09);
    if (tab < 0) continue;
    const [mode = '', type = '', objectId = '', size = ''] = record.subarray(0, tab).toString('latin1').trim().split(/ +/);
    const path = record.subarray(tab + 1).toString('utf8');
    if (type === 'blob' && REGULAR_MODES.has(mode)) {
      entries.push({ path, blobId: objectId, mode, size: Number(size) });
    } else {
      skipped.push({ path, mode, reason: mode === MODE_GITLINK ? 'submodule' : mode === MODE_SYMLINK ? 'symlink' : 'other' });
    }
  }
  return { entries, skipped };
}

/**
 * Lists the worktree's files: tracked (`ls-files --stage`) plus untracked and not ignored
 * (`--others --exclude-standard`). A tracked file deleted from disk is still listed: the caller
 * stats every listed path and drops what is gone (asking git with `--deleted` as well cost one
 * more process, which stats every tracked file again). Tracked
 * symlinks and submodules, and untracked nested repositories, are reported in `skipped`.
 * Untracked entries are not stat'ed: the caller reads them and handles symlinks there.
 * With `pathspecs`, only files at or under those repository-relative paths are listed.
 */
export async function listWorktreeFiles(root: string, pathspecs?: readonly string[]): Promise<WorktreeListing> {
  // Pathspecs are literal (no globs) and limit the listing to those files and folders.
  const prefix = pathspecs ? ['--literal-pathspecs'] : [];
  const suffix = pathspecs ? ['--', ...pathspecs] : [];
  if (pathspecs && pathspecs.length === 0) return { paths: [], skipped: [] };
  const [staged, others] = await Promise.all([
    runGitChecked(root, [...prefix, 'ls-files', '-z', '--stage', '--full-name', ...suffix]),
    runGitChecked(root, [...prefix, 'ls-files', '-z', '--others', '--exclude-standard', '--full-name', ...suffix]),
  ]);
  const paths = new Set<string>();
  const skipped = new Map<string, SkippedEntry>();
  for (const record of splitNul(staged)) {
    const tab = record.indexOf(0x09);
    if (tab < 0) continue;
    const mode = record.subarray(0, record.indexOf(0x20)).toString('latin1');
    const path = record.subarray(tab + 1).toString('utf8');
    if (mode === MODE_GITLINK || mode === MODE_SYMLINK) {
      skipped.set(path, { path, mode, reason: mode === MODE_GITLINK ? 'submodule' : 'symlink' });
    } else {
      paths.add(path);
    }
  }
  for (const record of splitNul(others)) {
    const path = record.toString('utf8');
    if (path.endsWith('/')) skipped.set(path, { path: path.slice(0, -1), mode: '', reason: 'nested-repository' });
    else paths.add(path);
  }
  return {
    paths: [...paths].sort(compareCodePoints),
    skipped: [...skipped.values()].sort((a, b) => compareCodePoints(a.path, b.path)),
  };
}

/** The commit id `ref` resolves to, or null when it names no commit. */
export async function resolveCommit(root: string, ref: string): Promise<string | null> {
  if (ref === '' || ref.startsWith('-') || /[\0\n]/.test(ref)) return null;
  const result = await runGit(root, ['rev-parse', '-q', '--verify', `${ref}^{commit}`]);
  return result.exitCode === 0 ? singleLine(result.stdout) : null;
}

/**
 * The bytes of the file `path` in commit `commit` (a full id), or null when the commit has no
 * such file (or it is not a blob). Paths are repository-relative with `/`. Read through the
 * repository's long-lived object reader (git-objects.ts).
 */
export async function readFileAtCommit(root: string, commit: string, path: string): Promise<Buffer | null> {
  if (!isFullObjectId(commit) || path === '' || /[\0\n\r]/.test(path) || path.startsWith('/')) return null;
  const object = await gitObjects(root).read(`${commit}:${path}`);
  return object !== null && object.type === 'blob' ? object.bytes : null;
}

/**
 * The commit `ref` names and the moving ref it follows, in one git process:
 * `rev-parse <ref>^{commit} --symbolic-full-name <ref>` prints the commit, then the full name
 * when the ref is symbolic (a branch, a remote-tracking branch or HEAD are followed: a review of
 * them follows them as they move; a tag or a commit id is pinned). Null when it names no commit;
 * StoreError when git has not answered within DISCOVERY_TIMEOUT_MS (a FIFO ref file).
 */
export async function resolveRefFollowing(root: string, ref: string): Promise<{ commit: string; follows: string | null } | null> {
  if (ref === '' || ref.startsWith('-') || /[\0\n]/.test(ref) || ref.length > MAX_REVISION_LENGTH) return null;
  const result = await runGit(root, ['rev-parse', `${ref}^{commit}`, '--symbolic-full-name', ref], DISCOVERY_TIMEOUT_MS);
  if (result.signal === 'SIGKILL') {
    throw new RepographError('StoreError',
      `git rev-parse did not answer within ${DISCOVERY_TIMEOUT_MS / 1000} s resolving '${ref.slice(0, 64)}' in ${root}; git waits forever on a ref ` +
      'file that is not a regular file (a FIFO): check the repository\'s .git/refs folder', { root, timeoutMs: DISCOVERY_TIMEOUT_MS });
  }
  if (result.exitCode !== 0) return null;
  const [commit, name] = result.stdout.toString('utf8').split('\n').map((line) => line.trim());
  if (!commit || !isFullObjectId(commit)) return null;
  return { commit, follows: name !== undefined && (name === 'HEAD' || /^refs\/(heads|remotes)\//.test(name)) ? name : null };
}

/** Answers of isAncestor by (root, ancestor, descendant): commits never change, so neither do they. */
const ANCESTRY = new Map<string, boolean>();
const ANCESTRY_KEPT = 4096;
/** Commits a walk reads before it leaves the question to git. */
const WALK_LIMIT = 256;

/**
 * True when commit `ancestor` is an ancestor of (or equal to) commit `descendant` (both full
 * ids). A short walk back from `descendant` through the object reader answers the usual case (a
 * branch a few commits ahead, a push on a reviewed branch: its parent's answer is known) without
 * a git process; a longer history, or a commit the walk cannot read (a shallow clone), is left
 * to `git merge-base --is-ancestor`.
 */
export async function isAncestor(root: string, ancestor: string, descendant: string): Promise<boolean> {
  if (ancestor === descendant) return true;
  const key = `${root}\0${ancestor}\0${descendant}`;
  const known = ANCESTRY.get(key);
  if (known !== undefined) return known;
  const walked = await walkBack(root, ancestor, descendant);
  const answer = walked ?? (await runGit(root, ['merge-base', '--is-ancestor', ancestor, descendant])).exitCode === 0;
  if (ANCESTRY.size >= ANCESTRY_KEPT) ANCESTRY.delete(ANCESTRY.keys().next().value!);
  ANCESTRY.set(key, answer);
  return answer;
}

/** Walks the parents of `descendant` breadth first: true at `ancestor`, false past every root, null when it gives up. */
async function walkBack(root: string, ancestor: string, descendant: string): Promise<boolean | null> {
  const objects = gitObjects(root);
  const seen = new Set([descendant]);
  let frontier = [descendant];
  while (frontier.length > 0) {
    if (frontier.some((commit) => ANCESTRY.get(`${root}\0${ancestor}\0${commit}`) === true)) return true;
    const commits = await Promise.all(frontier.map((commit) => objects.read(commit)));
    const next: string[] = [];
    for (const commit of commits) {
      if (commit === null || commit.type !== 'commit') return null;
      for (const parent of parentsOf(commit.bytes)) {
        if (parent === ancestor) return true;
        if (seen.has(parent)) continue;
        if (seen.size >= WALK_LIMIT) return null;
        seen.add(parent);
        next.push(parent);
      }
    }
    frontier = next;
  }
  return false;
}

/** The parent ids of a commit object (its `parent` header lines). */
function parentsOf(bytes: Buffer): string[] {
  const parents: string[] = [];
  const headerEnd = bytes.indexOf('\n\n');
  for (const line of bytes.toString('latin1', 0, headerEnd < 0 ? bytes.length : headerEnd).split('\n')) {
    if (line.startsWith('parent ')) parents.push(line.slice('parent '.length).trim());
  }
  return parents;
}

/** Git's blob id of `bytes`: the hash of `blob <length>\0` followed by the bytes. */
export function hashBlob(bytes: Uint8Array, objectFormat: 'sha1' | 'sha256' = 'sha1'): string {
  return createHash(objectFormat === 'sha256' ? 'sha256' : 'sha1')
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest('hex');
}

/** The longest revision accepted (a ref name is far shorter; the bound keeps argv small). */
export const MAX_REVISION_LENGTH = 1024;

function assertRevision(revision: string): void {
  if (revision.length > MAX_REVISION_LENGTH) {
    throw new RepographError('InvalidParams', `a revision of ${revision.length} characters is not a commit id or ref (at most ${MAX_REVISION_LENGTH})`, { revision: revision.slice(0, 64) });
  }
  if (revision === '' || revision.startsWith('-') || /[\0\n]/.test(revision)) {
    throw new RepographError('InvalidParams', `"${revision}" is not a commit id or ref`, { revision });
  }
}

/**
 * The worktrees git itself lists for the repository of `dir` (`git worktree list --porcelain
 * -z`): each one's top folder as a real path (folders that no longer exist are left out, and so
 * is a bare repository's entry). A folder whose `.git` file merely names this repository is not
 * listed: git lists a worktree only when its `worktrees/<name>/gitdir` points back at it.
 */
export async function listWorktrees(dir: string): Promise<string[]> {
  const result = await runGit(dir, ['worktree', 'list', '--porcelain', '-z']);
  if (result.exitCode !== 0) throw gitFailure(dir, ['worktree', 'list', '--porcelain', '-z'], result);
  const roots: string[] = [];
  let current: string | null = null;
  let bare = false;
  const finish = (): void => {
    if (current !== null && !bare) {
      try {
        roots.push(realpathSync.native(current));
      } catch {
        // Listed but gone (prunable): not a root anyone can use.
      }
    }
    current = null;
    bare = false;
  };
  for (const field of splitNul(result.stdout).map((b) => b.toString('utf8'))) {
    if (field === '') { finish(); continue; }
    if (field.startsWith('worktree ')) { finish(); current = field.slice('worktree '.length); }
    else if (field === 'bare') bare = true;
  }
  finish();
  return roots;
}
