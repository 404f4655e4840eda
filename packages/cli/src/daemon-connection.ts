/**
 * How every daemon-backed command reaches the daemon: the daemon's entry file (resolved at run
 * time from the workspace's node_modules, so cli never imports daemon code) and `connect` with
 * auto-start `[node, daemon/dist/main.js, --repo, ROOT]`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connect, dataRootFrom, findRepository, RepographRequestError, type RepographClient } from '@repograph/client';

/** The absolute path of the daemon's entry file (daemon/dist/main.js). */
export function daemonMainPath(): string {
  let path: string;
  try {
    path = fileURLToPath(import.meta.resolve('@repograph/daemon/main'));
  } catch (error) {
    throw RepographRequestError.of('UsageError',
      `Cannot find the repograph daemon (@repograph/daemon/main): ${(error as Error).message}; install the workspace with \`npm install\`.`);
  }
  if (!existsSync(path)) {
    throw RepographRequestError.of('UsageError', `The repograph daemon is not built (${path} is missing); run \`npm run build\`.`, { path });
  }
  return path;
}

export interface DaemonConnectionOptions {
  /** Any directory inside the repository. */
  repo: string;
  /** Shown by `repograph ps`; default `repograph-cli`. */
  clientName?: string;
  /** Default true: start a daemon when none serves the repository. */
  autoStart?: boolean;
  /** The idle timeout of a daemon this command starts (default: the daemon's own, 30 min). */
  idleTimeoutS?: number;
}

/** Connects to the repository's daemon, starting it when none runs (unless autoStart is false). */
export async function connectToDaemon(options: DaemonConnectionOptions): Promise<RepographClient> {
  const dataRoot = dataRootFrom(process.env);
  const repository = await findRepository(options.repo);
  return connect({
    repoRoot: repository.root,
    dataRoot,
    clientName: options.clientName ?? 'repograph-cli',
    ...(options.autoStart === false ? {} : {
      autoStart: {
        command: [process.execPath, daemonMainPath(), '--repo', repository.root,
          ...(options.idleTimeoutS !== undefined ? ['--idle-timeout', String(options.idleTimeoutS)] : [])],
      },
    }),
  });
}

/**
 * The repository's daemon when one is running, else null (never starts one): the shortcuts
 * answer through a running daemon, so they see its live graph and never write the store
 * behind its back, and answer from the store when none runs.
 */
export async function runningDaemon(repo: string, clientName = 'repograph-cli'): Promise<RepographClient | null> {
  try {
    return await connectToDaemon({ repo, clientName, autoStart: false });
  } catch (error) {
    if (error instanceof RepographRequestError && error.data.code === 'DaemonUnavailable') return null;
    throw error;
  }
}
