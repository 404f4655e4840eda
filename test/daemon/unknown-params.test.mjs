// A params field a method does not declare is refused, never ignored: `workspace.create {base}`
// (the field is `baseCommit`) used to create a workspace at HEAD and answer OK. The refusal is an
// InvalidParams naming the field, the fields the method takes and the nearest of them, it comes
// before the method does anything (no workspace is made), and the same holds inside
// watch.subscribe's `params`. Every declared field is still accepted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PARAM_FIELDS } from '../../protocol/dist/index.js';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { nearestName } from '../../daemon/dist/unknown-fields.js';

const FILES = { 'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n' };

test('an undeclared params field is refused by name, with the fields the method takes', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('unknown-params');
  await call(client, 'index.status', { sync: true });

  const typo = await rejection(call(client, 'workspace.create', { id: 'w1', base: 'HEAD' }));
  assert.equal(typo.codeName, 'InvalidParams');
  assert.equal(typo.data.field, 'base');
  assert.match(typo.message, /"base" is not a parameter of workspace\.create \(did you mean baseCommit\?\); it takes id, root, baseCommit/);
  const listed = await call(client, 'workspace.list', {});
  assert.deepEqual(listed.workspaces.map((workspace) => workspace.id), ['default'], 'nothing was created');

  const cases = [
    ['symbols.search', { query: 'shared', limt: 3 }, 'limt', 'limit'],
    ['graph.callers', { id: 'src/lib.ts#shared', Depth: 2 }, 'Depth', 'depth'],
    ['review_studio.compute', { base: 'HEAD', headRef: 'HEAD' }, 'headRef', 'head'],
    ['index.status', { sync: true, workspaceId: 'default' }, 'workspaceId', 'workspace'],
  ];
  for (const [method, params, field, nearest] of cases) {
    const error = await rejection(call(client, method, params), method);
    assert.equal(error.codeName, 'InvalidParams', method);
    assert.equal(error.data.field, field, method);
    assert.ok(error.message.includes(`did you mean ${nearest}?`), `${method}: ${error.message}`);
  }

  const none = await rejection(call(client, 'daemon.stats', { verbose: true }));
  assert.deepEqual([none.codeName, none.data.field], ['InvalidParams', 'verbose']);
  assert.match(none.message, /daemon\.stats takes none/);

  const hostile = 'x'.repeat(100_000);
  const long = await rejection(call(client, 'symbols.search', { query: 'a', [hostile]: 1 }));
  assert.equal(long.codeName, 'InvalidParams');
  assert.ok(long.message.length < 400, `the message quotes a bounded name (${long.message.length} characters)`);

  const nested = await rejection(call(client, 'watch.subscribe', { topic: 'graph.delta', params: { workspaceId: 'default' } }));
  assert.deepEqual([nested.codeName, nested.data.field], ['InvalidParams', 'params.workspaceId']);
  assert.match(nested.message, /did you mean workspace\?/);

  // Declared fields, optional ones included, are all still taken.
  const created = await call(client, 'workspace.create', { id: 'w2', baseCommit: 'HEAD' });
  assert.equal(created.id, 'w2');
  const found = await call(client, 'symbols.search', { query: 'shared', limit: 3, kinds: ['function'], workspace: 'w2', sync: true });
  assert.equal(found.symbols[0].name, 'shared');
  const subscribed = await call(client, 'watch.subscribe', { topic: 'graph.delta', params: { workspace: 'w2' } });
  assert.equal(typeof subscribed.subscriptionId, 'string');
  const stats = await call(client, 'daemon.stats', {});
  assert.equal(typeof stats.pid, 'number');
});

test('every method declares its fields, and the nearest name is suggested only when close', () => {
  assert.deepEqual([...PARAM_FIELDS['workspace.create']], ['id', 'root', 'baseCommit']);
  assert.deepEqual([...PARAM_FIELDS['daemon.stats']], []);
  assert.ok(PARAM_FIELDS['symbols.search'].includes('sync'), 'the query scope is declared with each query');
  assert.equal(nearestName('Base', ['base', 'head']), 'base');
  assert.equal(nearestName('reviewID', ['reviewId']), 'reviewId');
  assert.equal(nearestName('dept', ['depth', 'reviewId']), 'depth');
  assert.equal(nearestName('colour', ['depth', 'reviewId']), null);
  assert.equal(nearestName('x'.repeat(500), ['x']), null);
});
