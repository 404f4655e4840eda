import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MATERIAL_POLICY } from '@repograph/graph';
import { excludedAncestor, excludedAncestors, excludedCounts, excludeFolders, insideExcludedFolder } from './worktree-scan.js';

test('excludeFolders: one count per outermost excluded folder; file-level tags stay with the file', () => {
  const { kept, diagnostics, folders } = excludeFolders([
    'src/a.ts', 'vendor/x/a.go', 'vendor/x/b.go', 'pkg/__pycache__/m.py', 'AGENTS.md', 'docs/CLAUDE.md', 'node_modules/p/i.js',
  ]);
  assert.deepEqual(kept, ['src/a.ts', 'AGENTS.md', 'docs/CLAUDE.md']);
  assert.deepEqual(excludedCounts(folders.values()), { dependency: 3, cache: 1 });
  assert.deepEqual([...folders], [
    ['node_modules', { reason: 'dependency', count: 1 }], ['pkg/__pycache__', { reason: 'cache', count: 1 }], ['vendor', { reason: 'dependency', count: 2 }],
  ]);
  assert.deepEqual(diagnostics.map((d) => [d.path, d.data?.['reason']]), [
    ['node_modules', 'dependency'], ['pkg/__pycache__', 'cache'], ['vendor', 'dependency'],
  ]);
  assert.equal(insideExcludedFolder('.vscode/settings.json'), true);
  assert.equal(insideExcludedFolder('AGENTS.md'), false);
});

test('excludedAncestors judges each folder once and agrees with excludedAncestor on every path', () => {
  const paths = [
    'a.ts', 'src/a.ts', 'src/node_modules/p/i.js', 'node_modules/p/node_modules/q/i.js', 'dist/x.js', 'src/dist/y/z.js',
    'pkg/__pycache__/m.py', 'pkg/sub/__pycache__/deep/n.py', 'vendor/x/a.go', 'src/vendored/v.ts', '.vscode/settings.json',
    'docs/guide/intro.md', 'a/b/c/d/e/f.ts', 'a/b/node_modules/c/d.ts', 'a/b/c/node_modules/e.ts',
  ];
  const ancestorOf = excludedAncestors(DEFAULT_MATERIAL_POLICY);
  for (const path of [...paths, ...paths.slice().reverse()]) {
    assert.equal(ancestorOf(path), excludedAncestor(path, DEFAULT_MATERIAL_POLICY), path);
  }
  assert.equal(ancestorOf('node_modules/p/node_modules/q/i.js'), 'node_modules', 'the outermost excluded folder');
  assert.equal(ancestorOf('src/a.ts'), 'src/a.ts', 'a path under no excluded folder is itself');
});
