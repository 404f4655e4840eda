/**
 * `repograph serve [--repo DIR] [--idle-timeout SECONDS] [--reconcile-interval SECONDS]`: runs the daemon in the foreground
 * as a child process (stdio inherited), forwards SIGINT/SIGTERM to it and exits with its code.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dataRootFrom, findRepository, RepographRequestError } from '@repograph/client';
import { daemonMainPath } from './daemon-connection.js';
import type { CommandOptions } from './main.js';

export async function runServe(options: CommandOptions): Promise<number> {
  dataRootFrom(process.env); // a bad REPOGRAPH_HOME is reported here, before the daemon starts
  const repository = await findRepository(options.repo);
  const args = [daemonMainPath(), '--repo', repository.root];
  for (const [flag, meaning] of [['idle-timeout', 'never stop'], ['reconcile-interval', 'never rescan']] as const) {
    const value = options.values[flag];
    if (value === undefined) continue;
    const seconds = Number(value);
    if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(seconds) || seconds < 0) {
      throw RepographRequestError.of('UsageError', `--${flag} takes a number of seconds >= 0 (0: ${meaning}), not '${String(value)}'.`);
    }
    args.push(`--${flag}`, String(seconds));
  }
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        resolve(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
      });
    });
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}
