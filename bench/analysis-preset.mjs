// `npm run bench:preset [-- --corpora rxjs,three] [--rounds N]`: the analysis preset (issue 6 item 4)
// against full mode on real corpora in bench/.corpora (fetch them first with `npm run bench`). Each
// corpus is cloned twice into bench/.work/preset/ (git clone --local: the corpus itself is never
// written), one clone with `{"preset": "full"}` and one with `{"preset": "analysis"}` in
// .repograph.json, so both trees hold the same files. Then `repograph index --json` runs cold (a
// fresh REPOGRAPH_HOME each time) on the two arms alternated --rounds times (ABBA order, so drift
// hits both alike). Reported per corpus: nodes and relations published by each arm, the selection's
// figures (core, context, bridges, dropped, search work), the median wall time of each arm with the
// run-to-run noise (1.4826 x MAD), and the median select and publish stage times. Writes
// bench/results/preset.json and the section of bench/RESULTS.md between <!-- preset:start --> and
// <!-- preset:end -->. Asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { writeMarkedSection } from './lib/results-md.mjs';
import { median, robustSigma } from './lib/stats.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(benchDir);
const corporaDir = path.join(benchDir, '.corpora');
const workDir = path.join(benchDir, '.work', 'preset');
const resultsFile = path.join(benchDir, 'results', 'preset.json');
const resultsMarkdown = path.join(benchDir, 'RESULTS.md');
const cliPath = path.join(repoRoot, 'packages', 'cli', 'bin', 'repograph.js');
const ARMS = ['full', 'analysis'];
const START = '<!-- preset:start -->';
const END = '<!-- preset:end -->';
const log = (line) => console.error(`[bench:preset] ${line}`);

function parseOptions(argv) {
  const options = { corpora: ['rxjs', 'three'], rounds: 5 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--corpora') { options.corpora = value.split(',').filter(Boolean); i++; }
    else if (flag === '--rounds') { options.rounds = Math.max(1, Number(value)); i++; }
    else if (flag === '--quick') options.rounds = 2;
    else {
      console.error('Usage: npm run bench:preset [-- --corpora a,b] [--rounds N] [--quick]');
      process.exit(2);
    }
  }
  return options;
}


function git(cwd, ...args) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`bench:preset: git ${args.join(' ')} failed in ${cwd}: ${result.stderr}`);
  return result.stdout;
}

/** A clone of the corpus for one arm, with its .repograph.json (untracked, like a user's). */
function armClone(corpus, arm) {
  const target = path.join(workDir, `${corpus}-${arm}`);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  git(workDir, 'clone', '-q', '--local', path.join(corporaDir, corpus), target);
  fs.writeFileSync(path.join(target, '.repograph.json'), `${JSON.stringify({ preset: arm })}\n`);
  return target;
}

function coldIndex(tree) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'repograph-bench-preset-'));
  try {
    const started = performance.now();
    const result = spawnSync(process.execPath, [cliPath, 'index', '--repo', tree, '--json'], {
      cwd: repoRoot, env: { ...process.env, REPOGRAPH_HOME: home }, encoding: 'utf8', maxBuffer: 1024 ** 3,
    });
    const wallMs = performance.now() - started;
    if (result.status !== 0) throw new Error(`bench:preset: repograph index ${tree} failed (${result.status}): ${result.stderr.slice(-800)}`);
    return { wallMs, report: JSON.parse(result.stdout) };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

function measure(corpus, rounds) {
  const trees = Object.fromEntries(ARMS.map((arm) => [arm, armClone(corpus, arm)]));
  const runs = { full: [], analysis: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ARMS : [...ARMS].reverse();
    for (const arm of order) {
      const run = coldIndex(trees[arm]);
      runs[arm].push(run);
      log(`  ${corpus} round ${round + 1}/${rounds} ${arm}: ${Math.round(run.wallMs)} ms, ${run.report.publication.nodes} nodes`);
    }
  }
  const arm = (name) => {
    const list = runs[name];
    const report = list[0].report;
    const wall = list.map((r) => r.wallMs);
    const stage = (key) => Math.round(median(list.map((r) => r.report.timings[key] ?? 0)) * 10) / 10;
    return {
      files: report.materials.admitted,
      nodes: report.publication.nodes,
      relations: report.publication.relations,
      selection: report.selection,
      digestsAgree: new Set(list.map((r) => r.report.digest)).size === 1,
      wallMs: wall.map((v) => Math.round(v)),
      medianWallMs: Math.round(median(wall)),
      noiseMs: Math.round(robustSigma(wall)),
      medianBindMs: stage('bindMs'),
      medianSelectMs: stage('selectMs'),
      medianPublishMs: stage('publishMs'),
    };
  };
  for (const tree of Object.values(trees)) fs.rmSync(tree, { recursive: true, force: true });
  return { corpus, rounds, full: arm('full'), analysis: arm('analysis') };
}

function percent(part, whole) {
  return whole ? `${Math.round((part / whole) * 1000) / 10}%` : '—';
}

function render(results, machine, date) {
  const lines = [
    '## Analysis preset against full mode (issue 6 item 4)',
    '',
    `Measured ${date} on ${machine.cores} cores (${machine.cpuModel}), ${machine.totalMemoryGiB} GiB, Node ${machine.node}; \`npm run bench:preset\`.`,
    'Cold `repograph index` (fresh data root) of two clones of each corpus that differ only in `.repograph.json`, alternated (ABBA); medians, noise = 1.4826 x MAD.',
    '',
    '| corpus | files | nodes full | nodes analysis (share) | relations full | relations analysis (share) | core / context / bridges / dropped | search work | build full ms (noise) | build analysis ms (noise) | select ms full / analysis | publish ms full / analysis |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const s = r.analysis.selection;
    lines.push(`| ${r.corpus} | ${r.full.files} | ${r.full.nodes} | ${r.analysis.nodes} (${percent(r.analysis.nodes, r.full.nodes)}) | ${r.full.relations} | ${r.analysis.relations} (${percent(r.analysis.relations, r.full.relations)}) | ${s.core} / ${s.context} / ${s.bridges} / ${s.dropped} | ${s.searchWork} | ${r.full.medianWallMs} (±${r.full.noiseMs}) | ${r.analysis.medianWallMs} (±${r.analysis.noiseMs}) | ${r.full.medianSelectMs} / ${r.analysis.medianSelectMs} | ${r.full.medianPublishMs} / ${r.analysis.medianPublishMs} |`);
  }
  lines.push('', 'Both clones hold a .repograph.json, so their file sets are equal; nodes and relations are what each arm published.');
  return lines.join('\n');
}

function main() {
  const options = parseOptions(process.argv.slice(2));
  const missing = options.corpora.filter((c) => !fs.existsSync(path.join(corporaDir, c)));
  if (missing.length > 0) {
    console.error(`bench:preset: corpora missing in bench/.corpora: ${missing.join(', ')}; fetch them with \`npm run bench\` (or node bench/corpora.mjs) first.`);
    process.exit(2);
  }
  const cpus = os.cpus();
  const machine = { cpuModel: cpus[0]?.model ?? 'unknown', cores: cpus.length, totalMemoryGiB: Math.round(os.totalmem() / 1024 ** 3 * 10) / 10, node: process.version };
  const date = new Date().toISOString().slice(0, 10);
  const results = options.corpora.map((corpus) => measure(corpus, options.rounds));
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify({ date, machine, results }, null, 2)}\n`);
  writeMarkedSection(resultsMarkdown, START, END, `${START}\n${render(results, machine, date)}\n${END}`);
  for (const r of results) {
    log(`${r.corpus}: ${r.analysis.nodes} of ${r.full.nodes} nodes published (${percent(r.analysis.nodes, r.full.nodes)}), build ${r.full.medianWallMs} ms full vs ${r.analysis.medianWallMs} ms analysis`);
  }
}

main();
