// Child processes for the bench: run a command to completion, capturing or redirecting its output,
// and fail with the command line, exit status and the tail of its stderr; Node's own start time;
// the previous results file of a bench.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { median, round } from './stats.mjs';

/**
 * Runs a command. Options: cwd, env (merged over process.env), stdoutFile (write stdout there
 * instead of capturing it), allowFailure (resolve instead of reject on a non-zero exit).
 * Resolves to {status, signal, stdout, stderr, wallMs}.
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const stdoutFd = options.stdoutFile ? fs.openSync(options.stdoutFile, 'w') : null;
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
    });
    const stdout = [];
    const stderr = [];
    child.stdout?.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', (error) => {
      if (stdoutFd != null) fs.closeSync(stdoutFd);
      reject(new Error(`bench: could not start ${command}: ${error.message}`));
    });
    child.on('close', (status, signal) => {
      const wallMs = performance.now() - started;
      if (stdoutFd != null) fs.closeSync(stdoutFd);
      const result = {
        status,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        wallMs,
      };
      if (status === 0 || options.allowFailure) resolve(result);
      else reject(commandError(command, args, result));
    });
  });
}

/** An Error naming the command, how it ended and the last lines of its stderr. */
export function commandError(command, args, result) {
  const how = result.signal ? `was killed by ${result.signal}` : `exited with status ${result.status}`;
  const tail = result.stderr.trim().split('\n').slice(-15).join('\n');
  const error = new Error(`bench: \`${[command, ...args].join(' ')}\` ${how}${tail ? `:\n${tail}` : ''}`);
  error.code = 'COMMAND_FAILED';
  return error;
}

/** Median wall time of `node -e 0` over 5 runs: what starting Node alone costs on this machine. */
export async function nodeStartMs() {
  const samples = [];
  for (let i = 0; i < 5; i++) samples.push((await run(process.execPath, ['-e', '0'])).wallMs);
  return round(median(samples), 1);
}

/** The previous run's results file, or an empty record when there is none (or it is unreadable). */
export function readPreviousResults(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return { corpora: {} };
  }
}
