// The periodic full rescan (--reconcile-interval) catches what no watcher event reports: files
// that appear inside an excluded folder after the folder appeared empty (nothing below an
// excluded folder is watched). After the rescan the live graph equals a fresh build; without
// rescans (interval 0) it does not, which is the gap the rescan closes.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { indexJson } from '../helpers/repo.mjs';

const FILES = { 'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n' };

const excludedPaths = (report) => report.diagnostics.filter((d) => d.code === 'excluded_material').map((d) => d.path).sort();

async function fillVendorLate(s, name, interval) {
  const repo = s.repo(name, FILES);
  const daemon = await s.daemon(repo, { args: ['--reconcile-interval', String(interval)] });
  const client = await daemon.client('rescan');
  await call(client, 'index.status', { sync: true });
  mkdirSync(join(repo, 'vendor/lib'), { recursive: true });
  await call(client, 'index.status', { sync: true }); // the empty folder is seen, and lists nothing
  writeFileSync(join(repo, 'vendor/lib/x.go'), 'package lib\n\nfunc X() int { return 1 }\n');
  return { repo, client };
}

test('a rescan finds files added inside an excluded folder that no event reported', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const { repo, client } = await fillVendorLate(s, 'repo', 1);
  const live = await waitFor(async () => {
    const report = await call(client, 'index.report', {});
    return excludedPaths(report).includes('vendor') ? report : null;
  }, 'a rescan to report vendor');
  const fresh = indexJson(repo, join(s.dir, 'fresh-home'));
  assert.deepEqual(excludedPaths(fresh), ['vendor']);
  assert.equal(live.digest, fresh.digest);
});

test('without rescans the same change goes unseen (the gap the rescan closes)', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const { client } = await fillVendorLate(s, 'repo', 0);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.deepEqual(excludedPaths(await call(client, 'index.report', { sync: true })), []);
});
