// A client that pipelines many large requests (repo.export, big searches) and never reads its
// socket: the daemon stops reading from it instead of buffering every answer, streams exports
// with bounded memory, keeps serving other clients, and releases what it held once the client
// leaves. The bound (issue 11): at most 64 MiB of daemon memory for such a client.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope, within } from '../helpers/daemon-scope.mjs';
import { rawConnect } from '../helpers/raw-client.mjs';

const MiB = 1024 * 1024;
const FILE_COUNT = 300;
const FUNCTIONS_PER_FILE = 40;

/** A repository whose export is several MB: files of functions that call each other. */
function bigRepository() {
  const files = {};
  for (let f = 0; f < FILE_COUNT; f++) {
    const lines = f > 0 ? [`import { fn${f - 1}_0 } from './file${f - 1}.js';`] : [];
    for (let i = 0; i < FUNCTIONS_PER_FILE; i++) {
      const callee = i > 0 ? `fn${f}_${i - 1}(value + 1)` : f > 0 ? `fn${f - 1}_0(value)` : 'value';
      lines.push(`/** Function ${i} of file ${f}, documented so that its record carries some text. */`);
      lines.push(`export function fn${f}_${i}(value: number): number {\n  return ${callee} + ${i};\n}`);
    }
    files[`src/file${f}.ts`] = `${lines.join('\n')}\n`;
  }
  return files;
}

function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match[1]) * 1024;
}

function frame(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

test('a client that never reads costs bounded memory and stalls nobody', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', bigRepository());
  const daemon = await s.daemon(repo, { args: ['--threads', '2'] });
  const pid = daemon.child.pid;
  const good = await daemon.client('good');
  const status = await call(good, 'index.status', { sync: true });
  assert.ok(status.symbols >= FILE_COUNT * FUNCTIONS_PER_FILE, `indexed ${status.symbols} symbols`);

  // One normal export (its chunks read): the store's pages and the export's code are resident.
  let exportedBytes = 0;
  const exported = await good.exportLines({}, (lines) => { for (const line of lines) exportedBytes += line.length + 1; });
  assert.ok(exportedBytes > 4 * MiB, `one export is several MB (${(exportedBytes / MiB).toFixed(1)} MiB)`);
  assert.ok(exported.symbols >= FILE_COUNT * FUNCTIONS_PER_FILE);
  const big = await call(good, 'symbols.search', { query: 'fn', limit: 10_000 });
  assert.equal(big.symbols.length, 10_000);
  const baseline = rssOf(pid);

  // The client that never reads: 150 exports and 150 searches of 10,000 results, pipelined.
  const hog = await rawConnect(daemon.endpoint.socket);
  s.defer(() => hog.close());
  hog.socket.pause();
  const requests = [];
  for (let i = 0; i < 150; i++) {
    requests.push(frame({ jsonrpc: '2.0', id: 2 * i + 1, method: 'repo.export', params: { format: 'jsonl', exportId: `hog-${i}` } }));
    requests.push(frame({ jsonrpc: '2.0', id: 2 * i + 2, method: 'symbols.search', params: { query: 'fn', limit: 10_000 } }));
  }
  const sending = hog.write(Buffer.concat(requests));

  // Meanwhile another client's index.status answers promptly, and the daemon's memory stays bounded.
  let peak = baseline;
  const started = Date.now();
  let statusCalls = 0;
  while (Date.now() - started < 15_000) {
    await within(call(good, 'index.status', {}), 2_000, 'index.status while the hog sits there');
    statusCalls++;
    peak = Math.max(peak, rssOf(pid));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const during = rssOf(pid);
  process.stderr.write(`rss: baseline ${(baseline / MiB).toFixed(1)} MiB, peak ${(peak / MiB).toFixed(1)} MiB, at the end ${(during / MiB).toFixed(1)} MiB (${statusCalls} index.status)\n`);
  assert.ok(peak - baseline < 64 * MiB, `RSS grew ${((peak - baseline) / MiB).toFixed(1)} MiB above ${(baseline / MiB).toFixed(1)} MiB (the bound is 64 MiB)`);
  assert.equal(hog.closed, false, 'the slow client is not disconnected, only not read from');

  // It leaves: whatever it held goes (RSS back within 10% of the baseline), and the daemon serves on.
  hog.close();
  await sending;
  let after = rssOf(pid);
  for (const deadline = Date.now() + 30_000; after > baseline * 1.1 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    after = rssOf(pid);
  }
  process.stderr.write(`rss after the client left: ${(after / MiB).toFixed(1)} MiB\n`);
  assert.ok(after <= baseline * 1.1, `RSS ${(after / MiB).toFixed(1)} MiB returns within 10% of ${(baseline / MiB).toFixed(1)} MiB`);
  const again = await good.exportLines({}, () => undefined);
  assert.equal(again.symbols, exported.symbols);
  assert.equal((await call(good, 'daemon.stats', {})).clients, 2, 'the readiness client and this one');
  assert.doesNotMatch(daemon.output(), /uncaught exception|unhandled rejection/);
});
