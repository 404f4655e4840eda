/**
 * The commit a worktree's HEAD names, read from the git files directly (HEAD, the loose ref,
 * packed-refs): a watcher batch needs it after every change, and a git process costs more than
 * the rest of a small refresh. Falls back to git itself for anything unusual. Owns that read.
 */
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { gitRepoInfo, resolveCommit } from '@repograph/store';
import { isFullObjectId } from '@repograph/store';

/** HEAD's commit for the worktree at `root` (null before the first commit). */
export async function readHead(root: string, commonDir: string): Promise<string | null> {
  try {
    const gitDir = await gitDirOf(root);
    const head = (await readFile(join(gitDir, 'HEAD'), 'utf8')).trim();
    if (isFullObjectId(head)) return head;
    const match = /^ref: (refs\/[^\s]+)$/.exec(head);
    if (match) {
      const ref = match[1]!;
      for (const dir of [gitDir, commonDir]) {
        const loose = await readFile(join(dir, ref), 'utf8').catch(() => null);
        if (loose !== null && /^[0-9a-f]{40}/.test(loose.trim())) return loose.trim();
      }
      const packed = await readFile(join(commonDir, 'packed-refs'), 'utf8').catch(() => null);
      const line = packed?.split('\n').find((l) => l.endsWith(` ${ref}`));
      if (line) return line.slice(0, line.indexOf(' '));
    }
  } catch {
    // fall through to git
  }
  return (await gitRepoInfo(root))?.head ?? null;
}

/**
 * The commit a moving ref names now (`HEAD`, or a full `refs/heads/...` / `refs/remotes/...`
 * name), read like readHead: the loose ref, else packed-refs, else git. Null when the ref is gone.
 */
export async function readRef(root: string, commonDir: string, ref: string): Promise<string | null> {
  if (ref === 'HEAD') return readHead(root, commonDir);
  if (!/^refs\/(heads|remotes)\/[^\0\s]+$/.test(ref) || ref.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
  const loose = await readFile(join(commonDir, ref), 'utf8').catch(() => null);
  if (loose !== null && isFullObjectId(loose.trim())) return loose.trim();
  if (loose === null) {
    const packed = await readFile(join(commonDir, 'packed-refs'), 'utf8').catch(() => null);
    const line = packed?.split('\n').find((l) => l.endsWith(` ${ref}`));
    if (line) return line.slice(0, line.indexOf(' '));
  }
  return resolveCommit(root, ref);
}

/** The worktree's own git dir: `.git` itself, or where a `.git` file points (linked worktrees). */
export async function gitDirOf(root: string): Promise<string> {
  const dotGit = join(root, '.git');
  if ((await stat(dotGit)).isDirectory()) return dotGit;
  const text = (await readFile(dotGit, 'utf8')).trim();
  const target = text.startsWith('gitdir:') ? text.slice('gitdir:'.length).trim() : text;
  return isAbsolute(target) ? target : resolve(root, target);
}
