// Invariant 6 through the daemon: whatever a client sends, it never reads or writes outside the
// repository (paths are normalized and checked, symlinks resolved, .git is off limits) and never
// serves a workspace rooted anywhere but a worktree of this repository.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

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

test('workspace.create refuses roots that are not worktrees of this repository', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const other = s.repo('other', { 'src/other.ts': 'export function otherRepo(): void {}\n' });
  git(other, 'worktree', 'add', '-q', '-b', 'side', join(s.dir, 'other-wt'));
  mkdirSync(join(s.dir, 'plain'));
  symlinkSync(other, join(s.dir, 'link-to-other'));

  const daemon = await s.daemon(repo);
  const client = await daemon.client('creator');
  await call(client, 'index.status', { sync: true });
  const roots = [
    other, // another repository
    join(s.dir, 'other-wt'), // a worktree of another repository
    join(s.dir, 'link-to-other'), // a link to another repository
    join(s.dir, 'plain'), // not a repository at all
    join(repo, 'src'), // inside this repository, but not a worktree's top
    join(repo, '.git'),
    '/',
  ];
  for (const [index, root] of roots.entries()) {
    const error = await rejection(call(client, 'workspace.create', { id: `bad-${index}`, root }), root);
    assert.ok(['PathOutsideRepo', 'FileNotFound'].includes(error.data.code), `${root}: ${error.data.code} ${error.message}`);
  }
  const missing = await rejection(call(client, 'workspace.create', { id: 'missing', root: join(s.dir, 'nowhere') }));
  assert.equal(missing.data.code, 'FileNotFound');
  const relative = await rejection(call(client, 'workspace.create', { id: 'relative', root: '../other' }));
  assert.equal(relative.data.code, 'InvalidParams');
  assert.equal(relative.data.field, 'root');

  const { workspaces } = await call(client, 'workspace.list', {});
  assert.deepEqual(workspaces.map((w) => w.id), ['default'], 'no workspace was created');
  assert.deepEqual((await call(client, 'symbols.search', { query: 'otherRepo' })).symbols, []);

  // A real worktree of this repository is accepted (through a link to it, too).
  git(repo, 'worktree', 'add', '-q', '-b', 'mine', join(s.dir, 'mine'));
  symlinkSync(join(s.dir, 'mine'), join(s.dir, 'link-to-mine'));
  const created = await call(client, 'workspace.create', { id: 'mine', root: join(s.dir, 'link-to-mine') });
  assert.equal(created.root, join(s.dir, 'mine'));
});
