// .repograph.json edited while the daemon runs: a new material policy takes effect without a
// restart (vendored code becomes parsed, then the analysis preset applies), each time equal to a
// fresh build under the same file; a malformed file is reported by index.status as a UsageError
// naming the file while the policy in force keeps answering; fixing it clears the error.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { indexJson } from '../helpers/repo.mjs';

const FILES = {
  'src/app.ts': "import { dep } from '../vendor/lib/dep';\nexport function app(): number {\n  return dep();\n}\n",
  'vendor/lib/dep.ts': 'export function dep(): number {\n  return 2;\n}\n',
};

test('a changed .repograph.json takes effect in the running daemon; a malformed one is reported', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('policy');
  let fresh = 0;
  const freshReport = () => indexJson(repo, join(s.dir, `fresh-home-${fresh++}`));
  const report = () => call(client, 'index.report', {});
  /** Waits until the live report satisfies `predicate` with the daemon idle. */
  const settles = (predicate, what) => waitFor(async () => {
    const status = await call(client, 'index.status', {});
    if (status.state !== 'idle') return null;
    const live = await report();
    return predicate(live) ? live : null;
  }, what, 60_000).catch(async (error) => {
    // Say where it stood: the status names the state, the preset and any error.
    throw new Error(`${error.message}; index.status: ${JSON.stringify(await call(client, 'index.status', {})).slice(0, 1500)}`);
  });

  await call(client, 'index.status', { sync: true });
  assert.deepEqual((await call(client, 'symbols.search', { query: 'dep' })).symbols.filter((x) => x.kind === 'function').map((x) => x.id), []);
  const excludedAtStart = (await report()).diagnostics.filter((d) => d.code === 'excluded_material').map((d) => d.path);
  assert.deepEqual(excludedAtStart, ['vendor']);

  writeFileSync(join(repo, '.repograph.json'), JSON.stringify({ material: { parse: ['dependency'] } }));
  const parsed = await settles((live) => !live.diagnostics.some((d) => d.path === 'vendor'), 'vendor to be parsed under the new policy');
  assert.equal((await call(client, 'symbols.search', { query: 'dep' })).symbols[0]?.id, 'vendor/lib/dep.ts#dep');
  assert.equal(parsed.digest, freshReport().digest, 'equal to a fresh build under the same policy');

  writeFileSync(join(repo, '.repograph.json'), '{"material": {"parse": ["dependency"]');
  const broken = await waitFor(async () => {
    const status = await call(client, 'index.status', {});
    return status.state === 'error' ? status : null;
  }, 'the malformed policy file to be reported');
  assert.equal(broken.errorCode, 'UsageError');
  assert.match(broken.error, /\.repograph\.json: not valid JSON/);
  assert.equal((await call(client, 'symbols.search', { query: 'dep' })).symbols[0]?.id, 'vendor/lib/dep.ts#dep', 'the policy in force keeps answering');

  writeFileSync(join(repo, '.repograph.json'), JSON.stringify({ preset: 'analysis', material: { parse: ['dependency'] } }));
  const analysis = await settles((live) => live.selection.preset === 'analysis', 'the analysis preset to apply');
  assert.equal((await call(client, 'index.status', {})).errorCode, undefined, 'the error is cleared');
  assert.equal(analysis.digest, freshReport().digest);
});
