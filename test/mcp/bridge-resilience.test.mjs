// The MCP bridge under bad input and a failing daemon, end to end with the SDK's own client:
// missing, misspelt and mistyped arguments (string booleans and numbers) are refused by name;
// an unknown symbol and a bad cursor are typed tool errors that say what to do; a cut answer
// pages with its cursor; a daemon killed between calls or during one is replaced and a later
// call works; closing stdin ends the bridge and leaves the daemon serving.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { endpointOf, waitFor } from '../helpers/daemon.mjs';
import { ok, startBridge, tool } from '../helpers/mcp.mjs';
import { readRegistry, isPidAlive } from '../../packages/client/dist/index.js';

const FILES = {
  'src/base.ts': 'export function base(value: number): number {\n  return value * 2;\n}\n',
  ...Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`src/user${index}.ts`,
    `import { base } from './base.js';\n\nexport function user${index}(): number {\n  return base(${index});\n}\n`])),
};

async function daemonPid(repo, home) {
  const record = readRegistry((await endpointOf(repo, home)).registry);
  return record?.pid ?? null;
}

test('bad arguments are refused by name, an unknown symbol says what to do, a cut answer pages with its cursor', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('bad-input', FILES);
  const { client } = await startBridge(s, repo);

  const missing = await tool(client, 'symbols_search', {});
  assert.ok(missing.isError);
  assert.match(missing.text, /query/);
  const misspelt = await tool(client, 'symbols_search', { qurey: 'base' });
  assert.ok(misspelt.isError);
  assert.match(misspelt.text, /qurey/, 'an unknown argument is named');
  const stringFlag = await tool(client, 'code_search_text', { pattern: 'base', regex: 'false' });
  assert.ok(stringFlag.isError);
  assert.match(stringFlag.text, /regex/);
  assert.match(stringFlag.text, /true or false, without quotes/);
  const stringNumber = await tool(client, 'symbols_search', { query: 'base', limit: '3' });
  assert.ok(stringNumber.isError);
  assert.match(stringNumber.text, /limit/);

  const unknown = await tool(client, 'symbols_get_card', { symbol: 'noSuchThing' });
  assert.ok(unknown.isError);
  assert.match(unknown.text, /^SymbolNotFound: .*symbols_search/s);
  const unknownId = await tool(client, 'graph_callers', { symbol: 'src/base.ts#nothing' });
  assert.ok(unknownId.isError);
  assert.match(unknownId.text, /^SymbolNotFound/);
  const unknownTool = await client.callTool({ name: 'no_such_tool', arguments: {} }).then((result) => result, (error) => ({ isError: true, content: [{ text: error.message }] }));
  assert.ok(unknownTool.isError);
  assert.match(unknownTool.content[0].text, /no_such_tool/);

  // 30 callers do not fit 250 tokens: the answer is cut at a caller, with a cursor for the rest.
  const first = await ok(client, 'graph_callers', { symbol: 'base', maxTokens: 250 });
  assert.equal(first.data.truncated, true);
  assert.ok(first.data.omitted.count > 0);
  assert.ok(first.data.answerTokens <= 250, `answer of ${first.data.answerTokens} tokens`);
  const seen = new Set(first.result.callers.map((node) => node.symbol.id));
  let cursor = first.data.cursor;
  while (cursor) {
    const page = await ok(client, 'graph_callers', { cursor, maxTokens: 250 });
    for (const node of page.result.callers) {
      assert.ok(!seen.has(node.symbol.id), `${node.symbol.id} on two pages`);
      seen.add(node.symbol.id);
    }
    assert.equal(page.data.generationMoved, false);
    cursor = page.data.cursor;
  }
  assert.equal(seen.size, 30, 'every caller, once, across the pages');
  const badCursor = await tool(client, 'graph_callers', { cursor: 'not-a-cursor' });
  assert.ok(badCursor.isError);
  assert.match(badCursor.text, /cursor/);
  const otherTool = await tool(client, 'symbols_search', { cursor: first.data.cursor ?? 'x', query: 'x' });
  assert.ok(otherTool.isError);
});

test('a daemon killed between calls or during one is replaced; closing stdin ends the bridge, not the daemon', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('resilience', FILES);
  const { client, transport } = await startBridge(s, repo);
  const before = await ok(client, 'symbols_search', { query: 'user1' });
  assert.ok(before.result.symbols.some((symbol) => symbol.name === 'user1'));

  const first = await daemonPid(repo, s.home);
  process.kill(first, 'SIGKILL');
  await waitFor(() => !isPidAlive(first), 'the killed daemon to be gone');
  // The bridge reconnects, or answers with a clear error; a later call works.
  let after = await tool(client, 'symbols_search', { query: 'user2' });
  for (let attempt = 0; after.isError && attempt < 5; attempt++) {
    assert.match(after.text, /^DaemonUnavailable: /, `${after.text}\n--- daemon log:\n${readFileSync((await endpointOf(repo, s.home)).log, 'utf8').slice(-3000)}`);
    after = await tool(client, 'symbols_search', { query: 'user2' });
  }
  assert.ok(!after.isError, after.text);
  after = { result: after.data.result };
  assert.ok(after.result.symbols.some((symbol) => symbol.name === 'user2'), 'a later call works on a new daemon');
  const second = await daemonPid(repo, s.home);
  assert.notEqual(second, first);

  // Killed while a call is in flight: the read-only call is repeated on a new daemon, or fails with a clear error; never hangs.
  const inFlight = tool(client, 'code_search_text', { pattern: 'base', limit: 1000 });
  process.kill(second, 'SIGKILL');
  const settled = await inFlight;
  if (settled.isError) assert.match(settled.text, /^DaemonUnavailable: /);
  await waitFor(() => !isPidAlive(second), 'the second daemon to be gone');
  let laterAnswer = await tool(client, 'symbols_get_card', { symbol: 'base' });
  for (let attempt = 0; laterAnswer.isError && attempt < 5; attempt++) {
    assert.match(laterAnswer.text, /^DaemonUnavailable: /);
    laterAnswer = await tool(client, 'symbols_get_card', { symbol: 'base' });
  }
  const later = { result: laterAnswer.data.result };
  assert.equal(later.result.callers, 30);

  const third = await daemonPid(repo, s.home);
  const bridgePid = transport.pid;
  assert.ok(isPidAlive(bridgePid));
  transport._process.stdin.end();
  await waitFor(() => !isPidAlive(bridgePid), 'the bridge to exit once stdin closed', 10_000);
  assert.ok(isPidAlive(third), 'the daemon keeps serving other clients');
});

test('a client that sends and never reads makes the bridge stop reading, not buffer without end; every answer arrives once it reads', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const big = Array.from({ length: 3000 }, (_, index) => `export const value${index} = ${index}; // a line long enough to weigh something in an answer`).join('\n');
  const repo = s.repo('never-reads', { ...FILES, 'src/big.ts': `${big}\n` });
  const { spawn } = await import('node:child_process');
  const { cliPath } = await import('../helpers/repo.mjs');
  const child = spawn(process.execPath, [cliPath, 'mcp', '--repo', repo], { env: { ...process.env, REPOGRAPH_HOME: s.home }, stdio: ['pipe', 'pipe', 'pipe'] });
  s.deferCliDaemonStop(repo, { home: s.home });
  s.defer(() => { child.kill('SIGKILL'); });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const send = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
  // Handshake, read properly.
  let buffered = '';
  const lines = [];
  const onData = (chunk) => {
    buffered += chunk;
    let at;
    while ((at = buffered.indexOf('\n')) >= 0) { lines.push(JSON.parse(buffered.slice(0, at))); buffered = buffered.slice(at + 1); }
  };
  child.stdout.on('data', onData);
  send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'never-reads', version: '1' } } });
  await waitFor(() => lines.some((line) => line.id === 0), 'the initialize answer', 60_000);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const warm = { name: 'code_get_span', arguments: { path: 'src/big.ts', startLine: 1, endLine: 3000, maxTokens: 100_000 } };
  send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: warm });
  await waitFor(() => lines.some((line) => line.id === 1), 'the first span', 60_000);
  const oneAnswer = JSON.stringify(lines.find((line) => line.id === 1)).length;
  assert.ok(oneAnswer > 100_000, `one answer is ${oneAnswer} bytes`);

  // Now stop reading and send enough requests for several times the bound in answers.
  child.stdout.off('data', onData);
  child.stdout.pause();
  const count = Math.ceil((3 * 8 * 1024 * 1024) / oneAnswer);
  for (let id = 2; id < 2 + count; id++) send({ jsonrpc: '2.0', id, method: 'tools/call', params: warm });
  await waitFor(() => /answers are unread; reading requests again/.test(stderr), 'the bridge to stop reading', 120_000);

  // Reading again, every answer arrives, each once.
  child.stdout.on('data', onData);
  child.stdout.resume();
  await waitFor(() => lines.filter((line) => line.id >= 2).length >= count, 'every answer', 120_000);
  const ids = lines.filter((line) => line.id >= 2).map((line) => line.id);
  assert.equal(new Set(ids).size, count);
  assert.ok(lines.filter((line) => line.id >= 2).every((line) => line.result && !line.result.isError), 'every answer is a result');
  child.stdin.end();
});
