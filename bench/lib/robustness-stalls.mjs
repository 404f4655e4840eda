// The stall probes of the robustness soak (issue 11's targets): on a copy of a real corpus, one
// hostile but well-formed request at a time while a bystander client polls index.status without
// pause; each probe reports the bystander's worst and 99th-percentile answer time during it
// (target: at most 250 ms of delay from any single request). Probes: a backtracking regular
// expression over an unsaved buffer, code.span and edit.apply on a FIFO, 20,000 new empty files
// in one folder, and a client that pipelines exports and large searches and never reads (its
// cost in daemon memory: target 64 MiB, and RSS back within 10% of its start 60 s after it
// leaves; measured with the bystander asking every 100 ms, since a back-to-back poller's own
// garbage would be counted as the client's). Owns these scenarios; the runner is bench/robustness.mjs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { procMemory, scratchRepository, sleep, spawnDaemon, waitIdle } from './daemon-process.mjs';
import { percentile, round } from './stats.mjs';

const MiB = 1024 * 1024;

/**
 * Polls index.status until stopped (back to back, or every `everyMs`); records every answer's
 * latency. A back-to-back poller makes garbage of its own, so memory is measured with a paced one.
 */
function startBystander(client, everyMs = 0) {
  const latencies = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await client.requestByName('index.status', {});
      latencies.push(performance.now() - started);
      if (everyMs > 0) await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { answers: latencies.length, worstMs: round(Math.max(0, ...latencies), 1), p99Ms: round(percentile(latencies, 0.99) ?? 0, 1) };
    },
  };
}

/** Runs `work` while a bystander polls; returns the bystander's figures and the work's time. */
async function probe(bystanderClient, name, work, log) {
  const bystander = startBystander(bystanderClient);
  await sleep(100);
  const started = performance.now();
  let outcome = 'ok';
  try {
    await work();
  } catch (error) {
    outcome = `${error?.data?.code ?? 'error'}: ${String(error?.message ?? error).slice(0, 120)}`;
  }
  const workMs = round(performance.now() - started, 1);
  await sleep(100);
  const figures = await bystander.stop();
  log(`stall probe ${name}: index.status worst ${figures.worstMs} ms, p99 ${figures.p99Ms} ms over ${figures.answers} answers; the request took ${workMs} ms (${outcome})`);
  return { name, ...figures, workMs, outcome, met: figures.worstMs <= 250 };
}

/** A raw socket that sends framed requests and never reads what comes back. */
function neverReadingClient(socketPath) {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.pause();
      let id = 1;
      resolve({
        send(method, params) {
          const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }), 'utf8');
          socket.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
        },
        close() { socket.destroy(); },
      });
    });
  });
}

/** The stall probes and the never-reading client on a copy of `corpusDir`. */
export async function runStallProbes({ corpusDir, corpusName, log, files = 20_000, settleSeconds = 60 }) {
  const scratch = await scratchRepository(corpusDir, 'stalls');
  const daemon = await spawnDaemon(scratch.repo, scratch.home);
  try {
    const attacker = await daemon.client('attacker');
    const bystander = await daemon.client('bystander');
    await waitIdle(bystander, { warm: true });
    const probes = [];

    // First, on a settled daemon: the client that never reads, its cost over the level after one
    // normal export and search (later probes leave garbage that would blur the figure).
    await attacker.requestByName('symbols.search', { query: 'a', limit: 10_000 });
    let exported = 0;
    await attacker.exportLines({}, (lines) => { exported += lines.length; });
    log(`one normal export: ${exported} lines`);
    await sleep(2_000);
    const before = procMemory(daemon.pid).rssBytes;
    const hostile = await neverReadingClient(daemon.endpoint.socket);
    const memory = { beforeMiB: round(before / MiB, 1), peakMiB: 0, afterMiB: 0 };
    const reader = startBystander(bystander, 100);
    for (let index = 0; index < 300; index++) hostile.send('repo.export', { format: 'jsonl' });
    for (let index = 0; index < 900; index++) hostile.send('symbols.search', { query: 'e', limit: 10_000 });
    for (let second = 0; second < 20; second++) {
      await sleep(1_000);
      memory.peakMiB = Math.max(memory.peakMiB, round(procMemory(daemon.pid).rssBytes / MiB, 1));
    }
    const whileHostile = await reader.stop();
    hostile.close();
    await sleep(settleSeconds * 1000);
    memory.afterMiB = round(procMemory(daemon.pid).rssBytes / MiB, 1);
    const neverReads = {
      ...memory, growthMiB: round(memory.peakMiB - memory.beforeMiB, 1), settleSeconds,
      returnedWithinPercent: round(((memory.afterMiB - memory.beforeMiB) / memory.beforeMiB) * 100, 1),
      bystanderWorstMs: whileHostile.worstMs, bystanderP99Ms: whileHostile.p99Ms,
    };
    neverReads.met = neverReads.growthMiB <= 64 && neverReads.returnedWithinPercent <= 10;
    log(`never-reading client: RSS ${neverReads.beforeMiB} -> peak ${neverReads.peakMiB} MiB (+${neverReads.growthMiB}), ` +
      `${neverReads.afterMiB} MiB ${settleSeconds} s after it left (${neverReads.returnedWithinPercent}%); bystander worst ${neverReads.bystanderWorstMs} ms`);

    const evil = Array.from({ length: 200 }, () => `// ${'a'.repeat(4000)}!`).join('\n');
    await attacker.requestByName('workspace.refresh', { id: 'default', contents: { 'src/evil-buffer.ts': `${evil}\nexport const evil = 1;\n` } });
    probes.push(await probe(bystander, 'regex (a|a)+$ over 200 lines of 4,000 a', () =>
      attacker.requestByName('code.searchText', { pattern: '(a|a)+$', regex: true }), log));
    await attacker.requestByName('workspace.refresh', { id: 'default', contents: { 'src/evil-buffer.ts': null } });

    const fifo = path.join(scratch.repo, 'pipe.ts');
    spawnSync('mkfifo', [fifo]);
    probes.push(await probe(bystander, 'code.span on a FIFO', () =>
      attacker.requestByName('code.span', { path: 'pipe.ts', startLine: 1, endLine: 1 }), log));
    probes.push(await probe(bystander, 'edit.apply replace on a FIFO', () =>
      attacker.requestByName('edit.apply', { edits: [{ path: 'pipe.ts', replace: { old: 'a', new: 'b' } }] }), log));
    fs.rmSync(fifo);

    probes.push(await probe(bystander, `${files.toLocaleString('en-US')} new empty files in one folder`, async () => {
      // Written by another process, so this one's event loop (the bystander's) stays free.
      const folder = path.join(scratch.repo, 'generated-batch');
      const script = `const fs=require('fs'),p=require('path');fs.mkdirSync(${JSON.stringify(folder)});` +
        `for(let i=0;i<${files};i++)fs.writeFileSync(p.join(${JSON.stringify(folder)},'f'+String(i).padStart(5,'0')+'.ts'),'')`;
      const writer = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
      await new Promise((resolve) => writer.on('exit', resolve));
      await attacker.requestByName('index.status', { sync: true });
    }, log));

    return { corpus: corpusName, probes, neverReads, met: probes.every((p) => p.met) && neverReads.met };
  } finally {
    await daemon.stop();
    scratch.remove();
  }
}
