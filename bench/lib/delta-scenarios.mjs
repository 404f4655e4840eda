// The structural-delta measurements of one-file edits over a running, warm daemon (from
// daemon-process.mjs): (a) `edit.apply` with a replace, timed as a request, with the delta's own
// deltaMs and reingestMs; (b) the same kind of edit written on disk, timed to the `graph.delta`
// event that names the file. Each returns plain figures (distributions, not single numbers) and
// every raw sample; none judges a target (delta-results.mjs does).
import fs from 'node:fs';
import os from 'node:os';
import { distribution } from './daemon-scenarios.mjs';
import { sleep, waitIdle } from './daemon-process.mjs';
import { materialize, writePlan } from './delta-edits.mjs';
import { round } from './stats.mjs';

const KINDS = ['body', 'add', 'rename'];

/** What a structural delta found, counted. */
export function deltaCounts(delta) {
  const s = delta?.symbols ?? {};
  return {
    paths: delta?.paths?.length ?? null, reparsed: delta?.reparsed?.length ?? null, affected: delta?.affected?.length ?? null,
    added: s.added?.length ?? 0, removed: s.removed?.length ?? 0, renamed: s.renamed?.length ?? 0, changed: s.changed?.length ?? 0,
    danglingCallers: delta?.danglingCallers?.length ?? 0, signatureChanges: delta?.signatureChanges?.length ?? 0,
    arityFindings: delta?.arityFindings?.length ?? 0, newDuplicates: delta?.newDuplicates?.length ?? 0,
    newImportCycles: delta?.newImportCycles?.length ?? 0, testsReaching: delta?.testsReaching?.length ?? 0,
  };
}

/** Busy and idle CPU time of the whole machine in ms (/proc/stat), or null. */
export function systemCpuMs() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: (user + nice + system + irq + softirq + (steal ?? 0)) * 10, idle: (idle + iowait) * 10 };
  } catch {
    return null;
  }
}

/** CPU time (user + system) of a process in ms from /proc/PID/stat (10 ms ticks); NaN when unknown. */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Starts a CPU window; its end() gives cores used by the daemon and by the whole machine, and the load average. */
export function cpuWindow(pid) {
  const started = performance.now();
  const daemonBefore = processCpuMs(pid);
  const systemBefore = systemCpuMs();
  const loadBefore = os.loadavg()[0];
  return () => {
    const elapsed = performance.now() - started;
    const daemon = processCpuMs(pid) - daemonBefore;
    const system = systemCpuMs();
    return {
      elapsedMs: round(elapsed, 0),
      daemonCores: Number.isFinite(daemon) ? round(daemon / elapsed, 2) : null,
      machineCores: systemBefore && system ? round((system.busy - systemBefore.busy) / elapsed, 2) : null,
      loadAverage1m: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
    };
  };
}

/** The index.report stage timings of `generation` (null when a later generation was published meanwhile). */
async function stagesOf(client, generation) {
  const report = await client.requestByName('index.report', {}).catch(() => null);
  return report && report.generation === generation ? report.timings ?? null : null;
}

/** Distributions of a sample field, overall and per edit kind. */
function summarize(samples, fields) {
  const out = {};
  for (const field of fields) {
    out[field] = distribution(samples.map((s) => s[field]));
    out.byKind ??= {};
    for (const kind of KINDS) {
      out.byKind[kind] ??= {};
      out.byKind[kind][field] = distribution(samples.filter((s) => s.how === kind).map((s) => s[field]));
    }
  }
  return out;
}

/** Per-stage distributions (index.report timings) and what reingestMs holds beyond them. */
function stageSummary(samples) {
  const names = [...new Set(samples.flatMap((s) => Object.keys(s.stages ?? {})))];
  if (names.length === 0) return null;
  const stages = {};
  for (const name of names) stages[name] = distribution(samples.map((s) => s.stages?.[name]));
  stages.otherMs = distribution(samples.filter((s) => s.stages && s.reingestMs != null)
    .map((s) => s.reingestMs - Object.values(s.stages).filter(Number.isFinite).reduce((a, b) => a + b, 0)));
  return stages;
}

/**
 * (a) `edit.apply {edits: [{path, replace: {old, new}}]}` for each plan: the request's wall time
 * (send -> answer, in this process), its deltaMs, reingestMs and meta.timings.totalMs, the
 * generation's stage timings; graph.delta events are counted too (the watcher sees the write
 * edit.apply made: it must not publish a second generation). After each edit: `gapMs`, then idle.
 * The first `warmup` plans are run and kept apart.
 */
export async function measureApply(daemon, { intents, graph, warmup, gapMs }) {
  const client = await daemon.client('bench-delta-apply');
  const events = [];
  await client.subscribe('graph.delta', {}, (event) => events.push({ at: performance.now(), generation: event.payload?.generation ?? event.clock, reparsed: event.payload?.reparsed ?? [] }));
  const samples = [];
  const warm = [];
  const errors = [];
  let cpu = null;
  for (const [index, intent] of intents.entries()) {
    if (index === warmup) cpu = cpuWindow(daemon.pid);
    const plan = materialize(daemon.repo, graph, intent);
    if (!plan) {
      errors.push({ path: intent.candidate.path ?? intent.candidate, how: intent.kind, message: 'the edit could not be made on the file as it is now' });
      continue;
    }
    const eventsBefore = events.length;
    const sent = performance.now();
    let answer;
    try {
      answer = await client.requestByName('edit.apply', { edits: [{ path: plan.path, replace: { old: plan.old, new: plan.new } }] });
    } catch (error) {
      errors.push({ path: plan.path, how: plan.how, message: String(error.message).slice(0, 300) });
      await sleep(gapMs);
      continue;
    }
    const wallMs = performance.now() - sent;
    const generation = answer.meta?.generation ?? null;
    const stages = await stagesOf(client, generation);
    await sleep(gapMs);
    await waitIdle(client, { pollMs: 10, timeoutMs: 60_000 });
    const later = events.slice(eventsBefore);
    const sample = {
      how: plan.how, path: plan.path, ...(plan.how === 'rename' ? { callerFiles: plan.callerFiles } : {}),
      wallMs: round(wallMs, 2), deltaMs: answer.deltaMs ?? null, reingestMs: answer.reingestMs ?? answer.meta?.timings?.reingestMs ?? null,
      serverMs: answer.meta?.timings?.totalMs ?? null, generation, indexed: answer.indexed ?? null,
      rebind: answer.rebind ?? null, stages,
      // What the wall time holds beyond the refresh and the analysis: writing the file, the socket, JSON.
      restMs: answer.deltaMs != null && answer.reingestMs != null ? round(wallMs - answer.reingestMs - answer.deltaMs, 2) : null,
      events: later.length, echoEvents: later.filter((e) => e.generation !== generation).length,
      counts: deltaCounts(answer),
    };
    (index < warmup ? warm : samples).push(sample);
  }
  const window = cpu ? cpu() : null;
  return {
    mode: 'edit.apply', edits: samples.length, warmup: warm.length, gapMs, errors,
    ...summarize(samples, ['wallMs', 'deltaMs', 'reingestMs', 'restMs', 'serverMs']),
    stages: stageSummary(samples),
    rebindFiles: distribution(samples.map((s) => s.rebind?.files)),
    echoEvents: samples.reduce((sum, s) => sum + s.echoEvents, 0),
    cpu: window, samples, warmupSamples: warm,
  };
}

/**
 * (b) The edit written on disk (writeFileSync; subscribed to graph.delta first), timed from the
 * write returning to the event whose `reparsed` names the file (a miss after `timeoutMs`), with
 * the event's deltaMs and reingestMs; "outside" is latency - reingestMs - deltaMs: the watcher's
 * settle, reading the batch, announcing and the socket. After each: `gapMs`, then idle.
 */
export async function measureDisk(daemon, { intents, graph, warmup, gapMs, timeoutMs = 30_000 }) {
  const client = await daemon.client('bench-delta-disk');
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
  const samples = [];
  const warm = [];
  const errors = [];
  let missed = 0;
  let cpu = null;
  for (const [index, intent] of intents.entries()) {
    if (index === warmup) cpu = cpuWindow(daemon.pid);
    const plan = materialize(daemon.repo, graph, intent);
    if (!plan) {
      errors.push({ path: intent.candidate.path ?? intent.candidate, how: intent.kind, message: 'the edit could not be made on the file as it is now' });
      continue;
    }
    const arrived = new Promise((resolve) => { waiting = { path: plan.path, resolve }; });
    writePlan(daemon.repo, plan);
    const writtenAt = performance.now();
    const result = await Promise.race([arrived, sleep(timeoutMs).then(() => null)]);
    if (!result) {
      waiting = null;
      if (index >= warmup) missed++;
      (index < warmup ? warm : samples).push({ how: plan.how, path: plan.path, missed: true });
      await waitIdle(client, { pollMs: 10, timeoutMs: 60_000 });
      continue;
    }
    const payload = result.event.payload ?? {};
    const latencyMs = result.at - writtenAt;
    const generation = payload.generation ?? result.event.clock;
    const stages = await stagesOf(client, generation);
    const sample = {
      how: plan.how, path: plan.path, ...(plan.how === 'rename' ? { callerFiles: plan.callerFiles } : {}),
      latencyMs: round(latencyMs, 2), deltaMs: payload.deltaMs ?? null, reingestMs: payload.reingestMs ?? null, generation,
      outsideMs: payload.deltaMs != null && payload.reingestMs != null ? round(latencyMs - payload.reingestMs - payload.deltaMs, 2) : null,
      batch: payload.reparsed?.length ?? null, rebind: payload.rebind ?? null, stages, counts: deltaCounts(payload),
    };
    (index < warmup ? warm : samples).push(sample);
    await sleep(gapMs);
    await waitIdle(client, { pollMs: 10, timeoutMs: 60_000 });
  }
  const window = cpu ? cpu() : null;
  const measured = samples.filter((s) => !s.missed);
  return {
    mode: 'disk', edits: samples.length, warmup: warm.length, gapMs, missed, otherEvents, errors,
    ...summarize(measured, ['latencyMs', 'deltaMs', 'reingestMs', 'outsideMs']),
    stages: stageSummary(measured),
    rebindFiles: distribution(measured.map((s) => s.rebind?.files)),
    cpu: window, samples, warmupSamples: warm,
  };
}
