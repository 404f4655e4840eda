// Incremental refresh equals a fresh build for the Python flow rules (issue 16): edits that
// change which of a name's bindings other files see (a branch becomes one that never runs, a
// second definition replaces the first, an overload loses its implementation) re-bind the
// dependents, and the digest equals a from-scratch build of the same tree.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { freshDigest, suiteRepository } from '../helpers/engine.mjs';
import { pythonFlowProject } from '../helpers/python-flow-project.mjs';

const edits = [
  ['app/compat.py', (t) => t.replace('if sys.platform == "win32":\n    def terminal', 'if sys.version_info < (3,):\n    def terminal')],
  ['app/compat.py', (t) => t.replace('def inside():', 'def replaced():\n    pass\n\n\ndef inside():')],
  ['app/api.py', (t) => t.replace('def load(key):\n    return Item()\n', '')],
  ['app/api.py', (t) => t.replace('def load(key: str) -> Item: ...\n', 'def load(key: str) -> Item: ...\ndef load(key):\n    return Item()\n')],
];

describe('incremental refresh of Python branches and overloads', () => {
  const suite = suiteRepository(pythonFlowProject);

  test('each edit re-binds its dependents and equals a fresh build', async () => {
    for (const [path, edit] of edits) {
      const absolute = join(suite.root, path);
      const before = readFileSync(absolute, 'utf8');
      const after = edit(before);
      assert.notEqual(after, before, `the edit of ${path} changes the file`);
      writeFileSync(absolute, after);
      const result = await suite.repository.refresh('default', { paths: [path] });
      assert.equal(result.bind.mode, 'incremental', `${path}: a content edit is bound incrementally`);
      assert.equal(result.digest, await freshDigest(suite.root), `${path}: incremental equals fresh`);
    }
  });
});
