import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { isRepographError } from '@repograph/core';
import { planEdits, writePlanned } from './edit-files.js';
import { PathGuard } from './path-guard.js';

const temps: string[] = [];
after(() => { for (const dir of temps) rmSync(dir, { recursive: true, force: true }); });

function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'repograph-edit-files-')));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Every entry under `dir`, recursively (temporaries and backups included). */
function entries(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? [`${path}/`, ...entries(join(dir, entry.name), path)] : [path];
  }).sort();
}

test('a failure while renaming undoes every write: originals back, new files and folders gone', () => {
  const root = tree({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });
  chmodSync(join(root, 'a.ts'), 0o755);
  const guard = new PathGuard(root, []);
  const plan = planEdits(guard, [
    { path: 'a.ts', field: 'edits.0', replace: { old: '1', new: '2' } },
    { path: 'new/deep/c.ts', field: 'edits.1', content: 'export const c = 1;\n' },
    { path: 'z.ts', field: 'edits.2', content: 'export const z = 1;\n' },
  ]);
  const before = entries(root);
  // After planning, z.ts becomes a folder: its rename is the one that fails (EISDIR).
  mkdirSync(join(root, 'z.ts'));
  writeFileSync(join(root, 'z.ts/keep.txt'), 'x');
  const error = (() => { try { writePlanned(guard, plan); return null; } catch (caught) { return caught; } })();
  assert.ok(isRepographError(error), String(error));
  assert.equal(error.data.path, 'z.ts');
  assert.equal(readFileSync(join(root, 'a.ts'), 'utf8'), 'export const a = 1;\n', 'the original came back');
  assert.equal(statSync(join(root, 'a.ts')).mode & 0o777, 0o755, 'with its mode');
  assert.deepEqual(entries(root), [...before, 'z.ts/', 'z.ts/keep.txt'].sort(), 'no temporary, backup or new folder is left');
});

test('planning refuses folders and paths below files before anything is written', () => {
  const root = tree({ 'src/lib.ts': 'export const x = 1;\n' });
  const guard = new PathGuard(root, []);
  for (const [path, pattern] of [['src', /is a folder/], ['src/lib.ts/x.ts', /lies below 'src\/lib.ts'/]] as const) {
    assert.throws(() => planEdits(guard, [{ path: 'ok.ts', field: 'edits.0', content: 'x' }, { path, field: 'edits.1', content: 'x' }]),
      (error: unknown) => isRepographError(error) && error.code === 'InvalidParams' && error.data.field === 'edits.1.path' && pattern.test(error.message));
  }
  assert.deepEqual(entries(root), ['src/', 'src/lib.ts']);
});

test('a successful write keeps the mode, leaves no temporary, and merges edits to one file', () => {
  const root = tree({ 'run.sh.ts': 'export const run = 1;\n' });
  chmodSync(join(root, 'run.sh.ts'), 0o750);
  const guard = new PathGuard(root, []);
  const plan = planEdits(guard, [
    { path: 'run.sh.ts', field: 'edits.0', replace: { old: 'run', new: 'go' } },
    { path: './run.sh.ts', field: 'edits.1', replace: { old: '1', new: '2' } },
    { path: `${'n'.repeat(240)}.ts`, field: 'edits.2', content: 'export const long = 1;\n' },
  ]);
  writePlanned(guard, plan);
  assert.equal(readFileSync(join(root, 'run.sh.ts'), 'utf8'), 'export const go = 2;\n');
  assert.equal(statSync(join(root, 'run.sh.ts')).mode & 0o777, 0o750);
  assert.deepEqual(entries(root), [`${'n'.repeat(240)}.ts`, 'run.sh.ts'].sort());
});
