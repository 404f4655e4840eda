/**
 * The git processes the engine runs itself (the store runs the rest): a synchronous
 * `cat-file --batch` for the few blobs one answer quotes (commit-text.ts) and `status` for
 * index.status (git-status.ts). Same rules as the store's git-run.ts: no shell, the variables that
 * would redirect git to another repository removed, GIT_OPTIONAL_LOCKS=0 so git never takes the
 * index lock or rewrites the index, and never a prompt. Owns the environment and the spawning.
 */
import { execFileSync, spawn } from 'node:child_process';

/** Variables that make git read another repository, index or object store (store git-run.ts's list). */
const REDIRECTING_VARIABLES = [
  'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_NAMESPACE', 'GIT_PREFIX',
];

/** The environment git runs with: the process's, minus redirections, without optional locks or prompts. */
export function gitEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' };
  for (const name of REDIRECTING_VARIABLES) delete environment[name];
  return environment;
}

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
export function gitAsync(cwd: string, args: readonly string[], timeoutMs: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd, env: gitEnvironment(), stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    timer.unref();
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => { clearTimeout(timer); resolve(null); });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? Buffer.concat(chunks) : null);
    });
  });
}
