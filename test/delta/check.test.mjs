// `repograph check --base REF` end to end: the CLI auto-starts the daemon, which builds the
// baseline of REF from git objects and compares the worktree with it. It refuses a base that is
// an option or a range (BaseNotACommit, exit 2); includes tracked changes, untracked files that
// are not ignored and file names with a tab or a newline; leaves out ignored files; gives the
// same answer every time (from a warm daemon and from a fresh one); touches neither the
// worktree nor HEAD; and with --fail-on-found exits 1 on a dangling caller but 0 when only
// possibly_missing findings remain.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { withoutTimings } from '../helpers/delta.mjs';
import { git, repograph, writeFiles } from '../helpers/repo.mjs';

const TAB_NAME = 'src/tab\tname.ts';
const NEWLINE_NAME = 'src/new\nline.ts';

const BASE_FILES = {
  '.gitignore': 'ignored/\n*.local.ts\n',
  'README.md': '# Example\n',
  'src/names.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n\nexport function pair(left: number, right: number): number {\n  return left + right;\n}\n',
  'src/greeter.ts': "import { greet } from './names.js';\n\nexport function greetOne(name: string): string {\n  return greet(name);\n}\n",
  [TAB_NAME]: 'export function tabbed(): number {\n  return 1;\n}\n',
  'app/__init__.py': '',
  'app/names.py': 'def greet(name):\n    return f"Hello, {name}!"\n',
  'app/greeter.py': 'from .names import greet\n\n\ndef greet_one(name):\n    return greet(name)\n',
  'go.mod': 'module example.com/app\n\ngo 1.21\n',
  'names/names.go': 'package names\n\nfunc Greet(name string) string {\n\treturn "Hello, " + name\n}\n',
  'greeter/greeter.go': 'package greeter\n\nimport "example.com/app/names"\n\nfunc GreetOne(name string) string {\n\treturn names.Greet(name)\n}\n',
};

/** Runs `repograph check` on the repository; returns {status, stdout, stderr, json}. */
function check(s, repo, args) {
  const result = repograph(['check', '--repo', repo, ...args], { home: s.home });
  let json;
  if (args.includes('--json') && result.status !== 2) {
    try { json = JSON.parse(result.stdout); } catch { json = undefined; }
  }
  return { ...result, json };
}

/** What check must not change: the worktree's status (porcelain, NUL-separated), HEAD and its branch. */
function gitState(repo) {
  return {
    status: git(repo, 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignored'),
    head: git(repo, 'rev-parse', 'HEAD').trim(),
    branch: git(repo, 'symbolic-ref', 'HEAD').trim(),
  };
}

test('check refuses a base that is an option or a range (BaseNotACommit, exit 2)', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', BASE_FILES);
  s.deferCliDaemonStop(repo);
  const first = git(repo, 'rev-parse', 'HEAD').trim();
  writeFiles(repo, { 'src/later.ts': 'export function later(): number {\n  return 2;\n}\n' });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'later');
  const before = gitState(repo);
  for (const base of ['-x', '--all', `${first}..HEAD`, `${first}...HEAD`, 'HEAD~1..', 'no-such-branch']) {
    const result = check(s, repo, [`--base=${base}`, '--json']);
    assert.equal(result.status, 2, `--base=${base}: ${result.stdout}${result.stderr}`);
    const error = JSON.parse(result.stderr.trim().split('\n').pop()).error;
    assert.equal(error.code, 'BaseNotACommit', `--base=${base}: ${result.stderr}`);
    assert.equal(result.stdout, '');
  }
  for (const base of ['-x', `${first}..HEAD`]) {
    const plain = check(s, repo, [`--base=${base}`]);
    assert.equal(plain.status, 2, plain.stdout + plain.stderr);
    assert.match(plain.stderr, /BaseNotACommit/);
  }
  assert.deepEqual(gitState(repo), before);
});

test('check compares the worktree with a base commit: tracked and untracked changes, odd names, not ignored files; the same answer every time; nothing touched', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', BASE_FILES);
  s.deferCliDaemonStop(repo);
  const base = git(repo, 'rev-parse', 'HEAD').trim();
  // HEAD moves one commit past the base.
  writeFiles(repo, { 'src/second.ts': 'export function second(): number {\n  return 2;\n}\n' });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'second');

  // The worktree: renames without updating callers (three languages), edits of a document and of
  // a file whose name holds a tab, untracked files (one named with a newline), ignored files.
  writeFiles(repo, {
    'src/names.ts': BASE_FILES['src/names.ts'].replace('function greet', 'function welcome'),
    'app/names.py': BASE_FILES['app/names.py'].replace('def greet', 'def welcome'),
    'names/names.go': BASE_FILES['names/names.go'].replace('func Greet', 'func Welcome'),
    'README.md': '# Example\n\nMore words.\n',
    [TAB_NAME]: `${BASE_FILES[TAB_NAME]}\nexport function tabbedToo(): number {\n  return 2;\n}\n`,
    [NEWLINE_NAME]: 'export function newline(): number {\n  return 3;\n}\n',
    'src/fresh.ts': 'export function fresh(): number {\n  return 4;\n}\n',
    'src/secret.local.ts': 'export function secretLocal(): number {\n  return 5;\n}\n',
  });
  mkdirSync(join(repo, 'ignored'));
  writeFileSync(join(repo, 'ignored/skip.ts'), 'export function skipped(): number {\n  return 6;\n}\n');
  const before = gitState(repo);
  assert.match(before.status, /\?\? src\/new\nline\.ts\0/, 'git sees the untracked file with a newline in its name');

  const first = check(s, repo, ['--base', base, '--json']);
  assert.equal(first.status, 0, first.stderr);
  const delta = first.json;
  assert.equal(delta.base, base);

  // Tracked changes, the HEAD commit's and the worktree's.
  assert.deepEqual(delta.symbols.renamed, [
    { old: 'app/names.py#greet', new: 'app/names.py#welcome', path: 'app/names.py' },
    { old: 'names/names.go#Greet', new: 'names/names.go#Welcome', path: 'names/names.go' },
    { old: 'src/names.ts#greet', new: 'src/names.ts#welcome', path: 'src/names.ts' },
  ]);
  assert.deepEqual(delta.danglingCallers.map((d) => [d.caller, d.renamedTo]), [
    ['app/greeter.py#greet_one', 'app/names.py#welcome'],
    ['greeter/greeter.go#GreetOne', 'names/names.go#Welcome'],
    ['src/greeter.ts#greetOne', 'src/names.ts#welcome'],
  ]);
  for (const id of ['src/second.ts#second', `${TAB_NAME}#tabbedToo`, `${NEWLINE_NAME}#newline`, 'src/fresh.ts#fresh']) {
    assert.ok(delta.symbols.added.includes(id), `${JSON.stringify(id)} is added: ${JSON.stringify(delta.symbols.added)}`);
  }
  assert.deepEqual(delta.reparsed, [
    'README.md', 'app/names.py', 'names/names.go', NEWLINE_NAME, 'src/fresh.ts', 'src/names.ts', 'src/second.ts', TAB_NAME,
  ].sort());
  assert.deepEqual(delta.removedFiles, []);
  // Ignored files are not part of the tree; an unchanged document (.gitignore) is not changed.
  for (const path of ['ignored/skip.ts', 'src/secret.local.ts', '.gitignore']) {
    assert.ok(!delta.paths.includes(path), `${path} is not in the delta: ${JSON.stringify(delta.paths)}`);
  }

  // The same answer from the warm daemon, and from a new one on the same data root.
  const second = check(s, repo, ['--base', base, '--json']);
  assert.equal(second.status, 0, second.stderr);
  assert.deepEqual(withoutTimings(second.json), withoutTimings(delta));
  const stopped = repograph(['stop', '--repo', repo], { home: s.home });
  assert.equal(stopped.status, 0, stopped.stderr);
  const third = check(s, repo, ['--base', base, '--json']);
  assert.equal(third.status, 0, third.stderr);
  assert.deepEqual(withoutTimings(third.json), withoutTimings(delta));

  // Nothing was checked out, staged or written; HEAD did not move.
  assert.deepEqual(gitState(repo), before);
});

test('check --fail-on-found exits 1 on a dangling caller, and 0 when only possibly_missing is found', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', BASE_FILES);
  s.deferCliDaemonStop(repo);

  writeFiles(repo, { 'src/names.ts': BASE_FILES['src/names.ts'].replace('function greet', 'function welcome') });
  const dangling = check(s, repo, ['--base', 'HEAD', '--json', '--fail-on-found']);
  assert.equal(dangling.status, 1, dangling.stderr);
  assert.equal(dangling.json.danglingCallers.length, 1, dangling.stdout);
  const report = check(s, repo, ['--base', 'HEAD']);
  assert.equal(report.status, 0, 'without --fail-on-found findings do not fail');
  assert.match(report.stdout, /dangling callers \(1\)/);
  assert.match(report.stdout, /1 finding\(s\) would fail --fail-on-found/);

  // The rename undone; a spread into two parameters may fill them: possibly_missing only.
  git(repo, 'checkout', '--', 'src/names.ts');
  writeFiles(repo, { 'src/spread.ts': "import { pair } from './names.js';\n\nexport function spread(values: [number, number]): number {\n  return pair(...values);\n}\n" });
  const possibly = check(s, repo, ['--base', 'HEAD', '--json', '--fail-on-found']);
  assert.equal(possibly.status, 0, possibly.stdout + possibly.stderr);
  assert.deepEqual(possibly.json.arityFindings, [{ site: { path: 'src/spread.ts', line: 4, column: 10 }, callee: 'src/names.ts#pair', verdict: 'possibly_missing' }]);
  assert.deepEqual(possibly.json.danglingCallers, []);
  assert.deepEqual(possibly.json.newDuplicates, []);
  assert.deepEqual(possibly.json.newImportCycles, []);
});
