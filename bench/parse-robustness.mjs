// Parse robustness on heavy generics (issue 16 item 5): how many TypeScript files of a published
// package still hold syntax errors after the extractor's masking, and how many errors, with this
// build and optionally an older one (--before PATH/TO/packages/extract/dist/in-process.js,
// or index.js in a build from before the package entry stopped loading the walkers), file by
// file. The packages are npm tarballs unpacked under bench/.corpora/parse-robustness/ (fetched
// once, never committed); only their TypeScript sources (.ts/.tsx/.mts/.cts, no .d.ts) are read.
// Prints a table; writes nothing else; asserts nothing.
//
// CLI: node bench/parse-robustness.mjs [--package effect@4.1.5] [--folder src] [--before DIST_FILE]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { unpackNpm } from './lib/fetch-package.mjs';
import { corporaDir } from './lib/paths.mjs';

const { values } = parseArgs({
  options: {
    package: { type: 'string', default: 'effect@4.1.5' },
    folder: { type: 'string', default: 'src' },
    before: { type: 'string' },
  },
});

const TYPESCRIPT = /\.(ts|tsx|mts|cts)$/;

const root = await ensurePackage(values.package);
const files = listFiles(path.join(root, 'package', values.folder)).filter((file) => TYPESCRIPT.test(file) && !/\.d\.[mc]?ts$/.test(file)).sort();
const builds = [['this build', path.resolve('packages/extract/dist/in-process.js')]];
if (values.before) builds.unshift(['before', path.resolve(values.before)]);

const censuses = [];
for (const [label, entry] of builds) {
  const { extractFile } = await import(entry);
  censuses.push([label, census(extractFile, files)]);
}

console.log(`${values.package} ${values.folder}/: ${files.length} TypeScript files`);
for (const [label, result] of censuses) {
  const broken = [...result.values()].filter((entry) => entry.errors > 0);
  const errors = broken.reduce((sum, entry) => sum + entry.errors, 0);
  console.log(`${label}: ${broken.length} files with syntax errors left after masking, ${errors} errors`);
}
const paths = files.filter((file) => censuses.some(([, result]) => result.get(file).errors > 0));
console.log(`\n| file | ${censuses.map(([label]) => `${label}: errors (first at line) / declarations`).join(' | ')} |`);
console.log(`|---|${censuses.map(() => '---').join('|')}|`);
for (const file of paths) {
  const cells = censuses.map(([, result]) => {
    const entry = result.get(file);
    return entry.errors === 0 ? `0 / ${entry.declarations}` : `${entry.errors} (${entry.firstLine}) / ${entry.declarations}`;
  });
  console.log(`| ${path.relative(path.join(root, 'package'), file)} | ${cells.join(' | ')} |`);
}

/** Each file's syntax errors left after masking (count, first line) and its declaration count. */
function census(extractFile, list) {
  const result = new Map();
  for (const file of list) {
    const facts = extractFile(path.basename(file), fs.readFileSync(file));
    const error = facts.diagnostics.find((diagnostic) => diagnostic.code === 'parse_error');
    const errors = error ? Number(/(\d+) syntax error/.exec(error.message)?.[1] ?? 1) : 0;
    result.set(file, { errors, firstLine: error?.line ?? null, declarations: facts.declarations.length });
  }
  return result;
}

function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

async function ensurePackage(spec) {
  const target = path.join(corporaDir, 'parse-robustness', spec.replace(/[^\w.@-]/g, '_'));
  if (fs.existsSync(path.join(target, 'unpacked', 'package'))) return path.join(target, 'unpacked');
  fs.mkdirSync(target, { recursive: true });
  console.error(`[parse-robustness] npm pack ${spec}`);
  return unpackNpm(spec, target);
}
