/**
 * Running git to its end: the exit code, stdout and the head of stderr of one command, and the
 * errors for a command that failed or could not start. Owns those errors and the parsing helpers
 * every git reader shares; the process plumbing is git-spawner.ts's, the commands and their
 * parsing live in git.ts, git-diff.ts and git-blobs.ts.
 */
import { existsSync } from 'node:fs';
import { RepographError } from '@repograph/core';
import { runGitProcess } from './git-spawner.js';

/** What a finished git command produced. */
export interface GitResult {
  exitCode: number;
  stdout: Buffer;
  /** The first 8 KB of stderr, as text. */
  stderr: string;
  /** The signal that ended git (SIGKILL from a timeout), else null. */
  signal?: NodeJS.Signals | null;
}

/**
 * Runs `git <args>` in `cwd` and resolves with its exit code and output, whatever the exit code
 * (128 when a signal ended it, as from the timeout). Rejects only when git cannot be started (a
 * StoreError saying to install git).
 */
export async function runGit(cwd: string, args: readonly string[], timeoutMs?: number): Promise<GitResult> {
  try {
    const exit = await runGitProcess(cwd, args, timeoutMs);
    return { exitCode: exit.exitCode ?? (exit.signal !== null ? 128 : 1), stdout: exit.stdout, stderr: exit.stderr, signal: exit.signal };
  } catch (error) {
    throw spawnError(error as Error, cwd, args);
  }
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
