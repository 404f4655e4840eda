// Budgets through the real daemon: an edit on disk that would pass the analysis budget fails
// that refresh with BudgetExceeded; index.status says `error` with the code and the figures;
// queries keep answering from the last published generation; index.report still returns that
// generation's BuildReport; and removing the cause brings the daemon back to a fresh build's digest.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { indexJson } from '../helpers/repo.mjs';

const FILES = {
  '.repograph.json': JSON.stringify({ budgets: { analysis: { entities: 30 } } }),
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib';\nexport function use(): number {\n  return shared();\n}\n",
};

test('a live refresh over budget fails clearly and the published graph stays', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('budgets');
  const before = await call(client, 'index.status', { sync: true });
  assert.equal(before.state, 'idle');
  const generation = before.meta.generation;
  const digest = before.lastReport.digest;

  const many = Array.from({ length: 40 }, (_, i) => `export function f${i}(): number {\n  return ${i};\n}\n`).join('');
  writeFileSync(join(repo, 'src/many.ts'), many);
  const failed = await waitFor(async () => {
    const status = await call(client, 'index.status', {});
    return status.state === 'error' ? status : null;
  }, 'the refresh over budget to fail');
  assert.equal(failed.errorCode, 'BudgetExceeded', failed.error);
  assert.equal(failed.errorData.stage, 'analysis');
  assert.equal(failed.errorData.unit, 'entities');
  assert.equal(failed.errorData.limit, 30);
  assert.ok(failed.errorData.used + failed.errorData.adding > 30);
  assert.match(failed.error, /budgets\.analysis\.entities/);
  assert.equal(failed.lastReport.digest, digest, 'the last published graph is still the one reported');

  const answer = await call(client, 'symbols.search', { query: 'shared' });
  assert.equal(answer.meta.generation, generation, 'queries read the last published generation');
  assert.equal(answer.symbols[0].id, 'src/lib.ts#shared');
  assert.deepEqual((await call(client, 'symbols.search', { query: 'f39' })).symbols, []);
  assert.equal((await call(client, 'index.report', {})).digest, digest);

  rmSync(join(repo, 'src/many.ts'));
  const recovered = await waitFor(async () => {
    const status = await call(client, 'index.status', {});
    return status.state === 'idle' ? status : null;
  }, 'the daemon to recover');
  assert.equal(recovered.lastReport.digest, digest);
  assert.equal(recovered.errorCode, undefined);
  assert.equal(indexJson(repo, join(s.dir, 'fresh-home')).digest, digest, 'equal to a fresh build');
});
