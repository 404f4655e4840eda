// The daemon forks git from a small spawner process of its own (store git-spawner.ts). Attacked
// here through the real daemon: the spawner killed while clients ask for git's status is
// replaced and no answer is lost or wrong, and daemon.stats names the one running; the spawner
// never outlives the daemon, whether the daemon stops or is killed with SIGKILL.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';

const FILES = { 'src/a.ts': 'export function a(): number {\n  return 1;\n}\n' };

/** The pid of `parent`'s git spawner, or null (Linux /proc: a child whose command line names the spawner's module). */
function spawnerOf(parent) {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parent) continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('git-spawner-child.js')) return Number(name);
    } catch {
      // the process went while it was read
    }
  }
  return null;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a killed git spawner is replaced without a lost answer, and never outlives its daemon', { timeout: 120_000, skip: !existsSync('/proc/self/stat') && 'needs Linux /proc' }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('status');
  await call(client, 'index.status', { sync: true });

  let spawner = null;
  await waitFor(() => (spawner = spawnerOf(daemon.child.pid)) !== null, 'the daemon\'s git spawner');
  // daemon.stats names it, with its own memory (not part of the daemon's rssBytes).
  const stats = (await call(client, 'daemon.stats', {})).gitSpawner;
  assert.deepEqual([stats.pid, stats.ready], [spawner, true]);
  assert.ok(stats.rssBytes > 1024 * 1024, `the spawner's resident memory: ${stats.rssBytes} bytes`);
  writeFileSync(join(repo, 'notes-1.md'), 'untracked\n');
  assert.equal((await call(client, 'index.status', {})).git.dirtyFiles, 1);

  // Killed while statuses are asked: every answer still counts the untracked files.
  for (let round = 2; round <= 3; round++) {
    writeFileSync(join(repo, `notes-${round}.md`), 'untracked\n');
    const asked = Array.from({ length: 8 }, () => call(client, 'index.status', {}));
    process.kill(spawner, 'SIGKILL');
    const answers = await Promise.all(asked);
    assert.deepEqual(answers.map((answer) => answer.git?.dirtyFiles), answers.map(() => round), `round ${round}`);
    const killed = spawner;
    await waitFor(() => !alive(killed), `the killed spawner ${killed} to be gone`);
    await waitFor(() => { spawner = spawnerOf(daemon.child.pid); return spawner !== null && spawner !== killed; }, 'a new spawner');
    await waitFor(async () => (await call(client, 'daemon.stats', {})).gitSpawner?.pid === spawner, `daemon.stats to name the new spawner ${spawner}`);
  }
  assert.equal((await call(client, 'index.status', {})).git.dirtyFiles, 3);

  // A stop takes the spawner with it.
  const last = spawner;
  await daemon.stop();
  await waitFor(() => !alive(last), `the spawner ${last} to go with its stopped daemon`);

  // So does a SIGKILL of the daemon: the spawner sees its channel close and exits.
  const second = await s.daemon(repo);
  const secondClient = await second.client('status');
  await call(secondClient, 'index.status', { sync: true });
  let orphan = null;
  await waitFor(() => (orphan = spawnerOf(second.child.pid)) !== null, 'the second daemon\'s git spawner');
  second.child.kill('SIGKILL');
  await second.exited;
  await waitFor(() => !alive(orphan), `the spawner ${orphan} to go with its killed daemon`);
});
