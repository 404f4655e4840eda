// Test helpers: temporary git repositories and directories, and the built CLI run as a child
// process with its data root in a temporary folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const cliPath = join(projectRoot, 'packages/cli/bin/repograph.js');

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'repograph-test-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes files ({relativePath: content}) under root. */
export function writeFiles(root, files) {
  for (const [path, content] of Object.entries(files)) {
    const absolute = join(root, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
}

/** Runs git in `cwd` with a fixed identity. */
export function git(cwd, ...args) {
  return execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@localhost', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
}

/** A git repository with the files committed. */
export function gitRepo(root, files) {
  git(root, 'init', '-q');
  writeFiles(root, files);
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'initial');
  return root;
}

/**
 * Commits `files` on a new branch `branch` (default `feature`) of the repository at `root`, from
 * `main`, and checks `main` out again; returns the branch's commit id.
 */
export function featureBranch(root, files, branch = 'feature') {
  git(root, 'checkout', '-qb', branch);
  writeFiles(root, files);
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', branch);
  const commit = git(root, 'rev-parse', 'HEAD').trim();
  git(root, 'checkout', '-q', 'main');
  return commit;
}

/** Runs the CLI; returns {status, stdout, stderr}. */
export function repograph(args, { home, cwd } = {}) {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: cwd ?? projectRoot,
    env: { ...process.env, REPOGRAPH_HOME: home },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Indexes with --json and returns the parsed report (asserting exit 0). */
export function indexJson(repo, home) {
  const result = repograph(['index', '--repo', repo, '--json'], { home });
  if (result.status !== 0) throw new Error(`index failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Exports and returns {symbols, edges} (asserting exit 0). */
export function exportGraph(repo, home) {
  const result = repograph(['export', '--repo', repo, '--format', 'jsonl'], { home });
  if (result.status !== 0) throw new Error(`export failed (${result.status}): ${result.stderr}`);
  const rows = result.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line));
  return { rows, symbols: rows.filter((r) => r.type === 'symbol'), edges: rows.filter((r) => r.type === 'edge') };
}

/** The edges of a kind from a symbol id to a symbol id. */
export function findEdge(edges, kind, from, to) {
  return edges.find((e) => e.kind === kind && e.from === from && e.to === to);
}
