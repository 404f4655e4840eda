// A file that comes into the tree, A/B between daemon builds: on a warm daemon over a corpus
// (bench/corpora.mjs), `edit.apply` writes a new file (a copy, under a new name, of a file of the
// folder with the most admitted source files, or of `--folder`: what an agent adding a module
// beside the others does) and then edits an existing file of that folder (a comment line appended: a content
// change, the file set the same), `--edits` times. Each build gets a daemon of its own on a fresh
// clone of the corpus, builds alternated round by round so load on a shared machine falls on
// both alike. `--fresh`: the new file declares a fresh function instead (with a parameter `v` and
// a local, in the model's language and, for Go and Java, its package), which is what an agent's
// new file usually is; a copy redeclares every name of its model, and each reader of those names
// must bind again. Prints, per build, the medians of the edits' reingestMs (the refresh, from
// index.report) and of their wall time (send -> answer), and each build's ratio to the first.
// Asserts nothing.
//
//   node bench/new-file-ab.mjs --build ref=/tmp/ref/daemon/dist/main.js \
//     --build now=daemon/dist/main.js [--corpus core-js] [--folder PATH] [--fresh] [--edits 12] [--rounds 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCorpus } from './corpora.mjs';
import { abBuilds, connectClient, scratchRepository, spawnDaemon } from './lib/daemon-process.mjs';
import { describeMachine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const SOURCE = /\.(?:[cm]?[jt]sx?|py|go|java)$/;

const { values } = parseArgs({
  options: {
    build: { type: 'string', multiple: true }, corpus: { type: 'string', default: 'core-js' },
    edits: { type: 'string', default: '12' }, rounds: { type: 'string', default: '3' }, folder: { type: 'string' },
    fresh: { type: 'boolean', default: false },
  },
});
const builds = abBuilds(values.build, 'new-file-ab');
if (builds.length === 0) {
  console.error('usage: node bench/new-file-ab.mjs --build LABEL=PATH/daemon/dist/main.js [--build ...] [--corpus NAME] [--folder PATH] [--fresh] [--edits N] [--rounds N]');
  process.exit(2);
}
const edits = Number(values.edits);
const log = (line) => console.error(`[bench:new-file-ab] ${line}`);
const corpus = await ensureCorpus(values.corpus, { log });

/** `--folder` and its source files, else the folder of the corpus with the most source files, and those files (sorted). */
function busiestFolder(root) {
  if (values.folder !== undefined) {
    const folder = path.join(root, values.folder);
    if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory() || path.relative(root, folder).startsWith('..')) {
      throw new Error(`new-file-ab: --folder ${values.folder} is not a folder of the ${values.corpus} corpus; give a path relative to its root`);
    }
    const files = fs.readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')).map((entry) => `${values.folder}/${entry.name}`);
    return { folder: values.folder, files: files.sort() };
  }
  const byFolder = new Map();
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== '.git' && entry.name !== 'node_modules') walk(child);
      else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const list = byFolder.get(relative) ?? [];
        list.push(child);
        byFolder.set(relative, list);
      }
    }
  };
  walk('');
  const [folder, files] = [...byFolder].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))[0];
  return { folder, files: files.sort() };
}

/**
 * The text of the `index`th new file beside `model` (its text `modelText`): a copy of the model,
 * or with --fresh a function of a fresh name in the model's language (and its package clause).
 */
function newFileText(model, modelText, index) {
  if (!values.fresh) return modelText;
  const name = `repographBenchNew${index}`;
  if (model.endsWith('.py')) return `def ${name}(v):\n    w = v * 2\n    return w\n`;
  if (model.endsWith('.go')) {
    const clause = /^package\s+(\w+)/m.exec(modelText)?.[1] ?? 'main';
    return `package ${clause}\n\nfunc ${name}(v int) int {\n\tw := v * 2\n\treturn w\n}\n`;
  }
  if (model.endsWith('.java')) {
    const clause = /^package\s+([\w.]+)\s*;/m.exec(modelText)?.[1];
    return `${clause ? `package ${clause};\n\n` : ''}class RepographBenchNew${index} {\n  int twice(int v) {\n    int w = v * 2;\n    return w;\n  }\n}\n`;
  }
  if (/\.[cm]?tsx?$/.test(model)) return `export function ${name}(v: number): number {\n  const w = v * 2;\n  return w;\n}\n`;
  return `export function ${name}(v) {\n  const w = v * 2;\n  return w;\n}\n`;
}

/** One build's series on a fresh clone: `edits` new files and as many content edits; returns the samples. */
async function series(build) {
  const scratch = await scratchRepository(corpus, 'new-file-ab');
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-new-file-ab-'));
  const daemon = await spawnDaemon(scratch.repo, home, { main: build.main });
  const client = await connectClient(scratch.repo, home, 'bench-new-file-ab', { daemon });
  try {
    await client.requestByName('index.status', { sync: true });
    const { folder, files } = busiestFolder(scratch.repo);
    if (files.length < 2 * edits) throw new Error(`new-file-ab: ${folder || '.'} holds ${files.length} source files; fewer --edits (at most ${files.length >> 1})`);
    const samples = { added: [], addedWall: [], edited: [], editedWall: [] };
    for (let index = 0; index < edits; index++) {
      const model = files[index];
      const extension = model.slice(model.lastIndexOf('.'));
      // A Java file's name is its class's.
      const base = model.endsWith('.java') && values.fresh ? `RepographBenchNew${index}` : `zz-repograph-new-${index}`;
      const added = `${folder === '' ? '' : `${folder}/`}${base}${extension}`;
      let started = performance.now();
      const add = await client.requestByName('edit.apply', { edits: [{ path: added, content: newFileText(model, fs.readFileSync(path.join(scratch.repo, model), 'utf8'), index) }] });
      samples.addedWall.push(performance.now() - started);
      samples.added.push(add.reingestMs);
      const target = files[files.length - 1 - index];
      started = performance.now();
      const edit = await client.requestByName('edit.apply', { edits: [{ path: target, content: `${fs.readFileSync(path.join(scratch.repo, target), 'utf8')}\n// repograph bench ${index}\n` }] });
      samples.editedWall.push(performance.now() - started);
      samples.edited.push(edit.reingestMs);
    }
    return { folder, samples };
  } finally {
    client.close();
    await daemon.stop();
    fs.rmSync(home, { recursive: true, force: true });
    scratch.remove();
  }
}

const results = new Map(builds.map((build) => [build.label, { added: [], addedWall: [], edited: [], editedWall: [] }]));
let folder = null;
for (let round = 0; round < Number(values.rounds); round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    const run = await series(build);
    folder = run.folder;
    const kept = results.get(build.label);
    for (const key of Object.keys(kept)) kept[key].push(...run.samples[key]);
    log(`${build.label} round ${round + 1}: new file ${Math.round(median(run.samples.added))} ms, content edit ${Math.round(median(run.samples.edited))} ms (reingestMs medians)`);
  }
}
console.log(JSON.stringify({ measuredAt: new Date().toISOString(), machine: describeMachine(), corpus: values.corpus, folder, fresh: values.fresh, edits, rounds: Number(values.rounds) }));
let first = null;
for (const build of builds) {
  const kept = results.get(build.label);
  const row = {
    build: build.label, newFileReingestMs: median(kept.added), newFileWallMs: Math.round(median(kept.addedWall) * 10) / 10,
    contentEditReingestMs: median(kept.edited), contentEditWallMs: Math.round(median(kept.editedWall) * 10) / 10,
  };
  first ??= row;
  console.log(JSON.stringify({ ...row, newFileRatio: Math.round((row.newFileReingestMs / first.newFileReingestMs) * 1000) / 1000 }));
}
