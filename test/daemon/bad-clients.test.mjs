// Clients that break the protocol: garbage bytes, frames that never end, unknown methods, bad
// parameters, requests abandoned mid-way. Each is disconnected or answered with an error naming
// what is wrong, while a well-behaved client keeps getting answers and the daemon stays up.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, waitFor } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { closedWithin, rawConnect } from '../helpers/raw-client.mjs';

const FILES = {
  'src/lib.ts': 'export function shared(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { shared } from './lib.js';\n\nexport function user(): number {\n  return shared();\n}\n",
};

/** Keeps a well-behaved client querying until stopped; resolves with the number of answers. */
function keepQuerying(client) {
  let running = true;
  let answers = 0;
  const done = (async () => {
    while (running) {
      const answer = await call(client, 'symbols.search', { query: 'shared' });
      assert.deepEqual(answer.symbols.map((s) => s.id), ['src/lib.ts#shared']);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return answers;
  })();
  return {
    /** Waits until `more` further answers arrived (the daemon still serves this client). */
    async answersAgain(more = 3) {
      const target = answers + more;
      await waitFor(() => answers >= target, `${more} more answers for the good client`, 30_000);
    },
    stop() { running = false; return done; },
  };
}

const MB = 1024 * 1024;

test('garbage and broken frames disconnect only their sender', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const good = await daemon.client('good');
  await call(good, 'index.status', { sync: true });
  const steady = keepQuerying(good);
  s.defer(() => steady.stop().catch(() => undefined));

  // Random bytes with no end of header anywhere (no CR in them).
  const noise = randomBytes(256 * 1024).map((byte) => (byte === 13 ? 32 : byte));
  const cases = [
    ['a header line without a colon', Buffer.from('GET / HTTP/1.1\r\nhello\r\n\r\n')],
    ['a header without Content-Length', Buffer.from('Content-Type: application/json\r\n\r\n{}')],
    ['a Content-Length that is not a number', Buffer.from('Content-Length: lots\r\n\r\n{}')],
    ['a body that is not JSON', Buffer.from('Content-Length: 9\r\n\r\n{{{{{{{{{')],
    ['JSON that is not JSON-RPC', Buffer.from('Content-Length: 13\r\n\r\n{"hello":"x"}')],
    ['random bytes that never end a header', noise],
    ['a frame announcing 10 GB', Buffer.from(`Content-Length: ${10 * 1024 * MB}\r\n\r\n{"jsonrpc":`)],
  ];
  for (const [what, bytes] of cases) {
    const raw = await rawConnect(daemon.endpoint.socket);
    s.defer(() => raw.close());
    await raw.write(bytes);
    assert.ok(await closedWithin(raw, 20_000), `the daemon disconnects a client that sends ${what}`);
    assert.equal(raw.messages.filter((m) => m.result !== undefined).length, 0, `no result for ${what}`);
    await steady.answersAgain();
  }

  // A flood of bytes without a frame: cut off early, never buffered whole.
  const flooder = await rawConnect(daemon.endpoint.socket);
  s.defer(() => flooder.close());
  let sent = 0;
  while (!flooder.closed && !flooder.socket.destroyed && sent < 64 * MB) {
    await flooder.write(noise);
    sent += noise.length;
  }
  assert.ok(await closedWithin(flooder, 20_000), 'the flooding client is disconnected');
  assert.ok(sent < 64 * MB, `disconnected after ${sent} bytes`);
  await steady.answersAgain();

  // A truncated frame (a header and half its body, then silence) holds up nobody.
  const truncated = await rawConnect(daemon.endpoint.socket);
  s.defer(() => truncated.close());
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'symbols.search', params: { query: 'shared' } });
  await truncated.write(Buffer.from(`Content-Length: ${body.length}\r\n\r\n${body.slice(0, body.length >> 1)}`));
  await steady.answersAgain(10);
  const other = await rawConnect(daemon.endpoint.socket);
  s.defer(() => other.close());
  const answer = await other.request('symbols.search', { query: 'user' });
  assert.deepEqual(answer.result.symbols.map((x) => x.id), ['src/use.ts#user']);
  // Its other half arrives late: the request is answered after all.
  await truncated.write(Buffer.from(body.slice(body.length >> 1)));
  const late = await truncated.next((m) => m.id === 1, 'the answer to the completed frame');
  assert.deepEqual(late.result.symbols.map((x) => x.id), ['src/lib.ts#shared']);

  // Clients that vanish mid-request: connect and reset, or send a request and hang up at once.
  for (let i = 0; i < 5; i++) {
    const quitter = await rawConnect(daemon.endpoint.socket);
    await quitter.send({ jsonrpc: '2.0', id: 1, method: 'symbols.search', params: { query: 'shared', sync: true } });
    quitter.close();
  }
  writeFileSync(join(repo, 'src/after.ts'), 'export function stillIndexing(): void {}\n');
  assert.deepEqual((await call(good, 'symbols.search', { query: 'stillIndexing', sync: true })).symbols.map((x) => x.id), ['src/after.ts#stillIndexing']);

  assert.ok(await steady.stop() > 0);
  assert.equal(daemon.child.exitCode, null, 'the daemon is still running');
  const stats = await call(good, 'daemon.stats', {});
  assert.equal(stats.pid, daemon.child.pid);
  assert.doesNotMatch(daemon.output(), /uncaught exception|unhandled rejection/);
});

test('unknown methods and bad parameters get errors that name the problem', { timeout: 60_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('caller');
  await call(client, 'index.status', { sync: true });
  const steady = keepQuerying(await daemon.client('bystander'));
  s.defer(() => steady.stop().catch(() => undefined));

  const unknown = await rejection(call(client, 'symbols.nonsense', {}));
  assert.equal(unknown.code, -32601);
  assert.equal(unknown.data.code, 'MethodNotFound');
  assert.match(unknown.message, /symbols\.nonsense/);
  for (const method of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    assert.equal((await rejection(call(client, method, {}))).code, -32601, method);
  }

  const invalid = [
    ['symbols.search', {}, 'query'],
    ['symbols.search', { query: 42 }, 'query'],
    ['symbols.search', { query: 'x', limit: 0 }, 'limit'],
    ['symbols.search', { query: 'x', limit: 'ten' }, 'limit'],
    ['symbols.search', { query: 'x', kinds: ['functionz'] }, 'kinds'],
    ['symbols.search', { query: 'x', sync: 'yes' }, 'sync'],
    ['symbols.search', { query: 'x', workspace: '' }, 'workspace'],
    ['symbols.card', { id: null }, 'id'],
    ['code.span', { path: 'src/lib.ts', startLine: 'one', endLine: 2 }, 'startLine'],
    ['code.span', { path: 'src/lib.ts', startLine: 1 }, 'endLine'],
    ['code.span', { path: 'src/lib.ts', startLine: 3, endLine: 1 }, 'endLine'],
    ['code.searchText', { pattern: '(', regex: true }, 'pattern'],
    ['graph.callers', { id: 'src/lib.ts#shared', depth: 0 }, 'depth'],
    ['refs.find', { id: 'src/lib.ts#shared', kinds: 'calls' }, 'kinds'],
    ['watch.subscribe', { topic: 'no.such.topic' }, 'topic'],
    ['watch.subscribe', { topic: 'graph.delta', since: -1 }, 'since'],
    ['watch.subscribe', { topic: 'graph.delta', params: [1] }, 'params'],
    ['workspace.create', { id: '../escape' }, 'id'],
    ['workspace.create', { root: 'relative/path' }, 'root'],
    ['workspace.refresh', { id: 'default', contents: { 'src/a.ts': 5 } }, 'contents.src/a.ts'],
    ['workspace.refresh', { id: 'default', paths: 'src' }, 'paths'],
    ['edit.apply', { edits: [] }, 'edits'],
    ['edit.apply', { edits: [{ path: 'src/lib.ts' }] }, 'edits.0'],
    ['edit.apply', { edits: [{ path: 'src/lib.ts', replace: { old: '', new: 'x' } }] }, 'edits.0.replace.old'],
    ['index.cleanup', { dryRun: 'no' }, 'dryRun'],
  ];
  for (const [method, params, field] of invalid) {
    const error = await rejection(call(client, method, params), `${method} ${JSON.stringify(params)}`);
    assert.equal(error.data.code, 'InvalidParams', `${method} ${JSON.stringify(params)}: ${error.message}`);
    assert.equal(error.data.field, field, `${method} ${JSON.stringify(params)} names ${field}: ${error.message}`);
    assert.match(error.message, /\S/);
  }

  // Past a query budget (depth 8, 10,000 results by default): BudgetExceeded with its figures.
  for (const [method, params, unit, adding] of [
    ['graph.callers', { id: 'src/lib.ts#shared', depth: 99 }, 'depth', 99],
    ['symbols.search', { query: 'shared', limit: 20_000 }, 'results', 20_000],
  ]) {
    const error = await rejection(call(client, method, params), `${method} ${JSON.stringify(params)}`);
    assert.equal(error.data.code, 'BudgetExceeded', error.message);
    assert.deepEqual({ stage: error.data.stage, unit: error.data.unit, adding: error.data.adding }, { stage: 'queries', unit, adding });
    assert.match(error.message, /budgets\.queries\./);
  }

  // Over the raw wire: the JSON-RPC error objects themselves, and params that are not an object.
  const raw = await rawConnect(daemon.endpoint.socket);
  s.defer(() => raw.close());
  const notFound = await raw.request('no.such.method', {});
  assert.equal(notFound.error.code, -32601);
  assert.equal(notFound.error.data.code, 'MethodNotFound');
  const positional = await raw.request('symbols.search', ['shared']);
  assert.equal(positional.error.data.code, 'InvalidParams');
  assert.equal(positional.error.data.field, 'params');
  const noParams = await raw.request('symbols.search');
  assert.equal(noParams.error.data.field, 'query');
  // A notification (no id) for an unknown method is ignored; the connection stays usable.
  await raw.send({ jsonrpc: '2.0', method: 'no.such.notification', params: {} });
  assert.deepEqual((await raw.request('symbols.search', { query: 'user' })).result.symbols.map((x) => x.id), ['src/use.ts#user']);
  assert.equal(raw.closed, false);

  // Errors of meaning, too, come with their stable names.
  assert.equal((await rejection(call(client, 'symbols.card', { id: 'src/lib.ts#nothing' }))).data.code, 'SymbolNotFound');
  assert.equal((await rejection(call(client, 'symbols.search', { query: 'x', workspace: 'nope' }))).data.code, 'WorkspaceNotFound');

  await steady.answersAgain();
  await steady.stop();
  assert.equal(daemon.child.exitCode, null);
  assert.doesNotMatch(daemon.output(), /uncaught exception|unhandled rejection/);
});
