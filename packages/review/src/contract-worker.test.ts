/**
 * Tests of where the contract diff runs: a large spec is diffed in a worker thread with the same
 * answer as inline, while the main thread keeps turning; a key written twice in a YAML map is a
 * problem with its line.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffContracts } from './contract/index.js';
import { diffContractsOffThread } from './contract-worker.js';

function bigSpec(operations: number, rename: number | null): string {
  const lines = ['openapi: 3.0.3', 'info:', '  title: big', '  version: "1"', 'paths:'];
  for (let index = 0; index < operations; index++) {
    lines.push(`  /items${index}:`, '    get:', `      operationId: ${index === rename ? 'renamed' : `get${index}`}`, '      responses:', "        '200':", '          description: ok');
  }
  return `${lines.join('\n')}\n`;
}

test('a large spec is diffed in a worker thread with the inline answer, and the main thread keeps turning', async () => {
  const sides = [{ path: 'openapi.yaml', before: bigSpec(2500, null), after: bigSpec(2500, 7) }];
  assert.ok(sides[0]!.before.length > 256 * 1024);
  let ticks = 0;
  const timer = setInterval(() => { ticks++; }, 5);
  const offThread = await diffContractsOffThread(sides);
  clearInterval(timer);
  assert.ok(ticks > 5, `the event loop turned while the worker parsed (${ticks} ticks)`);
  assert.deepEqual(offThread, await diffContracts(sides));
  assert.ok(offThread.changes.some((change) => change.operation === 'GET /items7'));
});

test('a key written twice in a YAML map is a problem with its line', async () => {
  const text = 'openapi: 3.0.3\ninfo:\n  title: t\n  version: "1"\npaths:\n  /a:\n    get:\n      responses: {}\n  /a:\n    post:\n      responses: {}\n';
  const diff = await diffContracts([{ path: 'openapi.yaml', before: null, after: text }]);
  assert.equal(diff.problems.length, 1, JSON.stringify(diff));
  assert.match(diff.problems[0]!.message, /"\/a" appears twice/);
  assert.equal(diff.problems[0]!.line, 9);
});
