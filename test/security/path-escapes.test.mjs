// Invariant 6 through the daemon: whatever path a client sends, it never reads or writes outside
// the repository: paths are normalized, every link is resolved before the check (a dangling one
// too), and `.git` is off limits however it is reached (its name in any case, a link to it, a
// link spelled through another folder). Every attempt is checked on disk afterwards.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { writeFiles } from '../helpers/repo.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
};
const SECRET = 'export function secretOutside(): string {\n  return "s3cr3t";\n}\n';

test('paths outside the repository are refused by code.span, edit.apply and workspace.refresh', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const outside = join(s.dir, 'outside');
  writeFiles(outside, { 'secret.ts': SECRET });
  // A link to a file outside and a link to a folder outside, inside the worktree.
  symlinkSync(join(outside, 'secret.ts'), join(repo, 'src/leak.ts'));
  symlinkSync(outside, join(repo, 'src/linked'));
  const gitConfig = readFileSync(join(repo, '.git/config'), 'utf8');

  const daemon = await s.daemon(repo);
  const client = await daemon.client('intruder');
  await call(client, 'index.status', { sync: true });
  await call(client, 'workspace.create', { id: 'agent' });
  const refused = async (method, params, what) => {
    const error = await rejection(call(client, method, params), `${method} ${what}`);
    assert.equal(error.data.code, 'PathOutsideRepo', `${method} ${what}: ${error.message}`);
    return error;
  };

  // Reading.
  for (const workspace of ['default', 'agent']) {
    for (const path of ['../outside/secret.ts', 'src/../../outside/secret.ts', `${outside}/secret.ts`, '/etc/passwd', 'src/leak.ts', 'src/linked/secret.ts']) {
      const error = await refused('code.span', { path, startLine: 1, endLine: 3, workspace }, `${path} in ${workspace}`);
      assert.doesNotMatch(error.message, /s3cr3t/);
    }
  }
  for (const path of ['../outside', '/etc']) await refused('code.searchText', { pattern: 'root', path }, path);
  // Nothing from outside is indexed or searchable through the links.
  assert.deepEqual((await call(client, 'symbols.search', { query: 'secretOutside', sync: true })).symbols, []);
  assert.deepEqual((await call(client, 'code.searchText', { pattern: 's3cr3t' })).matches, []);
  // A path that only passes through `..` inside the repository is fine.
  assert.equal((await call(client, 'code.span', { path: 'src/../src/lib.ts', startLine: 1, endLine: 1 })).text, 'export function shared(): number {');

  // Writing.
  const writes = [
    ['../evil.ts', join(s.dir, 'evil.ts')],
    ['src/../../evil.ts', join(s.dir, 'evil.ts')],
    [join(s.dir, 'evil.ts'), join(s.dir, 'evil.ts')],
    ['src/linked/evil.ts', join(outside, 'evil.ts')],
    ['src/linked/sub/evil.ts', join(outside, 'sub/evil.ts')],
    ['src/leak.ts', null],
    ['.git/config', null],
    ['.git/hooks/pre-commit', join(repo, '.git/hooks/pre-commit')],
    ['src/../.git/config', null],
    ['./.git/info/exclude2', join(repo, '.git/info/exclude2')],
  ];
  for (const workspace of ['default', 'agent']) {
    for (const [path, target] of writes) {
      await refused('edit.apply', { workspace, edits: [{ path, content: 'export const pwned = 1;\n' }] }, `${path} in ${workspace}`);
      if (target) assert.equal(existsSync(target), false, `${target} was not created`);
    }
    await refused('edit.apply', { workspace, edits: [{ path: 'src/leak.ts', replace: { old: 's3cr3t', new: 'pwned' } }] }, 'a replace through a link');
  }
  // One bad edit among good ones: nothing at all is written.
  await refused('edit.apply', { edits: [{ path: 'src/fine.ts', content: 'export const fine = 1;\n' }, { path: '../evil.ts', content: 'x' }] }, 'a mixed batch');
  assert.equal(existsSync(join(repo, 'src/fine.ts')), false);
  assert.equal(readFileSync(join(outside, 'secret.ts'), 'utf8'), SECRET);
  assert.equal(readFileSync(join(repo, '.git/config'), 'utf8'), gitConfig);

  // Refreshing: paths and unsaved buffers.
  for (const id of ['default', 'agent']) {
    for (const path of ['../outside', '../outside/secret.ts', '/etc/passwd', 'src/../../outside']) {
      await refused('workspace.refresh', { id, paths: [path] }, `paths ${path}`);
      await refused('workspace.refresh', { id, contents: { [path]: 'export function planted(): void {}\n' } }, `contents ${path}`);
    }
    // Refreshing through the links indexes nothing from outside.
    await call(client, 'workspace.refresh', { id, paths: ['src/linked', 'src/linked/secret.ts', 'src/leak.ts'] });
    assert.deepEqual((await call(client, 'symbols.search', { query: 'secretOutside', workspace: id })).symbols, [], id);
    assert.deepEqual((await call(client, 'symbols.search', { query: 'planted', workspace: id })).symbols, [], id);
  }
  assert.equal(existsSync(join(s.dir, 'etc')), false);

  // The good paths still work after all that.
  const applied = await call(client, 'edit.apply', { workspace: 'agent', edits: [{ path: 'src/fine.ts', content: 'export function fine(): void {}\n' }] });
  assert.deepEqual(applied.written, ['src/fine.ts']);
  assert.equal(daemon.child.exitCode, null);
});

/** Every file under `dir` (relative paths), for checking that nothing appeared. */
function listFiles(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() && !entry.isSymbolicLink() ? listFiles(join(dir, entry.name), path) : [path];
  }).sort();
}

test('writes through dangling links are refused and create nothing outside', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const outside = join(s.dir, 'outside');
  mkdirSync(outside);
  // Links whose targets do not exist yet: absolute, relative, to a missing folder, a chain.
  symlinkSync(join(outside, 'new.ts'), join(repo, 'x.ts'));
  symlinkSync('../outside/rel.ts', join(repo, 'rel.ts'));
  symlinkSync(join(outside, 'nodir'), join(repo, 'src/gone'));
  symlinkSync('x.ts', join(repo, 'chain.ts'));
  symlinkSync('../../outside/deep.ts', join(repo, 'src/deep.ts'));
  // A dangling link that stays inside writes its target inside (as a shell's `>` would).
  symlinkSync('made-inside.ts', join(repo, 'src/inside-link.ts'));

  const daemon = await s.daemon(repo);
  const client = await daemon.client('dangler');
  await call(client, 'index.status', { sync: true });
  for (const path of ['x.ts', 'rel.ts', 'src/gone/a.ts', 'chain.ts', 'src/deep.ts']) {
    for (const edit of [{ content: 'export const x = 1;\n' }, { replace: { old: 'a', new: 'b' } }]) {
      const error = await rejection(call(client, 'edit.apply', { edits: [{ path, ...edit }] }), path);
      assert.equal(error.data.code, 'PathOutsideRepo', `${path}: ${error.message}`);
    }
    const read = await rejection(call(client, 'code.span', { path, startLine: 1, endLine: 1 }), `code.span ${path}`);
    assert.equal(read.data.code, 'PathOutsideRepo', `code.span ${path}: ${read.message}`);
  }
  assert.deepEqual(listFiles(outside), [], 'nothing was created outside the repository');

  const inside = await call(client, 'edit.apply', { edits: [{ path: 'src/inside-link.ts', content: 'export function madeInside(): void {}\n' }] });
  assert.deepEqual(inside.written, ['src/made-inside.ts'], 'the write goes to the real path the link names');
  assert.equal(readFileSync(join(repo, 'src/made-inside.ts'), 'utf8'), 'export function madeInside(): void {}\n');
  assert.deepEqual((await call(client, 'symbols.search', { query: 'madeInside', kinds: ['function'] })).symbols.map((sym) => sym.id), ['src/made-inside.ts#madeInside']);
  assert.equal(daemon.child.exitCode, null);
});

test('.git is never read or written, however it is reached', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  mkdirSync(join(s.dir, 'alias'));
  symlinkSync(repo, join(s.dir, 'alias/repo'));
  symlinkSync('.git', join(repo, 'gl'));
  symlinkSync(join(repo, '.git'), join(repo, 'src/abs-gl'));
  symlinkSync(join(s.dir, 'alias/repo/.git'), join(repo, 'src/aliased-gl'));
  symlinkSync('../.git/config', join(repo, 'src/config-link'));
  symlinkSync('../.git/hooks/pre-commit', join(repo, 'src/hook-link'));
  const gitFiles = listFiles(join(repo, '.git'));
  const gitConfig = readFileSync(join(repo, '.git/config'), 'utf8');

  const daemon = await s.daemon(repo);
  const client = await daemon.client('git-writer');
  await call(client, 'index.status', { sync: true });
  const paths = [
    '.git/config', '.GIT/config', '.Git/hooks/pre-commit', 'gl/config', 'gl/hooks/pre-commit', 'gl/info/exclude',
    'src/abs-gl/config', 'src/aliased-gl/config', 'src/aliased-gl/hooks/post-checkout', 'src/config-link', 'src/hook-link',
    'src/../gl/config', 'gl',
  ];
  for (const path of paths) {
    const write = await rejection(call(client, 'edit.apply', { edits: [{ path, content: '[core]\n\tfsmonitor = touch /tmp/pwned\n' }] }), `edit.apply ${path}`);
    assert.equal(write.data.code, 'PathOutsideRepo', `edit.apply ${path}: ${write.message}`);
    const replace = await rejection(call(client, 'edit.apply', { edits: [{ path, replace: { old: '[core]', new: '[core]\n\tfsmonitor = x' } }] }), `replace ${path}`);
    assert.equal(replace.data.code, 'PathOutsideRepo', `replace ${path}: ${replace.message}`);
    const read = await rejection(call(client, 'code.span', { path, startLine: 1, endLine: 5 }), `code.span ${path}`);
    assert.equal(read.data.code, 'PathOutsideRepo', `code.span ${path}: ${read.message}`);
    assert.doesNotMatch(read.message, /repositoryformatversion/);
    const buffer = await rejection(call(client, 'workspace.refresh', { id: 'default', contents: { [path]: 'x' } }), `contents ${path}`);
    assert.equal(buffer.data.code, 'PathOutsideRepo', `contents ${path}: ${buffer.message}`);
  }
  for (const path of ['.git', 'gl', 'src/abs-gl']) {
    const error = await rejection(call(client, 'code.searchText', { pattern: 'repositoryformatversion', path }), `searchText ${path}`);
    assert.equal(error.data.code, 'PathOutsideRepo', `searchText ${path}: ${error.message}`);
  }
  assert.deepEqual((await call(client, 'code.searchText', { pattern: 'repositoryformatversion' })).matches, []);
  assert.deepEqual(listFiles(join(repo, '.git')), gitFiles, 'nothing was created in .git');
  assert.equal(readFileSync(join(repo, '.git/config'), 'utf8'), gitConfig, '.git/config is unchanged');
  assert.equal(daemon.child.exitCode, null);
});
