// The call-edge accuracy section of bench/RESULTS.md (bench/accuracy.mjs): one row per corpus,
// one recall / precision@known pair per run label (`before`, `after`, ...), against issue 16's
// targets per language. Owns the table; the figures are bench/results/accuracy.json.
import path from 'node:path';
import { benchDir } from './paths.mjs';
import { writeMarkedSection } from './results-md.mjs';

const START = '<!-- accuracy:start -->';
const END = '<!-- accuracy:end -->';
/** Issue 16's targets: recall and precision@known per language. */
export const ACCURACY_TARGETS = { ts: { recall: 0.95, precision: 0.99 }, python: { recall: 0.95, precision: 0.98 }, go: { recall: 0.98, precision: 0.99 }, java: { recall: 0.93, precision: 0.98 } };
const LANGUAGE_NAMES = { ts: 'TypeScript/JavaScript', python: 'Python', go: 'Go (calls)', java: 'Java' };

const figure = (value) => (typeof value === 'number' ? value.toFixed(3) : '—');

export function writeAccuracyMarkdown(saved) {
  const labels = Object.keys(saved.runs);
  const corpora = [];
  for (const label of labels) for (const row of saved.runs[label].rows) if (!corpora.some((c) => c.corpus === row.corpus)) corpora.push(row);
  const latest = labels[labels.length - 1];
  const lines = [
    START,
    '## Call-edge accuracy, every language (issue 16: `node bench/accuracy.mjs`)',
    '',
    ...labels.map((label) => {
      const run = saved.runs[label];
      return `- \`${label}\`: measured ${run.measuredAt.slice(0, 16).replace('T', ' ')} on ${run.machine.cores} cores (${run.machine.cpuModel}), Node ${run.machine.node}, with ${run.cli}.`;
    }),
    '',
    'Each corpus indexed into a fresh data root, exported, and scored with the shared score.mjs against its language\'s own resolver (the TypeScript compiler, jedi, go/types, javac; Go on `calls` only; Java with `--new=class` and the corpus\'s libraries on javac\'s class path, so `new` scores as the class and javac attributes every call). Targets: TypeScript/JavaScript recall >= 0.95 and precision@known >= 0.99; Python >= 0.95 and >= 0.98; Go >= 0.98 and >= 0.99; Java >= 0.93 and >= 0.98. Python rows also show the score without the sites jedi resolves only into the stubs it bundles (django-stubs sends many of Django\'s own calls into .pyi files, so an edge into the real code there counts as wrong); both verdicts are given where they differ.',
    '',
    `| corpus | language | oracle edges | ${labels.map((label) => `${label}: recall / precision@known`).join(' | ')} | target (${latest}) |`,
    `|---|---|---|${labels.map(() => '---').join('|')}|---|`,
  ];
  for (const { corpus, language } of corpora) {
    const cells = labels.map((label) => {
      const row = saved.runs[label].rows.find((r) => r.corpus === corpus);
      if (!row) return 'not run';
      if (row.error) return `not measured (${row.error.slice(0, 60)})`;
      const inCorpus = row.inCorpus ? ` (without stub-only sites: ${figure(row.inCorpus.recall)} / ${figure(row.inCorpus.precisionKnown)})` : '';
      return `${figure(row.recall)} / ${figure(row.precisionKnown)}${inCorpus}`;
    });
    const last = saved.runs[latest].rows.find((r) => r.corpus === corpus);
    const target = ACCURACY_TARGETS[language];
    const meets = (scores) => scores.recall >= target.recall && scores.precisionKnown >= target.precision;
    let verdict = !last || last.error ? '—' : meets(last) ? 'met' : '**missed**';
    if (last && !last.error && !meets(last) && last.inCorpus && meets(last.inCorpus)) verdict = '**missed**; met without stub-only sites';
    const edges = last?.oracleEdges ?? saved.runs[labels[0]].rows.find((r) => r.corpus === corpus)?.oracleEdges ?? '—';
    lines.push(`| ${corpus} | ${LANGUAGE_NAMES[language] ?? language} | ${edges} | ${cells.join(' | ')} | ${verdict} |`);
  }
  lines.push(END);
  writeMarkedSection(path.join(benchDir, 'RESULTS.md'), START, END, lines.join('\n'));
}
