// EvidenceFiles reads only inside the repository: an absolute path, a `..` escape, a link that
// leads out and a dangling link all count 0 and are never read.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { EvidenceFiles } from './evidence.js';

test('evidence outside the repository counts nothing', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-evidence-')));
  try {
    const repo = join(base, 'repo');
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, 'src/a.ts'), 'export const a = 1;\n');
    writeFileSync(join(base, 'secret.txt'), 'secret words '.repeat(100));
    symlinkSync(join(base, 'secret.txt'), join(repo, 'src/out.txt'));
    symlinkSync(join(base, 'missing.txt'), join(repo, 'src/dangling.txt'));
    const evidence = new EvidenceFiles(repo);
    const inside = evidence.baselineTokens(['src/a.ts']);
    assert.ok(inside > 0);
    assert.equal(evidence.baselineTokens(['src/a.ts', 'src/a.ts']), inside, 'a file counts once');
    for (const path of [join(base, 'secret.txt'), '../secret.txt', 'src/../../secret.txt', 'src/out.txt', 'src/dangling.txt', '', 'src/\0a.ts']) {
      assert.equal(evidence.baselineTokens([path]), 0, JSON.stringify(path));
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
