// A repository whose git files are FIFOs: git itself opens HEAD and config (and a worktree's
// HEAD, its `.git` file) and waits forever on a FIFO, so asking git anything about such a
// repository never returns. The CLI (every command that reaches a repository) and the daemon
// refuse it before git runs, naming the file, and leave nothing behind; from a subfolder and from
// a linked worktree alike. The engine, opened directly, gives up on git after 30 s. A branch
// whose ref file is a FIFO is refused by name at once (a review of it, a delta since it), while
// the daemon goes on answering everything else.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gitFileThatBlocks } from '../../protocol/dist/index.js';
import { cliPath, git, gitRepo, projectRoot, tempDir } from '../helpers/repo.mjs';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

const FILES = { 'src/a.ts': 'export function a(): number {\n  return 1;\n}\n' };
/** Bounds each process: without the refusal, git (and so the CLI or the daemon) would never exit. */
const BOUND_MS = 20_000;

function mkfifo(path) {
  rmSync(path, { force: true });
  const result = spawnSync('mkfifo', [path]);
  assert.equal(result.status, 0, `mkfifo ${path}: ${result.stderr}`);
}

function run(args, { home, cwd }) {
  const result = spawnSync(process.execPath, args, {
    cwd, env: { ...process.env, REPOGRAPH_HOME: home }, encoding: 'utf8', timeout: BOUND_MS, killSignal: 'SIGKILL',
  });
  assert.equal(result.error, undefined, `${args.join(' ')} did not exit within ${BOUND_MS} ms (it waits on git): ${result.error}`);
  return result;
}

function fixture(t) {
  const repoDir = tempDir('repograph-gitfifo-');
  const home = tempDir('repograph-gitfifo-home-');
  t.after(() => { repoDir.cleanup(); home.cleanup(); });
  gitRepo(repoDir.dir, FILES);
  return { repo: repoDir.dir, home: home.dir };
}

/** No daemon was started: the data root holds no socket, registry or store. */
function assertNothingStarted(home) {
  const found = existsSync(home) ? readdirSync(home, { recursive: true }) : [];
  assert.deepEqual(found.filter((name) => /\.sock$|registry|data\.mdb/.test(String(name))), [], `left in the data root: ${found.join(', ')}`);
}

test('the CLI refuses a repository whose HEAD is a FIFO, from its root and a subfolder', { timeout: 90_000 }, (t) => {
  const { repo, home } = fixture(t);
  mkfifo(join(repo, '.git/HEAD'));
  for (const cwd of [repo, join(repo, 'src')]) {
    const result = run([cliPath, 'call', 'index.status'], { home, cwd });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /\.git\/HEAD is not a regular file \(a FIFO, socket or device\), so git would wait on it forever/);
    assert.match(result.stderr, /NotARepository/);
  }
  // Commands that open the repository in-process (no daemon) are refused alike.
  for (const args of [['export', '--format', 'jsonl'], ['index'], ['callers', 'a']]) {
    const result = run([cliPath, ...args, '--repo', repo], { home, cwd: projectRoot });
    assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, /\.git\/HEAD is not a regular file/, args.join(' '));
  }
  assertNothingStarted(home);
});

test('the engine opened directly gives up on git after its time limit, with a StoreError', { timeout: 120_000 }, async (t) => {
  const { repo, home } = fixture(t);
  mkfifo(join(repo, '.git/HEAD'));
  const { openRepository } = await import('../../packages/engine/dist/index.js');
  await assert.rejects(openRepository({ repoRoot: repo, dataRoot: home, threads: 1 }), (error) => {
    assert.equal(error.code, 'StoreError');
    assert.match(error.message, /git rev-parse did not answer within 30 s/);
    return true;
  });
});

test('the daemon started directly on such a repository exits at once, naming the file', { timeout: 60_000 }, (t) => {
  const { repo, home } = fixture(t);
  mkfifo(join(repo, '.git/config'));
  const result = run([join(projectRoot, 'daemon/dist/main.js'), '--repo', repo, '--idle-timeout', '5'], { home, cwd: repo });
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /\.git\/config is not a regular file/);
  assertNothingStarted(home);
});

test('a linked worktree whose own HEAD is a FIFO is refused; the main worktree is not', { timeout: 90_000 }, (t) => {
  const { repo, home } = fixture(t);
  const linked = join(repo, '..', `${repo.split('/').pop()}-linked`);
  t.after(() => rmSync(linked, { recursive: true, force: true }));
  git(repo, 'worktree', 'add', '-q', linked);
  const linkedGitDir = join(repo, '.git/worktrees', linked.split('/').pop());
  mkfifo(join(linkedGitDir, 'HEAD'));
  assert.equal(gitFileThatBlocks(linked), join(linkedGitDir, 'HEAD'));
  assert.equal(gitFileThatBlocks(join(repo, 'src')), null, 'the main worktree reads its own HEAD');
  const result = run([cliPath, 'call', 'index.status'], { home, cwd: linked });
  assert.notEqual(result.status, 0);
  assert.match(result.stderr, /worktrees\/[^/]+\/HEAD is not a regular file/);
  assertNothingStarted(home);
});

test('a .git that is itself a FIFO is found too; a folder outside any repository is not refused', (t) => {
  const outside = tempDir('repograph-gitfifo-plain-');
  t.after(() => outside.cleanup());
  mkdirSync(join(outside.dir, 'inner'));
  assert.equal(gitFileThatBlocks(join(outside.dir, 'inner')), null);
  mkfifo(join(outside.dir, '.git'));
  assert.equal(gitFileThatBlocks(join(outside.dir, 'inner')), join(outside.dir, '.git'));
});

test('a branch whose ref file is a FIFO is refused by name; the daemon goes on serving', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  mkfifo(join(repo, '.git/refs/heads/pipe'));
  const daemon = await s.daemon(repo);
  const client = await daemon.client('fifo-ref');
  for (const [method, params] of [
    ['review_studio.compute', { base: 'HEAD', head: 'pipe' }],
    ['index.diff', { base: 'pipe', head: 'HEAD' }],
    ['delta.since', { base: 'pipe' }],
  ]) {
    const error = await rejection(call(client, method, params), method);
    assert.equal(error.codeName, 'BaseNotACommit', `${method}: ${error.message}`);
    assert.match(error.message, /refs\/heads\/pipe is not a regular file \(a FIFO, socket or device\)/, method);
  }
  const status = await call(client, 'index.status', { sync: true });
  assert.equal(status.files, 1);
  const review = await call(client, 'review_studio.compute', { base: 'HEAD', head: 'HEAD' });
  assert.deepEqual(review.cohorts, []);
});
