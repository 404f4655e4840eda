/**
 * Starting git processes: each command runs without a shell, in a given directory, with the
 * environment of gitEnvironment(); by default spawned here, and in a process that opted in
 * (useGitSpawner: the daemon) through a small spawner process (git-spawner-child.ts) instead.
 * Owns that choice, the spawner's life and the environment git runs with.
 *
 * Why a spawner: libuv forks to spawn, and a fork costs what the forking process holds. In the
 * daemon (a heap of 100+ MB, an extraction worker and V8's threads busy) one spawn took ~19 ms
 * of wall time from a cold index (94 spawns of `true` during a cold review made it 1.8 s slower)
 * and held the answering thread 8-14 ms; in a test process whose worker allocates, spawning from
 * the main thread halved the worker's speed, while writing to a spawner's channel cost nothing
 * measurable (bench/RESULTS.md, "Spawning git from the daemon"). The spawner is a Node process of
 * ~45 MB of RSS that only forks git. Commands it runs read only (GIT_OPTIONAL_LOCKS=0, nothing writes
 * into .git), so when it dies the one-shot commands it was running are run again here (a stream
 * command, spawnGitStream's long-lived `cat-file --batch`, ends as killed: its reader starts
 * another), and after MAX_SPAWNER_STARTS deaths it is not started again: git then runs as if it
 * had never been.
 */
import { fork, spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { asBuffer, execGit, type GitExit } from './git-exec.js';
import type { SpawnerMessage, SpawnerOrder, SpawnerOutput, SpawnerRequest, SpawnerResponse } from './git-spawner-messages.js';
import { SpawnedStream } from './git-spawner-stream.js';

/**
 * Variables that make git use a repository, index or object store other than the one found from
 * the working directory (set, for example, when repograph runs inside a git hook).
 */
const REDIRECTING_VARIABLES = [
  'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_NAMESPACE', 'GIT_PREFIX',
];
/** Spawner processes started at most, over this process's life, before git is spawned here for good. */
const MAX_SPAWNER_STARTS = 3;
/**
 * How long past its own timeout a command may go unanswered before the spawner counts as lost (a
 * stopped or wedged spawner): the command then runs here, so a timeout still bounds its wait.
 */
const SPAWNER_GRACE_MS = 2000;
const CHILD_MODULE = fileURLToPath(new URL('./git-spawner-child.js', import.meta.url));

export type { GitExit };

/** The environment git runs with: the process's, minus redirections, without optional locks or prompts. */
export function gitEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' };
  for (const name of REDIRECTING_VARIABLES) delete environment[name];
  return environment;
}

let spawner: Spawner | null = null;

/**
 * Runs this process's git commands through a spawner process from when it is ready (it
 * starts now; until it says it is ready, ~50 ms, git is spawned here, as it is cheap while the
 * heap is small). For a long-lived process with a large heap: the daemon calls it once at start.
 */
export function useGitSpawner(): void {
  spawner ??= new Spawner();
  spawner.startIfNone();
}

/** The spawner process, when this process uses one and it runs: its pid, and whether it is ready. */
export function gitSpawnerStatus(): { pid: number; ready: boolean } | null {
  return spawner?.status() ?? null;
}

/**
 * Runs `git <args>` in `cwd` to its end, killed after `timeoutMs` when given; rejects (with the
 * spawn error, `code` ENOENT when git is missing) only when git could not be started.
 */
export function runGitProcess(cwd: string, args: readonly string[], timeoutMs?: number): Promise<GitExit> {
  const request = { cwd, args: [...args], ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  return spawner?.run(request) ?? spawnHere(request);
}

/**
 * A git process with piped stdin, stdout and stderr (a long-lived `cat-file --batch`): the part
 * of ChildProcess its users read. From the spawner it is a SpawnedStream (git-spawner-stream.ts).
 */
export type GitStreamProcess = Pick<ChildProcessByStdio<Writable, Readable, Readable>, 'stdin' | 'stdout' | 'stderr' | 'ref' | 'unref'> & {
  kill(signal?: NodeJS.Signals): boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
};

/** Starts `git <args>` in `cwd` with piped stdio, through the spawner when this process uses one and it is ready. */
export function spawnGitStream(cwd: string, args: readonly string[]): GitStreamProcess {
  return spawner?.stream(cwd, args)
    ?? spawn('git', args, { cwd, env: gitEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] });
}

type Request = Omit<SpawnerRequest, 'id'>;

/** Spawns git from this process. */
function spawnHere(request: Request): Promise<GitExit> {
  return execGit({ ...request, env: gitEnvironment() }).ended;
}

interface Pending {
  request: Request;
  resolve(exit: GitExit): void;
  reject(error: Error): void;
}

/** The spawner process and the commands it is running. */
class Spawner {
  private child: ChildProcess | null = null;
  /** The child said it listens (until then, commands run here rather than wait for its start). */
  private ready = false;
  private readonly pending = new Map<number, Pending>();
  private readonly streams = new Map<number, SpawnedStream>();
  /** Commands running and streams referenced: while any, the channel keeps this process alive. */
  private holds = 0;
  private nextId = 0;
  private starts = 0;

  /** The command's end through the spawner, or null when there is none to use (run it here). */
  run(request: Request): Promise<GitExit> | null {
    const child = this.readyChild();
    if (child === null) return null;
    return new Promise((resolve, reject) => {
      const id = ++this.nextId;
      this.pending.set(id, { request, resolve, reject });
      this.hold();
      this.send(child, { id, ...request });
      if (request.timeoutMs !== undefined) {
        setTimeout(() => {
          if (this.pending.has(id)) this.lost(child);
        }, request.timeoutMs + SPAWNER_GRACE_MS).unref();
      }
    });
  }

  /** A stream command through the spawner, or null when there is none to use (spawn it here). */
  stream(cwd: string, args: readonly string[]): SpawnedStream | null {
    const child = this.readyChild();
    if (child === null) return null;
    const id = ++this.nextId;
    const stream = new SpawnedStream(id, {
      send: (control, done) => this.send(child, control, done),
      hold: () => this.hold(),
      release: () => this.release(),
    });
    this.streams.set(id, stream);
    this.send(child, { id, cwd, args: [...args], stream: true });
    return stream;
  }

  status(): { pid: number; ready: boolean } | null {
    return this.child?.pid === undefined ? null : { pid: this.child.pid, ready: this.ready };
  }

  /** The spawner process, started when there is none (null when it cannot be, or is given up on). */
  startIfNone(): ChildProcess | null {
    if (this.child) return this.child;
    if (this.starts >= MAX_SPAWNER_STARTS) return null;
    this.starts++;
    let child: ChildProcess;
    try {
      const environment = gitEnvironment();
      delete environment.NODE_OPTIONS;
      child = fork(CHILD_MODULE, [], {
        env: environment, execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
    } catch {
      return null;
    }
    child.on('message', (message: SpawnerMessage) => {
      if ('ready' in message) this.ready = this.child === child;
      else this.receive(message);
    });
    child.on('error', () => this.lost(child));
    child.on('exit', () => this.lost(child));
    child.on('disconnect', () => this.lost(child));
    // Neither the process nor its channel keeps this one alive; the channel does while commands run.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  private readyChild(): ChildProcess | null {
    const child = this.startIfNone();
    return child !== null && this.ready ? child : null;
  }

  /** Sends an order; a channel that cannot take it counts as the spawner lost. */
  private send(child: ChildProcess, order: SpawnerOrder, done?: (error: Error | null) => void): void {
    if (this.child !== child) {
      done?.(new Error('the git spawner exited'));
      return;
    }
    try {
      child.send(order, (error: Error | null) => {
        if (error) this.lost(child);
        done?.(error);
      });
    } catch (error) {
      this.lost(child);
      done?.(error as Error);
    }
  }

  private hold(): void {
    if (this.holds++ === 0) this.child?.channel?.ref();
  }

  private release(): void {
    if (--this.holds === 0) this.child?.channel?.unref();
  }

  private receive(message: SpawnerResponse | SpawnerOutput): void {
    const stream = this.streams.get(message.id);
    if (stream) {
      if ('exitCode' in message) this.streams.delete(message.id);
      stream.deliver(message);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending || !('exitCode' in message)) return;
    this.pending.delete(message.id);
    this.release();
    if (message.error) {
      pending.reject(Object.assign(new Error(message.error.message), message.error.code === null ? {} : { code: message.error.code }));
      return;
    }
    pending.resolve({ exitCode: message.exitCode, signal: message.signal, stderr: message.stderr, stdout: asBuffer(message.stdout) });
  }

  /**
   * The spawner went (or cannot be written to): the one-shot commands it was running run here,
   * its streams end as killed (a stream's state cannot be replayed), and the next command starts
   * a new spawner.
   */
  private lost(child: ChildProcess): void {
    if (this.child !== child) return;
    this.child = null;
    this.ready = false;
    child.kill('SIGKILL');
    const streams = [...this.streams.values()];
    this.streams.clear();
    for (const stream of streams) stream.end({ exitCode: null, signal: 'SIGKILL', stdout: new Uint8Array(0), stderr: 'the git spawner exited', error: null });
    const orphans = [...this.pending.values()];
    this.pending.clear();
    this.holds = 0;
    for (const { request, resolve, reject } of orphans) spawnHere(request).then(resolve, reject);
  }
}
