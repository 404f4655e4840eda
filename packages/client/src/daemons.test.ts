// listDaemons tells running daemons from stale registry files and removes the stale ones on request.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { daemonEndpoint, type DaemonRegistryRecord } from '@repograph/protocol';
import { listDaemons, stopDaemon } from './daemons.js';

const dataRoot = mkdtempSync(join(tmpdir(), 'rg-daemons-'));
after(() => rmSync(dataRoot, { recursive: true, force: true }));

/** Above Linux's largest pid_max (2^22), so no process has it. */
const MISSING_PID = 4_194_304 + 12_345;

function register(repoId: string, pid: number): DaemonRegistryRecord {
  const endpoint = daemonEndpoint(dataRoot, repoId);
  mkdirSync(endpoint.runDirectory, { recursive: true, mode: 0o700 });
  const record: DaemonRegistryRecord = {
    pid, repoId, repoRoot: `/repos/${repoId}`, commonDir: `/repos/${repoId}/.git`, socket: endpoint.socket, dataRoot,
    serverVersion: '0.1.0', protocolVersion: '0.1.0', startedAt: new Date().toISOString(), logFile: endpoint.log,
  };
  writeFileSync(endpoint.registry, JSON.stringify(record));
  return record;
}

function listen(path: string): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy());
    server.listen(path, () => resolve(server));
  });
}

test('a registry whose pid is gone is stale, and removeStale deletes its files', async () => {
  const record = register('gone-0000000000000000', MISSING_PID);
  const endpoint = daemonEndpoint(dataRoot, record.repoId);
  writeFileSync(endpoint.socket, '');
  writeFileSync(endpoint.lock, String(MISSING_PID));

  const listed = await listDaemons(dataRoot);
  const stale = listed.find((d) => d.repoId === record.repoId);
  assert.equal(stale?.state, 'stale');
  assert.match(stale?.staleReason ?? '', /process \d+ is gone/);
  assert.ok(existsSync(endpoint.registry), 'listing alone removes nothing');

  const cleaned = await listDaemons(dataRoot, { removeStale: true });
  assert.equal(cleaned.find((d) => d.repoId === record.repoId)?.removed, true);
  for (const file of [endpoint.registry, endpoint.socket, endpoint.lock]) assert.ok(!existsSync(file), `${file} is removed`);
  assert.equal((await listDaemons(dataRoot)).some((d) => d.repoId === record.repoId), false);
});

test('a live pid whose socket accepts is running; one whose socket is dead is stale', async () => {
  const live = register('live-1111111111111111', process.pid);
  const server = await listen(live.socket);
  const dead = register('dead-2222222222222222', process.pid);
  try {
    const listed = await listDaemons(dataRoot, { removeStale: true });
    assert.equal(listed.find((d) => d.repoId === live.repoId)?.state, 'running');
    const deadListing = listed.find((d) => d.repoId === dead.repoId);
    assert.equal(deadListing?.state, 'stale');
    assert.match(deadListing?.staleReason ?? '', /nothing listens/);
    assert.ok(existsSync(live.socket) && existsSync(join(dataRoot, 'run', `${live.repoId}.json`)), 'a running daemon keeps its files');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('an unreadable registry is stale', async () => {
  const endpoint = daemonEndpoint(dataRoot, 'junk-3333333333333333');
  writeFileSync(endpoint.registry, '{"pid": ');
  const listing = (await listDaemons(dataRoot, { removeStale: true })).find((d) => d.repoId === 'junk-3333333333333333');
  assert.equal(listing?.state, 'stale');
  assert.ok(!existsSync(endpoint.registry));
});

test('stopping a daemon that is not running says so', async () => {
  const record = register('idle-4444444444444444', MISSING_PID);
  assert.deepEqual(await stopDaemon(record), { wasRunning: false, via: 'none' });
});
