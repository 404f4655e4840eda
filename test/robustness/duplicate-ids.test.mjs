// Requests that reuse an id still in flight on their connection: each is answered at once with
// an InvalidParams error naming the id (vscode-jsonrpc keys its queue by id and would otherwise
// drop all but one, leaving the client waiting forever); the id is free again once answered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { rawConnect } from '../helpers/raw-client.mjs';

const FILES = {};
for (let i = 0; i < 40; i++) {
  FILES[`src/m${i}.ts`] = Array.from({ length: 40 }, (_, j) => `export function shared${i}_${j}(): number {\n  return ${j};\n}\n`).join('');
}

test('five pipelined requests with one id get five answers: one result, four errors', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  await call(await daemon.client('setup'), 'index.status', { sync: true });

  const raw = await rawConnect(daemon.endpoint.socket);
  s.defer(() => raw.close());
  const request = (id, params = { query: 'shared', limit: 1000 }) => ({ jsonrpc: '2.0', id, method: 'symbols.search', params });
  // One write holding all five frames: they reach the daemon together, before any is answered.
  const frames = Array.from({ length: 5 }, () => {
    const body = Buffer.from(JSON.stringify(request(77)), 'utf8');
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
  });
  await raw.write(Buffer.concat(frames));
  await raw.next(() => raw.messages.filter((m) => m.id === 77).length >= 5, 'five answers to id 77', 20_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const answers = raw.messages.filter((m) => m.id === 77);
  assert.equal(answers.length, 5, 'exactly five answers, no more');
  assert.equal(answers.filter((m) => m.result !== undefined).length, 1, 'one result');
  const errors = answers.filter((m) => m.error !== undefined);
  assert.equal(errors.length, 4, 'four errors');
  for (const { error } of errors) {
    assert.equal(error.data.code, 'InvalidParams');
    assert.equal(error.data.field, 'id');
    assert.match(error.message, /77/);
    assert.match(error.message, /new id/);
  }
  assert.ok(answers.find((m) => m.result).result.symbols.length > 0);

  // Answered, the id is free again; 77 and "77" are different ids.
  raw.messages.length = 0;
  await raw.send(request(77, { query: 'shared1_1' }));
  await raw.send(request('77', { query: 'shared2_2' }));
  const again = await raw.next((m) => m.id === 77, 'the answer to id 77 reused');
  const text = await raw.next((m) => m.id === '77', 'the answer to id "77"');
  assert.equal(again.result.symbols[0].id, 'src/m1.ts#shared1_1');
  assert.equal(text.result.symbols[0].id, 'src/m2.ts#shared2_2');
  assert.equal(raw.closed, false);
  assert.equal(daemon.child.exitCode, null);
});
