/**
 * Which repository a directory belongs to, resolved exactly as the daemon resolves it, and the
 * data root: the real path of the directory; inside git, the worktree root and the git common
 * dir from `git rev-parse --path-format=absolute --show-toplevel --git-common-dir` (so every
 * worktree of one repository has the same id); outside git, the directory itself as both. A
 * repository whose HEAD or config git would wait on forever (a FIFO) is refused before git runs.
 */
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { blockingGitFileProblem, gitFileThatBlocks, repoIdFor } from '@repograph/protocol';
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
  refuseBlockingGitFiles(dir);
  const git = await gitTopLevelAndCommonDir(real);
  if (git === 'timeout') {
    throw RepographRequestError.of('NotARepository',
      `git did not say within ${GIT_DISCOVERY_TIMEOUT_MS / 1000} s which repository '${dir}' belongs to; a git file it waits on (a FIFO, a hung file system) is the usual cause: check ${join(real, '.git')}.`,
      { path: dir, timeoutMs: GIT_DISCOVERY_TIMEOUT_MS });
  }
  if (!git) return { root: real, commonDir: real, repoId: repoIdFor(real) };
  const root = await realpath(git.topLevel);
  const commonDir = await realpath(git.commonDir);
  return { root, commonDir, repoId: repoIdFor(commonDir) };
}

/** How long git may take to say which repository a directory is in (it answers in milliseconds). */
const GIT_DISCOVERY_TIMEOUT_MS = 30_000;

/**
 * Throws NotARepository, naming the file, when the repository containing `dir` has a git file
 * git would wait on forever (a FIFO HEAD or config: protocol's gitFileThatBlocks). Every command
 * that reaches a repository calls it first, through findRepository or before opening one itself.
 */
export function refuseBlockingGitFiles(dir: string): void {
  let real = dir;
  try {
    real = realpathSync(dir);
  } catch {
    // A missing folder is refused where it is used, with its own message.
  }
  // Git walks up from the real folder, not from the path as written.
  const path = gitFileThatBlocks(real);
  if (path === null) return;
  throw RepographRequestError.of('NotARepository', `'${dir}' cannot be indexed: ${blockingGitFileProblem(path)}, then try again.`,
    { path: dir, file: path });
}

/** The worktree root and common dir git reports for `dir`; null outside a git worktree; 'timeout' when git did not answer. */
function gitTopLevelAndCommonDir(dir: string): Promise<{ topLevel: string; commonDir: string } | null | 'timeout'> {
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-common-dir'],
      { cwd: dir, encoding: 'utf8', timeout: GIT_DISCOVERY_TIMEOUT_MS, killSignal: 'SIGKILL' },
      (error, stdout) => {
        if (error && (error as { killed?: boolean }).killed) return resolve('timeout');
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
