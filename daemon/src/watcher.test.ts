import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createWatchFilter } from '@repograph/engine';
import { createWorktreeWatcher, processInotifyWatches, type WatchBatch, type WorktreeWatcher, type WorktreeWatcherOptions } from './watcher.js';
import { resolveBatch } from './watcher-resolve.js';

const TEST_TIMEOUT = 60_000;
const temps: string[] = [];
after(() => { for (const dir of temps) rmSync(dir, { recursive: true, force: true }); });

function write(root: string, path: string, text = `// ${path}\n`): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A committed git repository with source, ignored material and dependencies. */
function makeRepo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'repograph-watcher-')));
  temps.push(root);
  write(root, '.gitignore', '*.gen.ts\nscratch/\n');
  write(root, 'src/a.ts', 'export const a = 1;\n');
  write(root, 'src/util/b.ts', 'export const b = 1;\n');
  write(root, 'docs/guide.md', '# guide\n');
  write(root, 'node_modules/pkg/index.js', 'module.exports = 1;\n');
  write(root, 'node_modules/pkg/lib/deep.js', 'module.exports = 2;\n');
  write(root, 'scratch/notes/n.ts', '');
  write(root, 'dist/out.js', '');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('-c', 'init.defaultBranch=main', 'init', '-q');
  git('add', '.');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'initial');
  return root;
}

/** Records batches; waits on them without sleeping for fixed times. */
class Recorder {
  /** The batches' paths (their stats are checked on their own). */
  readonly batches: Array<Pick<WatchBatch, 'changed' | 'removed'>> = [];
  readonly stats: Array<WatchBatch['stats']> = [];
  readonly errors: Error[] = [];
  private wake: Array<() => void> = [];

  readonly onBatch = async (batch: WatchBatch): Promise<void> => {
    this.batches.push({ changed: batch.changed, removed: batch.removed });
    this.stats.push(batch.stats);
    for (const resolve of this.wake.splice(0)) resolve();
  };

  readonly onError = (error: Error): void => { this.errors.push(error); };

  changed(path: string): boolean { return this.batches.some((b) => b.changed.includes(path)); }
  removed(path: string): boolean { return this.batches.some((b) => b.removed.includes(path)); }
  batchesTouching(predicate: (path: string) => boolean): Array<Pick<WatchBatch, 'changed' | 'removed'>> {
    return this.batches.filter((b) => b.changed.some(predicate) || b.removed.some(predicate));
  }

  async until(predicate: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; batches: ${JSON.stringify(this.batches)}; errors: ${JSON.stringify(this.errors.map((e) => e.message))}`);
      await new Promise<void>((resolve) => {
        this.wake.push(resolve);
        setTimeout(resolve, 100).unref();
      });
    }
  }
}

async function startWatcher(
  root: string, overrides: Partial<WorktreeWatcherOptions> = {},
): Promise<{ watcher: WorktreeWatcher; recorder: Recorder }> {
  const recorder = new Recorder();
  const watcher = createWorktreeWatcher({
    root, gitDir: join(root, '.git'), filter: createWatchFilter(root),
    onBatch: recorder.onBatch, onError: recorder.onError, ...overrides,
  });
  await watcher.ready();
  return { watcher, recorder };
}

test('an edit arrives as one batch', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  const { watcher, recorder } = await startWatcher(root, { settleMs: 150 });
  try {
    write(root, 'src/a.ts', 'export const a = 2;\n');
    await recorder.until(() => recorder.changed('src/a.ts'), 'the edit');
    await watcher.sync();
    assert.deepEqual(recorder.batches[0], { changed: ['src/a.ts'], removed: [] });
    // The watcher's lstat goes with the batch, so the engine does not stat the file again.
    assert.equal(recorder.stats[0]?.get('src/a.ts')?.kind, 'file');
    assert.equal(recorder.stats[0]?.get('src/a.ts')?.size, 'export const a = 2;\n'.length);
    assert.equal(recorder.batchesTouching((p) => p === 'src/a.ts').length, 1);
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('500 files written in a burst arrive in very few batches', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  // A settle time with room for a loaded machine (the default 40 ms gives one batch when idle).
  const { watcher, recorder } = await startWatcher(root, { settleMs: 200 });
  try {
    const expected = Array.from({ length: 500 }, (_, i) => `src/many/f${String(i).padStart(3, '0')}.ts`);
    for (const path of expected) write(root, path);
    await recorder.until(() => expected.every((p) => recorder.changed(p)), 'all 500 files');
    const touching = recorder.batchesTouching((p) => p.startsWith('src/many/'));
    assert.ok(touching.length <= 3, `${touching.length} batches`);
    for (const batch of recorder.batches) {
      assert.deepEqual(batch.changed, [...new Set(batch.changed)].sort(), 'sorted and de-duplicated');
    }
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('node_modules, build output and gitignored paths are neither watched nor reported; an excluded file is reported, not watched', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  const { watcher, recorder } = await startWatcher(root);
  try {
    // Watched: root, src, src/util, docs. Not: .git, node_modules/**, scratch/**, dist.
    assert.equal(watcher.stats().watchedDirectories, 4);
    write(root, 'node_modules/pkg/index.js', 'module.exports = 3;\n');
    write(root, 'node_modules/pkg/lib/new.js', '');
    write(root, 'node_modules/fresh/index.js', '');
    write(root, 'scratch/notes/m.ts', '');
    write(root, 'src/x.gen.ts', '');
    write(root, 'dist/more.js', '');
    write(root, 'src/image.png', '');
    write(root, 'src/control.ts', '');
    await recorder.until(() => recorder.changed('src/control.ts'), 'the control file');
    await watcher.sync();
    const reported = recorder.batches.flatMap((b) => [...b.changed, ...b.removed]);
    // An unsupported format is excluded by its own name: the index names it in a diagnostic.
    assert.deepEqual(reported.filter((p) => p !== 'src/control.ts').sort(), ['src/image.png']);
    assert.equal(watcher.stats().watchedDirectories, 4);
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('a changed .gitignore is reported; what it no longer ignores becomes watched, what it now ignores stops', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  const { watcher, recorder } = await startWatcher(root);
  try {
    write(root, '.gitignore', '*.gen.ts\n');
    await watcher.sync();
    assert.ok(recorder.changed('.gitignore'));
    // root, src, src/util, docs + scratch, scratch/notes once the new walk is ready
    await recorder.until(() => watcher.stats().watchedDirectories === 6, 'the re-walk');
    write(root, 'scratch/notes/n.ts', 'export const n = 1;\n');
    await watcher.sync();
    assert.ok(recorder.changed('scratch/notes/n.ts'));
    // What they now ignore stops being watched.
    write(root, '.gitignore', '*.gen.ts\nnotes/\n');
    await watcher.sync();
    await recorder.until(() => watcher.stats().watchedDirectories === 5, 'the watch of scratch/notes to close');
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('a batch is held while .git/index.lock exists and delivered when it goes', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  const { watcher, recorder } = await startWatcher(root, { lockHoldMaxMs: 120_000 });
  try {
    const lock = join(root, '.git', 'index.lock');
    writeFileSync(lock, '');
    write(root, 'src/during-checkout.ts');
    write(root, 'src/util/b.ts', 'export const b = 2;\n');
    await recorder.until(() => watcher.stats().pendingPaths >= 2, 'the events to be pending');
    // Many settle windows later, still held (a slow machine only makes this easier to pass).
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(recorder.batches.length, 0);
    assert.ok(watcher.stats().pendingPaths >= 2);
    unlinkSync(lock);
    await recorder.until(() => recorder.batches.length > 0, 'the held batch');
    assert.deepEqual(recorder.batches[0], { changed: ['src/during-checkout.ts', 'src/util/b.ts'], removed: [] });
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('a git change waits while HEAD.lock is held and is told once it goes; a stale lock holds it only so long', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  let changes = 0;
  const { watcher, recorder } = await startWatcher(root, { lockHoldMaxMs: 1_500, onGitChange: () => { changes++; } });
  try {
    // git commit: COMMIT_EDITMSG, then (the commit built) the ref moved under HEAD.lock.
    const lock = join(root, '.git', 'HEAD.lock');
    writeFileSync(lock, '');
    writeFileSync(join(root, '.git', 'COMMIT_EDITMSG'), 'message\n');
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(changes, 0, 'nothing is told while HEAD.lock is held');
    unlinkSync(lock);
    // At least once: on a loaded machine the settle timer can see the lock gone before the
    // unlink's own event arrives, and that event tells once more (harmless: HEAD *may* have moved).
    await recorder.until(() => changes >= 1, 'the git change after HEAD.lock went');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A lock nobody removes (a crashed git) delays the change by lockHoldMaxMs, not for ever.
    const told = changes;
    const written = Date.now();
    writeFileSync(lock, '');
    await recorder.until(() => changes > told, 'the git change past a stale HEAD.lock', 10_000);
    assert.ok(Date.now() - written >= 1_000, `told ${Date.now() - written} ms after the lock was written: it should have held ~1.5 s`);
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('sync() resolves only after onBatch saw every earlier change', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  // A long settle time: only the barrier can deliver these batches in time.
  const { watcher, recorder } = await startWatcher(root, { settleMs: 60_000, maxSettleMs: 60_000 });
  try {
    write(root, 'src/a.ts', 'export const a = 3;\n');
    await watcher.sync();
    assert.ok(recorder.changed('src/a.ts'), 'an edit');
    write(root, 'src/new.ts');
    await watcher.sync();
    assert.ok(recorder.changed('src/new.ts'), 'a new file');
    write(root, 'src/fresh/dir/c.ts');
    await watcher.sync();
    assert.ok(recorder.changed('src/fresh/dir/c.ts'), 'a file in a new directory');
    // New folders, many and deep: reading them takes many turns, and may end after the cookie's
    // event; sync waits for them.
    const burst: string[] = [];
    for (let folder = 0; folder < 20; folder++) {
      for (let file = 0; file < 5; file++) burst.push(`src/burst${folder}/deep/f${file}.ts`);
    }
    const deep = `src/${Array.from({ length: 40 }, (_, level) => `d${level}`).join('/')}`;
    for (let file = 0; file < 5; file++) burst.push(`${deep}/f${file}.ts`);
    for (const path of burst) write(root, path);
    await watcher.sync();
    assert.deepEqual(burst.filter((path) => !recorder.changed(path)), [], 'every file of the new folders');
    unlinkSync(join(root, 'src/new.ts'));
    await watcher.sync();
    assert.ok(recorder.removed('src/new.ts'), 'a deletion');
    // Concurrent syncs share one cookie and all resolve after the batch.
    write(root, 'docs/guide.md', '# changed\n');
    await Promise.all([watcher.sync(), watcher.sync(), watcher.sync()]);
    assert.ok(recorder.changed('docs/guide.md'));
    assert.equal(watcher.stats().pendingPaths, 0);
    await watcher.sync(); // nothing pending: resolves without a batch
    const cookies = recorder.batches.flatMap((b) => [...b.changed, ...b.removed]).filter((p) => p.includes('cookie'));
    assert.deepEqual(cookies, []);
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('sync() outside git puts its cookie in the root and never reports it', { timeout: TEST_TIMEOUT }, async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'repograph-watcher-plain-')));
  temps.push(root);
  write(root, 'main.py', 'x = 1\n');
  const { watcher, recorder } = await startWatcher(root, { gitDir: undefined, settleMs: 60_000, maxSettleMs: 60_000 });
  try {
    write(root, 'main.py', 'x = 2\n');
    await watcher.sync();
    assert.deepEqual(recorder.batches[0], { changed: ['main.py'], removed: [] });
    await watcher.sync();
    // A later event of the edit (a second write) may repeat the path in a later batch; never a cookie.
    for (const batch of recorder.batches) assert.deepEqual(batch, { changed: ['main.py'], removed: [] });
  } finally {
    await watcher.close();
  }
});

test('rm -r of a directory reports its removal', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  const { watcher, recorder } = await startWatcher(root);
  try {
    rmSync(join(root, 'src/util'), { recursive: true });
    await watcher.sync();
    await recorder.until(() => recorder.removed('src/util'), 'the directory removal');
    assert.ok(recorder.removed('src/util/b.ts'));
    assert.ok(!recorder.batches.some((b) => b.changed.length > 0));
    await recorder.until(() => watcher.stats().watchedDirectories === 3, 'the watch of the directory to close');
  } finally {
    await watcher.close();
  }
});

test('inotify watches grow with directories, not files; file changes are still reported', { timeout: TEST_TIMEOUT }, async (t) => {
  if (processInotifyWatches() === undefined) return t.skip('no /proc/self/fdinfo here (not Linux)');
  const root = makeRepo();
  const dirs = Array.from({ length: 20 }, (_, i) => `tree/d${String(i).padStart(2, '0')}`);
  for (const dir of dirs) for (let i = 0; i < 50; i++) write(root, `${dir}/f${String(i).padStart(2, '0')}.ts`);
  const before = processInotifyWatches()!;
  const { watcher, recorder } = await startWatcher(root);
  try {
    // root, src, src/util, docs, tree and its 20 directories; the cookie watch of .git is one more.
    const stats = watcher.stats();
    assert.equal(stats.watchedDirectories, 25);
    const added = stats.inotifyWatches! - before;
    assert.ok(added >= 21 && added <= stats.watchedDirectories + 2, `${added} inotify watches for 25 directories and 1,000+ files`);

    write(root, 'tree/d00/f00.ts', 'export const changed = 1;\n');
    write(root, 'tree/d01/new.ts');
    write(root, 'tree/d02/nested/deeper/x.ts');
    write(root, 'tree/d02/nested/y.ts');
    unlinkSync(join(root, 'tree/d03/f00.ts'));
    renameSync(join(root, 'tree/d04/f00.ts'), join(root, 'tree/d04/renamed.ts'));
    // No sync(): the events alone must bring every one of them.
    await recorder.until(() => recorder.changed('tree/d00/f00.ts') && recorder.changed('tree/d01/new.ts')
      && recorder.changed('tree/d02/nested/deeper/x.ts') && recorder.changed('tree/d02/nested/y.ts')
      && recorder.removed('tree/d03/f00.ts') && recorder.removed('tree/d04/f00.ts') && recorder.changed('tree/d04/renamed.ts'), 'the changes');
    await recorder.until(() => watcher.stats().watchedDirectories === 27, 'the new directories to be watched');
    assert.equal(watcher.stats().inotifyWatches! - before, added + 2);
    // The new directories are watched: a later file in them is reported.
    write(root, 'tree/d02/nested/deeper/z.ts');
    await recorder.until(() => recorder.changed('tree/d02/nested/deeper/z.ts'), 'a file in the new directory');
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
  assert.equal(processInotifyWatches(), before, 'close() releases every watch');
});

test('a directory moved within the tree: the old path is removed, the new one watched and its files reported', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  for (let i = 0; i < 5; i++) write(root, `src/moving/sub/m${i}.ts`);
  const { watcher, recorder } = await startWatcher(root);
  try {
    assert.equal(watcher.stats().watchedDirectories, 6);
    renameSync(join(root, 'src/moving'), join(root, 'docs/moved'));
    const moved = Array.from({ length: 5 }, (_, i) => `docs/moved/sub/m${i}.ts`);
    await recorder.until(() => recorder.removed('src/moving') && moved.every((p) => recorder.changed(p)), 'the move');
    await recorder.until(() => watcher.stats().watchedDirectories === 6, 'the watches to follow the move');
    write(root, 'docs/moved/sub/m0.ts', 'export const m = 1;\n');
    write(root, 'docs/moved/sub/later.ts');
    await watcher.sync();
    assert.ok(recorder.changed('docs/moved/sub/later.ts'));
    assert.ok(!recorder.batches.some((b) => b.changed.some((p) => p.startsWith('src/moving'))));
    // A file put where a watched directory was: its watches go.
    rmSync(join(root, 'docs/moved'), { recursive: true });
    write(root, 'docs/moved', 'now a file\n');
    await recorder.until(() => watcher.stats().watchedDirectories === 4, 'the watches of the removed directory to close');
    await watcher.sync();
    assert.ok(recorder.removed('docs/moved/sub/m0.ts'));
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('close() releases everything: a process that watched then closed exits by itself', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  const watcherModule = join(dirname(fileURLToPath(import.meta.url)), 'watcher.js');
  const script = `
    import { createWorktreeWatcher } from ${JSON.stringify(watcherModule)};
    const root = ${JSON.stringify(root)};
    const watcher = createWorktreeWatcher({ root, gitDir: root + '/.git', filter: { ignores: (p) => p.startsWith('.git') || p.startsWith('node_modules') },
      onBatch: async () => {}, onError: (e) => { console.error(e); process.exitCode = 1; } });
    await watcher.ready();
    await watcher.sync();
    await watcher.close();
    console.log('closed');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); resolve(null); }, 30_000);
    child.on('exit', (exitCode) => { clearTimeout(timer); resolve(exitCode); });
  });
  assert.equal(code, 0, 'the child process exits once the watcher is closed');
  assert.equal(output.trim(), 'closed');
});

test('excluded folders and files are reported when they appear and go, never watched; writes to them are not', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  // `target/` excludes folders only: a file named target would be listed by git.
  writeFileSync(join(root, '.git/info/exclude'), 'target/\n');
  const { watcher, recorder } = await startWatcher(root);
  try {
    assert.equal(watcher.stats().watchedDirectories, 4);
    write(root, 'AGENTS.md', '# agents\n');
    write(root, 'web/logo.png', 'x();\n');
    write(root, 'web/app.ts', 'export const app = 1;\n');
    write(root, 'vendor/lib/x.go', 'package lib\n');
    write(root, 'src/.idea/workspace.xml', '<x/>\n');
    await recorder.until(() => ['AGENTS.md', 'web/logo.png', 'web/app.ts', 'vendor', 'src/.idea'].every((p) => recorder.changed(p)), 'the excluded material');
    await watcher.sync();
    const reported = new Set(recorder.batches.flatMap((b) => [...b.changed, ...b.removed]));
    assert.deepEqual([...reported].sort(), ['AGENTS.md', 'src/.idea', 'vendor', 'web/app.ts', 'web/logo.png'],
      'an excluded folder comes as its own path, nothing below it');
    assert.equal(watcher.stats().watchedDirectories, 5, 'web is watched; vendor, vendor/lib and src/.idea are not');

    // Only their existence matters: writes to them, and below an excluded folder, are not reported.
    const before = recorder.batches.length;
    write(root, 'AGENTS.md', '# agents, edited\n');
    write(root, 'web/logo.png', 'y();\n');
    write(root, 'vendor/lib/y.go', 'package lib\n');
    write(root, 'src/.idea/other.xml', '<y/>\n');
    // A gitignored folder is not reported, though its name alone would not rule out a file.
    write(root, 'target/classes/A.js', '');
    write(root, 'src/control.ts');
    await recorder.until(() => recorder.changed('src/control.ts'), 'the control file');
    await watcher.sync();
    assert.deepEqual([...new Set(recorder.batches.slice(before).flatMap((b) => [...b.changed, ...b.removed]))], ['src/control.ts']);
    assert.equal(watcher.stats().watchedDirectories, 5);

    rmSync(join(root, 'AGENTS.md'));
    rmSync(join(root, 'vendor'), { recursive: true });
    rmSync(join(root, 'web/logo.png'));
    rmSync(join(root, 'src/.idea'), { recursive: true });
    await recorder.until(() => ['AGENTS.md', 'vendor', 'web/logo.png', 'src/.idea'].every((p) => recorder.removed(p)), 'the removals');
    await watcher.sync();
    assert.ok(!recorder.removed('vendor/lib/x.go'), 'nothing below an excluded folder');
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('a directory that appears with excluded material in it: the material is reported by its own path', { timeout: TEST_TIMEOUT }, async () => {
  const root = makeRepo();
  // A long settle time: the sync() flush delivers, whether or not the tree has read the directory yet.
  const { watcher, recorder } = await startWatcher(root, { settleMs: 60_000, maxSettleMs: 60_000 });
  try {
    mkdirSync(join(root, 'staging/pkg/vendor/lib'), { recursive: true });
    write(root, 'staging/pkg/vendor/lib/x.go', 'package lib\n');
    write(root, 'staging/pkg/CLAUDE.md', '# claude\n');
    write(root, 'staging/pkg/a.ts', 'export const a = 1;\n');
    write(root, 'staging/pkg/logo.png', '');
    renameSync(join(root, 'staging/pkg'), join(root, 'src/pkg')); // moved in whole
    await watcher.sync();
    await recorder.until(() => ['src/pkg/a.ts', 'src/pkg/CLAUDE.md', 'src/pkg/logo.png', 'src/pkg/vendor'].every((p) => recorder.changed(p)), 'the moved directory');
    const changed = new Set(recorder.batches.flatMap((b) => b.changed));
    assert.ok(![...changed].some((p) => p.startsWith('src/pkg/vendor/')), [...changed].join(', '));
    await recorder.until(() => watcher.stats().watchedDirectories === 6, 'staging and src/pkg to be watched');
    assert.deepEqual(recorder.errors, []);
  } finally {
    await watcher.close();
  }
});

test('resolveBatch: reported paths are changed as their own path, also when a sync() expands a new directory', async () => {
  const root = makeRepo();
  write(root, 'fresh/a.ts');
  write(root, 'fresh/AGENTS.md');
  write(root, 'fresh/vendor/v.go');
  write(root, 'fresh/nested/logo.png');
  write(root, 'fresh/scratch/s.ts'); // gitignored, not excluded: neither watched nor reported
  write(root, 'AGENTS.md');
  const filter = createWatchFilter(root);
  const touched = ['fresh', 'AGENTS.md', 'gone.png', 'node_modules', 'dist'];
  const paths = async (...args: Parameters<typeof resolveBatch>) => {
    const { changed, removed } = await resolveBatch(...args);
    return { changed, removed };
  };
  const expanded = await resolveBatch(root, touched, filter, true);
  // The stats taken are passed on: every changed path stat'ed on its own has one (a file found
  // by reading a new directory has none).
  assert.deepEqual([...expanded.stats.keys()].sort(), ['AGENTS.md', 'dist', 'node_modules']);
  assert.equal(expanded.stats.get('AGENTS.md')?.kind, 'file');
  assert.equal(expanded.stats.get('dist')?.kind, 'directory');
  assert.deepEqual(await paths(root, touched, filter, true), {
    changed: ['AGENTS.md', 'dist', 'fresh/AGENTS.md', 'fresh/a.ts', 'fresh/nested/logo.png', 'fresh/vendor', 'node_modules'],
    removed: ['gone.png'],
  });
  assert.deepEqual(await paths(root, touched, filter, false), {
    changed: ['AGENTS.md', 'dist', 'node_modules'],
    removed: ['gone.png'],
  });
  // Without reports (an older filter), ignored paths are left out as before.
  assert.deepEqual(await paths(root, touched, { ignores: filter.ignores, reports: () => false }, true), {
    changed: ['fresh/a.ts'],
    removed: ['gone.png'],
  });
});
