/**
 * One git process run to its end, wherever it is forked: from this process (git-spawner.ts's
 * spawnHere) or from the spawner process (git-spawner-child.ts). Owns the spawn without a shell,
 * the stdout collection (or hand-off as it comes), the first 8 KB of stderr and the timeout kill;
 * which environment git gets is the caller's.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** How one git command ended (a command git could not even start rejects instead). */
export interface GitExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** All of stdout (empty when `onStdout` took it as it came). */
  stdout: Buffer;
  /** The first 8 KB of stderr, as text. */
  stderr: string;
}

export interface GitExecOptions {
  cwd: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) after this long. */
  timeoutMs?: number;
  /** Pipes stdin (a stream command) instead of closing it. */
  stdin?: boolean;
  /** Takes stdout as it comes instead of collecting it. */
  onStdout?: (chunk: Buffer) => void;
  /** Hears each piece of the kept stderr as it comes. */
  onStderr?: (text: string) => void;
}

const STDERR_LIMIT = 8192;

/**
 * Starts `git <args>`; `ended` settles with its exit, or rejects with the spawn error (`code`
 * ENOENT when git or the directory is missing). `child` is null when spawn threw at once.
 */
export function execGit(options: GitExecOptions): { child: ChildProcess | null; ended: Promise<GitExit> } {
  let child: ChildProcess;
  try {
    child = spawn('git', options.args, { cwd: options.cwd, env: options.env, stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return { child: null, ended: Promise.reject(error as Error) };
  }
  const ended = new Promise<GitExit>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let stderr = '';
    const timer = options.timeoutMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    timer?.unref();
    child.stdin?.on('error', () => {
      // EPIPE when git exits: its close says how.
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      if (options.onStdout) options.onStdout(chunk);
      else chunks.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length >= STDERR_LIMIT) return;
      const text = chunk.toString('utf8').slice(0, STDERR_LIMIT - stderr.length);
      stderr += text;
      options.onStderr?.(text);
    });
    child.on('error', (error) => {
      if (timer) clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ exitCode, signal, stdout: Buffer.concat(chunks), stderr });
    });
  });
  return { child, ended };
}

/** A Buffer over the bytes of `view` (structured clone hands Buffers over as plain Uint8Arrays). */
export function asBuffer(view: Uint8Array): Buffer {
  return Buffer.isBuffer(view) ? view : Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}
