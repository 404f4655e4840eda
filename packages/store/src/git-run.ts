/**
 * Running git: spawn without a shell, in a given directory, with an environment stripped of the
 * variables that would redirect git to another repository. Owns the process plumbing and the
 * errors for a failed command; the commands and their parsing live in git.ts and git-blobs.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { RepographError } from '@repograph/core';

/** What a finished git command produced. */
export interface GitResult {
  exitCode: number;
  stdout: Buffer;
  /** The first 8 KB of stderr, as text. */
  stderr: string;
}

/**
 * Variables that make git use a repository, index or object store other than the one found from
 * the working directory (set, for example, when repograph runs inside a git hook).
 */
const REDIRECTING_VARIABLES = [
  'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_NAMESPACE', 'GIT_PREFIX',
];
const STDERR_LIMIT = 8192;

/** The environment git runs with: the process's, minus redirections, without optional locks. */
export function gitEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' };
  for (const name of REDIRECTING_VARIABLES) delete environment[name];
  return environment;
}

/**
 * Runs `git <args>` in `cwd` and resolves with its exit code and output, whatever the exit code.
 * Rejects only when git cannot be started (a StoreError saying to install git).
 */
export function runGit(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env: gitEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString('utf8').slice(0, STDERR_LIMIT - stderr.length);
    });
    child.on('error', (error) => reject(spawnError(error, cwd, args)));
    child.on('close', (code, signal) => {
      resolve({ exitCode: code ?? (signal !== null ? 128 : 1), stdout: Buffer.concat(chunks), stderr });
    });
  });
}

/** Runs git and returns stdout, or throws a StoreError naming the command when it fails. */
export async function runGitChecked(cwd: string, args: readonly string[]): Promise<Buffer> {
  const result = await runGit(cwd, args);
  if (result.exitCode !== 0) throw gitFailure(cwd, args, result);
  return result.stdout;
}

/** A StoreError for a git command that exited with an error. */
export function gitFailure(cwd: string, args: readonly string[], result: Pick<GitResult, 'exitCode' | 'stderr'>): RepographError {
  const detail = result.stderr.trim().split('\n')[0] ?? '';
  return new RepographError('StoreError',
    `git ${args.join(' ')} failed in ${cwd} (exit ${result.exitCode}): ${detail || 'no message'}; check that ` +
    `${cwd} is a readable git repository`,
    { command: ['git', ...args], cwd, exitCode: result.exitCode, stderr: result.stderr });
}

/** A StoreError for git that could not be started. */
export function spawnError(error: Error & { code?: string }, cwd: string, args: readonly string[]): RepographError {
  const advice = error.code !== 'ENOENT' ? error.message
    : existsSync(cwd) ? 'git is not installed or not on PATH; install git'
    : 'the directory does not exist';
  return new RepographError('StoreError', `cannot run git ${args[0] ?? ''} in ${cwd}: ${advice}`,
    { command: ['git', ...args], cwd, osCode: error.code ?? null });
}

/** Splits NUL-terminated records (the `-z` output format), dropping the empty tail. */
export function splitNul(output: Buffer): Buffer[] {
  const records: Buffer[] = [];
  let start = 0;
  for (;;) {
    const end = output.indexOf(0, start);
    if (end < 0) break;
    records.push(output.subarray(start, end));
    start = end + 1;
  }
  if (start < output.length) records.push(output.subarray(start));
  return records;
}

/** Text of a single-line output, without its final newline. */
export function singleLine(output: Buffer): string {
  const text = output.toString('utf8');
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}
