// The daemon's targets, their verdicts from bench/results/daemon.json, and the daemon section of
// bench/RESULTS.md (between `<!-- daemon:start -->` and `<!-- daemon:end -->`; everything outside
// the markers is kept). A verdict is "met", "missed" or null (not measured).
import fs from 'node:fs';
import { writeMarkedSection } from './results-md.mjs';

export const START_MARKER = '<!-- daemon:start -->';
export const END_MARKER = '<!-- daemon:end -->';

const MB = 1024 * 1024;
const dash = '—';

/** The daemon issue's thresholds (the watch ratio is this bench's reading of "proportional"). */
export const DAEMON_TARGETS = {
  editToDeltaP95Ms: 50,
  loadP99Ms: 50,
  loadErrors: 0,
  restartMsPer5000Files: 1000,
  rssBytes: 300 * MB,
  watchedPerAdmittedDirectory: 1.5,
};

const verdict = (ok) => (ok == null ? null : ok ? 'met' : 'missed');

/** The restart's median first answer scaled linearly to 5,000 files (ms). */
export function scaledRestartMs(record) {
  const median = record.restart?.answeredMs?.p50;
  return median == null || !record.files ? null : median * (5000 / record.files);
}

/** The larger of the RSS readings after the initial index and after the load (bytes). */
function worstRss(record) {
  const values = [record.afterIndex?.rssBytes, record.afterLoad?.rssBytes].filter((v) => Number.isFinite(v));
  return values.length ? Math.max(...values) : null;
}

function watchRatio(record) {
  const watched = record.afterIndex?.watchedDirectories;
  const admitted = record.admitted?.directories;
  return watched == null || !admitted ? null : watched / admitted;
}

/** Each target's verdict for one corpus record. */
export function judgeDaemonCorpus(record) {
  const edit = record.edit;
  const load = record.load;
  const restartMedian = record.restart?.answeredMs?.p50;
  const after = record.restartAfterLoad;
  const afterOk = !after ? true : !after.failure && (after.answeredMs?.p50 == null
    || after.answeredMs.p50 < DAEMON_TARGETS.restartMsPer5000Files * Math.max(1, (record.files ?? 0) / 5000));
  const rss = worstRss(record);
  const ratio = watchRatio(record);
  return {
    edit: edit?.latencyMs ? verdict(edit.latencyMs.p95 < DAEMON_TARGETS.editToDeltaP95Ms && edit.missed === 0) : null,
    load: load?.latencyMs ? verdict(load.errors <= DAEMON_TARGETS.loadErrors && load.latencyMs.p99 < DAEMON_TARGETS.loadP99Ms) : null,
    // A corpus of up to 5,000 files must answer within 1 s; a larger one in proportion.
    // ... and a restart after the edits and the load must answer too (in time).
    restart: restartMedian == null ? (after?.failure ? 'missed' : null)
      : verdict(restartMedian < DAEMON_TARGETS.restartMsPer5000Files * Math.max(1, (record.files ?? 0) / 5000) && afterOk),
    rss: rss == null ? null : verdict(rss <= DAEMON_TARGETS.rssBytes),
    watches: ratio == null ? null : verdict(ratio <= DAEMON_TARGETS.watchedPerAdmittedDirectory),
  };
}

function largest(records) {
  return records.reduce((best, r) => (!best || (r.files ?? 0) > (best.files ?? 0) ? r : best), null);
}

/**
 * The overall verdicts: edit latency, load, RSS and watches must hold on every corpus measured;
 * restart on every corpus, on the largest scaled linearly to 5,000 files, and on the synthetic
 * 5,000-file repository when it was measured.
 */
export function judgeDaemon(results) {
  const records = Object.values(results.corpora ?? {});
  const judged = records.map(judgeDaemonCorpus);
  const every = (key) => {
    const verdicts = judged.map((j) => j[key]).filter((v) => v != null);
    return verdicts.length === 0 ? null : verdicts.every((v) => v === 'met') ? 'met' : 'missed';
  };
  let restart = every('restart');
  const big = largest(records);
  const scaled = big ? scaledRestartMs(big) : null;
  if (restart === 'met' && scaled != null && scaled >= DAEMON_TARGETS.restartMsPer5000Files) restart = 'missed';
  const synthetic = results.synthetic?.restart?.answeredMs?.p50;
  if (synthetic != null) {
    const ok = synthetic < DAEMON_TARGETS.restartMsPer5000Files * Math.max(1, results.synthetic.files / 5000);
    restart = restart === null ? verdict(ok) : restart === 'met' && ok ? 'met' : 'missed';
  }
  return { edit: every('edit'), load: every('load'), restart, rss: every('rss'), watches: every('watches'), largest: big?.name ?? null };
}

// ---- markdown -------------------------------------------------------------------------------

function fixed(value, decimals = 1) {
  return value == null || !Number.isFinite(value) ? dash : value.toFixed(decimals);
}
function integer(value) {
  return value == null || !Number.isFinite(value) ? dash : Math.round(value).toLocaleString('en-US');
}
function mb(bytes) {
  return bytes == null ? dash : fixed(bytes / MB, 0);
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
  return `${machine.cores} cores (${machine.cpuModel}), ${(machine.totalMemoryBytes / 1024 ** 3).toFixed(1)} GiB, ` +
    `Node ${machine.node}, ${machine.platform}`;
}
function oneLine(message) {
  const text = String(message).split('\n').map((line) => line.trim()).filter(Boolean).join(' / ');
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
const perCorpus = (records, show) => records.map((r) => `${r.name} ${show(r)}`).join('; ') || dash;

/** Sentences on where the time goes, computed from the figures (no judgement of the code). */
function observations(records, results) {
  const out = [];
  for (const r of records) {
    const e = r.edit;
    if (e?.latencyMs && e.reingestMs) {
      const stages = Object.entries(e.stages ?? {}).filter(([, d]) => d).map(([k, d]) => `${k === 'otherMs' ? 'the rest (publish, change summary)' : k} ${fixed(d.p50, 1)}`).join(', ');
      out.push(`- ${r.name}, edit -> graph.delta: median ${fixed(e.latencyMs.p50)} ms, of which the refresh (event reingestMs) ` +
        `${fixed(e.reingestMs.p50)} ms${stages ? ` (stage medians from index.report, ms: ${stages})` : ''} and ` +
        `${fixed(e.outsideRefreshMs?.p50)} ms outside it (the watcher's settle${results.build?.watchSettleMs != null ? ` of ${results.build.watchSettleMs} ms in this build` : ''}, reading the batch, announcing, the event on the socket).` +
        (r.sync?.latencyMs ? ` The same edit read back with \`symbols.search {sync: true}\` (the barrier flushes the watcher without settling): ` +
          `median ${fixed(r.sync.latencyMs.p50)} ms, p95 ${fixed(r.sync.latencyMs.p95)} ms; found ${r.sync.found}/${r.sync.edits}.` : ''));
    }
    const l = r.load;
    if (l?.latencyMs) {
      out.push(`- ${r.name}, ${l.clients} clients: ${integer(l.queries)} queries in ${fixed(l.elapsedMs / 1000, 1)} s (${fixed(l.throughputPerS, 0)}/s); ` +
        `client-side p50 ${fixed(l.latencyMs.p50)} ms, p99 ${fixed(l.latencyMs.p99)} ms, while the daemon's own time per query ` +
        `(meta.timings.totalMs) was p50 ${fixed(l.serverMs?.p50, 2)} ms, p99 ${fixed(l.serverMs?.p99, 1)} ms, max ${fixed(l.serverMs?.max, 1)} ms: ` +
        'the rest is waiting in line behind the other clients\' requests and the re-index on the daemon\'s one event loop, and the clients\' own work ' +
        (l.cpuCores ? `(CPU over the window: daemon ${fixed(l.cpuCores.daemon, 2)} cores, the bench's ${l.clients} clients ${fixed(l.cpuCores.benchClients, 2)} cores, ` +
          `the whole machine ${fixed(l.cpuCores.machine, 2)} of ${results.machine?.cores ?? '?'} cores; 1-minute load average ${fixed(l.loadAverage1m?.after, 2)}). ` : '. ') +
        (l.cpuCores?.daemon != null && l.queries ? `The daemon used ${fixed(l.cpuCores.daemon * l.elapsedMs / l.queries, 2)} ms of CPU per answered query ` +
          `(its handlers' mean own time: ${fixed(l.serverMs?.mean, 2)} ms; the rest is the re-index, the socket and JSON-RPC), so ${l.clients} requests always in flight ` +
          `wait about ${l.clients} x that in line (Little's law: ${l.clients} / ${fixed(l.throughputPerS, 0)} per s = ${fixed(l.clients / l.throughputPerS * 1000, 0)} ms mean). ` : '') +
        (() => {
          const spent = Object.entries(l.methods ?? {}).map(([m, v]) => [m, (v.count ?? 0) * (v.serverMs?.mean ?? 0)]);
          const total = spent.reduce((sum, [, ms]) => sum + ms, 0);
          const search = spent.find(([m]) => m === 'symbols.search')?.[1] ?? 0;
          return total > 0 ? `\`symbols.search\` took ${fixed(search / total * 100, 0)}% of the handlers' time. ` : '';
        })() +
        (l.firstSearchOfGenerationServerMs ? `The first search answered from each new generation took the daemon p50 ${fixed(l.firstSearchOfGenerationServerMs.p50, 1)} ms ` +
          `(max ${fixed(l.firstSearchOfGenerationServerMs.max, 0)} ms, ${l.firstSearchOfGenerationServerMs.n} generations), later searches p50 ${fixed(l.laterSearchServerMs?.p50, 2)} ms. ` : '') +
        (l.slowest?.length ? `The slowest answers took ${fixed(l.slowest[0].ms, 0)} ms; the daemon's longest own time for one query was ${fixed(l.serverMs?.max, 0)} ms.` : ''));
    }
  }
  if (results.synthetic?.restart?.answeredMs) {
    const s = results.synthetic.restart;
    out.push(`- Warm restart at ${integer(results.synthetic.files)} files: first answer median ${fixed(s.answeredMs.p50, 0)} ms ` +
      `(listening ${fixed(s.socketMs?.p50, 0)} ms, connected ${fixed(s.connectedMs?.p50, 0)} ms); bound in memory again (warm) after ${fixed(s.warmMs?.p50, 0)} ms. ` +
      `Starting Node alone (\`node -e 0\`) takes ${fixed(results.nodeStartMs, 0)} ms.`);
  }
  return out;
}

/** The markdown of the daemon section, from daemon.json's contents. */
export function renderDaemonSection(results) {
  const records = Object.values(results.corpora ?? {});
  const overall = judgeDaemon(results);
  const machines = new Set([...records, results.synthetic].filter(Boolean).map((r) => machineLine(r.machine)));
  const o = results.options ?? {};
  const out = [];
  out.push('## Daemon', '');
  out.push(`Generated by \`npm run bench:daemon\` from bench/results/daemon.json; last run ${results.updatedAt}.`);
  out.push(`Machine: ${[...machines].join('; ') || dash} (shared and noisy: read distributions, not single numbers).`);
  out.push(`Daemon measured: ${results.build?.daemon ?? dash}${results.build?.commit ? ` at ${results.build.commit}${results.build.dirty ? ' with uncommitted changes' : ''}` : ''}.`);
  out.push('');
  out.push('Method (bench/README.md has the details): each corpus is cloned into a temporary git repository with an empty ' +
    'data root, and the built daemon is spawned on it (`node daemon/dist/main.js --repo DIR --idle-timeout 0`) and driven ' +
    'over its socket with packages/client. After the initial index: ' +
    `${o.edits ?? dash} edits of a random source file on disk (append a function / change a body in turn, ${o.gapMs ?? dash} ms apart), ` +
    'timed from `writeFileSync` returning to the `graph.delta` event whose `reparsed` names the file; ' +
    `then ${o.clients ?? dash} clients query back to back for ${o.durationS ?? dash} s (search, card, callers, callees, refs) while a writer ` +
    `edits a file every ${o.writerMs ?? dash} ms and a full \`workspace.refresh\` runs every ${o.refreshEveryS ?? dash} s; ` +
    `then ${o.restarts ?? dash} warm restarts (SIGTERM, spawn again on the same data root) timed from spawn to the first answered \`symbols.search\`. ` +
    'RSS is `daemon.stats` rssBytes; inotify watches are the `inotify wd:` lines of /proc/PID/fdinfo.', '');

  out.push('### Targets', '');
  const big = records.find((r) => r.name === overall.largest);
  out.push(table(['target', 'threshold', 'measured', 'verdict'], [
    ['edit on disk -> `graph.delta`, warm daemon', `p95 < ${DAEMON_TARGETS.editToDeltaP95Ms} ms`,
      perCorpus(records, (r) => `p50/p95/max ${dist(r.edit?.latencyMs)} ms`), shown(overall.edit)],
    [`${o.clients ?? 64} concurrent clients, mixed queries, during re-index`, `0 errors, p99 < ${DAEMON_TARGETS.loadP99Ms} ms`,
      perCorpus(records, (r) => (r.load ? `${r.load.errors} errors, p50/p99 ${dist(r.load.latencyMs, ['p50', 'p99'])} ms` : dash)), shown(overall.load)],
    ['warm restart -> first answer (median)', `< ${DAEMON_TARGETS.restartMsPer5000Files / 1000} s per 5,000 files`,
      [perCorpus(records, (r) => `${fixed(r.restart?.answeredMs?.p50 != null ? r.restart.answeredMs.p50 / 1000 : null, 2)} s` +
        (r.restartAfterLoad?.failure ? ' (after the edits and the load: **failed to restart**)'
          : r.restartAfterLoad?.answeredMs ? ` (after the edits and the load ${fixed(r.restartAfterLoad.answeredMs.p50 / 1000, 2)} s)` : '')),
        big ? `${big.name} scaled to 5,000 files ${fixed(scaledRestartMs(big) != null ? scaledRestartMs(big) / 1000 : null, 2)} s` : null,
        results.synthetic?.restart ? `${integer(results.synthetic.files)}-file synthetic ${fixed(results.synthetic.restart.answeredMs?.p50 / 1000, 2)} s` : null,
      ].filter(Boolean).join('; '), shown(overall.restart)],
    ['daemon RSS after the initial index and after the load', `<= ${DAEMON_TARGETS.rssBytes / MB} MB`,
      perCorpus(records, (r) => `${mb(r.afterIndex?.rssBytes)} / ${mb(r.afterLoad?.rssBytes)} MB`), shown(overall.rss)],
    ['watched directories proportional to admitted directories', `<= ${DAEMON_TARGETS.watchedPerAdmittedDirectory} watched per admitted directory`,
      perCorpus(records, (r) => `${integer(r.afterIndex?.watchedDirectories)} / ${integer(r.admitted?.directories)} = ${fixed(watchRatio(r), 2)}`), shown(overall.watches)],
  ]), '');

  out.push('### Edit on disk -> graph.delta', '');
  out.push(table(
    ['corpus', 'files', 'edits (missed)', 'latency p50 / p95 / max ms', 'append p50 / p95', 'body p50 / p95', 'refresh (reingestMs) p50 / p95 / max', 'outside the refresh p50 / p95 / max', 'rebind (files p50)', 'verdict'],
    records.map((r) => {
      const e = r.edit;
      return [r.name, integer(r.files), e ? `${e.edits} (${e.missed})` : dash, dist(e?.latencyMs), dist(e?.byEdit?.append, ['p50', 'p95']),
        dist(e?.byEdit?.body, ['p50', 'p95']), dist(e?.reingestMs), dist(e?.outsideRefreshMs),
        e?.rebind ? `${fixed(e.rebind.filesRebound?.p50, 0)} (${Object.entries(e.rebind.modes).map(([m, n]) => `${m} ${n}`).join(', ')})` : 'not in the event',
        shown(judgeDaemonCorpus(r).edit)];
    }),
  ), '');
  const stageRows = records.filter((r) => r.edit?.stages && Object.keys(r.edit.stages).length);
  if (stageRows.length) {
    const stageNames = [...new Set(stageRows.flatMap((r) => Object.keys(r.edit.stages)))];
    out.push('Per-stage timings of those refreshes (index.report `timings` of each edit\'s generation), p50 / p95 ms:', '');
    const stageLabel = (stage) => (stage === 'otherMs' ? 'rest of reingestMs (publish, change summary)' : stage);
    out.push(table(['corpus', ...stageNames.map(stageLabel)], stageRows.map((r) => [r.name, ...stageNames.map((s) => dist(r.edit.stages[s], ['p50', 'p95']))])), '');
  }
  const syncRows = records.filter((r) => r.sync);
  if (syncRows.length) {
    out.push('Edit on disk -> `symbols.search {sync: true}` answering with the appended function (no settle: the barrier flushes the watcher):', '');
    out.push(table(['corpus', 'edits', 'found', 'latency p50 / p95 / max ms', 'daemon totalMs p50 / p95', 'of which syncMs p50 / p95'],
      syncRows.map((r) => [r.name, integer(r.sync.edits), integer(r.sync.found), dist(r.sync.latencyMs), dist(r.sync.serverMs, ['p50', 'p95']),
        dist(r.sync.syncMs, ['p50', 'p95'])])), '');
  }

  out.push(`### ${o.clients ?? 64} concurrent clients during re-index`, '');
  out.push(table(
    ['corpus', 'queries', 'per s', 'errors', 'latency p50 / p95 / p99 / max ms', 'daemon totalMs p50 / p99 / max', 'files written', 'full refreshes (ms p50 / max)', 'generations published', 'CPU cores: daemon / bench clients', 'verdict'],
    records.map((r) => {
      const l = r.load;
      return [r.name, integer(l?.queries), fixed(l?.throughputPerS, 0), integer(l?.errors), dist(l?.latencyMs, ['p50', 'p95', 'p99', 'max']),
        dist(l?.serverMs, ['p50', 'p99', 'max'], 2), integer(l?.writes), l ? `${l.fullRefreshes} (${dist(l.fullRefreshMs, ['p50', 'max'], 0)})` : dash,
        integer(l?.generationsPublished), l?.cpuCores ? `${fixed(l.cpuCores.daemon, 2)} / ${fixed(l.cpuCores.benchClients, 2)}` : dash,
        shown(judgeDaemonCorpus(r).load)];
    }),
  ), '');
  const methodRows = [];
  for (const r of records) {
    for (const [method, m] of Object.entries(r.load?.methods ?? {})) {
      methodRows.push([r.name, `\`${method}\``, integer(m.count), dist(m.latencyMs, ['p50', 'p99', 'max']), dist(m.serverMs, ['p50', 'p99', 'max'], 2)]);
    }
  }
  if (methodRows.length) {
    out.push(table(['corpus', 'method', 'queries', 'latency p50 / p99 / max ms', 'daemon totalMs p50 / p99 / max'], methodRows), '');
  }
  const errorRows = records.filter((r) => r.load?.errorSamples?.length);
  for (const r of errorRows) {
    out.push(`Errors on ${r.name} (first ${r.load.errorSamples.length}): ${r.load.errorSamples.map((e) => `${e.method} ${e.code ?? ''} ${oneLine(e.message)}`).join('; ')}`, '');
  }

  out.push(`### Warm restart -> first answer (< ${DAEMON_TARGETS.restartMsPer5000Files / 1000} s per 5,000 files)`, '');
  const restartRows = [];
  for (const r of records) {
    restartRows.push({ label: `${r.name}, after the initial index`, files: r.files, restart: r.restart, judged: judgeDaemonCorpus(r).restart, scaled: scaledRestartMs(r) });
    if (r.restartAfterLoad) {
      const m = r.restartAfterLoad.answeredMs?.p50;
      restartRows.push({ label: `${r.name}, after the edits and the load`, files: r.files, restart: r.restartAfterLoad,
        scaled: m == null ? null : m * 5000 / r.files, failure: r.restartAfterLoad.failure, after: true });
    }
  }
  if (results.synthetic) {
    const s = results.synthetic;
    const median = s.restart?.answeredMs?.p50;
    restartRows.push({ label: s.label ?? 'synthetic', files: s.files, restart: s.restart, scaled: median == null ? null : median * 5000 / s.files,
      judged: median == null ? null : verdict(median < DAEMON_TARGETS.restartMsPer5000Files * Math.max(1, s.files / 5000)) });
  }
  out.push(table(
    ['repository', 'files', 'restarts', 'listening p50 ms', 'connected p50 ms', 'first answer p50 / p95 / max ms', 'scaled to 5,000 files, s', 'warm again p50 ms', 'verdict'],
    restartRows.map((row) => [row.label, integer(row.files),
      row.failure ? `${integer(row.restart?.samples?.length)} of ${integer(row.restart?.restarts)}: **failed**` : integer(row.restart?.samples?.length),
      fixed(row.restart?.socketMs?.p50, 0),
      fixed(row.restart?.connectedMs?.p50, 0), dist(row.restart?.answeredMs, ['p50', 'p95', 'max'], 0), fixed(row.scaled != null ? row.scaled / 1000 : null, 2),
      fixed(row.restart?.warmMs?.p50, 0), row.after ? (row.failure ? '**missed** (counted in the row above)' : 'counted in the row above') : shown(row.judged)]),
  ), '');
  for (const row of restartRows.filter((r) => r.failure)) out.push(`${row.label}: ${oneLine(row.failure)}`, '');
  out.push(`"first answer" runs from spawning the process to the answer of \`symbols.search\` (the tree unchanged since the daemon last ` +
    `published); it includes starting Node (\`node -e 0\`, median ${fixed(results.nodeStartMs, 0)} ms). "warm again" is when index.status ` +
    'says idle and warm (the startup catch-up has bound the tree in memory, so the next edit is incremental). A row is met under 1 s ' +
    '(corpora of at most 5,000 files) and when the restarts after the edits and the load also answer in time; the target also needs ' +
    'the largest corpus scaled linearly to 5,000 files under 1 s.', '');

  out.push(`### Memory and watches (RSS <= ${DAEMON_TARGETS.rssBytes / MB} MB; watches proportional to admitted directories)`, '');
  out.push(table(
    ['corpus', 'files (engine, any type)', 'admitted directories (with ancestors)', 'watchedDirectories', 'ratio', 'inotify watches (instances)', 'RSS after index MB', 'RSS after load MB', 'peak RSS (VmHWM) MB', 'cold start to idle s', 'RSS verdict', 'watch verdict'],
    records.map((r) => {
      const j = judgeDaemonCorpus(r);
      const ino = r.afterLoad?.inotify ?? r.afterIndex?.inotify;
      return [r.name, integer(r.admitted?.files), `${integer(r.admitted?.directories)} (${integer(r.admitted?.directoriesWithAncestors)})`,
        integer(r.afterIndex?.watchedDirectories), fixed(watchRatio(r), 2), ino ? `${integer(ino.watches)} (${ino.instances})` : dash,
        mb(r.afterIndex?.rssBytes), mb(r.afterLoad?.rssBytes), mb(r.afterLoad?.peakRssBytes ?? r.afterIndex?.peakRssBytes),
        fixed(r.coldStartMs != null ? r.coldStartMs / 1000 : null, 2), shown(j.rss), shown(j.watches)];
    }),
  ), '');
  if (results.inotifyLimits?.maxUserWatches) {
    out.push(`The system allows ${integer(results.inotifyLimits.maxUserWatches)} inotify watches per user (fs.inotify.max_user_watches). ` +
      'Admitted directories are the distinct folders of the files in `repo.export`; "with ancestors" adds the folders above them, which a recursive watcher must watch too.', '');
  }

  const notes = observations(records, results);
  if (notes.length) out.push('### Where the time goes', '', ...notes, '');

  const problems = [...records, results.synthetic].filter((r) => r?.errors?.length);
  if (problems.length) {
    out.push('### Not measured', '');
    for (const r of problems) for (const error of r.errors) out.push(`- ${r.name ?? r.label}: ${oneLine(error)}`);
    out.push('');
  }
  return out.join('\n');
}

/** Writes the section into RESULTS.md between the markers, keeping everything else. */
export function writeDaemonMarkdown(file, results) {
  writeMarkedSection(file, START_MARKER, END_MARKER, `${START_MARKER}\n${renderDaemonSection(results)}\n${END_MARKER}`);
}
