// A file's facts do not depend on what the same thread extracted before it. An extraction worker
// runs file after file, in an order the batching decides (largest first, minus what the fact
// cache holds), so any state a walker keeps past its file makes a graph differ from run to run.
// (A Python walrus left the statement bounds of declaration ranges set at module level, and a later
// file's loop targets took that end as their own: Django's digest changed between cold indexes.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile } from '@repograph/extract/in-process';

const inputs = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/extract/input');
const fixtures = readdirSync(inputs).sort().map((name) => [name, readFileSync(join(inputs, name))]);
const factsOf = (name, bytes) => JSON.stringify(extractFile(name, bytes));

test('every fixture gives the same facts in any order of extraction', () => {
  const forward = new Map(fixtures.map(([name, bytes]) => [name, factsOf(name, bytes)]));
  for (const [name, bytes] of [...fixtures].reverse()) assert.equal(factsOf(name, bytes), forward.get(name), `${name} after the fixtures that follow it`);
  // Each file right after each language's largest fixture, which leaves the most state behind.
  for (const [previous, previousBytes] of fixtures.filter(([, bytes]) => bytes.byteLength > 2000)) {
    for (const [name, bytes] of fixtures) {
      extractFile(previous, previousBytes);
      assert.equal(factsOf(name, bytes), forward.get(name), `${name} right after ${previous}`);
    }
  }
});

test('a Python walrus late in one file does not stretch the next file\'s loop targets', () => {
  const walrus = Buffer.from(`${'x = 1\n'.repeat(2000)}if (m := len("abc")):\n    pass\n`);
  const loops = Buffer.from('def f(pairs):\n    for a, b in pairs:\n        return a\n\n\nclass C:\n    def g(self, xs):\n        for self.item in xs:\n            pass\n');
  const alone = extractFile('loops.py', loops);
  extractFile('walrus.py', walrus);
  const after = extractFile('loops.py', loops);
  assert.deepEqual(after.declarations, alone.declarations);
  const range = (facts, name) => facts.declarations.find((d) => d.name === name).range;
  // A loop target's range is its name (no assignment statement encloses it).
  assert.deepEqual(range(alone, 'a'), { start: { line: 2, column: 9 }, end: { line: 2, column: 10 } });
  assert.deepEqual(range(alone, 'item'), { start: { line: 8, column: 18 }, end: { line: 8, column: 22 } });
});
