// edit.apply is all or nothing: every target is checked while planning (a folder, a path below a
// file, a dangling link that leads below a file, a FIFO), so one bad edit among good ones answers
// with a typed error naming that edit's path and writes nothing at all.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib.js';\nexport const used = shared();\n",
};

test('one bad edit among good ones writes nothing and names the bad path', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  symlinkSync('src/lib.ts/inner.ts', join(repo, 'below-link.ts'));
  spawnSync('mkfifo', [join(repo, 'src/pipe.ts')]);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('editor');
  await call(client, 'index.status', { sync: true });
  const listing = () => readdirSync(join(repo, 'src')).sort();
  const before = listing();

  const good = [
    { path: 'ok.ts', content: 'export const ok = 1;\n' },
    { path: 'src/lib.ts', replace: { old: 'return 1;', new: 'return 2;' } },
    { path: 'src/new/deeper/made.ts', content: 'export const made = 1;\n' },
  ];
  const bad = [
    [{ path: 'src', content: 'x' }, /is a folder/],
    [{ path: 'src/lib.ts/x.ts', content: 'x' }, /lies below 'src\/lib.ts'/],
    [{ path: 'below-link.ts', content: 'x' }, /lies below 'src\/lib.ts'/],
    [{ path: 'src/pipe.ts', content: 'x' }, /not a regular file/],
    [{ path: 'src/use.ts', replace: { old: 'not there', new: 'y' } }, /occurs nowhere/],
  ];
  for (const [edit, message] of bad) {
    for (const dryRun of [false, true]) {
      const error = await rejection(call(client, 'edit.apply', { edits: [...good, edit], dryRun }), `${edit.path} (dryRun ${dryRun})`);
      assert.ok(['InvalidParams', 'EditConflict'].includes(error.data.code), `${edit.path}: ${error.data.code} ${error.message}`);
      assert.match(error.message, message);
      assert.equal(error.data.path, edit.path);
      assert.notEqual(error.data.code, 'Internal');
    }
    assert.equal(existsSync(join(repo, 'ok.ts')), false, `${edit.path}: ok.ts was not written`);
    assert.equal(existsSync(join(repo, 'src/new')), false, `${edit.path}: no folder was made`);
    assert.equal(readFileSync(join(repo, 'src/lib.ts'), 'utf8'), FILES['src/lib.ts'], `${edit.path}: lib.ts is unchanged`);
    assert.deepEqual(listing(), before, `${edit.path}: no temporary or backup is left`);
  }
  // The same good edits alone are written, all of them, and indexed.
  const applied = await call(client, 'edit.apply', { edits: good });
  assert.deepEqual(applied.written, ['ok.ts', 'src/lib.ts', 'src/new/deeper/made.ts']);
  assert.equal(readFileSync(join(repo, 'src/lib.ts'), 'utf8'), FILES['src/lib.ts'].replace('return 1;', 'return 2;'));
  assert.deepEqual(listing(), [...before, 'new'].sort());
  assert.equal((await call(client, 'symbols.search', { query: 'made', kinds: ['constant', 'variable'] })).symbols.length, 1);
});
