// Committed mode's text through the real daemon, with what a commit can hold that the index never
// admitted (engine commit-text.ts reads such a path as <commit>:<path>, its size asked first): a
// file over the 8 MiB read bound, a binary, a folder, a path that does not exist, one that climbs
// out of the repository. Each is a typed answer or error, and a second client is answered all
// along.
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { git } from '../helpers/repo.mjs';

test('committed-mode spans of files the index did not admit: bounded, typed, nobody stalled', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', { 'src/a.ts': 'export function a(): number {\n  return 1;\n}\n' });
  mkdirSync(join(repo, 'node_modules/big'), { recursive: true });
  writeFileSync(join(repo, 'node_modules/big/huge.js'), `// ${'x'.repeat(9 * 1024 * 1024)}\n`);
  writeFileSync(join(repo, 'node_modules/big/blob.bin'), Buffer.from([0, 1, 2, 255, 0, 10, 65, 10]));
  git(repo, 'add', '-A');
  git(repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'vendored');

  const daemon = await s.daemon(repo);
  const client = await daemon.client('committed');
  const bystander = await daemon.client('bystander');
  await call(client, 'index.status', { sync: true });
  let polling = true;
  let answers = 0;
  const polled = (async () => {
    while (polling) {
      await call(bystander, 'daemon.stats', {});
      answers++;
    }
  })();
  try {
    const span = (path) => call(client, 'code.span', { path, startLine: 1, endLine: 1, commit: 'HEAD' });
    const huge = await rejection(span('node_modules/big/huge.js'));
    assert.deepEqual([huge.codeName, huge.data.reason, huge.data.limit], ['UsageError', 'too_large', 8 * 1024 * 1024], huge.message);
    assert.ok(huge.data.size > 9 * 1024 * 1024);
    const binary = await span('node_modules/big/blob.bin');
    assert.equal(typeof binary.text, 'string', 'a binary is quoted as text like on disk, bounded to its lines');
    const folder = await rejection(span('node_modules/big'));
    assert.equal(folder.codeName, 'UsageError', folder.message);
    const missing = await rejection(span('node_modules/none.js'));
    assert.equal(missing.codeName, 'FileNotFound');
    const escape = await rejection(span('../outside.txt'));
    assert.ok(['InvalidParams', 'PathOutsideRepo'].includes(escape.codeName), escape.codeName);
    assert.equal((await span('src/a.ts')).text, 'export function a(): number {', 'the daemon goes on answering');
  } finally {
    polling = false;
    await polled;
  }
  assert.ok(answers > 0, 'the bystander was answered while the committed-mode reads ran');
});
