// The mixed repositories of the mixed-repository bench (bench/mixed-repo.mjs): one unit of real
// files in every language the product reads (the fourteen syntax-tier sets of
// bench/lib/syntax-sets.mjs, and the TS, Python, Go and Java corpora of bench/corpora.mjs that are
// fetched), and a repository of N copies of that unit in folders copy-1 ... copy-N, committed once.
// Each copy's files end with a comment naming the copy, so no two copies share a git blob: the
// fact cache parses a blob once, ever, and identical copies would be indexed for free. Owns the
// making of the repositories; the timing is mixed-repo.mjs's.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { corpusDir, readCorpusMarker } from '../corpora.mjs';
import { commitAll } from './fetch-package.mjs';
import { ensureDir } from './paths.mjs';
import { LANGUAGES, fileSet, virtualPath } from './syntax-sets.mjs';

/** The other languages' corpora, used when fetched (`--fetch` fetches them). */
export const OTHER_CORPORA = [
  { name: 'mobx', language: 'typescript' },
  { name: 'requests', language: 'python' },
  { name: 'cobra', language: 'go' },
  { name: 'javafx-controls', language: 'java' },
];

/** Source extensions of the other corpora's files (go.mod and go.sum stay out: every copy would declare one module path). */
const OTHER_EXTENSIONS = new Set(['ts', 'tsx', 'js', 'mjs', 'cjs', 'py', 'go', 'java']);

/** How a file of this extension writes a line comment. */
function lineComment(file) {
  const extension = path.extname(file).slice(1).toLowerCase();
  if (['rb', 'r', 'sh', 'bash', 'py'].includes(extension)) return '#';
  if (extension === 'lua') return '--';
  return '//';
}

/**
 * The unit: every file as {from, to, language}, `to` relative to a copy's folder
 * (`<language>/<path in its set>`, extension-less Bash completions given `.sh`).
 */
export function unitFiles() {
  const files = [];
  const missing = [];
  for (const [language, spec] of Object.entries(LANGUAGES)) {
    const set = fileSet(language, spec);
    if (!set.source.startsWith('fetched') && !set.source.startsWith('installed')) { missing.push(language); continue; }
    for (const from of set.files) {
      const virtual = virtualPath(spec, set.base, from);
      const inSet = path.relative(set.base, from) + (virtual.endsWith(path.basename(from)) ? '' : path.extname(virtual));
      files.push({ from, to: path.join(language, inSet), language });
    }
  }
  for (const corpus of OTHER_CORPORA) {
    if (!readCorpusMarker(corpus.name)) { missing.push(corpus.name); continue; }
    const dir = corpusDir(corpus.name);
    const listed = execFileSync('git', ['ls-files', '-z'], { cwd: dir, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const file of listed) {
      if (!OTHER_EXTENSIONS.has(path.extname(file).slice(1))) continue;
      files.push({ from: path.join(dir, file), to: path.join(corpus.name, file), language: corpus.language });
    }
  }
  return { files, missing };
}

/** Writes `copies` copies of the unit under `dir` and commits them; returns the file count. */
export async function makeMixedRepository(dir, unit, copies) {
  fs.rmSync(dir, { recursive: true, force: true });
  let count = 0;
  for (let copy = 1; copy <= copies; copy++) {
    for (const file of unit) {
      const target = path.join(dir, `copy-${copy}`, file.to);
      ensureDir(path.dirname(target));
      const text = fs.readFileSync(file.from, 'utf8');
      fs.writeFileSync(target, `${text}${text.endsWith('\n') ? '' : '\n'}${lineComment(file.to)} mixed-repository copy ${copy}\n`);
      count++;
    }
  }
  await commitAll(dir);
  return count;
}

/** Files per language in the unit. */
export function languageCounts(unit) {
  const counts = {};
  for (const file of unit) counts[file.language] = (counts[file.language] ?? 0) + 1;
  return counts;
}
