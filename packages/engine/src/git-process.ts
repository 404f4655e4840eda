/**
 * The git processes the engine runs itself (the store runs the rest): a synchronous
 * `cat-file --batch` for the few blobs one answer quotes (commit-text.ts) and `status` for
 * index.status (git-status.ts). Same rules as the store's: no shell, the store's gitEnvironment()
 * (no variable that would redirect git to another repository, GIT_OPTIONAL_LOCKS=0 so git never
 * takes the index lock or rewrites the index, never a prompt), and an asynchronous command goes
 * through the store's git spawner where the process uses one (git-spawner.ts). Owns the two
 * call shapes the engine needs.
 */
import { execFileSync } from 'node:child_process';
import { gitEnvironment, runGit } from '@repograph/store';

/**
 * Runs `git <args>` in `cwd` synchronously with `input` on stdin; stdout, or null when git fails,
 * cannot start, or writes more than `maxBuffer` bytes. Only for short reads (it holds the thread).
 */
export function gitSync(cwd: string, args: readonly string[], input: string, maxBuffer: number): Buffer | null {
  try {
    return execFileSync('git', args, { cwd, env: gitEnvironment(), input, maxBuffer, stdio: ['pipe', 'pipe', 'ignore'], timeout: 30_000 });
  } catch {
    return null;
  }
}

/** Runs `git <args>` in `cwd`; stdout when it exits 0, else null (also when it cannot start or outlives `timeoutMs`). */
export async function gitAsync(cwd: string, args: readonly string[], timeoutMs: number): Promise<Buffer | null> {
  try {
    const result = await runGit(cwd, args, timeoutMs);
    return result.exitCode === 0 ? result.stdout : null;
  } catch {
    return null;
  }
}
