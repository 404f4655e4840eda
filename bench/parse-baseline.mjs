// The parse floor: raw single-thread tree-sitter parse time of the files the index admits, the
// figure a cold index is compared with. Owns the admission list the bench uses (files, bytes) and
// the timing; it knows nothing of the engine.
//
// Admitted: .ts .tsx .mts .cts .js .jsx .mjs .cjs, outside node_modules and dist/build/out folders,
// not *.min.js, at most 1 MiB (issue 2, item 7). The corpora carry no .gitignore, so none is read.
// Timing: the texts are read first; each pass sums the time of `parser.parse` calls only, with one
// event-loop turn (setImmediate) between files so that trees are freed; one warm-up pass, then the
// median of 5 passes. A tree's native memory is released only when V8 collects its wrapper, and V8
// does not see that memory, so trees pile up across passes (three: 490 MB and passes 1.8x slower
// by the eighth). measureParseBaselineIsolated() therefore measures in a fresh child process started
// with --expose-gc, and a full collection runs between passes, outside the timed region.
//
// CLI: node bench/parse-baseline.mjs [--json] [names...]   (no names: every TS/JS corpus)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { median, round } from './lib/stats.mjs';
import { repoRoot } from './lib/paths.mjs';
import { run } from './lib/exec.mjs';

const SOURCE_EXTENSION = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const EXCLUDED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'out']);
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * Lists the files of a corpus the index admits, and what was left out by reason.
 * Returns {files: [{path, relativePath, bytes}], bytes, excluded: {reason: [relativePath]}}.
 */
export function listAdmittedFiles(root) {
  const files = [];
  const excluded = { folder: [], minified: [], tooLarge: [] };
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relativePath = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (entry.name === '.git') continue;
        if (EXCLUDED_FOLDERS.has(entry.name)) excluded.folder.push(relativePath + '/');
        else walk(full);
        continue;
      }
      if (!entry.isFile() || !SOURCE_EXTENSION.test(entry.name)) continue;
      if (entry.name.endsWith('.min.js')) {
        excluded.minified.push(relativePath);
        continue;
      }
      const bytes = fs.statSync(full).size;
      if (bytes > MAX_FILE_BYTES) {
        excluded.tooLarge.push(relativePath);
        continue;
      }
      files.push({ path: full, relativePath, bytes });
    }
  };
  walk(root);
  files.sort((a, b) => (a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0));
  return { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0), excluded };
}

/** Loads tree-sitter and the grammars from the repository's node_modules. */
function loadParsers() {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  const Parser = require('tree-sitter');
  const typescriptGrammars = require('tree-sitter-typescript');
  const javascriptGrammar = require('tree-sitter-javascript');
  const parserFor = (language) => {
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  };
  return {
    typescript: parserFor(typescriptGrammars.typescript),
    tsx: parserFor(typescriptGrammars.tsx),
    javascript: parserFor(javascriptGrammar),
  };
}

/** The grammar for a file name: TSX for .tsx, TypeScript for .ts/.mts/.cts, else JavaScript. */
export function grammarFor(fileName) {
  if (fileName.endsWith('.tsx')) return 'tsx';
  if (/\.(ts|mts|cts)$/.test(fileName)) return 'typescript';
  return 'javascript';
}

/**
 * Measures the parse floor of a corpus folder. Returns {files, bytes, ms, passesMs, errorFiles,
 * dtsFiles, byGrammar, excluded}: ms is the median over `passes` timed passes; errorFiles lists the
 * files whose tree carries an error node.
 */
export async function measureParseBaseline(root, { passes = 5 } = {}) {
  const admitted = listAdmittedFiles(root);
  const parsers = loadParsers();
  const inputs = admitted.files.map((file) => ({
    relativePath: file.relativePath,
    grammar: grammarFor(file.relativePath),
    text: fs.readFileSync(file.path, 'utf8'),
  }));

  const errorFiles = [];
  const parsePass = async (recordErrors) => {
    let total = 0;
    for (const input of inputs) {
      const parser = parsers[input.grammar];
      const started = performance.now();
      const tree = parser.parse(input.text, undefined, { bufferSize: input.text.length + 1 });
      total += performance.now() - started;
      if (recordErrors && tree.rootNode.hasError) errorFiles.push(input.relativePath);
      await nextTurn();
    }
    return total;
  };

  const collectGarbage = () => globalThis.gc?.();
  await parsePass(true);
  collectGarbage();
  const passesMs = [];
  for (let pass = 0; pass < passes; pass++) {
    passesMs.push(round(await parsePass(false), 1));
    collectGarbage();
  }

  const byGrammar = {};
  for (const input of inputs) byGrammar[input.grammar] = (byGrammar[input.grammar] ?? 0) + 1;
  return {
    files: admitted.files.length,
    bytes: admitted.bytes,
    ms: round(median(passesMs), 1),
    passesMs,
    errorFiles,
    dtsFiles: admitted.files.filter((file) => file.relativePath.endsWith('.d.ts')).length,
    byGrammar,
    excluded: admitted.excluded,
  };
}

/** measureParseBaseline() in a fresh `node --expose-gc` child process (see the header). */
export async function measureParseBaselineIsolated(root) {
  const self = fileURLToPath(import.meta.url);
  const child = await run(process.execPath, ['--expose-gc', self, '--measure', root], { cwd: repoRoot });
  return JSON.parse(child.stdout);
}

async function main(argv) {
  if (argv[0] === '--measure') {
    process.stdout.write(JSON.stringify(await measureParseBaseline(path.resolve(argv[1]))) + '\n');
    return;
  }
  const json = argv.includes('--json');
  const names = argv.filter((arg) => arg !== '--json');
  const { ensureCorpus, TS_CORPORA } = await import('./corpora.mjs');
  for (const name of names.length ? names : TS_CORPORA) {
    const root = await ensureCorpus(name, { log: (line) => console.error(line) });
    const result = await measureParseBaselineIsolated(root);
    if (json) {
      console.log(JSON.stringify({ name, ...result }));
      continue;
    }
    const excluded = Object.entries(result.excluded).filter(([, list]) => list.length)
      .map(([reason, list]) => `${reason}: ${list.join(', ')}`).join('; ');
    console.log(
      `${name.padEnd(16)} files ${String(result.files).padStart(5)}  bytes ${String(result.bytes).padStart(9)}  ` +
        `parse ${String(result.ms).padStart(7)} ms  (passes ${result.passesMs.join(' ')})  ` +
        `error files ${result.errorFiles.length}  .d.ts ${result.dtsFiles}${excluded ? `  excluded ${excluded}` : ''}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
