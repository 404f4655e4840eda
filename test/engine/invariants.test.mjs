// Invariants of the build: order independence of the digest (invariant 1), a refreshed worktree
// overlay equals a fresh build of the same tree (invariant 2), and re-index detection by stat.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { extractFile } from '../../packages/extract/dist/in-process.js';
import { buildGraph, GraphSession } from '../../packages/graph/dist/index.js';
import { exportGraph, git, gitRepo, indexJson, tempDir, writeFiles } from '../helpers/repo.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

const sources = Object.entries(sampleProject).filter(([path]) => /\.(ts|js)$/.test(path) && !path.startsWith('node_modules') && !path.startsWith('dist'));

function graphOf(entries) {
  return buildGraph({
    files: entries.map(([path, text]) => {
      const facts = extractFile(path, new TextEncoder().encode(text));
      return { path, facts, generated: facts.generated, lineCount: facts.lineCount, diagnostics: [] };
    }),
    manifests: [{ path: 'package.json', text: sampleProject['package.json'] }],
    buildDiagnostics: [],
  });
}

test('the digest is the same whatever order the files arrive in', () => {
  const forward = graphOf(sources);
  const backward = graphOf([...sources].reverse());
  const shuffled = graphOf([...sources].sort((a, b) => (a[1].length % 7) - (b[1].length % 7)));
  assert.equal(backward.digest, forward.digest);
  assert.equal(shuffled.digest, forward.digest);
  assert.ok(forward.counts.relations > 0);
});

test('two repositories with the same files written in different orders have one digest', () => {
  const first = tempDir();
  const second = tempDir();
  const home = tempDir();
  try {
    gitRepo(first.dir, sampleProject);
    gitRepo(second.dir, Object.fromEntries(Object.entries(sampleProject).reverse()));
    assert.equal(indexJson(second.dir, home.dir).digest, indexJson(first.dir, home.dir).digest);
  } finally {
    first.cleanup(); second.cleanup(); home.cleanup();
  }
});

test('after edits, creates, deletes and renames the worktree overlay equals a fresh build', () => {
  const repo = tempDir();
  const fresh = tempDir();
  const home = tempDir();
  try {
    gitRepo(repo.dir, sampleProject);
    const before = indexJson(repo.dir, home.dir);
    // Edit: rename `note` to `notify` (its caller now dangles); create, delete, rename files.
    const util = join(repo.dir, 'src/util.ts');
    writeFileSync(util, readFileSync(util, 'utf8').replace('function note', 'function notify'));
    writeFiles(repo.dir, { 'src/extra.ts': "import { notify } from './util';\nexport function extra(): void { notify('x'); }\n" });
    rmSync(join(repo.dir, 'lib/use.js'));
    git(repo.dir, 'mv', 'src/main.ts', 'src/app.ts');
    const after = indexJson(repo.dir, home.dir);
    assert.notEqual(after.digest, before.digest);
    assert.equal(after.materials.extracted, 2, 'only the edited and the new file are parsed; the renamed blob is cached');

    const { edges, symbols } = exportGraph(repo.dir, home.dir);
    const dangling = edges.find((e) => e.kind === 'calls' && e.from === 'src/registry.ts#Registry.add' && e.name === 'note');
    assert.equal(dangling?.to, null, 'the call to the renamed function is unresolved');
    assert.ok(edges.some((e) => e.from === 'src/extra.ts#extra' && e.to === 'src/util.ts#notify'));
    assert.ok(!symbols.some((s) => s.path === 'lib/use.js' || s.path === 'src/main.ts'));
    assert.ok(symbols.some((s) => s.id === 'src/app.ts#main'));

    // A fresh build of the same final tree, committed in another repository.
    const finalFiles = {};
    for (const path of ['package.json', 'README.md', 'src/shapes/base.ts', 'src/shapes/circle.ts', 'src/shapes/index.ts', 'src/util.ts', 'src/registry.ts', 'src/app.ts', 'src/extra.ts', 'lib/legacy.js', 'lib/mixed.js', 'node_modules/dep/index.js', 'dist/out.js', 'test/fixtures/broken.ts']) {
      finalFiles[path] = readFileSync(join(repo.dir, path));
    }
    gitRepo(fresh.dir, finalFiles);
    const freshReport = indexJson(fresh.dir, home.dir);
    assert.equal(after.digest, freshReport.digest);
    assert.deepEqual(exportGraph(fresh.dir, home.dir).rows, exportGraph(repo.dir, home.dir).rows);

    // Committing the change makes a new baseline; the worktree digest stays the same.
    git(repo.dir, 'add', '-A');
    git(repo.dir, 'commit', '-qm', 'edit');
    const committed = indexJson(repo.dir, home.dir);
    assert.equal(committed.digest, after.digest);
  } finally {
    repo.cleanup(); fresh.cleanup(); home.cleanup();
  }
});

test('binding that gives the thread away between slices equals binding in one go, cold and incremental', async () => {
  const input = (entries) => ({
    files: entries.map(([path, text]) => {
      const facts = extractFile(path, new TextEncoder().encode(text));
      return { path, facts, generated: facts.generated, lineCount: facts.lineCount, diagnostics: [] };
    }),
    manifests: [{ path: 'package.json', text: sampleProject['package.json'] }],
    buildDiagnostics: [],
  });
  let pauses = 0;
  const pause = async () => { pauses++; await new Promise((resolve) => setImmediate(resolve)); };
  const whole = GraphSession.create(input(sources));
  const sliced = await GraphSession.createPausing(input(sources), pause, 0);
  assert.ok(pauses > 0, 'a slice of 0 ms pauses between steps');
  assert.equal(sliced.output.digest, whole.output.digest);

  // A new import in the shapes' base class re-binds all its dependents (circle, the barrel, the
  // registry, main): the same in both sessions.
  const path = 'src/shapes/base.ts';
  const text = sampleProject[path];
  const edited = `import { note } from '../util';\n${text.replace('describe(): string', 'explain(): string')}`;
  assert.notEqual(edited, text);
  const change = { upserts: input([[path, edited]]).files, removed: [] };
  const before = pauses;
  const slicedUpdate = await sliced.updatePausing(change, pause, 0);
  const wholeUpdate = whole.update(change);
  assert.ok(pauses > before);
  assert.equal(slicedUpdate.output.digest, wholeUpdate.output.digest);
  assert.deepEqual(slicedUpdate.rebound, wholeUpdate.rebound);
  assert.equal(slicedUpdate.output.digest, graphOf(sources.map(([p, t]) => [p, p === path ? edited : t])).digest, 'and equals a fresh build');
});
