// The daemon process's life: its files on disk (modes, registry), one daemon per repository,
// clean exits (SIGTERM, daemon.shutdown, idle timeout) that remove socket, registry and lock,
// and recovery after kill -9: stale files replaced, the last published generation served at
// once, the changes made meanwhile caught up.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { connect, isPidAlive } from '../../packages/client/dist/index.js';
import { call, endpointOf, registryOf, waitFor } from '../helpers/daemon.mjs';
import { scope, stopOrKill, within } from '../helpers/daemon-scope.mjs';
import { closedWithin, rawConnect } from '../helpers/raw-client.mjs';
import { git } from '../helpers/repo.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib.js';\n\nexport function user(): number {\n  return shared();\n}\n",
};

const ids = (answer) => answer.symbols.map((s) => s.id);
const mode = (path) => statSync(path).mode & 0o777;
const endpointFiles = (endpoint) => ({ socket: existsSync(endpoint.socket), registry: existsSync(endpoint.registry), lock: existsSync(endpoint.lock) });

test('run folder 0700, socket 0600, a registry record; SIGTERM and daemon.shutdown exit 0 and clean up', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  let daemon = await s.daemon(repo);
  const { endpoint } = daemon;
  assert.equal(mode(endpoint.runDirectory), 0o700);
  assert.ok(statSync(endpoint.socket).isSocket());
  assert.equal(mode(endpoint.socket), 0o600);
  const record = registryOf(endpoint);
  assert.equal(record.pid, daemon.child.pid);
  assert.equal(record.repoRoot, repo);
  assert.equal(record.socket, endpoint.socket);
  assert.equal(record.dataRoot, s.home);
  assert.equal(mode(endpoint.registry) & 0o077, 0, 'the registry is private');
  assert.equal(readFileSync(endpoint.lock, 'utf8').trim().split(/\s+/)[0], String(daemon.child.pid));

  const client = await daemon.client('watching');
  await call(client, 'index.status', { sync: true });
  const closed = new Promise((resolve) => client.onClose(resolve));
  daemon.child.kill('SIGTERM');
  const exit = await within(daemon.exited, 30_000, 'the daemon to exit on SIGTERM');
  assert.deepEqual(exit, { code: 0, signal: null });
  await within(closed, 10_000, 'the client to see its connection close');
  assert.deepEqual(endpointFiles(endpoint), { socket: false, registry: false, lock: false });
  assert.match(daemon.output(), /stopped \(received SIGTERM\)/);

  // daemon.shutdown over the socket does the same, after answering it and the requests before it.
  daemon = await s.daemon(repo);
  const asker = await daemon.client('asker');
  writeFileSync(join(repo, 'src/late.ts'), 'export function lastMinute(): void {}\n');
  const inFlight = call(asker, 'symbols.search', { query: 'lastMinute', sync: true });
  const answer = await call(asker, 'daemon.shutdown', {});
  assert.equal(answer.stopping, true);
  assert.deepEqual(ids(await inFlight), ['src/late.ts#lastMinute'], 'the request in flight was answered');
  assert.deepEqual(await within(daemon.exited, 30_000, 'the daemon to exit after daemon.shutdown'), { code: 0, signal: null });
  assert.deepEqual(endpointFiles(endpoint), { socket: false, registry: false, lock: false });
  assert.doesNotMatch(daemon.output(), / failed: /);

  // The same over the raw wire: the answers come before the daemon hangs up.
  daemon = await s.daemon(repo);
  const raw = await rawConnect(daemon.endpoint.socket);
  s.defer(() => raw.close());
  const query = raw.request('symbols.search', { query: 'shared', sync: true });
  const shutdown = await raw.request('daemon.shutdown', {});
  assert.equal(shutdown.result.stopping, true);
  assert.deepEqual((await query).result.symbols.map((x) => x.id), ['src/lib.ts#shared']);
  assert.ok(await closedWithin(raw, 30_000), 'the daemon hangs up after answering');
  assert.deepEqual(await within(daemon.exited, 30_000, 'the daemon to exit'), { code: 0, signal: null });
});

test('a second daemon for the same repository exits 2 naming the running one', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  git(repo, 'worktree', 'add', '-q', '-b', 'side', join(s.dir, 'side'));
  const daemon = await s.daemon(repo);
  const before = readFileSync(daemon.endpoint.registry, 'utf8');
  // From the repository itself, from a subfolder and from another worktree: one repository.
  for (const where of [repo, join(repo, 'src'), join(s.dir, 'side')]) {
    const second = s.spawnDaemon(where);
    const exit = await within(second.exited, 30_000, `the second daemon (--repo ${where}) to exit`);
    assert.equal(exit.code, 2, `exit code for --repo ${where}: ${second.output()}`);
    assert.match(second.output(), new RegExp(`already serves ${repo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(second.output(), new RegExp(`pid ${daemon.child.pid}\\b`));
    assert.match(second.output(), /repograph stop/);
  }
  // The first daemon and its files are untouched.
  assert.equal(readFileSync(daemon.endpoint.registry, 'utf8'), before);
  assert.deepEqual(endpointFiles(daemon.endpoint), { socket: true, registry: true, lock: true });
  const client = await daemon.client('still-there');
  assert.deepEqual(ids(await call(client, 'symbols.search', { query: 'shared', sync: true })), ['src/lib.ts#shared']);
  assert.deepEqual(await stopOrKill(daemon), { code: 0, signal: null });
});

test('with --idle-timeout 1 the daemon exits by itself once its last client leaves', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  // On a loaded machine the daemon may time out before the first client reaches it (that is
  // the idle exit too): then try again.
  let daemon;
  let client = null;
  for (let attempt = 1; client === null; attempt++) {
    daemon = s.spawnDaemon(repo, ['--idle-timeout', '1']);
    client = await waitFor(async () => {
      if (daemon.child.exitCode === 0 && /no clients for 1 s/.test(daemon.output()) && attempt < 3) return 'again';
      if (daemon.child.exitCode !== null) throw new Error(`the daemon exited early (${daemon.child.exitCode}):\n${daemon.output()}`);
      return connect({ repoRoot: repo, dataRoot: s.home, clientName: 'only' }).catch(() => null);
    }, 'the daemon to accept a client', 30_000);
    if (client === 'again') {
      await daemon.exited;
      client = null;
    }
  }
  assert.deepEqual(ids(await call(client, 'symbols.search', { query: 'user', sync: true })), ['src/use.ts#user']);
  // Connected for longer than the timeout: it stays.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  assert.equal(daemon.child.exitCode, null, 'the daemon stays while a client is connected');
  assert.ok((await call(client, 'daemon.stats', {})).uptimeS >= 1);
  const endpoint = client.endpoint;
  client.close();
  assert.deepEqual(await within(daemon.exited, 30_000, 'the idle daemon to exit'), { code: 0, signal: null });
  assert.match(daemon.output(), /no clients for 1 s/);
  assert.deepEqual(endpointFiles(endpoint), { socket: false, registry: false, lock: false });
});

test('kill -9 while indexing: the restart replaces the stale files, serves the last generation, then catches up', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  let daemon = await s.daemon(repo);
  const { endpoint } = daemon;
  let client = await daemon.client('before-crash');
  const indexed = await call(client, 'symbols.search', { query: 'shared', sync: true });
  let lastPublished = indexed.meta.generation;
  await client.subscribe('graph.delta', undefined, (event) => { lastPublished = Math.max(lastPublished, event.payload.generation); });

  // Many changes at once, and a kill while the daemon indexes them.
  for (let i = 0; i < 300; i++) {
    writeFileSync(join(repo, `src/gen${i}.ts`), `import { shared } from './lib.js';\n\nexport function generated${i}(): number {\n  return shared() + ${i};\n}\n`);
  }
  await waitFor(async () => (await call(client, 'index.status', {})).state === 'indexing', 'the daemon to start indexing', 30_000)
    .catch(() => undefined); // it may have finished already on a fast machine: the kill is then after it
  daemon.child.kill('SIGKILL');
  assert.equal((await daemon.exited).signal, 'SIGKILL');
  const deadPid = daemon.child.pid;
  // kill -9 leaves everything behind.
  assert.deepEqual(endpointFiles(endpoint), { socket: true, registry: true, lock: true });
  assert.equal(registryOf(endpoint).pid, deadPid);
  assert.equal(isPidAlive(deadPid), false);

  daemon = await s.daemon(repo);
  assert.doesNotMatch(daemon.output(), /already serves/);
  assert.equal(registryOf(endpoint).pid, daemon.child.pid);
  assert.equal(readFileSync(endpoint.lock, 'utf8').trim().split(/\s+/)[0], String(daemon.child.pid));
  client = await daemon.client('after-crash');
  // Served at once from the store (no sync): the last generation published before the kill, or later.
  const first = await call(client, 'symbols.search', { query: 'shared' });
  assert.deepEqual(ids(first), ['src/lib.ts#shared']);
  assert.ok(first.meta.generation >= lastPublished, `generation ${first.meta.generation} >= last published ${lastPublished}`);
  // After catching up, every new file is indexed.
  const synced = await call(client, 'symbols.search', { query: 'generated299', sync: true });
  assert.deepEqual(ids(synced), ['src/gen299.ts#generated299']);
  assert.ok(synced.meta.generation >= first.meta.generation);
  const status = await call(client, 'index.status', { sync: true });
  assert.equal(status.files, 302);
  assert.equal(status.state, 'idle');
  const card = await call(client, 'symbols.card', { id: 'src/lib.ts#shared' });
  assert.equal(card.callers, 301, 'user() and the 300 new functions call shared()');
  assert.deepEqual(await stopOrKill(daemon), { code: 0, signal: null });
});

test('a restart after kill -9 serves the workspaces the store holds, with their overlays', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  let daemon = await s.daemon(repo);
  let client = await daemon.client('agent');
  await call(client, 'index.status', { sync: true });
  await call(client, 'workspace.create', { id: 'agent' });
  await call(client, 'workspace.refresh', { id: 'agent', contents: { 'src/draft.ts': 'export function draftOnly(): void {}\n' } });
  daemon.child.kill('SIGKILL');
  await daemon.exited;

  daemon = await s.daemon(repo);
  client = await daemon.client('agent-again');
  const { workspaces } = await call(client, 'workspace.list', {});
  assert.deepEqual(workspaces.map((w) => w.id), ['default', 'agent']);
  assert.deepEqual(workspaces[1].unsavedFiles, ['src/draft.ts']);
  assert.deepEqual(ids(await call(client, 'symbols.search', { query: 'draftOnly', workspace: 'agent', sync: true })), ['src/draft.ts#draftOnly']);
  assert.deepEqual(ids(await call(client, 'symbols.search', { query: 'draftOnly', sync: true })), []);
  assert.equal(existsSync(join(repo, 'src/draft.ts')), false);
});

test('stale files whose pid now names an unrelated process (a reboot reused it) do not block the start', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const endpoint = await endpointOf(repo, s.home);
  // Some process that is not a daemon holds the pid the files name; the files are an hour old.
  const stranger = spawn('sleep', ['120'], { stdio: 'ignore' });
  s.defer(() => { stranger.kill('SIGKILL'); });
  mkdirSync(endpoint.runDirectory, { recursive: true, mode: 0o700 });
  writeFileSync(endpoint.lock, `${stranger.pid}\n`);
  writeFileSync(endpoint.registry, JSON.stringify({ pid: stranger.pid, repoId: endpoint.repoId, repoRoot: repo, socket: endpoint.socket }));
  const anHourAgo = new Date(Date.now() - 3600_000);
  utimesSync(endpoint.lock, anHourAgo, anHourAgo);
  utimesSync(endpoint.registry, anHourAgo, anHourAgo);

  const daemon = await s.daemon(repo);
  assert.equal(registryOf(endpoint).pid, daemon.child.pid);
  assert.equal(readFileSync(endpoint.lock, 'utf8').trim().split(/\s+/)[0], String(daemon.child.pid));
  const client = await daemon.client('after-reboot');
  assert.deepEqual(ids(await call(client, 'symbols.search', { query: 'user', sync: true })), ['src/use.ts#user']);
  assert.equal(stranger.exitCode, null, 'the unrelated process was left alone');
});
