/**
 * Git and temp-dir helpers for the store's tests: real repositories in mkdtemp folders, created
 * with the git binary and a fixed identity. Test support only; not exported from the entry.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gitSpawnerStatus, runGitProcess, useGitSpawner } from './git-spawner.js';

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
};

/** A fresh temp directory (real path); `cleanup` removes every directory made so far. */
export function makeTempDir(prefix = 'repograph-store-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  created.push(dir);
  return dir;
}
const created: string[] = [];

/** Removes every directory made by makeTempDir. */
export function cleanupTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Runs git synchronously in `cwd` and returns trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...IDENTITY }, encoding: 'utf8', maxBuffer: 64 << 20 }).trim();
}

/** Writes `content` to `root/path`, creating directories. */
export function writeFile(root: string, path: string, content: string | Buffer): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}

/** A new repository with one commit of `files`; returns its root and the commit id. */
export function makeRepo(files: Record<string, string | Buffer>): { root: string; commit: string } {
  const root = makeTempDir('repograph-repo-');
  git(root, 'init', '-q', '-b', 'main');
  for (const [path, content] of Object.entries(files)) writeFile(root, path, content);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'initial');
  return { root, commit: git(root, 'rev-parse', 'HEAD') };
}

/**
 * Turns the git spawner on (useGitSpawner) and waits until git runs from it; returns its pid. A
 * command is run meanwhile, since one starts a spawner when none runs (after a test killed it).
 */
export async function readyGitSpawner(): Promise<number> {
  useGitSpawner();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = gitSpawnerStatus();
    if (status?.ready) return status.pid;
    if (Date.now() > deadline) throw new Error(`the git spawner was not ready within 20 s: ${JSON.stringify(status)}`);
    await runGitProcess(process.cwd(), ['--version']);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
