// A hostile regular expression cannot freeze the daemon: patterns run in linear time (those that
// cannot, such as backreferences, are refused as InvalidParams), text search gives the thread
// away every few milliseconds, and another client's index.status keeps answering throughout.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope, within } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
};

test('a backtracking regular expression answers at once and stalls no one', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const attacker = await daemon.client('attacker');
  const bystander = await daemon.client('bystander');
  await call(bystander, 'index.status', { sync: true });
  // The reproduction: an unsaved buffer `// aaa...a!` (4,000 a's; 27 took 4 s before, x2.3 per character).
  const lines = Array.from({ length: 50 }, () => `// ${'a'.repeat(4000)}!`).join('\n');
  await call(attacker, 'workspace.refresh', { id: 'default', contents: { 'src/evil.ts': `${lines}\nexport const evil = 1;\n` } });

  let worstGapMs = 0;
  let polling = true;
  const poller = (async () => {
    let last = performance.now();
    while (polling) {
      await call(bystander, 'index.status', {});
      const now = performance.now();
      worstGapMs = Math.max(worstGapMs, now - last);
      last = now;
    }
  })();
  for (const pattern of ['(a|a)+$', '(a+)+$', '(a|aa)+!x', '(.*a){12}!y']) {
    const answer = await within(call(attacker, 'code.searchText', { pattern, regex: true, path: 'src' }), 10_000, `searchText ${pattern}`);
    assert.equal(Array.isArray(answer.matches), true);
  }
  polling = false;
  await poller;
  assert.ok(worstGapMs < 2_000, `index.status kept answering during the searches (worst gap ${Math.round(worstGapMs)} ms)`);

  // Patterns that cannot run in linear time, and over-long ones, are refused by name.
  for (const pattern of ['(a)\\1', '(?=a)a', '(?<=a)b', 'a{100000}', 'x'.repeat(5000)]) {
    const error = await rejection(call(attacker, 'code.searchText', { pattern, regex: true }), pattern.slice(0, 20));
    assert.equal(error.data.code, 'InvalidParams', error.message);
    assert.equal(error.data.field, 'pattern');
  }
  const unbalanced = await rejection(call(attacker, 'code.searchText', { pattern: 'shared(', regex: true }));
  assert.equal(unbalanced.data.code, 'InvalidParams');
  // Ordinary expressions still work.
  const found = await call(attacker, 'code.searchText', { pattern: 'shar+ed\\(\\)', regex: true });
  assert.deepEqual(found.matches.map((m) => [m.path, m.line]), [['src/lib.ts', 1]]);
  assert.equal(daemon.child.exitCode, null);
});
