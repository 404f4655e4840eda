// The client against a stub daemon (a vscode-jsonrpc server written here, over a real Unix
// socket in a temp dir): initialize, a request and an error round-trip, subscriptions with
// clocks, streamed export, the end of a connection, and auto-start.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ResponseError, type MessageConnection } from 'vscode-jsonrpc';
import { createMessageConnection, SocketMessageReader, SocketMessageWriter } from 'vscode-jsonrpc/node.js';
import {
  daemonEndpoint, DaemonStatsRequest, formatClock, ERROR_BAND, InitializeRequest, isProtocolCompatible, PROTOCOL_VERSION, repoIdFor,
  RepoExportChunkNotification, RepoExportRequest, SymbolsCardRequest, SymbolsSearchRequest, WatchEventNotification,
  WatchSubscribeRequest, WatchUnsubscribeRequest, type Meta, type WatchEvent,
} from '@repograph/protocol';
import { connect } from './connect.js';
import { isRepographRequestError, RepographRequestError } from './errors.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'rg-client-')));
after(() => rmSync(temp, { recursive: true, force: true }));

/** The stub daemon's store identity, which its clocks name. */
const STORE_ID = 'aaaaaaaaaaaaaaaa';
const meta: Meta = { generation: 7, workspace: 'default', semanticLevel: 'full', timings: { totalMs: 0.1 } };

/** A fresh plain directory (its own repository) and data root; returns the endpoint the client will use. */
function fixture(name: string): { repoRoot: string; dataRoot: string; socket: string; log: string } {
  const repoRoot = join(temp, name);
  const dataRoot = join(temp, `${name}-home`);
  mkdirSync(repoRoot, { recursive: true });
  const endpoint = daemonEndpoint(dataRoot, repoIdFor(repoRoot));
  mkdirSync(endpoint.runDirectory, { recursive: true, mode: 0o700 });
  return { repoRoot, dataRoot, socket: endpoint.socket, log: endpoint.log };
}

/** The stub daemon: answers what the tests need; `connections` lets a test close them. */
function startStub(socketPath: string, repoRoot: string): Promise<{ server: Server; connections: MessageConnection[]; sockets: Socket[] }> {
  const connections: MessageConnection[] = [];
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    const connection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
    connections.push(connection);
    connection.onRequest(InitializeRequest, (params) => {
      if (!isProtocolCompatible(params.protocolVersion, PROTOCOL_VERSION)) {
        return new ResponseError(ERROR_BAND.ProtocolVersionMismatch, `protocol ${params.protocolVersion} is not ${PROTOCOL_VERSION}; upgrade the client.`, {
          code: 'ProtocolVersionMismatch' as const, serverProtocolVersion: PROTOCOL_VERSION, clientProtocolVersion: params.protocolVersion,
        });
      }
      return { serverVersion: '0.1.0', protocolVersion: PROTOCOL_VERSION, repoRoot, capabilities: ['subscriptions', 'export.stream'], meta };
    });
    connection.onRequest(SymbolsSearchRequest, (params) => ({
      symbols: [{
        id: `src/a.ts#${params.query}`, kind: 'function', name: params.query, qualifiedName: params.query, path: 'src/a.ts',
        range: { start: { line: 1, column: 1 }, end: { line: 3, column: 2 } },
        selection: { start: { line: 1, column: 10 }, end: { line: 1, column: 10 + params.query.length } },
        exported: true, generated: false,
      }],
      meta,
    }));
    connection.onRequest(SymbolsCardRequest, (params) =>
      new ResponseError(ERROR_BAND.SymbolNotFound, `No symbol with id '${params.id}'.`, { code: 'SymbolNotFound' as const, id: params.id }));
    connection.onRequest(WatchSubscribeRequest, (params) => {
      // One event before the answer (the client must keep it), one after.
      const event = (generation: number): WatchEvent => ({
        subscriptionId: 'sub-1', topic: params.topic, clock: formatClock(STORE_ID, generation), isFreshInstance: params.since === undefined && generation === 8,
        payload: { workspace: 'default', change: 'refreshed', generation },
      });
      void connection.sendNotification(WatchEventNotification, event(8));
      setTimeout(() => void connection.sendNotification(WatchEventNotification, event(9)), 20);
      return { subscriptionId: 'sub-1', clock: formatClock(STORE_ID, 7), meta };
    });
    connection.onRequest(WatchUnsubscribeRequest, (params) => ({ subscriptionId: params.subscriptionId, removed: true, meta }));
    connection.onRequest(RepoExportRequest, async (params) => {
      const exportId = params.exportId ?? 'server-picked';
      await connection.sendNotification(RepoExportChunkNotification, { exportId, lines: ['{"type":"symbol","id":"a"}', '{"type":"symbol","id":"b"}'] });
      await connection.sendNotification(RepoExportChunkNotification, { exportId, lines: ['{"type":"edge","from":"a","to":"b"}'] });
      return { exportId, symbols: 2, relations: 1, meta };
    });
    connection.onRequest(DaemonStatsRequest, () => new Promise(() => undefined)); // never answers
    connection.listen();
  });
  return new Promise((resolve) => server.listen(socketPath, () => resolve({ server, connections, sockets })));
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

test('a request and an error with data.code round-trip over the socket', async () => {
  const f = fixture('roundtrip');
  const stub = await startStub(f.socket, f.repoRoot);
  const client = await connect({ repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test' });
  try {
    assert.equal(client.server.repoRoot, f.repoRoot);
    assert.deepEqual(client.server.capabilities, ['subscriptions', 'export.stream']);
    assert.equal(client.repository.repoId, repoIdFor(f.repoRoot));

    const found = await client.request(SymbolsSearchRequest, { query: 'parseConfig' });
    assert.equal(found.symbols[0]?.id, 'src/a.ts#parseConfig');
    assert.equal(found.meta.generation, 7);

    await assert.rejects(client.request(SymbolsCardRequest, { id: 'src/a.ts#nope' }), (error: unknown) => {
      assert.ok(isRepographRequestError(error));
      assert.ok(error instanceof RepographRequestError);
      assert.equal(error.code, ERROR_BAND.SymbolNotFound);
      assert.equal(error.data.code, 'SymbolNotFound');
      assert.equal(error.codeName, 'SymbolNotFound');
      assert.equal(error.data.id, 'src/a.ts#nope');
      assert.equal(error.message, "No symbol with id 'src/a.ts#nope'.");
      return true;
    });

    await assert.rejects(client.requestByName('no.such', {}), (error: RepographRequestError) => error.codeName === 'MethodNotFound');
  } finally {
    client.close();
    await stop(stub.server);
  }
});

test('subscriptions keep events that precede the answer and track the last clock; exports stream in order', async () => {
  const f = fixture('subscribe');
  const stub = await startStub(f.socket, f.repoRoot);
  const client = await connect({ repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test' });
  try {
    const events: WatchEvent<'workspace.changed'>[] = [];
    let resolveSecond: () => void = () => undefined;
    const second = new Promise<void>((resolve) => { resolveSecond = resolve; });
    const subscription = await client.subscribe('workspace.changed', {}, (event) => {
      events.push(event);
      if (events.length === 2) resolveSecond();
    });
    await second;
    assert.deepEqual(events.map((e) => [e.clock, e.isFreshInstance]), [[formatClock(STORE_ID, 8), true], [formatClock(STORE_ID, 9), false]]);
    assert.equal(subscription.clock, formatClock(STORE_ID, 9), 'the clock of the last event, to resume from');
    await subscription.unsubscribe();

    const lines: string[] = [];
    const result = await client.exportLines({}, async (chunk) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      lines.push(...chunk);
    });
    assert.equal(result.symbols, 2);
    assert.equal(result.relations, 1);
    assert.deepEqual(lines.map((line) => JSON.parse(line).type), ['symbol', 'symbol', 'edge']);
  } finally {
    client.close();
    await stop(stub.server);
  }
});

test('when the daemon goes away, pending requests fail with DaemonUnavailable and onClose fires', async () => {
  const f = fixture('close');
  const stub = await startStub(f.socket, f.repoRoot);
  const client = await connect({ repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test' });
  try {
    const closed = new Promise<void>((resolve) => client.onClose(() => resolve()));
    const pending = client.request(DaemonStatsRequest, {});
    setTimeout(() => stub.sockets.forEach((socket) => socket.destroy()), 20);
    await assert.rejects(pending, (error: RepographRequestError) => error.codeName === 'DaemonUnavailable' && /closed the connection/.test(error.message));
    await closed;
    assert.equal(client.closed, true);
    await assert.rejects(client.request(SymbolsSearchRequest, { query: 'x' }), (error: RepographRequestError) => error.codeName === 'DaemonUnavailable');
  } finally {
    client.close();
    await stop(stub.server);
  }
});

test('answers that arrive just before the daemon hangs up still settle their requests', async () => {
  const f = fixture('hangup');
  // A raw stub: answers initialize; answers `daemon.shutdown` (and the request before it) and
  // ends the connection in the same tick, so the answers and the end arrive together.
  const server = createServer((socket) => {
    let buffer = Buffer.alloc(0);
    const reply = (message: object): void => {
      const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
      socket.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
    };
    const held: number[] = [];
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())![1]);
        if (buffer.length < end + 4 + length) return;
        const request = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString()) as { id: number; method: string };
        buffer = buffer.subarray(end + 4 + length);
        if (request.method === 'initialize') {
          reply({ id: request.id, result: { serverVersion: '0.1.0', protocolVersion: PROTOCOL_VERSION, repoRoot: f.repoRoot, capabilities: [], meta } });
        } else if (request.method === 'daemon.shutdown') {
          for (const id of held) reply({ id, result: { symbols: [], meta } });
          reply({ id: request.id, result: { stopping: true, meta } });
          socket.end();
        } else {
          held.push(request.id);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(f.socket, () => resolve()));
  try {
    for (let round = 0; round < 5; round++) {
      const client = await connect({ repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test' });
      const earlier = client.requestByName('symbols.search', { query: 'x' });
      const answer = await client.requestByName('daemon.shutdown', {});
      assert.deepEqual(answer, { stopping: true, meta });
      assert.deepEqual(await earlier, { symbols: [], meta });
      await new Promise<void>((resolve) => client.onClose(() => resolve()));
      assert.equal(client.closed, true);
      await assert.rejects(client.requestByName('symbols.search', { query: 'x' }), (error: RepographRequestError) => error.codeName === 'DaemonUnavailable');
    }
  } finally {
    await stop(server);
  }
});

test('without autoStart a missing daemon is DaemonUnavailable naming `repograph serve`', async () => {
  const f = fixture('absent');
  await assert.rejects(connect({ repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test' }),
    (error: RepographRequestError) => error.codeName === 'DaemonUnavailable' && /repograph serve --repo/.test(error.message));
});

test('a server that refuses the protocol version fails connect with ProtocolVersionMismatch', async () => {
  const f = fixture('version');
  // A stub that speaks protocol 9.x.
  const server = createServer((socket) => {
    const connection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
    connection.onRequest(InitializeRequest, (params) => new ResponseError(ERROR_BAND.ProtocolVersionMismatch,
      `This daemon speaks protocol 9.0.0; the client speaks ${params.protocolVersion}.`,
      { code: 'ProtocolVersionMismatch' as const, serverProtocolVersion: '9.0.0', clientProtocolVersion: params.protocolVersion }));
    connection.listen();
  });
  await new Promise<void>((resolve) => server.listen(f.socket, () => resolve()));
  try {
    await assert.rejects(connect({ repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test' }),
      (error: RepographRequestError) => error.codeName === 'ProtocolVersionMismatch' && error.data.serverProtocolVersion === '9.0.0');
  } finally {
    await stop(server);
  }
});

test('autoStart spawns the daemon command and connects once its socket accepts', async () => {
  const f = fixture('autostart');
  const script = join(temp, 'stub-daemon.mjs');
  const jsonrpc = import.meta.resolve('vscode-jsonrpc/node.js');
  writeFileSync(script, `
import { createServer } from 'node:net';
import rpc from ${JSON.stringify(jsonrpc)};
const socketPath = process.argv[2];
console.log('stub daemon starting with REPOGRAPH_HOME=' + process.env.REPOGRAPH_HOME);
setTimeout(() => {
  const server = createServer((socket) => {
    const connection = rpc.createMessageConnection(new rpc.SocketMessageReader(socket), new rpc.SocketMessageWriter(socket));
    connection.onRequest('initialize', () => ({ serverVersion: 'stub', protocolVersion: '0.1.0', repoRoot: process.cwd(), capabilities: [], meta: {} }));
    connection.onRequest('daemon.shutdown', () => { setTimeout(() => process.exit(0), 10); return { stopping: true }; });
    connection.listen();
  });
  server.listen(socketPath);
}, 150);
`);
  const client = await connect({
    repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test',
    autoStart: { command: [process.execPath, script, f.socket] }, startTimeoutMs: 10_000,
  });
  try {
    assert.equal(client.server.serverVersion, 'stub');
    assert.equal(client.server.repoRoot, f.repoRoot, 'the daemon runs in the repository root');
  } finally {
    await client.requestByName('daemon.shutdown').catch(() => undefined);
    client.close();
  }
});

test('a daemon that exits before listening fails autoStart with the tail of its log', async () => {
  const f = fixture('crash');
  writeFileSync(f.log, 'an older run that must not be shown\n');
  await assert.rejects(connect({
    repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test',
    autoStart: { command: [process.execPath, '-e', 'console.error("cannot open the store: disk full"); process.exit(3)'] }, startTimeoutMs: 10_000,
  }), (error: RepographRequestError) => {
    assert.equal(error.codeName, 'DaemonUnavailable');
    assert.match(error.message, /exited with code 3/);
    assert.match(error.message, /cannot open the store: disk full/);
    assert.doesNotMatch(error.message, /older run/);
    return true;
  });
});

test('a daemon that never listens fails autoStart after the timeout, naming the socket and the log', async () => {
  const f = fixture('slow');
  const started = Date.now();
  await assert.rejects(connect({
    repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test',
    autoStart: { command: [process.execPath, '-e', 'setTimeout(() => {}, 3000)'] }, startTimeoutMs: 600,
  }), (error: RepographRequestError) => error.codeName === 'DaemonUnavailable' && error.message.includes(f.socket) && error.message.includes(f.log));
  assert.ok(Date.now() - started < 2500);
});

test('a started daemon that exits 2 because a concurrent one holds the lock still ends in a connection', async () => {
  const f = fixture('race');
  const endpoint = daemonEndpoint(f.dataRoot, repoIdFor(f.repoRoot));
  writeFileSync(endpoint.lock, `${process.pid}\n`); // the "winning" daemon: alive, still starting
  let stub: Awaited<ReturnType<typeof startStub>> | null = null;
  const late = setTimeout(() => void startStub(f.socket, f.repoRoot).then((s) => { stub = s; }), 300);
  try {
    const client = await connect({
      repoRoot: f.repoRoot, dataRoot: f.dataRoot, clientName: 'test',
      autoStart: { command: [process.execPath, '-e', 'console.error("another daemon already serves it"); process.exit(2)'] }, startTimeoutMs: 10_000,
    });
    assert.equal(client.server.repoRoot, f.repoRoot);
    client.close();
  } finally {
    clearTimeout(late);
    if (stub) await stop((stub as { server: Server }).server);
  }
});
