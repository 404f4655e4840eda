// Incremental Java binding on a real corpus, in one process (no daemon): a GraphSession over every
// Java file of the corpus takes three kinds of steps, and after each its digest must equal a fresh
// build of the same files (the invariant every incremental update rests on):
// - each class in turn (every `--every`th) deleted, then added back;
// - `--edits` random edits in place: a class, method or field name swapped for another one the
//   corpus declares (in a declaration or a body), the edits accumulating;
// - `--edits` random import edits: one dropped, pointed at another package, a class import added,
//   an on-demand import added.
// Prints, per kind, the steps, the mismatches, and the medians of the update's time and of the
// files it re-bound. `--graph` loads another build's graph package (A/B against an older build).
// Exits 1 on a mismatch.
//
//   node bench/java-incremental.mjs [--corpus javafx-controls] [--every 1] [--edits 200] [--seed 1]
//     [--graph /tmp/ref/packages/graph/dist/index.js]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureCorpus } from './corpora.mjs';
import { describeMachine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';
import { extractFile } from '../packages/extract/dist/in-process.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'javafx-controls' }, every: { type: 'string', default: '1' },
    edits: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' }, graph: { type: 'string' },
  },
});
const graphModule = values.graph ? pathToFileURL(path.resolve(values.graph)).href : '../packages/graph/dist/index.js';
const { GraphSession } = await import(graphModule);
const log = (line) => console.error(`[bench:java-incremental] ${line}`);

const root = await ensureCorpus(values.corpus, { log });
const paths = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== '.git') walk(full);
    else if (entry.isFile() && entry.name.endsWith('.java')) paths.push(path.relative(root, full));
  }
};
walk(root);
paths.sort();
const texts = new Map(paths.map((p) => [p, fs.readFileSync(path.join(root, p), 'utf8')]));
const inputOf = (p, text) => {
  const facts = extractFile(p, Buffer.from(text));
  return { path: p, facts, generated: facts.generated, lineCount: facts.lineCount, diagnostics: [] };
};
const current = new Map(paths.map((p) => [p, inputOf(p, texts.get(p))]));
const fresh = () => GraphSession.create({ files: [...current.values()], manifests: [], buildDiagnostics: [] }).output.digest;
log(`${values.corpus}: ${paths.length} Java files`);

let seed = Number(values.seed);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const rows = {};
const record = (kind, update, ms, equal) => {
  const row = (rows[kind] ??= { steps: 0, mismatches: 0, ms: [], rebound: [] });
  row.steps++;
  row.ms.push(ms);
  row.rebound.push(update.rebound.length);
  if (!equal) row.mismatches++;
};
const timed = (session, change) => {
  const started = performance.now();
  const update = session.update(change);
  return { update, ms: performance.now() - started };
};

// Each class deleted, then added back, on a fork of one bound session.
const bound = GraphSession.create({ files: [...current.values()], manifests: [], buildDiagnostics: [] });
const whole = bound.output.digest;
for (let index = 0; index < paths.length; index += Number(values.every)) {
  const session = bound.fork();
  const file = paths[index];
  const input = current.get(file);
  current.delete(file);
  const removed = timed(session, { upserts: [], removed: [file] });
  record('delete a class', removed.update, removed.ms, removed.update.output.digest === fresh());
  current.set(file, input);
  const added = timed(session, { upserts: [input], removed: [] });
  record('add it back', added.update, added.ms, added.update.output.digest === whole);
}

// Random edits in place, accumulating on one session.
const declared = [...new Set([...current.values()].flatMap((input) => input.facts.declarations
  .filter((d) => (d.kind === 'class' || d.kind === 'method' || d.kind === 'field') && d.name.length > 3).map((d) => d.name)))];
const nameSet = new Set(declared);
const classes = [...current.values()].flatMap((input) => input.facts.declarations
  .filter((d) => d.parent === -1 && d.scope === 'module').map((d) => `${input.facts.packageName}.${d.name}`));
const packages = [...new Set([...current.values()].map((input) => input.facts.packageName).filter(Boolean))];
const session = GraphSession.create({ files: [...current.values()], manifests: [], buildDiagnostics: [] });
const edit = (kind, file, text) => {
  texts.set(file, text);
  current.set(file, inputOf(file, text));
  const { update, ms } = timed(session, { upserts: [current.get(file)], removed: [] });
  record(kind, update, ms, update.output.digest === fresh());
};
for (let step = 0; step < Number(values.edits); step++) {
  const file = pick(paths);
  const text = texts.get(file);
  const tokens = [...text.matchAll(/\b[A-Za-z_]\w{3,}\b/g)].filter((match) => nameSet.has(match[0]));
  if (tokens.length === 0) continue;
  const token = pick(tokens);
  edit('swap a declared name', file, text.slice(0, token.index) + pick(declared) + text.slice(token.index + token[0].length));
}
for (let step = 0; step < Number(values.edits); step++) {
  const file = pick(paths);
  const lines = texts.get(file).split('\n');
  const imports = lines.map((line, at) => [line, at]).filter(([line]) => /^import (static )?[\w.]+(\.\*)?;/.test(line));
  const first = imports.length > 0 ? imports[0][1] : 1;
  const kind = pick(['drop', 'repoint', 'add', 'on-demand']);
  if (kind === 'drop' && imports.length > 0) lines.splice(pick(imports)[1], 1);
  else if (kind === 'repoint' && imports.length > 0) {
    const [line, at] = pick(imports);
    lines[at] = line.replace(/import (static )?[\w.]+\.(\w+|\*);/, (_all, isStatic, last) => `import ${isStatic ?? ''}${pick(packages)}.${last};`);
  } else if (kind === 'add') lines.splice(first, 0, `import ${pick(classes)};`);
  else if (kind === 'on-demand') lines.splice(first, 0, `import ${pick(packages)}.*;`);
  else continue;
  edit('edit an import', file, lines.join('\n'));
}

const result = {
  measuredAt: new Date().toISOString(), machine: describeMachine(), corpus: values.corpus, files: paths.length, seed: Number(values.seed),
  graph: values.graph ?? 'this build',
  kinds: Object.fromEntries(Object.entries(rows).map(([kind, row]) => [kind, {
    steps: row.steps, mismatches: row.mismatches, medianMs: Math.round(median(row.ms) * 10) / 10,
    medianRebound: median(row.rebound), maxRebound: Math.max(...row.rebound),
  }])),
};
console.log(JSON.stringify(result, null, 2));
if (Object.values(rows).some((row) => row.mismatches > 0)) process.exit(1);
