/**
 * The daemon process entry: `node daemon/dist/main.js --repo DIR [--idle-timeout SECONDS]
 * [--reconcile-interval SECONDS] [--threads N] [--first-request-timeout SECONDS]
 * [--max-connections N]`
 * (what `repograph serve` and client auto-start run). Parses arguments, starts the daemon, logs
 * to stderr with timestamps, stops on SIGTERM/SIGINT (draining first), and exits 0 after a clean
 * stop, 2 when it cannot start (another daemon serves the repository, a bad argument or data
 * root). Owns argv and exit codes only.
 */
// First: V8's tuning must be in force before the rest of the daemon is loaded.
import './daemon-jit.js';
import { isRepographError } from '@repograph/core';
import { resolveDataRoot, useGitSpawner } from '@repograph/engine';
import { StartupError } from './lifecycle.js';
import { startDaemon } from './server.js';

const DEFAULT_IDLE_TIMEOUT_S = 30 * 60;

function log(message: string): void {
  process.stderr.write(`${new Date().toISOString()} repograph-daemon[${process.pid}] ${message}\n`);
}

function fail(message: string): never {
  process.stderr.write(`repograph daemon: ${message}\n`);
  process.exit(2);
}

interface Arguments {
  repo: string;
  idleTimeoutS: number;
  reconcileS: number | undefined;
  threads?: number;
  firstRequestTimeoutS?: number;
  maxConnections?: number;
}

function parseArguments(argv: string[]): Arguments {
  let repo = process.cwd();
  let idle = process.env.REPOGRAPH_IDLE_TIMEOUT ? Number(process.env.REPOGRAPH_IDLE_TIMEOUT) : DEFAULT_IDLE_TIMEOUT_S;
  let reconcileText = process.env.REPOGRAPH_RECONCILE_INTERVAL || undefined;
  let threads: number | undefined;
  let firstRequestTimeoutS: number | undefined;
  let maxConnections: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) fail(`${arg} needs a value`);
      return next;
    };
    if (arg === '--repo') repo = value();
    else if (arg === '--idle-timeout') idle = Number(value());
    else if (arg === '--reconcile-interval') reconcileText = value();
    else if (arg === '--threads') threads = Number(value());
    else if (arg === '--first-request-timeout') firstRequestTimeoutS = Number(value());
    else if (arg === '--max-connections') maxConnections = Number(value());
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: node daemon/dist/main.js --repo DIR [--idle-timeout SECONDS (0: never)] [--reconcile-interval SECONDS (0: never; default 300)] [--threads N] [--first-request-timeout SECONDS (default 5)] [--max-connections N (default 1024)]\n');
      process.exit(0);
    } else fail(`unknown argument '${arg}'; use --repo DIR, --idle-timeout SECONDS, --reconcile-interval SECONDS, --threads N, --first-request-timeout SECONDS or --max-connections N`);
  }
  if (!Number.isFinite(idle) || idle < 0) fail(`the idle timeout must be a number of seconds >= 0 (0: never), not '${idle}'`);
  const reconcile = reconcileText === undefined ? undefined : Number(reconcileText);
  if (reconcile !== undefined && (reconcileText!.trim() === '' || !Number.isFinite(reconcile) || reconcile < 0)) {
    fail(`the reconcile interval must be a number of seconds >= 0 (0: never), not '${reconcileText}'`);
  }
  if (threads !== undefined && (!Number.isInteger(threads) || threads < 1)) fail('--threads must be a positive integer');
  if (firstRequestTimeoutS !== undefined && (!Number.isFinite(firstRequestTimeoutS) || firstRequestTimeoutS <= 0)) {
    fail('--first-request-timeout must be a number of seconds > 0');
  }
  if (maxConnections !== undefined && (!Number.isInteger(maxConnections) || maxConnections < 1)) fail('--max-connections must be a positive integer');
  return {
    repo, idleTimeoutS: idle, reconcileS: reconcile, ...(threads ? { threads } : {}),
    ...(firstRequestTimeoutS !== undefined ? { firstRequestTimeoutS } : {}), ...(maxConnections !== undefined ? { maxConnections } : {}),
  };
}

async function main(): Promise<void> {
  const args = parseArguments(process.argv.slice(2));
  let dataRoot: string;
  try {
    dataRoot = resolveDataRoot();
  } catch (error) {
    fail((error as Error).message);
  }
  // Git's processes are forked from a small process of their own once it is up (~50 ms): a fork
  // from this one costs its busy threads ~10-20 ms each once the heap is large.
  useGitSpawner();
  let daemon;
  try {
    daemon = await startDaemon({
      repoRoot: args.repo, dataRoot, idleTimeoutMs: args.idleTimeoutS * 1000, log,
      ...(args.reconcileS !== undefined ? { reconcileIntervalMs: args.reconcileS * 1000 } : {}),
      ...(args.threads ? { threads: args.threads } : {}),
      ...(args.firstRequestTimeoutS !== undefined ? { firstRequestTimeoutMs: args.firstRequestTimeoutS * 1000 } : {}),
      ...(args.maxConnections !== undefined ? { maxConnections: args.maxConnections } : {}),
    });
  } catch (error) {
    if (error instanceof StartupError || isRepographError(error)) fail((error as Error).message);
    throw error;
  }
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => void daemon.stop(`received ${signal}`));
  }
  const reason = await daemon.stopped;
  log(`stopped (${reason})`);
  process.exit(0);
}

process.on('unhandledRejection', (reason) => {
  // A failure no request awaited: log it and keep serving (every request path handles its own).
  log(`unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`);
});

process.on('uncaughtException', (error) => {
  log(`uncaught exception: ${error.stack ?? error.message}`);
  process.exit(70);
});

void main();
