// The TypeScript masking (extract/src/js/mask.ts, mask-templates.ts) under hostile input, through
// the daemon: a file near the parse bound holding hundreds of broken template types, tagged
// templates with unbalanced or endless type arguments, runs of `>` before backticks and a dangling
// backslash still publishes every declaration the grammar can recover, with true positions, and
// the masking never breaks a file that parses; symbols.outline and search answer typed results,
// a binary file with the same constructs is no TypeScript at all, and another client is answered
// meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

/** About 900 KiB (under the 1 MiB parse bound): a broken template type every 20 functions. */
function hostileFile() {
  const parts = [];
  let size = 0;
  for (let i = 0; size < 900 * 1024; i++) {
    const part = i % 20 === 0
      ? `type Broken${i} = \`a \\\`b\\\` \\\${c} \\\\\` ;\nconst q${i} = sql<{ id: string; n: number }>\`SELECT id FROM t${i}\`;\n`
      : `export function f${i}(x: number): number { return g(x) + ${i}; }\n`;
    parts.push(part);
    size += part.length;
  }
  parts.push(`const runs = a${'>'.repeat(20_000)}\`x\`;\n`);
  parts.push(`const endless = tag<${'{ a: '.repeat(3000)}\`y\`;\n`);
  parts.push('export type * from "./clean";\nexport function last(): number { return 1; }\nconst dangling = `\\');
  return parts.join('');
}

const CLEAN = 'export type Row = { id: string };\nexport const greet = (name: string) => `hi ${name} \\`quoted\\``;\nexport function g(x: number): number { return x; }\n';

test('hostile template syntax near the parse bound keeps what parses, and the masking leaves clean files alone', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('masking', {
    'package.json': JSON.stringify({ name: 'masking', version: '1.0.0' }),
    'src/hostile.ts': hostileFile(),
    'src/clean.ts': CLEAN,
    'src/binary.ts': Buffer.concat([Buffer.from('type T = `a\\`b`;\n'), Buffer.from([0, 1, 2, 3])]),
  });
  const daemon = await s.daemon(repo);
  const client = await daemon.client('masking');
  const other = await daemon.client('bystander');
  await call(client, 'index.status', { sync: true });

  const outline = await call(client, 'symbols.outline', { path: 'src/hostile.ts', limit: 2000 });
  const names = new Set(outline.symbols.map((symbol) => symbol.name));
  for (const name of ['f1', 'f19', 'f21', 'f1001']) assert.ok(names.has(name), `${name} after broken templates is kept`);
  const last = await call(client, 'symbols.search', { query: 'last', path: 'src/hostile.ts' });
  assert.ok(last.symbols.some((symbol) => symbol.id === 'src/hostile.ts#last'), 'the function after every hostile construct is published');

  const clean = await call(client, 'symbols.outline', { path: 'src/clean.ts' });
  assert.deepEqual(clean.symbols.map((symbol) => `${symbol.name}@${symbol.line}`), ['Row@1', 'id@1', 'greet@2', 'g@3']);
  const binary = await call(client, 'symbols.outline', { path: 'src/binary.ts' });
  assert.deepEqual(binary.symbols, [], 'a binary file has no declarations');

  const missing = await rejection(call(client, 'symbols.outline', { path: 'src/absent.ts' }));
  assert.equal(missing.codeName, 'FileNotFound');
  assert.equal((await call(other, 'index.status', {})).state, 'idle');
});
