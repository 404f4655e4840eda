// `npm run bench:generated [-- --corpora x-tools,cobra] [--passes N] [--rounds N]`: the cost and the
// effect of generated-file detection (issue 6 item 2, packages/extract/src/generated.ts) on the Go
// corpora in bench/.corpora (x-tools, prometheus-client, cobra; fetch them first with
// `node bench/go-accuracy.mjs`). Writes bench/results/generated.json and the section of
// bench/RESULTS.md between <!-- generated:start --> and <!-- generated:end -->. Asserts nothing.
//
// Per corpus:
// - detection cost: every .go file read into memory, then `isGeneratedFile(path, text)` over all of
//   them, --passes times after a warm-up; the headline is the median pass divided by the file count
//   (target < 10 us per file). Also each file's own cost (best of 20 calls) as p50/p99/max.
// - what it flags: by path and by banner, against Go's own rule (go/ast.IsGenerated: a line
//   `// Code generated ... DO NOT EDIT.` before the package clause), disagreements listed.
// - the cold index: `repograph index` with a fresh REPOGRAPH_HOME, detection on and off alternated
//   --rounds times (ABBA order). "Off" is the same build with the banner scan replaced by `false`
//   through a module loader hook given to that child process only (bench/.work/generated-hooks/), so
//   no product switch exists or is needed; the path rule stays. "On" runs through the same hook
//   without the replacement, so the hook's own cost is in both arms. The verdict compares the difference
//   of the medians with the run-to-run noise (1.4826 x the median absolute deviation, the larger of
//   the two arms), and states the detection share: detection ms over the files / cold index ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeMarkedSection } from './lib/results-md.mjs';
import { median, robustSigma } from './lib/stats.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(benchDir);
const corporaDir = path.join(benchDir, '.corpora');
const workDir = path.join(benchDir, '.work', 'generated-hooks');
const resultsFile = path.join(benchDir, 'results', 'generated.json');
const resultsMarkdown = path.join(benchDir, 'RESULTS.md');
const cliPath = path.join(repoRoot, 'packages', 'cli', 'bin', 'repograph.js');
const detectorPath = path.join(repoRoot, 'packages', 'extract', 'dist', 'generated.js');
const START = '<!-- generated:start -->';
const END = '<!-- generated:end -->';
const TARGET_US_PER_FILE = 10;
const log = (line) => console.error(`[bench:generated] ${line}`);

function parseOptions(argv) {
  const options = { corpora: ['x-tools', 'prometheus-client', 'cobra'], passes: 15, rounds: 5 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--corpora') { options.corpora = value.split(',').filter(Boolean); i++; }
    else if (flag === '--passes') { options.passes = Math.max(3, Number(value)); i++; }
    else if (flag === '--rounds') { options.rounds = Math.max(0, Number(value)); i++; }
    else if (flag === '--quick') { options.passes = 5; options.rounds = 2; }
    else {
      console.error('Usage: npm run bench:generated [-- --corpora a,b] [--passes N] [--rounds N] [--quick]');
      process.exit(2);
    }
  }
  return options;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Every .go file under the corpus (hidden folders skipped), as {path, text}, path relative. */
function goFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.go')) files.push({ path: path.relative(root, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Go's rule (go/ast.IsGenerated): a `// Code generated ... DO NOT EDIT.` line before `package`. */
function goRule(text) {
  const end = text.search(/^package\s/m);
  const head = end < 0 ? text : text.slice(0, end);
  return /^\/\/ Code generated .* DO NOT EDIT\.\r?$/m.test(head);
}

function measureDetection(isGeneratedFile, files, passes) {
  let sink = 0;
  const passOnce = () => {
    const started = process.hrtime.bigint();
    for (const file of files) if (isGeneratedFile(file.path, file.text)) sink++;
    return Number(process.hrtime.bigint() - started);
  };
  for (let i = 0; i < 3; i++) passOnce(); // warm-up: let the JIT settle
  const passNs = [];
  for (let i = 0; i < passes; i++) passNs.push(passOnce());
  const perFileNs = files.map((file) => {
    let best = Infinity;
    for (let i = 0; i < 20; i++) {
      const started = process.hrtime.bigint();
      if (isGeneratedFile(file.path, file.text)) sink++;
      best = Math.min(best, Number(process.hrtime.bigint() - started));
    }
    return best;
  }).sort((a, b) => a - b);
  const worst = files.length ? perFileNs[perFileNs.length - 1] : 0;
  return {
    passes,
    passMs: passNs.map((ns) => round(ns / 1e6, 3)),
    medianPassMs: round(median(passNs) / 1e6, 3),
    medianUsPerFile: round(median(passNs) / files.length / 1e3, 3),
    perFileUs: { p50: round(quantile(perFileNs, 0.5) / 1e3, 3), p99: round(quantile(perFileNs, 0.99) / 1e3, 3), max: round(worst / 1e3, 3) },
    sink,
  };
}

function classify(isGeneratedFile, files) {
  const flaggedPaths = [];
  let byPath = 0;
  let byBanner = 0;
  let prefilterPass = 0;
  const ours = new Set();
  const go = new Set();
  for (const file of files) {
    const window = file.text.slice(0, 8192).split('\n', 60).join('\n');
    if (/generat/i.test(window)) prefilterPass++;
    const pathOnly = isGeneratedFile(file.path, '');
    const flagged = isGeneratedFile(file.path, file.text);
    if (pathOnly) byPath++;
    else if (flagged) byBanner++;
    if (flagged) { ours.add(file.path); flaggedPaths.push(file.path); }
    if (goRule(file.text)) go.add(file.path);
  }
  const oursOnly = [...ours].filter((p) => !go.has(p));
  const goOnly = [...go].filter((p) => !ours.has(p));
  const firstLine = (p) => {
    const text = files.find((f) => f.path === p).text;
    const line = text.split('\n').slice(0, 60).find((l) => /generat/i.test(l)) ?? '';
    return { path: p, line: line.trim().slice(0, 120) };
  };
  return {
    prefilterPass,
    flagged: ours.size,
    byPath,
    byBanner,
    goRule: go.size,
    agree: [...ours].filter((p) => go.has(p)).length,
    oursOnly: oursOnly.slice(0, 25).map(firstLine),
    oursOnlyCount: oursOnly.length,
    goOnly: goOnly.slice(0, 25).map(firstLine),
    goOnlyCount: goOnly.length,
  };
}

/**
 * The loader hooks given to every cold-index child (bench scratch, not product): "off" replaces the
 * banner scan of the built detector with `false`; "on" passes the same module through the same
 * hook unchanged, so both arms pay the loader thread's cost and only detection differs.
 */
function loaderHooks() {
  fs.mkdirSync(workDir, { recursive: true });
  const target = pathToFileURL(detectorPath).href;
  const registers = {};
  for (const arm of ['on', 'off']) {
    const hooks = path.join(workDir, `hooks-${arm}.mjs`);
    fs.writeFileSync(hooks, [
      `// Written by bench/generated-detection.mjs: the detector with its banner scan ${arm === 'off' ? 'replaced by `false`' : 'left as it is'}.`,
      `const TARGET = ${JSON.stringify(target)};`,
      "const SCAN = '(text.length > 0 && hasBanner(text))';",
      'export async function load(url, context, nextLoad) {',
      '  const result = await nextLoad(url, context);',
      '  if (url !== TARGET) return result;',
      '  const before = String(result.source);',
      "  if (!before.includes(SCAN)) throw new Error('bench:generated: the off switch no longer matches generated.js; update bench/generated-detection.mjs');",
      `  return { ...result, source: ${arm === 'off' ? "before.replace(SCAN, 'false')" : 'before'} };`,
      '}',
      '',
    ].join('\n'));
    const register = path.join(workDir, `register-${arm}.mjs`);
    fs.writeFileSync(register, `import { register } from 'node:module';\nregister('./hooks-${arm}.mjs', import.meta.url);\n`);
    registers[arm] = register;
  }
  return registers;
}

function runCli(args, home, hook) {
  const nodeArgs = hook ? ['--import', pathToFileURL(hook).href, cliPath, ...args] : [cliPath, ...args];
  const started = performance.now();
  const result = spawnSync(process.execPath, nodeArgs, { cwd: repoRoot, env: { ...process.env, REPOGRAPH_HOME: home }, encoding: 'utf8', maxBuffer: 1024 ** 3 });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`bench:generated: repograph ${args.join(' ')} failed (${result.status}): ${result.stderr.slice(-800)}`);
  return { wallMs, stdout: result.stdout };
}

/** One cold index (fresh data root); returns wall ms, the report's extract ms and, when asked, the generated file count. */
function coldIndex(corpus, hook, countGenerated) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'repograph-bench-generated-'));
  try {
    const { wallMs, stdout } = runCli(['index', '--repo', corpus, '--json'], home, hook);
    const report = JSON.parse(stdout);
    let generatedFiles = null;
    if (countGenerated) {
      const exported = runCli(['export', '--repo', corpus, '--format', 'jsonl'], home, null).stdout;
      generatedFiles = 0;
      for (const line of exported.split('\n')) {
        if (line.includes('"generated":true') && line.includes('"kind":"file"')) generatedFiles++;
      }
    }
    return { wallMs, extractMs: report.timings?.extractMs ?? null, files: report.materials?.admitted ?? null, generatedFiles };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

function measureColdIndex(corpus, rounds, hooks) {
  const on = [];
  const offRuns = [];
  let generated = { on: null, off: null };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['on', 'off'] : ['off', 'on']; // ABBA: drift hits both arms alike
    for (const arm of order) {
      const first = round === 0;
      const run = coldIndex(corpus, hooks[arm], first);
      if (first) generated[arm] = run.generatedFiles;
      (arm === 'on' ? on : offRuns).push(run);
      log(`  ${path.basename(corpus)} round ${round + 1}/${rounds} ${arm}: ${Math.round(run.wallMs)} ms (extract ${run.extractMs} ms)`);
    }
  }
  const onMs = on.map((r) => r.wallMs);
  const offMs = offRuns.map((r) => r.wallMs);
  const medianOnMs = median(onMs);
  const medianOffMs = median(offMs);
  const noiseMs = Math.max(robustSigma(onMs), robustSigma(offMs));
  return {
    rounds,
    admittedFiles: on[0]?.files ?? null,
    onMs: onMs.map((v) => Math.round(v)),
    offMs: offMs.map((v) => Math.round(v)),
    extractOnMs: on.map((r) => r.extractMs),
    extractOffMs: offRuns.map((r) => r.extractMs),
    medianOnMs: Math.round(medianOnMs),
    medianOffMs: Math.round(medianOffMs),
    deltaMs: Math.round(medianOnMs - medianOffMs),
    noiseMs: Math.round(noiseMs),
    generatedFilesInGraph: generated,
  };
}

function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown', cores: cpus.length, totalMemoryGiB: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version, platform: `${os.platform()} ${os.release()}`,
  };
}

function markdown(results) {
  const m = results.machine;
  const out = [START, '## Generated-file detection (bench/generated-detection.mjs)', ''];
  out.push(`Measured ${results.measuredAt.slice(0, 16).replace('T', ' ')} UTC on ${m.cores} cores (${m.cpuModel}), ${m.totalMemoryGiB} GiB, Node ${m.node}, ${m.platform}; a shared machine (1-minute load average ${results.loadAverage1m.before} before, ${results.loadAverage1m.after} after), so read the spread too.`);
  out.push('');
  out.push(`Targets (issue 6): detection < ${TARGET_US_PER_FILE} us per file on a Go corpus; it changes cold index time by less than run-to-run noise.`);
  out.push('');
  out.push('| corpus | .go files | MB | prefilter passes | flagged (path + banner) | Go rule flags / agree | us per file (median of passes) | per file p50 / p99 / max us | threshold | verdict |');
  out.push('|---|---|---|---|---|---|---|---|---|---|');
  for (const c of results.corpora) {
    const d = c.detection;
    out.push(`| ${c.name} | ${c.files} | ${round(c.bytes / 1e6, 2)} | ${c.classes.prefilterPass} | ${c.classes.flagged} (${c.classes.byPath} + ${c.classes.byBanner}) | ${c.classes.goRule} / ${c.classes.agree} | ${d.medianUsPerFile} | ${d.perFileUs.p50} / ${d.perFileUs.p99} / ${d.perFileUs.max} | < ${TARGET_US_PER_FILE} us | ${d.medianUsPerFile < TARGET_US_PER_FILE ? 'met' : 'missed'} |`);
  }
  out.push('');
  out.push('| corpus | admitted files | rounds | cold index on, ms (median) | off, ms (median) | on - off | noise (1.4826 MAD) | detection ms / index ms | generated files in graph on / off | threshold | verdict |');
  out.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const c of results.corpora) {
    const x = c.coldIndex;
    if (!x) continue;
    out.push(`| ${c.name} | ${x.admittedFiles} | ${x.rounds} | ${x.onMs.join(', ')} (${x.medianOnMs}) | ${x.offMs.join(', ')} (${x.medianOffMs}) | ${x.deltaMs} | ${x.noiseMs} | ${c.detectionMsPerIndex} / ${x.medianOnMs} = ${(100 * c.detectionShare).toFixed(3)}% | ${x.generatedFilesInGraph.on} / ${x.generatedFilesInGraph.off} | abs(on - off) < noise | ${c.coldVerdict} |`);
  }
  out.push('');
  out.push('"Off" runs the same build with the banner scan replaced by `false` through a loader hook in that child process only (the path rule stays); "on" goes through the same hook unchanged, so the hook\'s cost is in both arms. Alternated ABBA, each run with a fresh REPOGRAPH_HOME. Detection ms per index = the median pass over every .go file in memory, an upper bound of what the index spends on it (it runs once per extracted file, inside the extraction workers).');
  const disagreements = results.corpora.filter((c) => c.classes.oursOnlyCount || c.classes.goOnlyCount);
  if (disagreements.length) {
    out.push('');
    out.push("Where the detector and Go's rule disagree (first lines that mention generat...):");
    out.push('');
    for (const c of disagreements) {
      for (const row of c.classes.oursOnly.slice(0, 8)) out.push(`- ${c.name}, flagged here only: \`${row.path}\`: \`${row.line}\``);
      for (const row of c.classes.goOnly.slice(0, 8)) out.push(`- ${c.name}, Go's rule only: \`${row.path}\`: \`${row.line}\``);
    }
  }
  out.push(END);
  return out.join('\n');
}

function writeMarkdown(section) {
  writeMarkedSection(resultsMarkdown, START, END, section);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (!fs.existsSync(detectorPath) || !fs.existsSync(cliPath)) {
    console.error('bench:generated: build first (npx tsc -b); packages/extract/dist/generated.js or the CLI is missing.');
    process.exit(2);
  }
  const { isGeneratedFile } = await import(pathToFileURL(detectorPath).href);
  const hooks = loaderHooks();
  const loadBefore = os.loadavg()[0];
  const corpora = [];
  for (const name of options.corpora) {
    const root = path.join(corporaDir, name);
    if (!fs.existsSync(root)) {
      log(`${name}: not in bench/.corpora (fetch it with node bench/go-accuracy.mjs ${name}); skipped`);
      continue;
    }
    const files = goFiles(root);
    const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
    log(`${name}: ${files.length} .go files, ${round(bytes / 1e6, 2)} MB`);
    const detection = measureDetection(isGeneratedFile, files, options.passes);
    const classes = classify(isGeneratedFile, files);
    log(`${name}: ${detection.medianUsPerFile} us per file; flagged ${classes.flagged} (Go rule ${classes.goRule}, agree ${classes.agree})`);
    const coldIndex = options.rounds > 0 ? measureColdIndex(root, options.rounds, hooks) : null;
    const detectionMsPerIndex = detection.medianPassMs;
    const detectionShare = coldIndex ? detectionMsPerIndex / coldIndex.medianOnMs : null;
    const coldVerdict = coldIndex
      ? (Math.abs(coldIndex.deltaMs) < Math.max(coldIndex.noiseMs, 1) ? 'met'
        : coldIndex.deltaMs < 0 ? 'inconclusive (on was faster: the machine\'s load moved, not detection; run again)' : 'missed')
      : 'not measured';
    corpora.push({ name, files: files.length, bytes, detection, classes, coldIndex, detectionMsPerIndex, detectionShare: detectionShare == null ? null : round(detectionShare, 6), coldVerdict });
  }
  const results = {
    measuredAt: new Date().toISOString(),
    machine: machine(),
    loadAverage1m: { before: round(loadBefore), after: round(os.loadavg()[0]) },
    options,
    targets: { usPerFile: TARGET_US_PER_FILE, coldIndex: 'abs(median on - median off) < run-to-run noise (1.4826 MAD, the larger arm)' },
    corpora,
  };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  writeMarkdown(markdown(results));
  log(`wrote ${path.relative(repoRoot, resultsFile)} and the generated section of ${path.relative(repoRoot, resultsMarkdown)}`);
  for (const c of corpora) {
    console.log(`${c.name}: ${c.detection.medianUsPerFile} us/file, flagged ${c.classes.flagged}; cold index on ${c.coldIndex?.medianOnMs} ms, off ${c.coldIndex?.medianOffMs} ms, noise ${c.coldIndex?.noiseMs} ms -> ${c.coldVerdict}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
