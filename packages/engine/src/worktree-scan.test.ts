import assert from 'node:assert/strict';
import { test } from 'node:test';
import { excludedCounts, excludeFolders, insideExcludedFolder } from './worktree-scan.js';

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
