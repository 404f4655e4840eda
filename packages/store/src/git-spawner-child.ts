/**
 * The git spawner's own process (git-spawner.ts starts it): a small Node process that runs the
 * git commands its parent sends over the IPC channel and sends back each one's exit, stdout and
 * the head of its stderr. It exists because forking costs what the forking process holds: a
 * daemon with a large heap and busy threads pays ~10-20 ms of its threads' time per fork (every
 * written page of its heap is copy-on-write after one), where this process pays ~4 ms of its own.
 * Owns nothing but the running; what runs, with which environment, is its parent's. It runs git
 * only (never a shell), and exits when its parent goes, killing the commands still running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { SpawnerMessage, SpawnerRequest, SpawnerResponse } from './git-spawner-messages.js';

const STDERR_LIMIT = 8192;
// Git inherits this process's environment (its parent's gitEnvironment()), without Node's own.
for (const name of ['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']) delete process.env[name];
const running = new Set<ChildProcess>();

function run(request: SpawnerRequest): void {
  const reply = (response: Omit<SpawnerResponse, 'id'>): void => {
    if (process.connected) process.send!({ id: request.id, ...response });
  };
  let child: ChildProcess;
  try {
    child = spawn('git', request.args, { cwd: request.cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    reply(failed(error));
    return;
  }
  running.add(child);
  const chunks: Buffer[] = [];
  let stderr = '';
  const timer = request.timeoutMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), request.timeoutMs);
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < STDERR_LIMIT) stderr += chunk.toString('utf8').slice(0, STDERR_LIMIT - stderr.length);
  });
  let settled = false;
  child.on('error', (error) => {
    if (settled) return;
    settled = true;
    running.delete(child);
    if (timer) clearTimeout(timer);
    reply(failed(error));
  });
  child.on('close', (code, signal) => {
    if (settled) return;
    settled = true;
    running.delete(child);
    if (timer) clearTimeout(timer);
    reply({ exitCode: code, signal, stdout: Buffer.concat(chunks), stderr, error: null });
  });
}

function failed(error: unknown): Omit<SpawnerResponse, 'id'> {
  const { code, message } = error as NodeJS.ErrnoException;
  return { exitCode: null, signal: null, stdout: Buffer.alloc(0), stderr: '', error: { code: code ?? null, message: String(message ?? error) } };
}

process.on('message', (message: SpawnerRequest) => run(message));
process.send!({ ready: true } satisfies SpawnerMessage);
process.on('disconnect', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});
