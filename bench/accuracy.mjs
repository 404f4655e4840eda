// Call-edge accuracy of every language on every corpus in one run (issue 16's before/after
// table): each corpus is fetched, its oracle built (the TypeScript compiler, jedi, go/types;
// cached by corpus commit, oracle source and tool version), indexed into a fresh data root,
// exported and scored with <shared>/tools/score.mjs (Go on `calls` only: go/types reports call
// expressions, not `new(T)` or `T{}`). `--label` names the run; each label's figures are kept in
// bench/results/accuracy.json, and the RESULTS.md section shows every label side by side, so a
// run of an older build (REPOGRAPH_BENCH_CLI=<its repograph.js>, label `before`) and of this one
// (`after`) make the table. Asserts nothing.
//
// CLI: node bench/accuracy.mjs [--label NAME] [--corpora a,b] [--no-write]
//   default corpora: every TS/JS, Python, Go and Java corpus (Java: javac through ../shared/tools/java-oracle, `new` scored as the class); --no-write prints without saving.
import fs from 'node:fs';
import path from 'node:path';
import { CORPORA, ensureCorpus, readCorpusMarker } from './corpora.mjs';
import { buildOracle } from './oracle.mjs';
import { ensureGo, goOracle } from './lib/go-oracle.mjs';
import { ensureJdk, javaOracle } from './lib/java-oracle.mjs';
import { buildPythonOracle, jediVersion, withoutExternalOnlySites } from './lib/python-oracle.mjs';
import { exportRepository, freshDataRoot, indexRepository, scoreExport } from './lib/engine-cli.mjs';
import { describeMachine } from './lib/machine.mjs';
import { cliPath, ensureDir, repoRoot, resultsDir } from './lib/paths.mjs';
import { writeAccuracyMarkdown } from './lib/accuracy-results.mjs';

const log = (line) => console.error(`[bench:accuracy] ${line}`);
const LANGUAGES = ['ts', 'python', 'go', 'java'];

function parseArgs(argv) {
  const options = { label: 'now', corpora: null, write: true };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    if (flag === '--label') options.label = argv[++index] ?? '';
    else if (flag === '--corpora') options.corpora = (argv[++index] ?? '').split(',').filter(Boolean);
    else if (flag === '--no-write') options.write = false;
    else { console.error(`bench:accuracy: unknown flag ${flag}; use --label NAME, --corpora a,b, --no-write`); process.exit(2); }
  }
  if (!/^[a-z0-9][a-z0-9._-]{0,40}$/i.test(options.label)) { console.error('bench:accuracy: --label takes a short name ([a-z0-9._-])'); process.exit(2); }
  return options;
}

/** The oracle file of a corpus, built when missing. */
async function oracleOf(spec, corpus, tools) {
  if (spec.language === 'ts') return (await buildOracle(spec.name, { log })).path;
  if (spec.language === 'python') return (await buildPythonOracle(spec.name, corpus, await tools.jedi(), false)).path;
  if (spec.language === 'java') return (await javaOracle(spec.name, corpus, await tools.jdk())).file;
  return (await goOracle(spec.name, corpus, await tools.go())).file;
}

async function measure(spec, tools) {
  const corpus = await ensureCorpus(spec.name, { log });
  const oracle = await oracleOf(spec, corpus, tools);
  const dataRoot = freshDataRoot(`accuracy-${spec.name}`);
  try {
    const indexed = await indexRepository(corpus, dataRoot);
    const exported = await exportRepository(`accuracy-${spec.name}`, corpus, dataRoot);
    const score = await scoreExport(oracle, exported.path, spec.language === 'go' ? ['calls'] : null);
    log(`${spec.name}: recall ${score.recall.toFixed(4)}, precision@known ${score.precisionKnown.toFixed(4)} (${score.oracle} oracle edges)`);
    // Python: also without the sites jedi resolves only into its bundled stubs (issue 16 shows both).
    const inCorpus = spec.language === 'python' ? await scoreExport(withoutExternalOnlySites(oracle), exported.path, null) : null;
    return {
      ...(inCorpus ? { inCorpus: { recall: inCorpus.recall, precisionKnown: inCorpus.precisionKnown } } : {}),
      corpus: spec.name, language: spec.language, commit: readCorpusMarker(spec.name)?.commit ?? null,
      files: indexed.report.materials.admitted, indexMs: Math.round(indexed.wallMs),
      oracleEdges: score.oracle, candidateEdges: score.candidate, matched: score.matched,
      recall: score.recall, precisionKnown: score.precisionKnown, precisionStrict: score.precisionStrict,
    };
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const specs = CORPORA.filter((spec) => LANGUAGES.includes(spec.language) && (options.corpora === null || options.corpora.includes(spec.name)));
  const cache = {};
  const tools = {
    jedi: () => (cache.jedi ??= jediVersion()),
    go: () => (cache.go ??= ensureGo()),
    jdk: () => (cache.jdk ??= ensureJdk()),
  };
  const rows = [];
  for (const spec of specs) {
    try {
      rows.push(await measure(spec, tools));
    } catch (error) {
      log(`${spec.name}: not measured: ${error.message}`);
      rows.push({ corpus: spec.name, language: spec.language, error: error.message.split('\n')[0] });
    }
  }
  const run = { label: options.label, measuredAt: new Date().toISOString(), machine: describeMachine(), cli: path.relative(repoRoot, cliPath) || cliPath, rows };
  for (const row of rows) if (!row.error) console.log(`${row.corpus}\t${row.recall.toFixed(4)}\t${row.precisionKnown.toFixed(4)}\t${row.oracleEdges}`);
  if (!options.write) return;
  const file = path.join(ensureDir(resultsDir), 'accuracy.json');
  const saved = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { runs: {} };
  const previous = saved.runs[options.label]?.rows ?? [];
  // A run of some corpora keeps the label's other corpora.
  saved.runs[options.label] = { ...run, rows: [...previous.filter((row) => !rows.some((r) => r.corpus === row.corpus)), ...rows] };
  fs.writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  writeAccuracyMarkdown(saved);
  process.exitCode = rows.some((row) => row.error) ? 1 : 0;
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
