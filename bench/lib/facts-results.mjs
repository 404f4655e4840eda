// The architecture-fact section of bench/RESULTS.md (bench/facts.mjs, issue 17): precision and
// recall per kind and language against the reviewed lists, the surfaces.* latency on the largest
// corpus and the cold-index ratio with facts on and off, each against its target. Owns the table;
// the figures are bench/results/facts.json.
import path from 'node:path';
import { benchDir } from './paths.mjs';
import { writeMarkedSection } from './results-md.mjs';

const START = '<!-- facts:start -->';
const END = '<!-- facts:end -->';
export const FACT_TARGETS = { precision: 0.98, recall: 0.9, surfacesP95Ms: 5, coldIndexRatio: 1.05 };
const LANGUAGE_NAMES = { ts: 'TypeScript/JavaScript', python: 'Python', go: 'Go' };
const KIND_NAMES = { endpoints: 'endpoints', configKeys: 'config keys', tables: 'tables' };
const dash = '—';
const fixed = (value, digits = 3) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : dash);

function verdict(score) {
  if (!score || score.expected === 0 || score.precision == null) return 'not measured';
  return score.precision >= FACT_TARGETS.precision && score.recall >= FACT_TARGETS.recall ? 'met' : '**missed**';
}

export function writeFactsMarkdown(results) {
  const m = results.machine;
  const lines = [
    START,
    '## Architecture facts against reviewed lists (issue 17: `npm run bench:facts`)',
    '',
    `Last run ${results.measuredAt.slice(0, 16).replace('T', ' ')} on ${m.cores} cores (${m.cpuModel}), ${(m.totalMemoryBytes / 1024 ** 3).toFixed(1)} GiB, Node ${m.node}, ${m.platform}; build ${results.cli}.`,
    'Each corpus (bench/FACTS.md) indexed by the daemon; `surfaces.endpoints`, `surfaces.configKeys` and `surfaces.dbTables` (limit 2000) scored against bench/facts/<corpus>.json. ' +
      `Targets: precision >= ${FACT_TARGETS.precision} and recall >= ${FACT_TARGETS.recall} per kind and language; surfaces.* p95 < ${FACT_TARGETS.surfacesP95Ms} ms on the largest corpus; cold index with facts on <= ${FACT_TARGETS.coldIndexRatio}x facts off.`,
    '',
  ];
  if (results.status !== 'measured') {
    lines.push(`**Not measured:** ${results.why}`, '');
  }
  lines.push('| language | kind | expected | found | of which through a partial | false positives | precision | recall | verdict |', '|---|---|---|---|---|---|---|---|---|');
  for (const [language, kinds] of Object.entries(results.byLanguage ?? {})) {
    for (const [kind, s] of Object.entries(kinds)) {
      lines.push(`| ${LANGUAGE_NAMES[language] ?? language} | ${KIND_NAMES[kind]} | ${s.expected} | ${s.matched} | ${s.matchedPartially} | ${s.falsePositives} | ${fixed(s.precision)} | ${fixed(s.recall)} | ${verdict(s)} |`);
    }
  }
  lines.push('', '| corpus | language | files | endpoints P / R | config keys P / R | tables P / R | truncated | error |', '|---|---|---|---|---|---|---|---|');
  for (const row of results.corpora ?? []) {
    const pr = (kind) => (row.scores?.[kind] ? `${fixed(row.scores[kind].precision, 2)} / ${fixed(row.scores[kind].recall, 2)} (${row.scores[kind].expected})` : dash);
    lines.push(`| ${row.corpus} | ${LANGUAGE_NAMES[row.language]} | ${row.files ?? dash} | ${pr('endpoints')} | ${pr('configKeys')} | ${pr('tables')} | ${row.truncated?.length ? row.truncated.join(', ') : 'no'} | ${row.error ? row.error.slice(0, 80) : ''} |`);
  }
  const lat = results.latency;
  const calls = lat?.rounds ? `${lat.rounds} rounds of ${lat.samples ?? dash} calls each (methods alternated), medians over the rounds` : `${lat?.samples ?? dash} calls each`;
  lines.push('', `surfaces.* over the socket on the largest corpus (${lat?.corpus ?? dash}), ${calls}: ` +
    (lat?.methods ? Object.entries(lat.methods).map(([method, v]) => `${method} p50 ${fixed(v.p50Ms, 2)} ms, p95 ${fixed(v.p95Ms, 2)} ms` +
      (v.p95RangeMs ? ` (rounds ${fixed(v.p95RangeMs[0], 2)}-${fixed(v.p95RangeMs[1], 2)})` : '')).join('; ') : dash) +
    ` (target p95 < ${FACT_TARGETS.surfacesP95Ms} ms: ${lat?.verdict ?? 'not measured'}).`);
  const cold = results.coldIndex;
  lines.push('', cold?.ratio != null
    ? `Cold index of ${cold.corpus}, median of ${cold.runs} runs each, alternated: facts on ${fixed(cold.onMs / 1000, 2)} s, facts off (${cold.baseline}) ${fixed(cold.offMs / 1000, 2)} s, ratio ${fixed(cold.ratio, 3)} (target <= ${FACT_TARGETS.coldIndexRatio}: ${cold.ratio <= FACT_TARGETS.coldIndexRatio ? 'met' : '**missed**'})` +
      (cold.cpuRatio != null ? `; CPU time (user + system, every thread) ${fixed(cold.onCpuMs / 1000, 2)} s against ${fixed(cold.offCpuMs / 1000, 2)} s, ratio ${fixed(cold.cpuRatio, 3)}.` : '.')
    : `Cold index with facts on vs off: not measured (${cold?.why ?? 'set REPOGRAPH_BENCH_CLI_BASELINE to the bin of the build before the extraction change'}).`);
  lines.push(END);
  writeMarkedSection(path.join(benchDir, 'RESULTS.md'), START, END, lines.join('\n'));
}
