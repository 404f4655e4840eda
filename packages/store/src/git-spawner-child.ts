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
import { spawn, type ChildProcess } from 'node:child_process';
import type { SpawnerControl, SpawnerMessage, SpawnerOrder, SpawnerRequest, SpawnerResponse } from './git-spawner-messages.js';

const STDERR_LIMIT = 8192;
// Git inherits this process's environment (its parent's gitEnvironment()), without Node's own.
for (const name of ['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']) delete process.env[name];
/** Every command running, by request id. */
const running = new Map<number, ChildProcess>();

function send(message: SpawnerMessage): void {
  if (process.connected) process.send!(message);
}

function run(request: SpawnerRequest): void {
  const reply = (response: Omit<SpawnerResponse, 'id'>): void => send({ id: request.id, ...response });
  let child: ChildProcess;
  try {
    child = spawn('git', request.args, { cwd: request.cwd, env: process.env, stdio: [request.stream ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  } catch (error) {
    reply(failed(error));
    return;
  }
  running.set(request.id, child);
  const chunks: Buffer[] = [];
  let stderr = '';
  const timer = request.timeoutMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), request.timeoutMs);
  child.stdin?.on('error', () => {
    // EPIPE when git exits: its close says how.
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    if (request.stream) send({ id: request.id, output: chunk });
    else chunks.push(chunk);
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length >= STDERR_LIMIT) return;
    const text = chunk.toString('utf8').slice(0, STDERR_LIMIT - stderr.length);
    stderr += text;
    if (request.stream) send({ id: request.id, errorOutput: text });
  });
  let settled = false;
  const settle = (response: Omit<SpawnerResponse, 'id'>): void => {
    if (settled) return;
    settled = true;
    running.delete(request.id);
    if (timer) clearTimeout(timer);
    reply(response);
  };
  child.on('error', (error) => settle(failed(error)));
  child.on('close', (code, signal) => settle({ exitCode: code, signal, stdout: Buffer.concat(chunks), stderr, error: null }));
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

function failed(error: unknown): Omit<SpawnerResponse, 'id'> {
  const { code, message } = error as NodeJS.ErrnoException;
  return { exitCode: null, signal: null, stdout: Buffer.alloc(0), stderr: '', error: { code: code ?? null, message: String(message ?? error) } };
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
