/**
 * Git files that make git itself wait forever. Every git command opens its repository's HEAD and
 * config (and a worktree's `.git` file and `commondir`); when one of them is a FIFO the open
 * blocks until a writer comes, so `git rev-parse` never returns, and neither would a client that
 * asks git which repository a directory belongs to, nor a daemon opening it. Owns finding those
 * files as git does (the nearest `.git` folder, or a `.git` file's `gitdir:` and its `commondir`)
 * and telling whether one is not a regular file; client and daemon refuse such a repository at
 * once, naming the file. Never opens anything that could block (reads only regular files, with
 * O_NONBLOCK).
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The largest `.git` file or `commondir` read (git's own are one short line). */
const SMALL_FILE_BYTES = 4096;

/**
 * The first git file of the repository containing `dir` that exists and is neither a regular file
 * nor a folder (a FIFO, socket or device, links followed), or null when there is none or `dir` is
 * in no repository.
 */
export function gitFileThatBlocks(dir: string): string | null {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const dotGit = join(current, '.git');
    const kind = kindOf(dotGit);
    if (kind === 'special') return dotGit;
    if (kind === 'folder') return blockingIn(dotGit);
    if (kind === 'file') {
      // One `gitdir: PATH` line, as git writes it.
      const line = (readSmallFile(dotGit) ?? '').split('\n', 1)[0]!;
      const gitDir = line.startsWith('gitdir:') ? line.slice('gitdir:'.length).trim() : '';
      return gitDir === '' ? null : blockingIn(resolve(current, gitDir));
    }
    if (dirname(current) === current) return null;
  }
}

/** What is wrong with `path` (a file gitFileThatBlocks named) and what to put there, for an error message. */
export function blockingGitFileProblem(path: string): string {
  return `${path} is not a regular file (a FIFO, socket or device), so git would wait on it forever; ` +
    'replace it with a regular file (HEAD holds a line such as `ref: refs/heads/main`)';
}

/** HEAD and config of a git dir, and of its common dir when it names one. */
function blockingIn(gitDir: string): string | null {
  const candidates = [join(gitDir, 'HEAD'), join(gitDir, 'config'), join(gitDir, 'commondir')];
  const common = kindOf(join(gitDir, 'commondir')) === 'file' ? readSmallFile(join(gitDir, 'commondir'))?.trim() : undefined;
  if (common) candidates.push(join(resolve(gitDir, common), 'HEAD'), join(resolve(gitDir, common), 'config'));
  return candidates.find((path) => kindOf(path) === 'special') ?? null;
}

function kindOf(path: string): 'missing' | 'file' | 'folder' | 'special' {
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch {
    // A link loop or an unreadable parent: git fails on it, it does not wait.
    return 'missing';
  }
  if (stats === undefined) return 'missing';
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'special';
}

/** The text of a small regular file, or null (opened without blocking; anything else is refused). */
function readSmallFile(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    const buffer = Buffer.alloc(SMALL_FILE_BYTES);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.toString('utf8', 0, length);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
