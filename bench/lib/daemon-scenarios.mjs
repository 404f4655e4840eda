// The daemon measurements, each over a running daemon from daemon-process.mjs: what the corpus
// holds (from repo.export), edit on disk -> graph.delta, edit on disk -> `sync: true` query, many
// clients querying while the tree is re-indexed, warm restart -> first answer, and the daemon's
// resident set and inotify watches. Each returns plain figures (distributions, not single numbers);
// none judges a target (daemon-results.mjs does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listAdmittedFiles } from '../parse-baseline.mjs';
import { inotifyWatches, procMemory, sleep, spawnDaemon, waitIdle } from './daemon-process.mjs';
import { percentile, round, seededRandom } from './stats.mjs';

/** n, min, p50, p90, p95, p99, max and mean of a list of milliseconds (null when empty). */
export function distribution(values) {
  const list = values.filter((value) => Number.isFinite(value));
  if (list.length === 0) return null;
  const sum = list.reduce((total, value) => total + value, 0);
  return {
    n: list.length, min: round(Math.min(...list), 2), p50: round(percentile(list, 50), 2), p90: round(percentile(list, 90), 2),
    p95: round(percentile(list, 95), 2), p99: round(percentile(list, 99), 2), max: round(Math.max(...list), 2),
    mean: round(sum / list.length, 2),
  };
}

const QUERY_KINDS = new Set(['function', 'method', 'class', 'interface', 'type_alias', 'variable', 'constant', 'property', 'enum']);

/**
 * What the daemon indexed, read through repo.export: the admitted files (file symbols), their
 * directories, the symbol count and up to `names` query names sampled with a fixed seed.
 */
export async function corpusSample(client, { names = 400, seed = 7 } = {}) {
  const files = [];
  const candidates = [];
  let symbols = 0;
  let relations = 0;
  await client.exportLines({}, (lines) => {
    for (const line of lines) {
      const record = JSON.parse(line);
      if (record.type === 'edge') {
        relations++;
        continue;
      }
      symbols++;
      if (record.kind === 'file') files.push(record.path);
      else if (QUERY_KINDS.has(record.kind) && record.name.length >= 3 && /^[A-Za-z_$][\w$]*$/.test(record.name)) candidates.push(record.name);
    }
  });
  const unique = [...new Set(candidates)].sort();
  const random = seededRandom(seed);
  const picked = new Set();
  while (picked.size < Math.min(names, unique.length)) picked.add(unique[Math.floor(random() * unique.length)]);
  const directories = new Set(files.map((file) => path.posix.dirname(file)));
  const withAncestors = new Set();
  for (const dir of directories) {
    for (let current = dir; ; current = path.posix.dirname(current)) {
      withAncestors.add(current);
      if (current === '.' || current === '/') break;
    }
  }
  return {
    files, symbols, relations, names: [...picked],
    directories: directories.size, directoriesWithAncestors: withAncestors.size,
  };
}

/** The source files the bench may edit: admitted .js/.ts sources (no .d.ts) that the daemon indexed. */
export function editableFiles(repo, indexedFiles) {
  const indexed = new Set(indexedFiles);
  return listAdmittedFiles(repo).files.map((file) => file.relativePath)
    .filter((rel) => indexed.has(rel) && !rel.endsWith('.d.ts'));
}

/**
 * Changes one file on disk: 'append' adds a function at the end; 'body' inserts a call to a new
 * name at the start of the first `function ... {` body (or appends when there is none). Returns {how, name}
 * (name: the appended function's name).
 */
export function editFile(repo, rel, serial, kind) {
  const file = path.join(repo, rel);
  const text = fs.readFileSync(file, 'utf8');
  if (kind === 'body') {
    // A call to a new name, so the graph changes (an edit the graph does not see publishes nothing).
    const match = /\bfunction\b[^{};]*\)\s*\{/.exec(text);
    if (match) {
      const at = match.index + match[0].length;
      fs.writeFileSync(file, `${text.slice(0, at)} void repographBenchCall${serial}();${text.slice(at)}`);
      return { how: 'body', name: null };
    }
  }
  const name = `repographBenchEdit${serial}`;
  fs.writeFileSync(file, `${text}${text.endsWith('\n') ? '' : '\n'}function ${name}() { return ${serial}; }\n`);
  return { how: 'append', name };
}

/**
 * Edit on disk -> graph.delta: `edits` times, a random file is changed (append and body edits in
 * turn) and the time from writeFileSync's return to the graph.delta event whose `reparsed` names
 * the file is taken; then index.report gives that generation's stage timings, and the next edit
 * waits `gapMs` so each edit is its own batch.
 */
export async function measureEditToDelta(daemon, { files, edits, gapMs, seed, timeoutMs = 10_000, serialBase = 0 }) {
  const client = await daemon.client('bench-edit');
  let waiting = null;
  let otherEvents = 0;
  await client.subscribe('graph.delta', {}, (event) => {
    const at = performance.now();
    if (waiting && event.payload?.reparsed?.includes(waiting.path)) {
      const { resolve } = waiting;
      waiting = null;
      resolve({ at, event });
    } else {
      otherEvents++;
    }
  });
  const random = seededRandom(seed);
  const samples = [];
  for (let i = 0; i < edits; i++) {
    const rel = files[Math.floor(random() * files.length)];
    const arrived = new Promise((resolve) => { waiting = { path: rel, resolve }; });
    const edit = editFile(daemon.repo, rel, serialBase + i, i % 2 === 0 ? 'append' : 'body');
    const writtenAt = performance.now();
    const result = await Promise.race([arrived, sleep(timeoutMs).then(() => null)]);
    if (!result) {
      waiting = null;
      samples.push({ path: rel, how: edit.how, missed: true });
      await sleep(gapMs);
      continue;
    }
    const payload = result.event.payload;
    const sample = {
      path: rel, how: edit.how, latencyMs: round(result.at - writtenAt, 2), reingestMs: payload.reingestMs ?? null,
      generation: payload.generation ?? result.event.clock, paths: payload.paths?.length ?? null,
      reparsed: payload.reparsed?.length ?? null, affected: payload.affected?.length ?? null,
      ...(payload.rebind !== undefined ? { rebind: payload.rebind } : {}),
      ...(payload.timings !== undefined ? { eventTimings: payload.timings } : {}),
    };
    const report = await client.requestByName('index.report', {}).catch(() => null);
    if (report && report.generation === sample.generation) sample.stages = report.timings ?? null;
    samples.push(sample);
    await sleep(gapMs);
  }
  const measured = samples.filter((s) => !s.missed);
  const stageNames = [...new Set(measured.flatMap((s) => Object.keys(s.stages ?? {})))];
  const stages = {};
  for (const stage of stageNames) stages[stage] = distribution(measured.map((s) => s.stages?.[stage]));
  // What reingestMs holds beyond the reported stages (publishing to the store, the change summary).
  if (stageNames.length) {
    stages.otherMs = distribution(measured.filter((s) => s.stages && s.reingestMs != null)
      .map((s) => s.reingestMs - Object.values(s.stages).filter(Number.isFinite).reduce((a, b) => a + b, 0)));
  }
  const rebinds = measured.filter((s) => s.rebind);
  return {
    edits, gapMs, missed: samples.length - measured.length, otherEvents,
    latencyMs: distribution(measured.map((s) => s.latencyMs)),
    reingestMs: distribution(measured.map((s) => s.reingestMs)),
    // What is not the refresh: the watcher's settle, reading the batch, announcing, the socket.
    outsideRefreshMs: distribution(measured.filter((s) => s.reingestMs != null).map((s) => s.latencyMs - s.reingestMs)),
    stages,
    rebind: rebinds.length ? {
      samples: rebinds.length,
      filesRebound: distribution(rebinds.map((s) => s.rebind.files)),
      modes: Object.fromEntries([...new Set(rebinds.map((s) => s.rebind.mode))].map((mode) => [mode, rebinds.filter((s) => s.rebind.mode === mode).length])),
    } : null,
    byEdit: Object.fromEntries(['append', 'body'].map((how) => [how, distribution(measured.filter((s) => s.how === how).map((s) => s.latencyMs))])),
    samples,
  };
}

/**
 * Edit on disk -> `symbols.search {sync: true}` finding the appended function: the barrier flushes
 * the watcher at once instead of waiting for it to settle, so this is the refresh without the settle.
 */
export async function measureEditToSyncQuery(daemon, { files, edits, gapMs, seed, serialBase }) {
  const client = await daemon.client('bench-sync');
  const random = seededRandom(seed);
  const samples = [];
  for (let i = 0; i < edits; i++) {
    const rel = files[Math.floor(random() * files.length)];
    const edit = editFile(daemon.repo, rel, serialBase + i, 'append');
    const writtenAt = performance.now();
    const answer = await client.requestByName('symbols.search', { query: edit.name, limit: 5, sync: true });
    const latencyMs = performance.now() - writtenAt;
    samples.push({
      path: rel, latencyMs: round(latencyMs, 2), found: answer.symbols?.some((s) => s.name === edit.name) ?? false,
      serverMs: answer.meta?.timings?.totalMs ?? null, syncMs: answer.meta?.timings?.syncMs ?? null,
    });
    await sleep(gapMs);
  }
  return {
    edits, found: samples.filter((s) => s.found).length,
    latencyMs: distribution(samples.map((s) => s.latencyMs)),
    syncMs: distribution(samples.map((s) => s.syncMs)),
    serverMs: distribution(samples.map((s) => s.serverMs)),
    samples,
  };
}

/** Ids of symbols that symbols.search returns for the names (files excluded). */
export async function idsFromSearch(client, names, limit = 200) {
  const ids = new Set();
  for (const name of names.slice(0, limit)) {
    const answer = await client.requestByName('symbols.search', { query: name, limit: 5 });
    for (const symbol of answer.symbols ?? []) if (symbol.kind !== 'file') ids.add(symbol.id);
  }
  return [...ids];
}

const OPERATIONS = [
  { method: 'symbols.search', weight: 4 },
  { method: 'symbols.card', weight: 2 },
  { method: 'graph.callers', weight: 2 },
  { method: 'graph.callees', weight: 2 },
  { method: 'refs.find', weight: 2 },
];

/**
 * `clients` connections each issue queries back to back (no think time: `clients` requests in
 * flight at all times) for `durationS`, mixed as OPERATIONS weighs them, names from the corpus and
 * ids found by search; meanwhile a writer changes a file on disk every `writerMs` and a full
 * `workspace.refresh {id: 'default'}` runs every `refreshEveryS`. Counts errors; keeps client-side
 * latency (send -> answer) and the daemon's meta.timings.totalMs of every query.
 */
export async function measureLoad(daemon, { clients, durationS, names, ids, files, writerMs, refreshEveryS, seed, serialBase }) {
  const connections = await Promise.all(Array.from({ length: clients }, (_, i) => daemon.client(`bench-load-${i}`)));
  const monitor = await daemon.client('bench-load-monitor');
  const refresher = await daemon.client('bench-load-refresher');
  const deltas = [];
  await monitor.subscribe('graph.delta', {}, (event) => deltas.push({ at: performance.now(), generation: event.payload?.generation ?? event.clock, reparsed: event.payload?.reparsed?.length ?? 0 }));
  const before = await monitor.requestByName('daemon.stats', {});
  const daemonCpuBefore = processCpuMs(daemon.pid);
  const systemBefore = systemCpuMs();
  const loadAverageBefore = os.loadavg()[0];
  const benchCpuBefore = process.cpuUsage();
  const idPool = [...ids];
  const inPool = new Set(idPool);
  const totalWeight = OPERATIONS.reduce((sum, op) => sum + op.weight, 0);
  const errors = [];
  const queries = [];
  const start = performance.now();
  const end = start + durationS * 1000;

  const clientLoop = async (client, index) => {
    const random = seededRandom(seed + index + 1);
    while (performance.now() < end) {
      let pick = random() * totalWeight;
      const op = OPERATIONS.find((candidate) => (pick -= candidate.weight) < 0) ?? OPERATIONS[0];
      const params = op.method === 'symbols.search'
        ? { query: names[Math.floor(random() * names.length)], limit: 20 }
        : { id: idPool[Math.floor(random() * idPool.length)] };
      const sent = performance.now();
      try {
        const answer = await client.requestByName(op.method, params);
        const ms = performance.now() - sent;
        queries.push({ method: op.method, ms, serverMs: answer.meta?.timings?.totalMs ?? null, generation: answer.meta?.generation ?? null, at: sent - start });
        if (op.method === 'symbols.search' && idPool.length < 5000) {
          const found = answer.symbols?.find((s) => s.kind !== 'file');
          if (found && !inPool.has(found.id)) {
            inPool.add(found.id);
            idPool.push(found.id);
          }
        }
      } catch (error) {
        errors.push({ method: op.method, params, code: error.codeName ?? error.data?.code ?? error.code ?? null, message: String(error.message).slice(0, 300) });
      }
    }
  };

  const writes = [];
  let writerError = null;
  const writer = (async () => {
    const random = seededRandom(seed ^ 0x5eed);
    let serial = serialBase;
    while (performance.now() < end) {
      const rel = files[Math.floor(random() * files.length)];
      try {
        const edit = editFile(daemon.repo, rel, serial, serial % 2 === 0 ? 'append' : 'body');
        writes.push({ at: performance.now() - start, path: rel, how: edit.how });
      } catch (error) {
        writerError ??= error.message;
      }
      serial++;
      await sleep(writerMs);
    }
  })();

  const refreshes = [];
  const refreshLoop = (async () => {
    while (performance.now() + refreshEveryS * 1000 < end) {
      await sleep(refreshEveryS * 1000);
      const sent = performance.now();
      try {
        const answer = await refresher.requestByName('workspace.refresh', { id: 'default' });
        refreshes.push({ at: sent - start, ms: round(performance.now() - sent, 1), serverMs: answer.meta?.timings?.totalMs ?? null,
          reingestMs: answer.reingestMs ?? answer.meta?.timings?.reingestMs ?? null, generation: answer.meta?.generation ?? null,
          reparsed: answer.reparsed?.length ?? null, rebind: answer.rebind ?? null });
      } catch (error) {
        errors.push({ method: 'workspace.refresh', code: error.codeName ?? error.data?.code ?? error.code ?? null, message: String(error.message).slice(0, 300) });
      }
    }
  })();

  await Promise.all([...connections.map((client, i) => clientLoop(client, i)), writer, refreshLoop]);
  const elapsedMs = performance.now() - start;
  const daemonCpuMs = processCpuMs(daemon.pid) - daemonCpuBefore;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const systemAfter = systemCpuMs();
  const loadAverageAfter = os.loadavg()[0];
  await waitIdle(monitor, { timeoutMs: 60_000 });
  const after = await monitor.requestByName('daemon.stats', {});
  for (const client of connections) client.close();

  const methods = {};
  for (const op of OPERATIONS) {
    const own = queries.filter((q) => q.method === op.method);
    methods[op.method] = { count: own.length, latencyMs: distribution(own.map((q) => q.ms)), serverMs: distribution(own.map((q) => q.serverMs)) };
  }
  const generations = new Set(queries.map((q) => q.generation).filter((g) => g != null));
  const inWindow = deltas.filter((d) => d.at - start <= elapsedMs);
  return {
    clients, durationS, writerMs, refreshEveryS, elapsedMs: round(elapsedMs, 0),
    queries: queries.length, throughputPerS: round(queries.length / (elapsedMs / 1000), 1),
    errors: errors.length, errorSamples: errors.slice(0, 10),
    errorsByMethod: Object.fromEntries([...new Set(errors.map((e) => e.method))].map((m) => [m, errors.filter((e) => e.method === m).length])),
    latencyMs: distribution(queries.map((q) => q.ms)),
    serverMs: distribution(queries.map((q) => q.serverMs)),
    methods,
    slowest: [...queries].sort((a, b) => b.ms - a.ms).slice(0, 8)
      .map((q) => ({ method: q.method, ms: round(q.ms, 1), serverMs: q.serverMs, generation: q.generation, atS: round(q.at / 1000, 2) })),
    writes: writes.length, writerError,
    fullRefreshes: refreshes.length, fullRefreshMs: distribution(refreshes.map((r) => r.ms)), refreshSamples: refreshes,
    generationsPublished: inWindow.length,
    generationRange: { before: before.meta?.generation ?? null, after: after.meta?.generation ?? null },
    generationsSeenByQueries: generations.size,
    idPool: idPool.length,
    // CPU time over the window, in cores (1.0 = one core busy all the time).
    cpuCores: {
      daemon: Number.isFinite(daemonCpuMs) ? round(daemonCpuMs / elapsedMs, 2) : null,
      benchClients: round((benchCpu.user + benchCpu.system) / 1000 / elapsedMs, 2),
      // Every process on the machine (from /proc/stat): what is left over is other work on a shared machine.
      machine: systemBefore && systemAfter ? round((systemAfter.busy - systemBefore.busy) / elapsedMs, 2) : null,
    },
    loadAverage1m: { before: round(loadAverageBefore, 2), after: round(loadAverageAfter, 2) },
    firstSearchOfGenerationServerMs: distribution(firstSearchPerGeneration(queries).map((q) => q.serverMs)),
    laterSearchServerMs: distribution(laterSearches(queries).map((q) => q.serverMs)),
    statsAfter: after,
  };
}

/** The first search answered from each generation (by send time): it pays for opening that snapshot. */
function firstSearchPerGeneration(queries) {
  const first = new Map();
  for (const q of queries) {
    if (q.method !== 'symbols.search' || q.generation == null) continue;
    const seen = first.get(q.generation);
    if (!seen || q.at < seen.at) first.set(q.generation, q);
  }
  return [...first.values()];
}

function laterSearches(queries) {
  const first = new Set(firstSearchPerGeneration(queries));
  return queries.filter((q) => q.method === 'symbols.search' && !first.has(q));
}

/** Busy CPU time of the whole machine in ms (the aggregate line of /proc/stat), or null. */
function systemCpuMs() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line;
    return { busy: (user + nice + system + irq + softirq + (steal ?? 0)) * 10, idle: (idle + iowait) * 10 };
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat (clock ticks of 10 ms); NaN off Linux. */
function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * Warm restart: `restarts` times, spawn the daemon over the data root it left (tree unchanged),
 * and time spawn -> socket listening -> client connected (initialize answered) -> first
 * symbols.search answered (the target), then spawn -> catch-up done (index.status idle and warm:
 * the tree bound in memory again, so the next edit is incremental). Stops it after each.
 */
export async function measureRestarts({ repo, home, restarts, query }) {
  const samples = [];
  let failure = null;
  for (let i = 0; i < restarts && !failure; i++) {
    const daemon = await spawnDaemon(repo, home);
    try {
      const t0 = daemon.spawnedAt;
      while (!fs.existsSync(daemon.endpoint.socket)) {
        if (!daemon.alive()) throw new Error(`bench: the daemon exited on restart ${i + 1}:\n${daemon.output().slice(-2000)}`);
        if (performance.now() - t0 > 60_000) throw new Error('bench: the daemon did not listen within 60 s');
        await sleep(2);
      }
      const socketMs = performance.now() - t0;
      const client = await daemon.client('bench-restart');
      const connectedMs = performance.now() - t0;
      let answer = null;
      let attempts = 0;
      for (;;) {
        attempts++;
        try {
          answer = await client.requestByName('symbols.search', { query, limit: 20 });
          break;
        } catch (error) {
          if (performance.now() - t0 > 60_000) throw error;
          await sleep(5);
        }
      }
      const answeredMs = performance.now() - t0;
      const status = await waitIdle(client, { warm: true, pollMs: 20, timeoutMs: 120_000 });
      const warmMs = performance.now() - t0;
      samples.push({
        socketMs: round(socketMs, 1), connectedMs: round(connectedMs, 1), answeredMs: round(answeredMs, 1), warmMs: round(warmMs, 1),
        searchServerMs: answer.meta?.timings?.totalMs ?? null, found: (answer.symbols?.length ?? 0) > 0, attempts,
        generation: answer.meta?.generation ?? null, files: status.files,
      });
    } catch (error) {
      failure = `restart ${i + 1} of ${restarts}: ${error.message}`;
    } finally {
      await daemon.stop();
    }
  }
  return {
    restarts, query, failure,
    answeredMs: distribution(samples.map((s) => s.answeredMs)),
    socketMs: distribution(samples.map((s) => s.socketMs)),
    connectedMs: distribution(samples.map((s) => s.connectedMs)),
    warmMs: distribution(samples.map((s) => s.warmMs)),
    searchServerMs: distribution(samples.map((s) => s.searchServerMs)),
    samples,
  };
}

/** The daemon's memory and watch figures now: daemon.stats, /proc (VmRSS, VmHWM) and inotify. */
export async function memoryAndWatches(daemon, client) {
  const stats = await client.requestByName('daemon.stats', {});
  const memory = procMemory(daemon.pid);
  return {
    rssBytes: stats.rssBytes, procRssBytes: memory.rssBytes, peakRssBytes: memory.peakRssBytes,
    watchedDirectories: stats.watchedDirectories ?? null, inotify: inotifyWatches(daemon.pid),
    queueDepth: stats.queueDepth, clients: stats.clients, uptimeS: stats.uptimeS,
  };
}

/**
 * A corpus grown to `targetFiles` admitted source files: copies of `fromFolder`'s files in sibling
 * folders (`<fromFolder>-copy2`, ...; siblings, so their relative requires still resolve), committed.
 * Returns the admitted file count.
 */
export async function extendCorpus(repo, { fromFolder, targetFiles, git }) {
  const admitted = listAdmittedFiles(repo).files.length;
  const sources = listAdmittedFiles(path.join(repo, fromFolder)).files;
  if (sources.length === 0) throw new Error(`bench: ${fromFolder} holds no source files to copy`);
  let count = admitted;
  for (let copy = 2; count < targetFiles; copy++) {
    for (const source of sources) {
      if (count >= targetFiles) break;
      const target = path.join(repo, `${fromFolder}-copy${copy}`, source.relativePath);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(source.path, target);
      count++;
    }
  }
  await git(repo, 'add', '-A');
  await git(repo, 'commit', '-qm', `extend to ${targetFiles} files`);
  return listAdmittedFiles(repo).files.length;
}
