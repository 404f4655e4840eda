// A surface index's warming waits for the review computes clients wait on (`yieldTo`), then
// warms; a daemon closing meanwhile stops the wait at once. Real git, LMDB, the engine and its
// worker pool; the repository is spied on (its query sessions counted), never replaced.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_WORKSPACE, openRepository, type Repository } from '@repograph/engine';
import { SnapshotSessions } from './snapshot-sessions.js';

async function indexedRepository(t: { after(fn: () => void | Promise<void>): void }): Promise<Repository> {
  const root = mkdtempSync(join(tmpdir(), 'repograph-warm-'));
  const home = mkdtempSync(join(tmpdir(), 'repograph-warm-home-'));
  const git = (...args: string[]): string => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(root, 'app.js'), "const express = require('express');\nconst app = express();\napp.get('/health', function health(req, res) { return res.send(process.env.STATUS); });\n");
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init');
  const repository = await openRepository({ repoRoot: root, dataRoot: home, threads: 1 });
  t.after(async () => {
    await repository.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });
  await repository.refresh(DEFAULT_WORKSPACE);
  return repository;
}

/** The repository, with every query session it opens counted by workspace. */
function counted(repository: Repository): { spied: Repository; queried: string[] } {
  const queried: string[] = [];
  const spied = new Proxy(repository, {
    get(target, property) {
      if (property === 'query') return (workspace: string) => { queried.push(workspace); return target.query(workspace); };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { spied, queried };
}

test('warming waits for the review computes, then warms', { timeout: 60_000 }, async (t) => {
  const { spied, queried } = counted(await indexedRepository(t));
  let release!: () => void;
  const computing = new Promise<void>((resolve) => { release = resolve; });
  const sessions = new SnapshotSessions(spied, () => undefined, () => computing);
  sessions.warm(DEFAULT_WORKSPACE);
  await sleep(100);
  assert.deepEqual(queried, [], 'nothing is read while a compute runs');
  release();
  await sessions.warmingStopped();
  assert.deepEqual(queried, [DEFAULT_WORKSPACE], 'warmed once the compute ended');
  sessions.closeAll();
});

test('closing while warming waits for a compute stops the wait', { timeout: 60_000 }, async (t) => {
  const { spied, queried } = counted(await indexedRepository(t));
  const sessions = new SnapshotSessions(spied, () => undefined, () => new Promise<void>(() => undefined));
  sessions.warm(DEFAULT_WORKSPACE);
  await sleep(20);
  sessions.closeAll();
  await sessions.warmingStopped();
  assert.deepEqual(queried, [], 'a closed daemon warms nothing');
});
