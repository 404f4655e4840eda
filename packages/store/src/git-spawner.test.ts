/**
 * Tests of the git spawner on real repositories and real processes: once it is ready, git's
 * parent is the spawner, not this process, and every result (bytes, exit codes, stderr, a
 * timeout, a directory that does not exist) is what a spawn from here gives; a spawner that dies
 * leaves no command unanswered, is started anew, and after the last allowed start git runs here.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { RepographError } from '@repograph/core';
import { cleanupTempDirs, git, makeRepo, makeTempDir, readyGitSpawner } from './fixtures-git.js';
import { runGit } from './git-run.js';
import { gitSpawnerStatus, runGitProcess } from './git-spawner.js';

after(cleanupTempDirs);

/** `git parent` prints the pid of git's parent process (Linux /proc). */
const PARENT_ALIAS = ['-c', 'alias.parent=!cut -d" " -f4 /proc/$PPID/stat', 'parent'];

async function parentOfGit(cwd: string): Promise<number> {
  const exit = await runGitProcess(cwd, PARENT_ALIAS);
  assert.equal(exit.exitCode, 0, exit.stderr);
  return Number(exit.stdout.toString('utf8').trim());
}

async function gone(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`process ${pid} is still running`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the git spawner', () => {
  const big = randomBytes(300_000);
  const { root, commit } = makeRepo({ 'a.txt': 'one\n', 'big.bin': big });

  test('before any opt-in, git runs from this process', async () => {
    assert.equal(gitSpawnerStatus(), null);
    assert.equal(await parentOfGit(root), process.pid);
  });

  test('once ready, git runs from the spawner with the same bytes, exit codes and stderr', async () => {
    const pid = await readyGitSpawner();
    assert.notEqual(pid, process.pid);
    assert.equal(await parentOfGit(root), pid, 'git is the spawner\'s child');

    const head = await runGit(root, ['rev-parse', 'HEAD']);
    assert.deepEqual([head.exitCode, head.stdout.toString('utf8').trim()], [0, commit]);
    const blob = await runGit(root, ['cat-file', 'blob', git(root, 'rev-parse', 'HEAD:big.bin')]);
    assert.ok(Buffer.isBuffer(blob.stdout));
    assert.ok(blob.stdout.equals(big), 'a 300 KB blob crosses the channel byte for byte');
    const missing = await runGit(root, ['rev-parse', '--verify', '-q', 'no-such-branch']);
    assert.equal(missing.exitCode, 1);
    const bad = await runGit(root, ['cat-file', '-p', 'no-such-object']);
    assert.equal(bad.exitCode, 128);
    assert.match(bad.stderr, /no-such-object/);

    // Commands at once each get their own output.
    const paths = Array.from({ length: 16 }, (_, index) => (index % 2 ? 'a.txt' : 'big.bin'));
    const many = await Promise.all(paths.map((path) => runGit(root, ['rev-parse', `HEAD:${path}`])));
    assert.deepEqual(many.map((result) => result.stdout.toString('utf8').trim()), paths.map((path) => git(root, 'rev-parse', `HEAD:${path}`)));
  });

  test('a timeout kills git; a directory that does not exist is a spawn error', async () => {
    await readyGitSpawner();
    const slow = await runGitProcess(root, ['-c', 'alias.wait=!exec sleep 20 >/dev/null 2>&1', 'wait'], 200);
    assert.equal(slow.signal, 'SIGKILL');
    assert.equal(slow.exitCode, null);
    // An argument spawn refuses at once (a NUL byte) is a StoreError, through the channel too.
    await assert.rejects(runGit(root, ['rev-parse', 'main\0--all']), (error: unknown) =>
      error instanceof RepographError && error.code === 'StoreError');
    assert.ok(gitSpawnerStatus()?.ready, 'and the spawner goes on');
    const nowhere = `${makeTempDir()}/missing`;
    await assert.rejects(runGitProcess(nowhere, ['status']), (error: NodeJS.ErrnoException) => error.code === 'ENOENT');
    await assert.rejects(runGit(nowhere, ['status']), (error: unknown) =>
      error instanceof RepographError && error.code === 'StoreError' && /does not exist/.test(error.message));
  });

  test('a stopped spawner does not hold a command with a timeout past it: the command runs here', { timeout: 30_000 }, async () => {
    const stopped = await readyGitSpawner();
    process.kill(stopped, 'SIGSTOP');
    try {
      // Without the guard the command waits on the stopped spawner until the test's timeout.
      const exit = await runGitProcess(root, ['rev-parse', 'HEAD'], 300);
      assert.deepEqual([exit.exitCode, exit.stdout.toString('utf8').trim()], [0, commit]);
      await gone(stopped);
    } finally {
      try { process.kill(stopped, 'SIGKILL'); } catch { /* gone */ }
    }
  });

  test('a spawner that dies leaves no command unanswered and is started anew, at most three times in all', async () => {
    const first = await readyGitSpawner();
    // A command the spawner is running when it is killed is run again here.
    const running = runGitProcess(root, ['-c', 'alias.late=!sleep 1; echo late', 'late']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(first, 'SIGKILL');
    const late = await running;
    assert.deepEqual([late.exitCode, late.stdout.toString('utf8').trim()], [0, 'late']);
    await gone(first);

    const second = await readyGitSpawner();
    assert.notEqual(second, first);
    assert.equal(await parentOfGit(root), second);

    // This is the third start (the stopped spawner of the test before was the first): once it
    // dies too, git runs from here for good.
    process.kill(second, 'SIGKILL');
    await gone(second);
    for (let attempt = 0; attempt < 3; attempt++) assert.equal(await parentOfGit(root), process.pid);
    assert.equal(gitSpawnerStatus(), null);
  });
});
