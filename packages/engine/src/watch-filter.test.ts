import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { createWatchFilter } from './watch-filter.js';

const temps: string[] = [];
after(() => { for (const dir of temps) rmSync(dir, { recursive: true, force: true }); });

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'repograph-watch-filter-'));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const layout = {
  '.gitignore': '*.gen.ts\n/secret/\nscratch.md/\n',
  'src/a.ts': '',
  'src/.gitignore': 'gen/\n!keep.gen.ts\n',
  'src/gen/x.ts': '',
  'src/keep.gen.ts': '',
  'src/other.gen.ts': '',
  'src/readme.md': '',
  'secret/s.ts': '',
  'lib/secret/s.ts': '',
  'node_modules/p/index.js': '',
  'dist/out.js': '',
  'docs/scratch.md/t.md': '',
  'image.png': '',
};

test('excluded directories and their contents are ignored, admitted paths are not', () => {
  const filter = createWatchFilter(tree(layout));
  for (const dir of ['node_modules', 'dist', '.git', 'pkg/node_modules', 'a/b/build', 'testdata']) {
    assert.equal(filter.ignores(dir, true), true, dir);
    assert.equal(filter.ignores(dir, undefined), true, `${dir} (type unknown)`);
  }
  assert.equal(filter.ignores('node_modules/p/index.js', false), true);
  assert.equal(filter.ignores('.git/index.lock', false), true);
  assert.equal(filter.ignores('dist/out.js', undefined), true);
  assert.equal(filter.ignores('', true), false);
  assert.equal(filter.ignores('src', true), false);
  assert.equal(filter.ignores('src/a.ts', false), false);
  assert.equal(filter.ignores('src/readme.md', false), false, 'documents are part of the index');
  assert.equal(filter.ignores('.gitignore', false), false);
  assert.equal(filter.ignores('image.png', false), true, 'an unsupported format is never admitted');
  assert.equal(filter.ignores('image.png', undefined), false, 'it might be a directory');
  assert.equal(filter.ignores('image.png', true), false);
});

test('root and nested .gitignore files apply, deeper rules win', () => {
  const filter = createWatchFilter(tree(layout));
  assert.equal(filter.ignores('other.gen.ts', false), true);
  assert.equal(filter.ignores('src/other.gen.ts', false), true);
  assert.equal(filter.ignores('src/keep.gen.ts', false), false, 'negated in src/.gitignore');
  assert.equal(filter.ignores('src/gen', true), true);
  assert.equal(filter.ignores('src/gen/x.ts', false), true, 'inside an ignored directory');
  assert.equal(filter.ignores('src/gen/x.ts', undefined), true);
  assert.equal(filter.ignores('gen', true), false, 'src/.gitignore only applies under src');
  assert.equal(filter.ignores('secret', true), true);
  assert.equal(filter.ignores('secret/s.ts', false), true);
  assert.equal(filter.ignores('lib/secret', true), false, 'anchored pattern');
  assert.equal(filter.ignores('docs/scratch.md', true), true);
  assert.equal(filter.ignores('docs/scratch.md', false), false, 'directory-only pattern');
  assert.equal(filter.ignores('docs/scratch.md', undefined), false);
});

test('invalidate re-reads a changed, created or removed .gitignore', () => {
  const root = tree(layout);
  const filter = createWatchFilter(root);
  assert.equal(filter.ignores('src/gen/x.ts', false), true);
  assert.equal(filter.ignores('lib/secret/s.ts', false), false);
  writeFileSync(join(root, 'src/.gitignore'), '');
  writeFileSync(join(root, 'lib/.gitignore'), 'secret/\n');
  assert.equal(filter.ignores('src/gen/x.ts', false), true, 'cached until invalidated');
  filter.invalidate('src/.gitignore');
  filter.invalidate('lib/.gitignore');
  assert.equal(filter.ignores('src/gen', true), false);
  assert.equal(filter.ignores('src/gen/x.ts', false), false);
  assert.equal(filter.ignores('src/keep.gen.ts', false), true, 'the negation is gone');
  assert.equal(filter.ignores('lib/secret/s.ts', false), true);
  rmSync(join(root, 'lib/.gitignore'));
  filter.invalidate('lib/.gitignore');
  assert.equal(filter.ignores('lib/secret/s.ts', false), false);
});

test('in a git worktree: info/exclude applies and tracked files are never ignored', () => {
  const root = tree({ ...layout, 'src/gen/tracked.ts': '', 'local.ts': '' });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.gitignore', 'src');
  git('add', '-f', 'src/gen/tracked.ts');
  writeFileSync(join(root, '.git/info/exclude'), 'local.ts\n');
  const filter = createWatchFilter(root);
  assert.equal(filter.ignores('local.ts', false), true);
  assert.equal(filter.ignores('src/gen', true), false, 'holds a tracked file');
  assert.equal(filter.ignores('src/gen/tracked.ts', false), false);
  assert.equal(filter.ignores('src/gen/x.ts', false), false, 'its directory is watched, so is its neighbour');
  assert.equal(filter.ignores('.git', true), true);
  writeFileSync(join(root, '.git/info/exclude'), '');
  filter.invalidate('.git/info/exclude');
  assert.equal(filter.ignores('local.ts', false), false);
});
