// Python accuracy: for each Python corpus of ../shared/bench/CORPORA.md, fetches it (cached), runs
// the jedi oracle (<shared>/tools/py-oracle.py with /usr/bin/python3 and Debian's python3-jedi,
// installed here with apt-get when missing; cached in bench/.work/oracle/<name>.jsonl, keyed by the
// corpus commit, the oracle file's hash and the jedi version), indexes the corpus into a fresh
// data root, exports, and scores with <shared>/tools/score.mjs. Writes bench/results/python.json
// and the python section of bench/RESULTS.md. Asserts nothing.
//
// Besides the plain score, `inCorpus` scores against the oracle without the sites jedi resolves
// only outside the corpus: jedi ships django-stubs and resolves django's own imports into those
// .pyi files, so on django most "wrong" edges are sites whose real target is in the corpus.
//
// CLI: node bench/python-accuracy.mjs [--force-oracle] [names...]   (no names: requests, flask, django, click)
import fs from 'node:fs';
import path from 'node:path';
import { CORPORA, ensureCorpus } from './corpora.mjs';
import { buildPythonOracle, jediVersion, withoutExternalOnlySites } from './lib/python-oracle.mjs';
import { run } from './lib/exec.mjs';
import { exportRepository, freshDataRoot, indexRepository, scoreExport } from './lib/engine-cli.mjs';
import { benchDir, ensureDir, resultsDir } from './lib/paths.mjs';
import { writeMarkedSection } from './lib/results-md.mjs';

const DEFAULT_CORPORA = ['requests', 'flask', 'django', 'click'];
const START_MARKER = '<!-- python-accuracy:start -->';
const END_MARKER = '<!-- python-accuracy:end -->';
const log = (line) => console.error(`[bench:python] ${line}`);

/** A copy of an oracle file without the sites that resolve only outside the corpus. */

async function measure(name, jedi, force) {
  const corpus = await ensureCorpus(name, { log });
  const oracle = await buildPythonOracle(name, corpus, jedi, force);
  const dataRoot = freshDataRoot(`py-${name}`);
  try {
    const indexed = await indexRepository(corpus, dataRoot);
    const exported = await exportRepository(name, corpus, dataRoot);
    const accuracy = await scoreExport(oracle.path, exported.path);
    const inCorpus = await scoreExport(withoutExternalOnlySites(oracle.path), exported.path);
    log(`${name}: recall ${accuracy.recall} precision@known ${accuracy.precisionKnown} (index ${Math.round(indexed.wallMs)} ms)`);
    return {
      name, measuredAt: new Date().toISOString(), jedi,
      oracle: { files: oracle.files, edges: oracle.edges, externalRows: oracle.externalRows, sites: oracle.sites },
      index: { wallMs: Math.round(indexed.wallMs), peakRssBytes: indexed.peakRssBytes },
      accuracy,
      inCorpus: { precisionKnown: inCorpus.precisionKnown },
    };
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

function renderSection(results) {
  const rows = Object.values(results).map((r) =>
    `| ${r.name} | ${r.oracle.files} | ${r.oracle.edges} | ${r.accuracy.recall} | ${r.accuracy.precisionKnown} | ` +
    `${r.inCorpus?.precisionKnown ?? '?'} | ${r.accuracy.precisionStrict} | ${r.index.wallMs} | ${r.index.peakRssBytes ? Math.round(r.index.peakRssBytes / 1048576) : '?'} |`);
  return [
    '## Python call edges vs jedi (bench/python-accuracy.mjs)',
    '',
    'Targets: recall >= 0.92, precision@known >= 0.97. Oracle: ../shared/tools/py-oracle.py (Debian python3-jedi).',
    '',
    'precision@known (in corpus) leaves out the sites jedi resolves only outside the corpus: on django those are',
    'mostly calls jedi sends into its bundled django-stubs (.pyi) while the code\'s real target is in the corpus.',
    '',
    '| corpus | files | oracle edges | recall | precision@known | precision@known (in corpus) | precision (strict) | index ms | peak RSS MiB |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force-oracle');
  const names = args.filter((a) => !a.startsWith('--'));
  const selected = names.length > 0 ? names : DEFAULT_CORPORA;
  for (const name of selected) {
    if (CORPORA.find((c) => c.name === name)?.language !== 'python') throw new Error(`bench: ${name} is not a Python corpus`);
  }
  const jedi = await jediVersion();
  const resultsFile = path.join(ensureDir(resultsDir), 'python.json');
  let results = {};
  try { results = JSON.parse(fs.readFileSync(resultsFile, 'utf8')); } catch { results = {}; }
  for (const name of selected) results[name] = await measure(name, jedi, force);
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  const markdownFile = path.join(benchDir, 'RESULTS.md');
  writeMarkedSection(markdownFile, START_MARKER, END_MARKER, `${START_MARKER}\n${renderSection(results)}\n${END_MARKER}`);
}

main().catch((error) => {
  console.error(`bench:python: ${error.message}`);
  process.exit(1);
});
