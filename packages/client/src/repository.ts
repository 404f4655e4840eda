/**
 * Which repository a directory belongs to, resolved exactly as the daemon resolves it, and the
 * data root: the real path of the directory; inside git, the worktree root and the git common
 * dir from `git rev-parse --path-format=absolute --show-toplevel --git-common-dir` (so every
 * worktree of one repository has the same id); outside git, the directory itself as both.
 */
import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { repoIdFor } from '@repograph/protocol';
import { RepographRequestError } from './errors.js';

export interface RepositoryIdentity {
  /** The worktree root (or the plain directory), a real absolute path. */
  root: string;
  /** The git common dir (or the plain directory), a real absolute path. */
  commonDir: string;
  /** `repoIdFor(commonDir)`: names the daemon's socket, registry, lock and log. */
  repoId: string;
}

/** Resolves the repository that contains `dir` (which must exist). */
export async function findRepository(dir: string): Promise<RepositoryIdentity> {
  let real: string;
  try {
    real = await realpath(dir);
  } catch {
    throw RepographRequestError.of('NotARepository', `The directory '${dir}' does not exist; give an existing directory with --repo DIR.`, { path: dir });
  }
  if (!(await stat(real)).isDirectory()) {
    throw RepographRequestError.of('NotARepository', `'${dir}' is not a directory; give the repository's directory with --repo DIR.`, { path: dir });
  }
  const git = await gitTopLevelAndCommonDir(real);
  if (!git) return { root: real, commonDir: real, repoId: repoIdFor(real) };
  const root = await realpath(git.topLevel);
  const commonDir = await realpath(git.commonDir);
  return { root, commonDir, repoId: repoIdFor(commonDir) };
}

/** The worktree root and common dir git reports for `dir`, or null outside a git worktree. */
function gitTopLevelAndCommonDir(dir: string): Promise<{ topLevel: string; commonDir: string } | null> {
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-common-dir'], { cwd: dir, encoding: 'utf8' },
      (error, stdout) => {
        if (error) return resolve(null);
        const [topLevel, commonDir] = stdout.split('\n').map((line) => line.trim());
        resolve(topLevel && commonDir ? { topLevel, commonDir } : null);
      });
  });
}

/** `$REPOGRAPH_HOME` (which must be absolute), else `~/.repograph`. */
export function dataRootFrom(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.REPOGRAPH_HOME;
  if (home === undefined || home === '') return join(homedir(), '.repograph');
  if (!isAbsolute(home)) {
    throw RepographRequestError.of('UsageError',
      `REPOGRAPH_HOME must be an absolute path, not '${home}'; set it to an absolute directory or unset it to use ~/.repograph.`,
      { variable: 'REPOGRAPH_HOME', value: home });
  }
  return home;
}
