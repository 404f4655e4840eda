// Connections that never send a request are closed after the first-request timeout, and past
// the connection limit a client is told why it is refused (DaemonUnavailable naming the limit
// and what to do), not cut off with EPIPE; once the idle connections are gone, clients connect.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { connect } from '../../packages/client/dist/index.js';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope, within } from '../helpers/daemon-scope.mjs';
import { closedWithin, rawConnect } from '../helpers/raw-client.mjs';

const FILES = { 'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n' };

test('a connection that sends no request is closed after the timeout; a working client is not', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo, { args: ['--first-request-timeout', '1'] });
  const good = await daemon.client('good');
  const idle = await rawConnect(daemon.endpoint.socket);
  s.defer(() => idle.close());
  // A raw peer that sent one request stays, however long it is quiet afterwards.
  const quiet = await rawConnect(daemon.endpoint.socket);
  s.defer(() => quiet.close());
  assert.ok((await quiet.request('index.status', {})).result);

  assert.ok(await closedWithin(idle, 10_000), 'the idle connection is closed');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal((await call(good, 'symbols.search', { query: 'shared' })).symbols[0].id, 'src/lib.ts#shared');
  assert.equal(quiet.closed, false, 'a connection that sent a request is kept');
  assert.ok((await quiet.request('index.status', {})).result);
  assert.match(daemon.output(), /sent no request/);
});

test('past the connection limit a client gets a clear DaemonUnavailable, and connects once idle ones are closed', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  // The test helper keeps its readiness client open: it is one of the four.
  const daemon = await s.daemon(repo, { args: ['--first-request-timeout', '3', '--max-connections', '4'] });
  const idle = [];
  for (let i = 0; i < 3; i++) idle.push(await rawConnect(daemon.endpoint.socket));
  s.defer(() => { for (const peer of idle) peer.close(); });

  const refused = await within(rejection(connect({ repoRoot: repo, dataRoot: s.home, clientName: 'late' }), 'connect past the limit'), 10_000, 'the refusal');
  assert.equal(refused.data.code, 'DaemonUnavailable', refused.message);
  assert.match(refused.message, /maximum/);
  assert.match(refused.message, /repograph ps/);
  assert.doesNotMatch(refused.message, /EPIPE|closed the connection before/);

  // Past the small reserve of refusals, connections are dropped at once.
  const flood = [];
  for (let i = 0; i < 40; i++) flood.push(await rawConnect(daemon.endpoint.socket).catch(() => null));
  s.defer(() => { for (const peer of flood) peer?.close(); });
  const dropped = await Promise.all(flood.map((peer) => (peer ? closedWithin(peer, 2000) : true)));
  assert.ok(dropped.filter(Boolean).length >= 20, `most of the flood is dropped at once (${dropped.filter(Boolean).length} of 40)`);

  for (const peer of idle) assert.ok(await closedWithin(peer, 10_000), 'the idle connections are closed by the timeout');
  const late = await within(connect({ repoRoot: repo, dataRoot: s.home, clientName: 'late' }), 10_000, 'connecting again');
  s.defer(() => late.close());
  assert.equal((await call(late, 'symbols.search', { query: 'shared' })).symbols[0].id, 'src/lib.ts#shared');
  assert.equal(daemon.child.exitCode, null);
});
