// Excluded material through the live daemon (invariant 2 for the `excluded_material`
// diagnostics): excluded folders and files created or deleted while the daemon runs (a tooling
// file, a minified bundle under a policy that excludes minified files, a dependency folder, a
// tooling folder) reach the live graph, whose digest, diagnostics and excluded counts then equal a fresh build's,
// without the watcher ever watching an excluded folder; a gitignored node_modules filling up
// publishes nothing.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { indexJson } from '../helpers/repo.mjs';

const FILES = {
  '.gitignore': 'node_modules/\n',
  // Minified files are Documents by default; this repository excludes them.
  '.repograph.json': '{"material": {"exclude": ["minified"]}}\n',
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
};

/** The excluded_material diagnostics of a report, as sorted `path reason` lines. */
const excludedOf = (report) => report.diagnostics
  .filter((d) => d.code === 'excluded_material')
  .map((d) => `${d.path} ${d.data?.reason}`)
  .sort();

function write(root, path, text = '') {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

test('excluded folders and files created and deleted while the daemon runs: live digest and diagnostics equal a fresh build', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('excluded');
  let fresh = 0;

  /** Compares the live report (after every change so far) with a fresh build of the tree; returns the live one. */
  const compare = async (step, expected) => {
    const live = await call(client, 'index.report', { sync: true });
    const built = indexJson(repo, join(s.dir, `fresh-home-${fresh++}`));
    assert.deepEqual(excludedOf(built), expected, `${step}: the fresh build`);
    assert.deepEqual(excludedOf(live), excludedOf(built), `${step}: the live diagnostics`);
    assert.equal(live.digest, built.digest, `${step}: the live digest`);
    assert.deepEqual(live.materials.excluded, built.materials.excluded, `${step}: the excluded counts by reason`);
    assert.equal(live.materials.submitted, built.materials.submitted, `${step}: the submitted count`);
    return live;
  };
  const stats = () => call(client, 'daemon.stats', {});

  const initial = await compare('at start', []);
  const before = await stats();
  assert.equal(before.watchedDirectories, 2, 'the root and src');

  write(repo, 'AGENTS.md', '# agents\n');
  await compare('AGENTS.md created', ['AGENTS.md tooling']);

  write(repo, 'web/app.min.js', 'function a(){return 1}\n');
  write(repo, 'web/app.ts', 'export const app = 1;\n');
  await compare('web/app.min.js created', ['AGENTS.md tooling', 'web/app.min.js minified']);

  write(repo, 'vendor/lib/x.go', 'package lib\n\nfunc X() int { return 1 }\n');
  await compare('vendor/lib/x.go created (untracked)', ['AGENTS.md tooling', 'vendor dependency', 'web/app.min.js minified']);

  write(repo, '.idea/workspace.xml', '<project/>\n');
  write(repo, 'src/CLAUDE.md', '# claude\n');
  const full = await compare('.idea/ and src/CLAUDE.md created',
    ['.idea tooling', 'AGENTS.md tooling', 'src/CLAUDE.md tooling', 'vendor dependency', 'web/app.min.js minified']);
  assert.notEqual(full.digest, initial.digest);

  // Only web is a new admitted directory: vendor, vendor/lib and .idea hold no watch.
  const grown = await stats();
  assert.equal(grown.watchedDirectories, before.watchedDirectories + 1);
  if (before.inotifyWatches !== null) assert.equal(grown.inotifyWatches, before.inotifyWatches + 1);

  // A gitignored node_modules filling up: git lists none of it, so nothing is published.
  for (let i = 0; i < 20; i++) write(repo, `node_modules/pkg${i}/index.js`, `module.exports = ${i};\n`);
  write(repo, 'node_modules/.package-lock.json', '{}\n');
  const afterInstall = await compare('a gitignored node_modules written',
    ['.idea tooling', 'AGENTS.md tooling', 'src/CLAUDE.md tooling', 'vendor dependency', 'web/app.min.js minified']);
  assert.equal(afterInstall.generation, full.generation, 'no new generation for a gitignored folder');
  assert.equal((await stats()).watchedDirectories, grown.watchedDirectories);

  rmSync(join(repo, 'AGENTS.md'));
  rmSync(join(repo, 'web/app.min.js'));
  await compare('AGENTS.md and web/app.min.js deleted', ['.idea tooling', 'src/CLAUDE.md tooling', 'vendor dependency']);

  rmSync(join(repo, 'vendor'), { recursive: true });
  rmSync(join(repo, '.idea'), { recursive: true });
  rmSync(join(repo, 'src/CLAUDE.md'));
  await compare('vendor/, .idea/ and src/CLAUDE.md deleted', []);

  rmSync(join(repo, 'node_modules'), { recursive: true });
  rmSync(join(repo, 'web'), { recursive: true });
  const end = await compare('node_modules and web deleted', []);
  assert.equal(end.digest, initial.digest, 'back to the initial tree');
  assert.equal((await stats()).watchedDirectories, before.watchedDirectories);
});
