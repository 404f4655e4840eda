/**
 * Resolving a ref from git's own files, without a git process, when the answer is plain: HEAD, a
 * branch or a remote-tracking branch named so that exactly one ref matches (git's rules for a
 * short name: `<name>`, `refs/<name>`, `refs/tags/<name>`, `refs/heads/<name>`,
 * `refs/remotes/<name>`, `refs/remotes/<name>/HEAD`), or a full commit id. Anything else (a tag,
 * which may need peeling; an expression such as `main~1`; an ambiguous or symbolic ref) is
 * left to git: null. A review resolves its base and head on every call, and a git process costs
 * the daemon's thread several milliseconds. A ref file that is not a regular file (a FIFO, a
 * socket, a device) is refused here (BaseNotACommit naming it): git would wait on it forever.
 * Owns these rules; git.ts's resolveRefFollowing is the general answer this must agree with
 * (ref-files.test.ts compares them).
 */
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RepographError } from '@repograph/core';
import { gitObjects } from '@repograph/store';
import { gitDirOf } from './git-head.js';
import { isFullObjectId } from '@repograph/store';

/** What resolveRefFollowing answers: the commit, and the moving ref it follows (null: pinned). */
export interface FollowedRef {
  commit: string;
  follows: string | null;
}

/** A short or full ref name git could read as nothing but a name (no revision syntax). */
const PLAIN_NAME = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)(?!.*\.lock$)[A-Za-z0-9._/-]+(?<!\/)$/;

/** The commit and followed ref `ref` names, when its files say so plainly; null: ask git. */
export async function resolveRefFromFiles(root: string, ref: string): Promise<FollowedRef | null> {
  try {
    const gitDir = await gitDirOf(root);
    const commonDir = await commonDirOf(gitDir);
    const refs = new RefFiles(gitDir, commonDir);
    if (ref === 'HEAD') return await headRef(refs);
    if (isFullObjectId(ref)) return await commitId(root, refs, ref);
    if (!PLAIN_NAME.test(ref)) return null;
    const candidates = [ref, `refs/${ref}`, `refs/tags/${ref}`, `refs/heads/${ref}`, `refs/remotes/${ref}`, `refs/remotes/${ref}/HEAD`];
    const found: Array<{ name: string; value: string }> = [];
    for (const name of candidates) {
      const value = await refs.value(name);
      if (value !== null) found.push({ name, value });
    }
    if (found.length !== 1) return null;
    const [{ name, value }] = found as [{ name: string; value: string }];
    if (!/^refs\/(heads|remotes)\//.test(name) || name.endsWith('/HEAD') || !isFullObjectId(value)) return null;
    return { commit: value, follows: name };
  } catch (error) {
    if (error instanceof RepographError) throw error;
    return null;
  }
}

/** HEAD: attached to a branch (it follows the branch), or detached (it follows HEAD). */
async function headRef(refs: RefFiles): Promise<FollowedRef | null> {
  for (const other of ['refs/HEAD', 'refs/tags/HEAD', 'refs/heads/HEAD', 'refs/remotes/HEAD']) {
    if (await refs.value(other) !== null) return null;
  }
  const head = (await readFile(join(refs.gitDir, 'HEAD'), 'utf8')).trim();
  if (isFullObjectId(head)) return { commit: head, follows: 'HEAD' };
  const target = /^ref: (refs\/heads\/[^\s]+)$/.exec(head)?.[1];
  if (target === undefined) return null;
  const value = await refs.value(target);
  return value !== null && isFullObjectId(value) ? { commit: value, follows: target } : null;
}

/** A full id: the commit itself (pinned), when it is a commit and no ref has that name. */
async function commitId(root: string, refs: RefFiles, id: string): Promise<FollowedRef | null> {
  for (const name of [`refs/${id}`, `refs/tags/${id}`, `refs/heads/${id}`, `refs/remotes/${id}`]) {
    if (await refs.value(name) !== null) return null;
  }
  const object = await gitObjects(root).read(id);
  return object !== null && object.type === 'commit' && object.oid === id ? { commit: id, follows: null } : null;
}

/** The worktree's common git dir (`commondir` in a linked worktree's git dir, else the git dir). */
async function commonDirOf(gitDir: string): Promise<string> {
  const pointer = await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => null);
  return pointer === null ? gitDir : resolve(gitDir, pointer.trim());
}

/** Loose refs (per-worktree dir first, then the common dir) and packed-refs, read once per resolution. */
class RefFiles {
  private packed: Map<string, string> | null = null;

  constructor(readonly gitDir: string, private readonly commonDir: string) {}

  /** The ref's text (an id, or `ref: ...` for a symbolic one); null when there is no such ref. */
  async value(name: string): Promise<string | null> {
    for (const dir of this.gitDir === this.commonDir ? [this.gitDir] : [this.gitDir, this.commonDir]) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info === null) continue;
      if (info.isDirectory()) return null;
      if (!info.isFile()) {
        throw new RepographError('BaseNotACommit',
          `the ref file ${path} is not a regular file (a FIFO, socket or device), so git would wait on it forever; remove it or replace it with the commit id it should hold.`,
          { path });
      }
      return (await readFile(path, 'utf8')).trim();
    }
    return (await this.packedRefs()).get(name) ?? null;
  }

  private async packedRefs(): Promise<Map<string, string>> {
    if (this.packed) return this.packed;
    const packed = new Map<string, string>();
    const text = await readFile(join(this.commonDir, 'packed-refs'), 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('#') || line.startsWith('^')) continue;
      const space = line.indexOf(' ');
      if (space > 0) packed.set(line.slice(space + 1).trim(), line.slice(0, space));
    }
    return (this.packed = packed);
  }
}
