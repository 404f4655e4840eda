/**
 * The git spawner's own process (git-spawner.ts starts it): a small Node process that runs the
 * git commands its parent sends over the IPC channel. A one-shot command's exit, stdout and the
 * head of its stderr go back in one response; a stream command (a long-lived `cat-file
 * --batch`) gets its stdin from its parent's messages and sends its output as it comes, paused
 * and resumed as its parent reads. It exists because forking costs what the forking process
 * holds: a daemon with a large heap and busy threads pays ~10-20 ms of its threads' time per fork
 * (every written page of its heap is copy-on-write after one), where this process pays ~4 ms of
 * its own. Owns nothing but the running; what runs, with which environment, is its parent's. It
 * runs git only (never a shell), and exits when its parent goes, killing the commands still running.
 */
import type { ChildProcess } from 'node:child_process';
import { execGit } from './git-exec.js';
import type { SpawnerControl, SpawnerMessage, SpawnerOrder, SpawnerRequest } from './git-spawner-messages.js';

// Git inherits this process's environment (its parent's gitEnvironment()), without Node's own.
for (const name of ['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']) delete process.env[name];
/** Every command running, by request id. */
const running = new Map<number, ChildProcess>();

function send(message: SpawnerMessage): void {
  if (process.connected) process.send!(message);
}

function run(request: SpawnerRequest): void {
  const { id } = request;
  const { child, ended } = execGit({
    cwd: request.cwd, args: request.args, env: process.env, ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
    ...(request.stream ? {
      stdin: true,
      onStdout: (chunk: Buffer) => send({ id, output: chunk }),
      onStderr: (text: string) => send({ id, errorOutput: text }),
    } : {}),
  });
  if (child) running.set(id, child);
  ended.then(
    (exit) => send({ id, ...exit, error: null }),
    (error: NodeJS.ErrnoException) => send({
      id, exitCode: null, signal: null, stdout: Buffer.alloc(0), stderr: '', error: { code: error.code ?? null, message: String(error.message ?? error) },
    }),
  ).finally(() => running.delete(id));
}

/** Feeds, pauses, resumes or kills a stream command (a command gone meanwhile is left alone). */
function control(order: SpawnerControl): void {
  const child = running.get(order.id);
  if (!child) return;
  if ('input' in order) child.stdin?.write(order.input);
  else if ('endInput' in order) child.stdin?.end();
  else if ('flow' in order) {
    if (order.flow === 'pause') child.stdout?.pause();
    else child.stdout?.resume();
  } else child.kill('SIGKILL');
}

process.on('message', (order: SpawnerOrder) => {
  if ('args' in order) run(order);
  else control(order);
});
send({ ready: true });
process.on('disconnect', () => {
  for (const child of running.values()) child.kill('SIGKILL');
  process.exit(0);
});
