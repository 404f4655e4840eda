// Go accuracy and throughput: for each Go corpus of ../shared/bench/CORPORA.md, fetches it (cached),
// runs the go/types oracle (<shared>/tools/go-oracle, built once into bench/.work/go-oracle and cached
// per corpus commit, oracle source and Go version), measures the raw tree-sitter-go parse floor,
// indexes and exports with the CLI, and scores the export with <shared>/tools/score.mjs twice: all
// edges the scorer counts (calls and instantiates) and calls only (go/types reports no edges for
// composite literals `T{}`, which the graph records as `instantiates`). Writes
// bench/results/go-<name>.json and prints one Markdown row per corpus; asserts nothing.
//
// Needs the `go` command (Debian golang-go); when it is missing and we run as root it is installed
// with apt-get. The oracle never downloads: GOFLAGS=-mod=mod, GOPROXY=off, GOCACHE/GOPATH under
// bench/.work.
//
// CLI: node bench/go-accuracy.mjs [names...]   (default: cobra prometheus-client)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ensureCorpus } from './corpora.mjs';
import { ensureGo, goOracle } from './lib/go-oracle.mjs';
import { run } from './lib/exec.mjs';
import { exportRepository, freshDataRoot, indexRepository, scoreExport } from './lib/engine-cli.mjs';
import { ensureDir, repoRoot, resultsDir } from './lib/paths.mjs';

const log = (message) => process.stderr.write(`go-bench: ${message}\n`);
/** The raw parse floor: every .go file the index admits (not under vendor, testdata, fixture or hidden folders), parsed once with tree-sitter-go. */
function parseFloor(corpus) {
  const require = createRequire(path.join(repoRoot, 'packages/extract/package.json'));
  const Parser = require('tree-sitter');
  const parser = new Parser();
  parser.setLanguage(require('tree-sitter-go'));
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || ['vendor', 'node_modules', 'testdata', 'fixtures', '__fixtures__'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.go')) files.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(corpus);
  const started = performance.now();
  let bytes = 0;
  for (const text of files) {
    parser.parse(text, undefined, { bufferSize: text.length + 1 });
    bytes += Buffer.byteLength(text);
  }
  return { files: files.length, bytes, ms: Math.round(performance.now() - started) };
}

async function measure(name, goVersion) {
  const corpus = await ensureCorpus(name, { log });
  const oracle = await goOracle(name, corpus, goVersion);
  const parse = parseFloor(corpus);
  const dataRoot = freshDataRoot(`go-${name}`);
  try {
    const indexed = await indexRepository(corpus, dataRoot);
    const exported = await exportRepository(`go-${name}`, corpus, dataRoot);
    const callsOnly = exported.path.replace(/\.jsonl$/, '.calls.jsonl');
    const lines = fs.readFileSync(exported.path, 'utf8').split('\n').filter((line) => line && !line.includes('"kind":"instantiates"'));
    fs.writeFileSync(callsOnly, lines.join('\n') + '\n');
    const record = {
      name, measuredAt: new Date().toISOString(), goVersion, parse,
      index: { wallMs: Math.round(indexed.wallMs), peakRssBytes: indexed.peakRssBytes, ratioToParse: round(indexed.wallMs / Math.max(1, parse.ms)) },
      accuracy: await scoreExport(oracle.file, exported.path),
      accuracyCallsOnly: await scoreExport(oracle.file, callsOnly),
    };
    fs.writeFileSync(path.join(ensureDir(resultsDir), `go-${name}.json`), JSON.stringify(record, null, 2) + '\n');
    return record;
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

function round(value) {
  return Math.round(value * 100) / 100;
}

async function main() {
  const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['cobra', 'prometheus-client'];
  const goVersion = await ensureGo();
  console.log('| corpus | files | recall | precision@known | calls only: recall | calls only: precision@known | index s | parse s | peak RSS MB |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const name of names) {
    const r = await measure(name, goVersion);
    console.log(`| ${name} | ${r.parse.files} | ${r.accuracy.recall} | ${r.accuracy.precisionKnown} | ${r.accuracyCallsOnly.recall} | ` +
      `${r.accuracyCallsOnly.precisionKnown} | ${(r.index.wallMs / 1000).toFixed(2)} | ${(r.parse.ms / 1000).toFixed(2)} | ` +
      `${r.index.peakRssBytes ? Math.round(r.index.peakRssBytes / 1048576) : '?'} |`);
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
