/**
 * The commit a worktree's HEAD names, read from the git files directly (HEAD, the loose ref,
 * packed-refs): a watcher batch needs it after every change, and a git process costs more than
 * the rest of a small refresh. Falls back to git itself for anything unusual. The files are read
 * synchronously, each a regular file of bounded size (regular-file.ts: a FIFO planted in a git
 * dir never holds the thread): through fs.promises each file was four round trips through the
 * event loop, and a cold start's busy loop made one readHead (workspace.list's stale check) take
 * 100-250 ms. Owns that read.
 */
import { join } from 'node:path';
import { gitRepoInfo, resolveCommit } from '@repograph/store';
import { isFullObjectId } from '@repograph/store';
import { gitDirOfSync } from './path-guard.js';
import { readRegularFileSync } from './regular-file.js';

/** The most a HEAD or loose ref file is read (one line). */
const REF_FILE_BYTES = 4096;
/** The most of packed-refs read here; a larger one is left to git. */
const PACKED_REFS_BYTES = 16 * 1024 * 1024;

/** A file of git's own as text, or null when it is not a regular file of at most `maxBytes`. */
function gitFileText(path: string, maxBytes: number): string | null {
  const read = readRegularFileSync(path, maxBytes);
  return read.ok ? read.bytes.toString('utf8') : null;
}

/** A ref name that stays inside the git dir it is joined to (no empty, `.` or `..` segment). */
function isPlainRef(ref: string): boolean {
  return !ref.split('/').some((part) => part === '..' || part === '.' || part === '');
}

/** The commit packed-refs gives `ref`, or null. */
function packedRef(commonDir: string, ref: string): string | null {
  const line = gitFileText(join(commonDir, 'packed-refs'), PACKED_REFS_BYTES)?.split('\n').find((l) => l.endsWith(` ${ref}`));
  return line ? line.slice(0, line.indexOf(' ')) : null;
}

/** HEAD's commit from the files, or undefined when git must be asked (unborn, unusual, unreadable). */
function headFromFiles(root: string, commonDir: string): string | undefined {
  const gitDir = gitDirOfSync(root);
  if (gitDir === null) return undefined;
  const head = gitFileText(join(gitDir, 'HEAD'), REF_FILE_BYTES)?.trim();
  if (head === undefined) return undefined;
  if (isFullObjectId(head)) return head;
  const match = /^ref: (refs\/[^\s]+)$/.exec(head);
  if (!match || !isPlainRef(match[1]!)) return undefined;
  const ref = match[1]!;
  for (const dir of [gitDir, commonDir]) {
    const loose = gitFileText(join(dir, ref), REF_FILE_BYTES)?.trim();
    if (loose !== undefined && /^[0-9a-f]{40}/.test(loose)) return loose;
  }
  return packedRef(commonDir, ref) ?? undefined;
}

/** HEAD's commit for the worktree at `root` (null before the first commit). */
export async function readHead(root: string, commonDir: string): Promise<string | null> {
  return headFromFiles(root, commonDir) ?? (await gitRepoInfo(root))?.head ?? null;
}

/**
 * The commit a moving ref names now (`HEAD`, or a full `refs/heads/...` / `refs/remotes/...`
 * name), read like readHead: the loose ref, else packed-refs, else git. Null when the ref is gone.
 */
export async function readRef(root: string, commonDir: string, ref: string): Promise<string | null> {
  if (ref === 'HEAD') return readHead(root, commonDir);
  if (!/^refs\/(heads|remotes)\/[^\0\s]+$/.test(ref) || !isPlainRef(ref)) return null;
  const loose = gitFileText(join(commonDir, ref), REF_FILE_BYTES)?.trim();
  if (loose !== undefined && isFullObjectId(loose)) return loose;
  if (loose === undefined) {
    const packed = packedRef(commonDir, ref);
    if (packed) return packed;
  }
  return resolveCommit(root, ref);
}

/** The worktree's own git dir: `.git` itself, or where a `.git` file points (linked worktrees); rejects outside git. */
export async function gitDirOf(root: string): Promise<string> {
  const gitDir = gitDirOfSync(root);
  if (gitDir === null) throw new Error(`${root} has no readable .git`);
  return gitDir;
}
