// Snapshot tests of the TypeScript/JavaScript extractor: every file in
// test/fixtures/extract/input/ is extracted and compared with output/<name>.json.
// UPDATE_SNAPSHOTS=1 rewrites the expected files; review every change by hand before committing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile } from '@repograph/extract/in-process';
import { formatJson } from './format.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '../fixtures/extract');
const update = process.env.UPDATE_SNAPSHOTS === '1';
const UPDATE_COMMAND = 'UPDATE_SNAPSHOTS=1 node --test test/extract/snapshots.test.mjs';

/** Extracts one input fixture and compares (or, with UPDATE_SNAPSHOTS=1, rewrites) its snapshot. */
function check(fileName) {
  const bytes = readFileSync(join(fixtures, 'input', fileName));
  const actual = formatJson(extractFile(fileName, bytes));
  const expectedPath = join(fixtures, 'output', `${fileName.replace(/\.[^.]+$/, '')}.json`);
  if (update) {
    writeFileSync(expectedPath, actual);
    return;
  }
  if (!existsSync(expectedPath)) {
    assert.fail(`No snapshot for ${fileName}. Create it with: ${UPDATE_COMMAND}`);
  }
  const expected = readFileSync(expectedPath, 'utf8');
  if (actual !== expected) {
    assert.fail(`Snapshot mismatch for ${fileName}:\n${lineDiff(expected, actual)}\n` +
      `If the change is intended, update with: ${UPDATE_COMMAND}`);
  }
}

/** A unified-style diff of two texts (longest common subsequence of lines), with 2 lines of context. */
function lineDiff(expected, actual) {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) ops.push([' ', a[i++], j++]);
    else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) ops.push(['+', b[j], j++]);
    else ops.push(['-', a[i++], j]);
  }
  const keep = ops.map((op, k) => op[0] !== ' ' || ops.slice(Math.max(0, k - 2), k + 3).some((near) => near[0] !== ' '));
  const out = [];
  let skipped = false;
  ops.forEach((op, k) => {
    if (!keep[k]) {
      skipped = true;
      return;
    }
    if (skipped) out.push('  ...');
    skipped = false;
    out.push(`${op[0]} ${op[1]}`);
  });
  return out.join('\n');
}

for (const fileName of readdirSync(join(fixtures, 'input')).sort()) {
  test(`extract ${fileName}`, () => check(fileName));
}
