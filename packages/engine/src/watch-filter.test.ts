import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { parsePolicyFile } from '@repograph/graph';
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

test('tracked ignored files are asked of the root\'s own repository, whatever GIT_DIR the process inherited', () => {
  const root = tree({ ...layout, 'src/gen/tracked.ts': '' });
  const other = tree({ 'x.ts': '' });
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'ignore' });
  git(root, 'init', '-q');
  git(root, 'add', '.gitignore', 'src');
  git(root, 'add', '-f', 'src/gen/tracked.ts');
  git(other, 'init', '-q');
  git(other, 'add', '.');
  const inherited = process.env.GIT_DIR;
  process.env.GIT_DIR = join(other, '.git');
  try {
    const filter = createWatchFilter(root);
    assert.equal(filter.ignores('src/gen/tracked.ts', false), false, 'the root\'s index holds it, the other repository\'s does not');
    assert.equal(filter.ignores('src/gen', true), false);
  } finally {
    if (inherited === undefined) delete process.env.GIT_DIR;
    else process.env.GIT_DIR = inherited;
  }
});

test('prepare() asks git ahead, once per invalidation, so later answers need no git', async () => {
  const root = tree({ ...layout, 'src/gen/tracked.ts': '' });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.gitignore', 'src');
  git('add', '-f', 'src/gen/tracked.ts');
  const filter = createWatchFilter(root);
  await filter.prepare();
  // With git's repository out of reach, only what prepare() loaded can say the file is tracked.
  renameSync(join(root, '.git'), join(root, '.git-away'));
  try {
    assert.equal(filter.ignores('src/gen/tracked.ts', false), false, 'known tracked from prepare()');
    assert.equal(filter.ignores('src/gen', true), false);
    // An invalidation forgets it; prepare() asks again (now git finds nothing: no repository).
    filter.invalidate('src/.gitignore');
    await filter.prepare();
    assert.equal(filter.ignores('src/gen/tracked.ts', false), true, 'asked again after the invalidation');
  } finally {
    renameSync(join(root, '.git-away'), join(root, '.git'));
  }
  filter.invalidate('.gitignore');
  await Promise.all([filter.prepare(), filter.prepare()]);
  assert.equal(filter.ignores('src/gen/tracked.ts', false), false, 'and again once the repository is back');
});

const excludedLayout = {
  '.gitignore': 'node_modules/\nbundle.min.js\nforced.min.js\nlogs/\n',
  'src/a.ts': '',
  'src/.idea/workspace.xml': '',
  'web/app.min.js': '',
  'bundle.min.js': '',
  'forced.min.js': '',
  'AGENTS.md': '',
  'docs/CLAUDE.md': '',
  'vendor/lib/x.go': '',
  'node_modules/p/index.js': '',
  'logs/vendor/y.go': '',
  'dist/out.js': '',
  'image.png': '',
};

test('reports: excluded folders and files below watched directories, unless gitignored and untracked', () => {
  const root = tree(excludedLayout);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-f', 'forced.min.js');
  // Minified files are Documents by default; this policy excludes them.
  const filter = createWatchFilter(root, parsePolicyFile('{"material": {"exclude": ["minified"]}}').policy);
  const byDefault = createWatchFilter(root);
  assert.equal(byDefault.ignores('web/app.min.js', false), false, 'a Document by default');
  assert.equal(byDefault.reports('web/app.min.js', false), false);
  for (const [path, isDirectory] of [
    ['vendor', true], ['dist', true], ['src/.idea', true], ['AGENTS.md', false], ['docs/CLAUDE.md', false],
    ['web/app.min.js', false], ['image.png', false], ['forced.min.js', false],
  ] as const) {
    assert.equal(filter.ignores(path, isDirectory), true, `${path} is never watched`);
    assert.equal(filter.reports(path, isDirectory), true, `${path} is reported`);
    assert.equal(filter.reports(path, undefined), true, `${path} (type unknown) is reported`);
  }
  // Admitted paths are watched or touched anyway; what lies inside an excluded folder is never looked at.
  for (const [path, isDirectory] of [
    ['', true], ['src', true], ['src/a.ts', false], ['image.png', true], ['vendor/lib', true], ['vendor/lib/x.go', false],
    ['node_modules/p', true], ['dist/out.js', false], ['src/.idea/workspace.xml', false],
  ] as const) {
    assert.equal(filter.reports(path, isDirectory), false, `${path} is not reported`);
  }
  // Gitignored and untracked: git never lists them, so the index never names them.
  assert.equal(filter.reports('node_modules', true), false, 'a gitignored node_modules');
  assert.equal(filter.reports('node_modules', undefined), true, 'the pattern is for folders: a file of that name would be listed');
  assert.equal(filter.reports('bundle.min.js', false), false);
  assert.equal(filter.reports('logs/vendor', true), false, 'inside a gitignored folder');
  assert.equal(filter.reports('logs', true), false, 'gitignored, not excluded');
  for (const isDirectory of [true, false, undefined]) {
    assert.equal(filter.reports('.git', isDirectory), false, 'git lists nothing of .git');
    assert.equal(filter.reports('src/.git', isDirectory), false);
  }
  // The rules follow .gitignore once invalidated.
  writeFileSync(join(root, '.gitignore'), 'AGENTS.md\n');
  filter.invalidate('.gitignore');
  assert.equal(filter.reports('node_modules', true), true);
  assert.equal(filter.reports('AGENTS.md', false), false);
  assert.equal(filter.reports('logs/vendor', true), true);
});

test('reports outside git: an excluded folder even when gitignored (the walk names it), a gitignored file not', () => {
  const filter = createWatchFilter(tree(excludedLayout), parsePolicyFile('{"material": {"exclude": ["minified"]}}').policy);
  assert.equal(filter.reports('node_modules', true), true);
  assert.equal(filter.reports('web/app.min.js', false), true);
  assert.equal(filter.reports('vendor', true), true);
  assert.equal(filter.reports('AGENTS.md', false), true);
  assert.equal(filter.reports('bundle.min.js', false), false);
  assert.equal(filter.reports('logs/vendor', true), false, 'the walk does not enter a gitignored folder');
});
