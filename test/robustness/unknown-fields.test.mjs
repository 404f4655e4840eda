// Hostile params fields get typed answers and stall nobody: a 1 MiB field name, 50,000 fields,
// `__proto__` and `constructor` as keys, and an unknown field inside watch.subscribe's params are
// each InvalidParams naming a bounded field (never Internal), sent back to back by one client
// while another client's queries are answered; the daemon serves on afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

const FILES = { 'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n' };

test('hostile unknown params fields are refused by a bounded name while other clients are served', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const hostile = await daemon.client('hostile');
  const bystander = await daemon.client('bystander');
  await call(bystander, 'index.status', { sync: true });

  const manyFields = { query: 'shared' };
  for (let index = 0; index < 50_000; index++) manyFields[`f${index}`] = index;
  const cases = [
    ['symbols.search', { query: 'shared', ['n'.repeat(1024 * 1024)]: 1 }, `${'n'.repeat(64)}...`],
    ['symbols.search', manyFields, 'f0'],
    ['symbols.search', JSON.parse('{"query":"shared","__proto__":{"polluted":true}}'), '__proto__'],
    ['graph.callers', { id: 'src/lib.ts#shared', constructor: 'x' }, 'constructor'],
    ['watch.subscribe', { topic: 'graph.delta', params: { ['w'.repeat(100_000)]: 'default' } }, `params.${'w'.repeat(64)}...`],
  ];
  const refused = Promise.all(cases.map(([method, params]) => rejection(call(hostile, method, params), method)));
  const answers = [];
  for (let index = 0; index < 10; index++) answers.push((await call(bystander, 'symbols.search', { query: 'shared', limit: 1 })).symbols.length);
  const errors = await refused;
  for (const [index, [method, , field]] of cases.entries()) {
    assert.equal(errors[index].data.code, 'InvalidParams', `${method}: ${errors[index].message.slice(0, 200)}`);
    assert.equal(errors[index].data.field, field, method);
    assert.ok(errors[index].message.length < 1000, `${method}: the message is bounded (${errors[index].message.length})`);
  }
  assert.equal(({}).polluted, undefined, 'nothing reached Object.prototype');
  assert.deepEqual(answers, Array(10).fill(1), 'the other client was answered throughout');
  const after = await call(hostile, 'symbols.search', { query: 'shared' });
  assert.equal(after.symbols[0].name, 'shared', 'the hostile client is still served with declared fields');
});
