/**
 * git-status.ts's parser over `git status --porcelain=v2 --branch -z` output: headers, each entry
 * kind counted once (a rename's second record, its original path, is not an entry), upstream
 * and ahead/behind only when git prints them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatus } from './git-status.js';

const record = (...records: string[]): string => `${records.join('\0')}\0`;

test('counts changed, renamed, unmerged and untracked entries, and reads the branch headers', () => {
  const output = record(
    '# branch.oid 0123456789abcdef0123456789abcdef01234567', '# branch.head feature', '# branch.upstream origin/main', '# branch.ab +3 -1',
    '1 .M N... 100644 100644 100644 aaaa bbbb src/a.ts',
    '2 R. N... 100644 100644 100644 aaaa aaaa R100 src/new name.ts', 'src/old name.ts',
    'u UU N... 100644 100644 100644 100644 aaaa bbbb cccc src/conflict.ts',
    '? notes.md', '? build dir/',
  );
  assert.deepEqual(parseStatus(output), { dirtyFiles: 5, branch: 'feature', upstream: 'origin/main', ahead: 3, behind: 1 });
});

test('a detached HEAD has no branch; an upstream that is gone has no ahead/behind; a clean tree counts 0', () => {
  assert.deepEqual(parseStatus(record('# branch.oid 0123', '# branch.head (detached)')), { dirtyFiles: 0, branch: null, upstream: null, ahead: null, behind: null });
  assert.deepEqual(parseStatus(record('# branch.head main', '# branch.upstream origin/gone')), { dirtyFiles: 0, branch: 'main', upstream: 'origin/gone', ahead: null, behind: null });
  assert.deepEqual(parseStatus(''), { dirtyFiles: 0, branch: null, upstream: null, ahead: null, behind: null });
});
