// The policy file is read only as a regular file in the repository root: a link to a file
// outside (or to one inside) is refused with a UsageError that names the file, never its
// content, and the policy in force stays; a policy read from outside is never applied.
import assert from 'node:assert/strict';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'docs/guide.md': '# Guide\n',
};

test('a linked policy file is refused and its content never quoted', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  // A secret outside the repository, shaped like a policy that would change what is indexed.
  const outside = join(s.dir, 'outside-policy.json');
  writeFileSync(outside, '{"material": {"exclude": ["source"]}, "secret": "tok3n-s3cr3t"}\n');
  const passwdLike = join(s.dir, 'passwd');
  writeFileSync(passwdLike, 'root:x:0:0:root:/root:/bin/bash\n');

  const daemon = await s.daemon(repo);
  const client = await daemon.client('policy');
  await call(client, 'index.status', { sync: true });
  assert.equal((await call(client, 'symbols.search', { query: 'shared' })).symbols.length, 1);

  for (const target of [outside, passwdLike, join(repo, 'docs/guide.md')]) {
    symlinkSync(target, join(repo, '.repograph.json'));
    await waitFor(async () => (await call(client, 'index.status', {})).state === 'error', `the linked policy (${target}) to be refused`);
    const status = await call(client, 'index.status', {});
    assert.equal(status.errorCode, 'UsageError');
    assert.match(status.error, /symbolic link/);
    for (const secret of ['tok3n', 'root:x', '# Guide']) {
      assert.ok(!status.error.includes(secret), `the error quotes no content: ${status.error}`);
      assert.ok(!JSON.stringify(status.errorData ?? {}).includes(secret));
    }
    // The policy from outside was not applied: sources are still indexed.
    assert.equal((await call(client, 'symbols.search', { query: 'shared', sync: true })).symbols.length, 1);
    rmSync(join(repo, '.repograph.json'));
    await waitFor(async () => (await call(client, 'index.status', {})).state === 'idle', 'the link to be gone');
  }
  const log = daemon.output();
  assert.ok(!log.includes('tok3n') && !log.includes('root:x'), 'the log quotes no content');

  // Malformed JSON is reported by position, without its text.
  writeFileSync(join(repo, '.repograph.json'), 'root:x:0:0:tok3n\n');
  await waitFor(async () => (await call(client, 'index.status', {})).state === 'error', 'the malformed policy to be reported');
  const malformed = await call(client, 'index.status', {});
  assert.match(malformed.error, /not valid JSON/);
  assert.ok(!malformed.error.includes('root:x') && !malformed.error.includes('tok3n'), malformed.error);
});
