// The mixed-repository bench's figures (bench/mixed-repo.mjs): medians per size, time per admitted
// file and its growth against the smallest size, per BuildReport stage too, the verdict, and
// RESULTS.md's section between the mixed-repo markers. Owns the summary and its rendering.
import fs from 'node:fs';
import { median } from './stats.mjs';
import { writeMarkedSection } from './results-md.mjs';

export const START_MARKER = '<!-- mixed-repo:start -->';
export const END_MARKER = '<!-- mixed-repo:end -->';
/** The target holds when time per admitted file at the largest size is within this factor of the smallest size's. */
export const SCALE_LIMIT = 1.25;

/** Medians per size and the growth of time per file against the smallest size. */
export function summarizeMixed(sizes, samples) {
  const rows = sizes.map((size) => {
    const list = samples[size];
    const admitted = median(list.map((s) => s.admitted));
    const stages = {};
    for (const key of Object.keys(list[0]?.timings ?? {})) stages[key] = median(list.map((s) => s.timings[key] ?? 0));
    return {
      size, admitted, runs: list.length,
      wallMs: median(list.map((s) => s.wallMs)), cpuMs: list.some((s) => s.cpuMs === null) ? null : median(list.map((s) => s.cpuMs)),
      peakRssBytes: list.some((s) => s.peakRssBytes === null) ? null : median(list.map((s) => s.peakRssBytes)), stages,
    };
  });
  const first = rows[0];
  for (const row of rows) {
    row.wallPerFileMs = row.wallMs / row.admitted;
    row.cpuPerFileMs = row.cpuMs === null ? null : row.cpuMs / row.admitted;
    row.wallScale = row.wallPerFileMs / first.wallPerFileMs;
    row.cpuScale = row.cpuPerFileMs === null || first.cpuPerFileMs === null ? null : row.cpuPerFileMs / first.cpuPerFileMs;
    row.stageScale = Object.fromEntries(Object.entries(row.stages).map(([key, ms]) =>
      [key, first.stages[key] ? (ms / row.admitted) / (first.stages[key] / first.admitted) : null]));
  }
  // The time each added file costs from one size to the next: fixed costs (Node's start, the
  // workers' grammar loading, query compiling and first-pass JIT) drop out, so this shows growth
  // worse than linear that the per-file time at one copy would hide.
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    const before = rows[i - 1];
    const added = row.admitted - before.admitted;
    row.marginalWallMs = (row.wallMs - before.wallMs) / added;
    row.marginalCpuMs = row.cpuMs === null || before.cpuMs === null ? null : (row.cpuMs - before.cpuMs) / added;
  }
  const last = rows[rows.length - 1];
  const marginalScale = rows.length > 2 && last.marginalCpuMs !== null && rows[1].marginalCpuMs !== null
    ? last.marginalCpuMs / rows[1].marginalCpuMs : null;
  const holds = last.wallScale <= SCALE_LIMIT && (last.cpuScale === null || last.cpuScale <= SCALE_LIMIT);
  const verdict = `${holds ? 'met' : 'missed'}: time per admitted file at ${last.size}x is ${last.wallScale.toFixed(2)}x (wall) and ` +
    `${last.cpuScale === null ? 'not measured' : `${last.cpuScale.toFixed(2)}x`} (CPU) that at ${first.size}x (limit ${SCALE_LIMIT}x)` +
    (marginalScale === null ? '' : `; the CPU time of an added file from ${rows[rows.length - 2].size}x to ${last.size}x is ${marginalScale.toFixed(2)}x that from ${first.size}x to ${rows[1].size}x`);
  return { sizes: rows, holds, marginalScale, verdict };
}

const seconds = (ms) => (ms === null ? '-' : (ms / 1000).toFixed(1));
const fixed = (value, digits) => (value === null ? '-' : value.toFixed(digits));

/** The section: how it was measured, the table per size, the stages' growth, the verdict. */
export function renderMixedSection(result) {
  const { summary, unit, machine } = result;
  const stageKeys = Object.keys(summary.sizes[0].stages);
  const languages = Object.entries(unit.languages).map(([language, count]) => `${language} ${count}`).join(', ');
  const sizes = summary.sizes.map((row) => row.size);
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  const lines = [
    START_MARKER,
    `Measured ${result.measuredAt.slice(0, 10)} on ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}; load average at the end ${result.loadAverage.map((x) => x.toFixed(1)).join(' / ')} (the machine is shared: wall times are soft, CPU times less so).`,
    '',
    `One unit of ${unit.files} real files (${languages}${unit.missing.length ? `; not fetched, left out: ${unit.missing.join(', ')}` : ''}) is copied ${sizes.join(', ')} times into folders copy-1 ... copy-N of a`,
    'repository committed once; each copy\'s files end with a comment naming the copy, so no blob repeats (the fact',
    'cache would otherwise parse a copy once). Each repository is cold-indexed by the command line into an empty data',
    `root (\`repograph index --repo DIR --json\`, child timed by /usr/bin/time), ${result.runs} round${result.runs === 1 ? '' : 's'} through every size in`,
    `rotating order; medians. Scaling holds when the time per admitted file at ${last}x is within`,
    `${SCALE_LIMIT}x of the time per admitted file at ${first}x, by wall clock and by CPU time. One copy's time holds`,
    'fixed costs (Node\'s start; each worker loading eighteen grammars, compiling the syntax tier\'s queries',
    'and warming its JIT: about 1.8 s of a worker\'s first files), so the time each added file costs from',
    'one size to the next is shown too: equal from 2x to 4x and from 1x to 2x when the growth is linear.',
    '',
    `| copies | files admitted | wall s | ms per file | vs ${first}x | CPU s | CPU ms per file | vs ${first}x | ms per added file (wall / CPU) | peak RSS MiB |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...summary.sizes.map((row) => `| ${row.size} | ${row.admitted} | ${seconds(row.wallMs)} | ${row.wallPerFileMs.toFixed(2)} | ${row.wallScale.toFixed(2)} | ${seconds(row.cpuMs)} | ${fixed(row.cpuPerFileMs, 2)} | ${fixed(row.cpuScale, 2)} | ${row.marginalWallMs === undefined ? '-' : `${row.marginalWallMs.toFixed(2)} / ${fixed(row.marginalCpuMs, 2)}`} | ${row.peakRssBytes === null ? '-' : (row.peakRssBytes / 1048576).toFixed(0)} |`),
    '',
    `Stages of the BuildReport, ms per admitted file (and against ${first}x):`,
    '',
    `| copies | ${stageKeys.map((key) => key.replace(/Ms$/, '')).join(' | ')} |`,
    `| ---: | ${stageKeys.map(() => '---:').join(' | ')} |`,
    ...summary.sizes.map((row) => `| ${row.size} | ${stageKeys.map((key) => `${(row.stages[key] / row.admitted).toFixed(2)} (${row.stageScale[key]?.toFixed(2) ?? '-'})`).join(' | ')} |`),
    '',
    `Verdict: ${summary.verdict}.`,
    END_MARKER,
  ];
  return lines.join('\n');
}

const HEADING = '## Mixed repository (issue 18: `npm run bench:mixed`)';

/** Writes the section into `file`, under its heading (appended with it the first time). */
export function writeMixedMarkdown(file, result) {
  writeMarkedSection(file, START_MARKER, END_MARKER, renderMixedSection(result));
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(HEADING)) fs.writeFileSync(file, text.replace(START_MARKER, `${HEADING}\n\n${START_MARKER}`));
}
