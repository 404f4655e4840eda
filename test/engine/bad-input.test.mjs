// Bad input: binary files, invalid UTF-8, syntax errors, symlink loops and links out of the
// tree, an empty repository, a plain directory, a missing repository folder and a relative data
// root. Each gives a diagnostic or a clear error; none stops the build or corrupts the store.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { exportGraph, git, gitRepo, indexJson, repograph, tempDir, writeFiles } from '../helpers/repo.mjs';

test('binary, invalid UTF-8, syntax errors and symlinks give diagnostics; the rest indexes', () => {
  const repo = tempDir();
  const outside = tempDir();
  const home = tempDir();
  try {
    gitRepo(repo.dir, {
      'good.ts': 'export function good(): number { return 1; }\n',
      'binary.ts': Buffer.from([0x65, 0x78, 0x00, 0x01, 0x02, 0xff, 0x00]),
      'latin1.ts': Buffer.concat([Buffer.from('export const caf'), Buffer.from([0xe9]), Buffer.from(' = 1;\nexport function afterBadByte() {}\n')]),
      'broken.ts': 'export function ok() { return 1; }\nexport function broken( {\n  return ;\n}\nexport class StillHere {}\n',
    });
    writeFileSync(join(outside.dir, 'secret.ts'), 'export const secret = 1;\n');
    symlinkSync(join(outside.dir, 'secret.ts'), join(repo.dir, 'link-out.ts'));
    symlinkSync('loop-b.ts', join(repo.dir, 'loop-a.ts'));
    symlinkSync('loop-a.ts', join(repo.dir, 'loop-b.ts'));
    const report = indexJson(repo.dir, home.dir);
    const byPath = (path) => report.diagnostics.filter((d) => d.path === path).map((d) => d.code);
    assert.ok(byPath('binary.ts').includes('binary_file'));
    assert.ok(byPath('latin1.ts').includes('invalid_utf8'));
    assert.ok(byPath('broken.ts').includes('parse_error'));
    assert.equal(report.materials.partial, 1);
    assert.equal(report.materials.excluded.symlink, 3);
    const { symbols } = exportGraph(repo.dir, home.dir);
    const ids = symbols.map((s) => s.id);
    assert.ok(ids.includes('good.ts#good'));
    assert.ok(ids.includes('latin1.ts#afterBadByte'));
    assert.ok(ids.includes('broken.ts#ok'));
    assert.ok(ids.includes('broken.ts#StillHere'), 'what parses after an error region is kept');
    assert.ok(!ids.some((id) => id.includes('secret')), 'a link out of the tree is never read');
  } finally {
    repo.cleanup(); outside.cleanup(); home.cleanup();
  }
});

test('a tracked file deleted from disk, or replaced by a folder, is left out without a diagnostic', () => {
  const repo = tempDir();
  const home = tempDir();
  try {
    gitRepo(repo.dir, {
      'keep.ts': 'export function keep() {}\n',
      'gone.ts': 'export function gone() {}\n',
      'was-file.ts': 'export function wasFile() {}\n',
    });
    rmSync(join(repo.dir, 'gone.ts'));
    rmSync(join(repo.dir, 'was-file.ts'));
    mkdirSync(join(repo.dir, 'was-file.ts'));
    writeFileSync(join(repo.dir, 'was-file.ts', 'inner.ts'), 'export function inner() {}\n');
    const report = indexJson(repo.dir, home.dir);
    assert.equal(report.materials.submitted, 2, 'keep.ts and the untracked was-file.ts/inner.ts');
    assert.deepEqual(report.diagnostics.filter((d) => d.path === 'gone.ts' || d.path === 'was-file.ts'), []);
    const ids = exportGraph(repo.dir, home.dir).symbols.map((s) => s.id).sort();
    assert.ok(ids.includes('keep.ts#keep') && ids.includes('was-file.ts/inner.ts#inner'));
    assert.ok(!ids.some((id) => id.startsWith('gone.ts') || id.startsWith('was-file.ts#')));
  } finally {
    repo.cleanup(); home.cleanup();
  }
});

test('an empty repository and an empty directory index to an empty graph', () => {
  const repo = tempDir();
  const plain = tempDir();
  const home = tempDir();
  try {
    git(repo.dir, 'init', '-q');
    const report = indexJson(repo.dir, home.dir);
    assert.equal(report.commit, null);
    assert.equal(report.publication.nodes, 0);
    assert.equal(indexJson(plain.dir, home.dir).publication.nodes, 0);
    assert.deepEqual(exportGraph(repo.dir, home.dir).rows, []);
  } finally {
    repo.cleanup(); plain.cleanup(); home.cleanup();
  }
});

test('a directory that is not a git repository indexes, honouring .gitignore', () => {
  const plain = tempDir();
  const home = tempDir();
  try {
    writeFiles(plain.dir, {
      '.gitignore': 'ignored/\n*.gen.ts\n',
      'src/a.ts': "import { b } from './b';\nexport function a() { return b(); }\n",
      'src/b.ts': 'export function b() { return 2; }\n',
      'src/c.gen.ts': 'export function generatedThing() {}\n',
      'ignored/x.ts': 'export function hidden() {}\n',
    });
    const report = indexJson(plain.dir, home.dir);
    assert.equal(report.commit, null);
    const { symbols, edges } = exportGraph(plain.dir, home.dir);
    assert.ok(edges.some((e) => e.kind === 'calls' && e.from === 'src/a.ts#a' && e.to === 'src/b.ts#b'));
    assert.ok(!symbols.some((s) => s.name === 'hidden' || s.name === 'generatedThing'));
    writeFiles(plain.dir, { 'src/b.ts': 'export function b() { return 3; }\nexport function b2() {}\n' });
    const again = indexJson(plain.dir, home.dir);
    assert.equal(again.unchanged, false);
    assert.ok(exportGraph(plain.dir, home.dir).symbols.some((s) => s.id === 'src/b.ts#b2'));
  } finally {
    plain.cleanup(); home.cleanup();
  }
});

test('a missing repository folder and a relative data root are clear errors (exit 2)', () => {
  const home = tempDir();
  try {
    const missing = repograph(['index', '--repo', join(home.dir, 'nope')], { home: home.dir });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /does not exist.*--repo/);
    const relative = repograph(['index', '--repo', home.dir], { home: 'relative/dir' });
    assert.equal(relative.status, 2);
    assert.match(relative.stderr, /REPOGRAPH_HOME must be an absolute path.*relative\/dir/);
    const notIndexed = tempDir();
    mkdirSync(join(notIndexed.dir, 'x'));
    const query = repograph(['search', 'x', '--repo', notIndexed.dir], { home: home.dir });
    assert.equal(query.status, 2);
    assert.match(query.stderr, /has not been indexed yet.*repograph index/);
    indexJson(notIndexed.dir, home.dir);
    const outside = repograph(['search', 'x', '--path', '../../etc', '--repo', notIndexed.dir], { home: home.dir });
    assert.equal(outside.status, 2);
    assert.match(outside.stderr, /'\.\.\/\.\.\/etc' is not inside the repository/);
    notIndexed.cleanup();
  } finally {
    home.cleanup();
  }
});
