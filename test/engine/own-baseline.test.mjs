// The baseline a cold index publishes for HEAD from the worktree's own bound tree (when the tree
// is the commit's) equals the baseline built from git objects in a fresh store: with documents
// in the tree (the worktree does not hash them), and with a resolution manifest edited but not
// committed (a dirty tsconfig.json that changes how imports resolve), where the tree is not the
// commit's and the baseline must come from git. Real git, LMDB and the worker pool.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openRepository } from '../../packages/engine/dist/index.js';
import { git, gitRepo, tempDir, writeFiles } from '../helpers/repo.mjs';

const files = {
  'README.md': '# sample\n\nA project with documents beside its code.\n',
  'LICENSE': 'Permission is granted.\n',
  'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['src/lib/*'] } } }),
  'src/lib/math.ts': 'export function double(x: number): number {\n  return x * 2;\n}\n',
  'src/main.ts': "import { double } from '@lib/math';\n\nexport function main(): number {\n  return double(21);\n}\n",
};

/** The digest of HEAD's baseline in the store at `home`, built from git objects when missing. */
async function baselineOf(root, home, { indexFirst }) {
  const repository = await openRepository({ repoRoot: root, dataRoot: home, threads: 1 });
  try {
    const indexed = indexFirst ? await repository.index() : null;
    const baseline = await repository.ensureBaseline('HEAD');
    return { digest: baseline.report.digest, alreadyExisted: baseline.alreadyExisted, worktreeDigest: indexed?.digest ?? null };
  } finally {
    await repository.close();
  }
}

test('a clean worktree with documents publishes the baseline a build from git objects gives', { timeout: 60_000 }, async (t) => {
  const repo = tempDir('repograph-own-baseline-');
  const homes = [tempDir('repograph-own-home-'), tempDir('repograph-own-fresh-')];
  t.after(() => { repo.cleanup(); for (const home of homes) home.cleanup(); });
  gitRepo(repo.dir, files);
  const fromTree = await baselineOf(repo.dir, homes[0].dir, { indexFirst: true });
  const fromGit = await baselineOf(repo.dir, homes[1].dir, { indexFirst: false });
  assert.equal(fromTree.alreadyExisted, true, 'the cold index published HEAD\'s baseline');
  assert.equal(fromTree.digest, fromGit.digest, 'the same graph as a build from git objects');
  assert.equal(fromTree.worktreeDigest, fromGit.digest, 'and the clean worktree is that graph');
});

test('a dirty resolution manifest keeps the worktree\'s graph out of the commit\'s baseline', { timeout: 60_000 }, async (t) => {
  const repo = tempDir('repograph-own-baseline-dirty-');
  const homes = [tempDir('repograph-own-home-'), tempDir('repograph-own-fresh-')];
  t.after(() => { repo.cleanup(); for (const home of homes) home.cleanup(); });
  gitRepo(repo.dir, files);
  // Same size, other text: the alias no longer matches, so `@lib/math` stops resolving.
  const edited = files['tsconfig.json'].replace('@lib/*', '@lab/*');
  assert.equal(edited.length, files['tsconfig.json'].length);
  writeFiles(repo.dir, { 'tsconfig.json': edited });
  assert.match(git(repo.dir, 'status', '--porcelain'), /tsconfig\.json/);
  const fromTree = await baselineOf(repo.dir, homes[0].dir, { indexFirst: true });
  const fromGit = await baselineOf(repo.dir, homes[1].dir, { indexFirst: false });
  assert.notEqual(fromTree.worktreeDigest, fromGit.digest, 'the edited tsconfig changes the worktree\'s graph');
  assert.equal(fromTree.digest, fromGit.digest, 'the baseline is the commit\'s graph, not the worktree\'s');
});
