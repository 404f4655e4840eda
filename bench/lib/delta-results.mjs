// The structural-delta targets, their verdicts from bench/results/delta.json, and the delta
// section of bench/RESULTS.md (between `<!-- delta:start -->` and `<!-- delta:end -->`; everything
// outside the markers is kept). A verdict is "met", "missed" or null (not measured).
import fs from 'node:fs';
import { distribution } from './daemon-scenarios.mjs';
import { writeMarkedSection } from './results-md.mjs';

export const START_MARKER = '<!-- delta:start -->';
export const END_MARKER = '<!-- delta:end -->';

/** The thresholds: deltaMs and edit -> delta of a one-file edit (p95), check on 50 files (median). */
export const DELTA_TARGETS = {
  deltaP95Ms: 20,
  editToDeltaP95Ms: 60,
  checkMedianMs: 2000,
};

const dash = '—';
const verdict = (ok) => (ok == null ? null : ok ? 'met' : 'missed');

/** Verdicts of one corpus's edit series: deltaMs and end-to-end, for edit.apply and for disk. */
export function judgeEdits(record) {
  const a = record.apply;
  const d = record.disk;
  return {
    applyDelta: a?.deltaMs ? verdict(a.deltaMs.p95 < DELTA_TARGETS.deltaP95Ms) : null,
    applyEndToEnd: a?.wallMs ? verdict(a.wallMs.p95 < DELTA_TARGETS.editToDeltaP95Ms && a.errors.length === 0) : null,
    diskDelta: d?.deltaMs ? verdict(d.deltaMs.p95 < DELTA_TARGETS.deltaP95Ms) : null,
    diskEndToEnd: d?.latencyMs ? verdict(d.latencyMs.p95 < DELTA_TARGETS.editToDeltaP95Ms && d.missed === 0) : null,
  };
}

/** The check verdict: the median of the warm runs, every run answered. */
export function judgeCheck(check) {
  const warm = check?.warm;
  if (!warm?.wallMs) return null;
  return verdict(warm.wallMs.p50 < DELTA_TARGETS.checkMedianMs && warm.failed === 0);
}

/** Overall: the one-file targets on the corpus they name (core-js) and on every other corpus measured; check. */
export function judgeDelta(results) {
  const all = Object.values(results.corpora ?? {}).map(judgeEdits);
  const combine = (keys) => {
    const verdicts = all.flatMap((j) => keys.map((k) => j[k])).filter((v) => v != null);
    return verdicts.length === 0 ? null : verdicts.every((v) => v === 'met') ? 'met' : 'missed';
  };
  const main = results.corpora?.['core-js'] ? judgeEdits(results.corpora['core-js']) : null;
  const mainOf = (keys) => {
    if (!main) return null;
    const verdicts = keys.map((k) => main[k]).filter((v) => v != null);
    return verdicts.length === 0 ? null : verdicts.every((v) => v === 'met') ? 'met' : 'missed';
  };
  return {
    deltaMs: combine(['applyDelta', 'diskDelta']), editToDelta: combine(['applyEndToEnd', 'diskEndToEnd']),
    coreJsDeltaMs: mainOf(['applyDelta', 'diskDelta']), coreJsEditToDelta: mainOf(['applyEndToEnd', 'diskEndToEnd']),
    check: judgeCheck(results.check),
  };
}

// ---- markdown -------------------------------------------------------------------------------

function fixed(value, decimals = 1) {
  return value == null || !Number.isFinite(value) ? dash : value.toFixed(decimals);
}
function integer(value) {
  return value == null || !Number.isFinite(value) ? dash : Math.round(value).toLocaleString('en-US');
}
function shown(v) {
  return v === 'met' ? 'met' : v === 'missed' ? '**missed**' : 'not measured';
}
function dist(d, keys = ['p50', 'p95', 'max'], decimals = 1) {
  return d ? keys.map((k) => fixed(d[k], decimals)).join(' / ') : dash;
}
function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}
function machineLine(machine) {
  if (!machine) return dash;
  return `${machine.cores} cores (${machine.cpuModel}), ${(machine.totalMemoryBytes / 1024 ** 3).toFixed(1)} GiB, Node ${machine.node}, ${machine.platform}`;
}
function oneLine(message) {
  const text = String(message).split('\n').map((line) => line.trim()).filter(Boolean).join(' / ');
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
function cpuLine(cpu) {
  if (!cpu) return '';
  return `CPU over the series: daemon ${fixed(cpu.daemonCores, 2)} cores, whole machine ${fixed(cpu.machineCores, 2)} cores; 1-minute load ${fixed(cpu.loadAverage1m?.before, 2)} -> ${fixed(cpu.loadAverage1m?.after, 2)}`;
}
const KIND_LABEL = { body: 'body edit', add: 'add a function', rename: 'rename (callers in other files)' };

/** Sentences on where the time goes, computed from the figures. */
function observations(results) {
  const out = [];
  for (const r of Object.values(results.corpora ?? {})) {
    const a = r.apply;
    if (a?.wallMs) {
      const kinds = ['body', 'add', 'rename'].map((k) => a.byKind?.[k]?.deltaMs ? `${KIND_LABEL[k]} ${fixed(a.byKind[k].deltaMs.p50)} / ${fixed(a.byKind[k].reingestMs?.p50)}` : null).filter(Boolean).join(', ');
      const st = a.stages ? Object.entries(a.stages).filter(([, d]) => d).map(([k, d]) => `${k === 'otherMs' ? 'publish and the rest' : k.replace(/Ms$/, '')} ${fixed(d.p50)}`).join(', ') : null;
      out.push(`- ${r.name}, \`edit.apply\`: median ${fixed(a.wallMs.p50)} ms per edit = refresh (reingestMs) ${fixed(a.reingestMs?.p50)} ms + analysis (deltaMs) ` +
        `${fixed(a.deltaMs?.p50)} ms + the rest (write, socket, JSON) ${fixed(a.restMs?.p50)} ms (medians of each; p95 ${fixed(a.reingestMs?.p95)} + ${fixed(a.deltaMs?.p95)} + ${fixed(a.restMs?.p95)}). ` +
        `Median deltaMs / reingestMs by kind, ms: ${kinds}.` + (st ? ` Refresh stages (index.report, medians, ms): ${st}.` : '') +
        (a.rebindFiles ? ` The bind stage re-bound ${fixed(a.rebindFiles.p50, 0)} files at the median (max ${fixed(a.rebindFiles.max, 0)}) of ${integer(r.files)}.` : '') +
        ` The watcher saw each write too: ${a.echoEvents} extra generation(s) published for ${a.edits} edits. ${cpuLine(a.cpu)}.`);
    }
    const d = r.disk;
    if (d?.latencyMs) {
      out.push(`- ${r.name}, write on disk -> \`graph.delta\`: median ${fixed(d.latencyMs.p50)} ms = refresh ${fixed(d.reingestMs?.p50)} ms + analysis ${fixed(d.deltaMs?.p50)} ms + ` +
        `outside both ${fixed(d.outsideMs?.p50)} ms (p95 ${fixed(d.outsideMs?.p95)} ms: the watcher's settle${results.build?.watchSettleMs != null ? ` of ${results.build.watchSettleMs} ms` : ''}, reading the batch, announcing, the socket); ` +
        `missed ${d.missed} of ${d.edits}. ${cpuLine(d.cpu)}.`);
    }
  }
  for (const r of Object.values(results.corpora ?? {})) {
    const samples = [r.apply, r.disk].filter(Boolean).flatMap((series) => series.samples ?? []).filter((s) => !s.missed && s.deltaMs != null);
    if (samples.length === 0) continue;
    const split = (label, test, field = 'deltaMs') => {
      const d = distribution(samples.filter(test).map((s) => s[field]));
      return d ? `${label} (${d.n}) p50 ${fixed(d.p50)} / p95 ${fixed(d.p95)}` : null;
    };
    const parts = [
      split('deltaMs of deltas that list tests reaching the change', (s) => s.counts?.testsReaching > 0),
      split('deltaMs of those that list none', (s) => !(s.counts?.testsReaching > 0)),
      split('deltaMs with 10 or more affected files', (s) => s.counts?.affected >= 10),
      split('deltaMs with fewer', (s) => !(s.counts?.affected >= 10)),
      split('reingestMs when the bind stage took 30 ms or more (many files re-bound: a name that many files import changed)', (s) => s.stages?.bindMs >= 30, 'reingestMs'),
      split('reingestMs when it took less', (s) => s.stages && s.stages.bindMs < 30, 'reingestMs'),
    ].filter(Boolean);
    const slowest = [...samples].sort((a, b) => b.deltaMs - a.deltaMs).slice(0, 3)
      .map((s) => `${s.how} of ${s.path} (deltaMs ${fixed(s.deltaMs)}, ${integer(s.counts?.affected)} affected, ${integer(s.counts?.danglingCallers)} dangling, ${integer(s.counts?.testsReaching)} tests reaching)`);
    out.push(`- ${r.name}, both ways together (${samples.length} edits), ms: ${parts.join('; ')}. Largest deltaMs: ${slowest.join('; ')}.`);
  }
  const c = results.check;
  if (c?.warm?.wallMs) {
    const w = c.warm;
    out.push(`- check, warm daemon: median ${fixed(w.wallMs.p50, 0)} ms end to end, of which the daemon's \`delta.since\` took ${fixed(w.serverMs?.p50, 0)} ms ` +
      `(its analysis, deltaMs, ${fixed(w.deltaMs?.p50, 0)} ms; the rest of it, ${fixed((w.serverMs?.p50 ?? NaN) - (w.deltaMs?.p50 ?? NaN), 0)} ms, is the workspace's refresh and reading the baseline of HEAD); starting the command line (\`repograph --help\`) takes ${fixed(c.cliFloorMs, 0)} ms and Node alone ` +
      `(\`node -e 0\`) ${fixed(results.nodeStartMs, 0)} ms, so about ${fixed(w.wallMs.p50 - (w.serverMs?.p50 ?? 0) - (c.cliFloorMs ?? 0), 0)} ms is connecting and printing.` +
      (c.absorb ? ` Before the checks, the daemon took ${fixed(c.absorb.idleMs, 0)} ms from the first write to idle to index the ${c.changed?.length} changed files ` +
        `(${c.absorb.generations} generation(s); reingestMs ${c.absorb.reingestMs.join(', ')}; deltaMs ${c.absorb.deltaMs.join(', ')}).` : ''));
  }
  if (c?.coldStore?.wallMs) {
    out.push(`- check, no daemon running, store kept: median ${fixed(c.coldStore.wallMs.p50, 0)} ms (the command line starts the daemon, which binds the tree from its store, then answers); ` +
      `daemon's delta.since ${fixed(c.coldStore.serverMs?.p50, 0)} ms.`);
  }
  if (c?.coldEmpty?.wallMs) {
    out.push(`- check, no daemon and an empty data root (a fresh CI machine): median ${fixed(c.coldEmpty.wallMs.p50, 0)} ms (the daemon indexes the tree and builds the baseline of HEAD from git objects first); ` +
      `daemon's delta.since ${fixed(c.coldEmpty.serverMs?.p50, 0)} ms.`);
  }
  return out;
}

function editRows(results) {
  const rows = [];
  for (const r of Object.values(results.corpora ?? {})) {
    for (const [mode, series, endKey, restKey] of [['`edit.apply` request', r.apply, 'wallMs', 'restMs'], ['write -> `graph.delta`', r.disk, 'latencyMs', 'outsideMs']]) {
      if (!series) continue;
      const row = (label, source, n) => [r.name, mode, label, integer(n), dist(source?.[endKey]), dist(source?.deltaMs), dist(source?.reingestMs), dist(source?.[restKey], ['p50', 'p95'])];
      rows.push(row('all', series, series[endKey]?.n));
      for (const kind of ['body', 'add', 'rename']) {
        const k = series.byKind?.[kind];
        if (k?.[endKey]) rows.push(row(KIND_LABEL[kind], k, k[endKey].n));
      }
    }
  }
  return rows;
}

function checkRow(label, figures, judged) {
  if (!figures) return null;
  const f = figures.findings;
  return [label, `${integer(figures.runs)}${figures.failed ? ` (${figures.failed} failed)` : ''}`, figures.samples.map((s) => s.error ? 'failed' : integer(s.wallMs)).join(', '),
    dist(figures.wallMs, ['p50', 'max'], 0), dist(figures.serverMs, ['p50', 'max'], 0), fixed(figures.deltaMs?.p50, 0),
    f ? `${integer(f.failing)} (dangling ${integer(f.danglingCallers)}, arity ${integer(f.arityFindings)}, duplicates ${integer(f.newDuplicates)}, cycles ${integer(f.newImportCycles)}); tests reaching ${integer(f.testsReaching)}` : dash,
    judged];
}

/** The markdown of the delta section, from delta.json's contents. */
export function renderDeltaSection(results) {
  const records = Object.values(results.corpora ?? {});
  const overall = judgeDelta(results);
  const o = results.options ?? {};
  const machines = new Set([...records, results.check].filter(Boolean).map((r) => machineLine(r.machine)));
  const out = [];
  out.push('## Structural delta', '');
  out.push(`Generated by \`npm run bench:delta\` from bench/results/delta.json; last run ${results.updatedAt}.`);
  out.push(`Machine: ${[...machines].join('; ') || dash} (shared and noisy: read distributions, not single numbers).`);
  out.push(`Daemon and command line measured: ${results.build?.daemon ?? dash}, ${results.build?.cli ?? dash}` +
    `${results.build?.commit ? ` at ${results.build.commit}${results.build.dirty ? ' with uncommitted changes' : ''}` : ''}.`);
  out.push('');
  out.push('Method (bench/README.md has the details): each corpus is cloned into a temporary git repository with an empty data root; the built daemon ' +
    '(`node daemon/dist/main.js --repo DIR --idle-timeout 0`) indexes it and is driven, warm, over its socket with packages/client. ' +
    `One-file edits, in turn a body edit (a call to a new name at the start of a function body), an added function (appended to a file) and a rename ` +
    `of a function, method or property that other files call (at its definition only, so those callers dangle): ${o.edits ?? dash} through ` +
    '`edit.apply {edits: [{path, replace: {old, new}}]}` (a: timed send -> answer, with its `deltaMs` and `reingestMs`), then ' +
    `${o.edits ?? dash} more written on disk with \`writeFileSync\` (b: timed from the write to the \`graph.delta\` event naming the file, subscribed first, with the event's \`deltaMs\`). ` +
    `Each edit touches a file no other edit touched (the edits go forward, nothing is restored, so each is against the file as committed), ` +
    `the first ${o.warmup ?? dash} of each series are warm-up and not counted, and after each the bench waits ${o.gapMs ?? dash} ms and until the daemon is idle, so every edit is its own batch. ` +
    `Check: on a fresh clone of ${results.check?.corpus ?? o.checkCorpus ?? dash} with a warm daemon, ${results.check?.changed?.length ?? o.checkFiles ?? dash} files are changed on disk ` +
    `(${results.check?.composition ?? dash}); once the daemon is idle, \`node packages/cli/bin/repograph.js check --base HEAD --json\` is run ${o.checkRuns ?? dash} times as a child process ` +
    '(process start included) and the median taken; then the same with no daemon running (the command line starts one; it is stopped after each run with `repograph stop`), ' +
    'once over the store the warm daemon left and once over an empty data root.', '');

  out.push('### Targets', '');
  const targetRows = [];
  for (const r of records) {
    const j = judgeEdits(r);
    const main = r.name === 'core-js' ? '' : ' (second row)';
    targetRows.push([`\`deltaMs\`, one-file edit, warm daemon${main}`, `p95 < ${DELTA_TARGETS.deltaP95Ms} ms`, r.name, '`edit.apply`', dist(r.apply?.deltaMs), shown(j.applyDelta)]);
    targetRows.push([`\`deltaMs\`, one-file edit, warm daemon${main}`, `p95 < ${DELTA_TARGETS.deltaP95Ms} ms`, r.name, 'write on disk -> event', dist(r.disk?.deltaMs), shown(j.diskDelta)]);
    targetRows.push([`edit -> delta, one-file edit, warm daemon${main}`, `p95 < ${DELTA_TARGETS.editToDeltaP95Ms} ms`, r.name, '`edit.apply` request', dist(r.apply?.wallMs), shown(j.applyEndToEnd)]);
    targetRows.push([`edit -> delta, one-file edit, warm daemon${main}`, `p95 < ${DELTA_TARGETS.editToDeltaP95Ms} ms`, r.name,
      `write -> \`graph.delta\` (missed ${r.disk?.missed ?? dash})`, dist(r.disk?.latencyMs), shown(j.diskEndToEnd)]);
  }
  const c = results.check;
  if (c) {
    targetRows.push([`\`repograph check --base HEAD --json\`, ${c.changed?.length ?? dash}-file change, warm daemon`, `median < ${DELTA_TARGETS.checkMedianMs / 1000} s`, c.corpus,
      `${c.warm?.runs ?? 0} runs, end to end`, c.warm?.wallMs ? `median ${fixed(c.warm.wallMs.p50, 0)} ms (max ${fixed(c.warm.wallMs.max, 0)})` : dash, shown(judgeCheck(c))]);
    if (c.coldStore) targetRows.push(['the same, no daemon running (store kept; the command line starts one)', 'informative', c.corpus, `${c.coldStore.runs} runs`, `median ${fixed(c.coldStore.wallMs?.p50, 0)} ms`, 'informative']);
    if (c.coldEmpty) targetRows.push(['the same, no daemon and an empty data root', 'informative', c.corpus, `${c.coldEmpty.runs} runs`, `median ${fixed(c.coldEmpty.wallMs?.p50, 0)} ms`, 'informative']);
  }
  out.push(table(['target', 'threshold', 'corpus', 'how', 'measured p50 / p95 / max ms', 'verdict'], targetRows), '');
  out.push(`Overall: deltaMs ${shown(overall.coreJsDeltaMs)} and edit -> delta ${shown(overall.coreJsEditToDelta)} on core-js ` +
    `(${shown(overall.deltaMs)} / ${shown(overall.editToDelta)} over every corpus measured); check ${shown(overall.check)}.`, '');

  out.push('### One-file edits', '');
  out.push(table(['corpus', 'how', 'edit', 'n', 'edit -> delta p50 / p95 / max ms', 'deltaMs p50 / p95 / max', 'reingestMs p50 / p95 / max', 'rest p50 / p95 ms'], editRows(results)), '');
  out.push('"edit -> delta" is the `edit.apply` request from send to answer (a), or from `writeFileSync` returning to the `graph.delta` event (b). ' +
    '`reingestMs` is the refresh inside the daemon (scan, read, extract, bind, publish), `deltaMs` the structural analysis after it; "rest" is what ' +
    'is left: for (a) writing the file, the socket and JSON; for (b) the watcher\'s settle, reading the batch, announcing and the socket.', '');
  const stageRows = [];
  for (const r of records) {
    for (const [mode, series] of [['edit.apply', r.apply], ['disk', r.disk]]) {
      if (series?.stages) stageRows.push([r.name, mode, ...['scanMs', 'readMs', 'extractMs', 'bindMs', 'otherMs'].map((k) => dist(series.stages[k], ['p50', 'p95'])), dist(series.rebindFiles, ['p50', 'max'], 0)]);
    }
  }
  if (stageRows.length) {
    out.push('Refresh stages of those edits (index.report `timings` of each edit\'s generation), p50 / p95 ms; "publish" is reingestMs minus the stages:', '');
    out.push(table(['corpus', 'how', 'scan', 'read', 'extract', 'bind', 'publish', 'files re-bound p50 / max'], stageRows), '');
  }

  if (c) {
    out.push(`### \`repograph check --base HEAD\` on a ${c.changed?.length ?? dash}-file change (${c.corpus})`, '');
    out.push(table(['daemon', 'runs', 'each run, ms', 'end to end p50 / max ms', 'daemon delta.since p50 / max ms', 'deltaMs p50', 'findings (failing: dangling, arity, duplicates, cycles)', 'verdict'],
      [checkRow('warm, already running', c.warm, shown(judgeCheck(c))), checkRow('none running, store kept (cold start)', c.coldStore, 'informative'),
        checkRow('none running, empty data root', c.coldEmpty, 'informative')].filter(Boolean)), '');
    out.push(`The change: ${c.composition ?? dash}. Starting the command line alone (\`repograph --help\`, median) takes ${fixed(c.cliFloorMs, 0)} ms; Node alone ` +
      `(\`node -e 0\`) ${fixed(results.nodeStartMs, 0)} ms. "daemon delta.since" is the answer's meta.timings.totalMs.`, '');
  }

  const notes = observations(results);
  if (notes.length) out.push('### Where the time goes', '', ...notes, '');

  const problems = [...records, c].filter((r) => r?.errors?.length);
  if (problems.length) {
    out.push('### Not measured', '');
    for (const r of problems) for (const error of r.errors) out.push(`- ${r.name ?? r.corpus ?? 'check'}: ${oneLine(error)}`);
    out.push('');
  }
  return out.join('\n');
}

/** Writes the section into RESULTS.md between the markers, keeping everything else. */
export function writeDeltaMarkdown(file, results) {
  writeMarkedSection(file, START_MARKER, END_MARKER, `${START_MARKER}\n${renderDeltaSection(results)}\n${END_MARKER}`);
}
