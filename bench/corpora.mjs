// The real corpora of ../shared/bench/CORPORA.md, fetched at run time from the npm registry and
// Debian at pinned versions into bench/.corpora/<name>/, each made a git repository with one commit
// (as a user's repository would be). Owns the table and the cache's names; the fetching itself is
// bench/lib/fetch-package.mjs. It does not measure anything.
// Never commit the fetched code: bench/.corpora/ is git-ignored.
//
// CLI: node bench/corpora.mjs fetch [names...]   (no names: every TS/JS corpus)
//      node bench/corpora.mjs list
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchCorpusRepository, readCompleteMarker } from './lib/fetch-package.mjs';
import { corporaDir } from './lib/paths.mjs';

/** Bump when the layout of a fetched corpus changes, so cached copies are fetched again. */
const LAYOUT_VERSION = 1;

/**
 * Every corpus. `language` is ts (TypeScript/JavaScript: the default set), python or go (fetched
 * only when named). `folder` is the path inside the unpacked package that becomes the corpus;
 * `keepFolderName` puts that folder under the corpus root (root/requests/...) so a Python package's
 * absolute imports resolve inside the corpus.
 */
export const CORPORA = [
  { name: 'rxjs', language: 'ts', npm: 'rxjs@7.8.1', folder: 'package/src', expectedFiles: 251,
    exercises: 'generics, barrels and re-exports, class hierarchies' },
  { name: 'mobx', language: 'ts', npm: 'mobx@6.13.5', folder: 'package/src', expectedFiles: 57,
    exercises: 'small, fast: good for tests' },
  { name: 'query-core', language: 'ts', npm: '@tanstack/query-core@5.59.0', folder: 'package/src',
    expectedFiles: 23, exercises: 'classes, private fields' },
  { name: 'effect-platform', language: 'ts', npm: '@effect/platform@0.69.8', folder: 'package/src',
    expectedFiles: 85, exercises: 'TS that tree-sitter-typescript 0.23.2 cannot fully parse' },
  { name: 'three', language: 'ts', npm: 'three@0.169.0', folder: 'package/src', expectedFiles: 694,
    exercises: 'ES modules, deep class trees, `this` calls' },
  { name: 'eslint', language: 'ts', npm: 'eslint@9.12.0', folder: 'package/lib', expectedFiles: 402,
    exercises: 'CommonJS require/module.exports' },
  { name: 'core-js', language: 'ts', npm: 'core-js@3.38.1', folder: 'package', expectedFiles: 3487,
    exercises: 'scale: thousands of small CommonJS modules' },
  { name: 'webpack', language: 'ts', npm: 'webpack@5.96.1', folder: 'package/lib', expectedFiles: 551,
    exercises: 'a large CommonJS code base typed by JSDoc comments (@typedef {import()}, @param, @returns)' },
  { name: 'svelte', language: 'ts', npm: 'svelte@4.2.19', folder: 'package/src', expectedFiles: 213,
    exercises: 'a compiler in ES modules typed by JSDoc comments' },

  // The head sides of the review bench's release pairs (bench/review.mjs); fetched only when named.
  { name: 'rxjs-7.8.2', language: 'pair', npm: 'rxjs@7.8.2', folder: 'package/src' },
  { name: 'core-js-3.39.0', language: 'pair', npm: 'core-js@3.39.0', folder: 'package' },
  { name: 'django-deb12u3', language: 'pair', deb: 'python3-django=3:3.2.25-0+deb12u3',
    folder: 'usr/lib/python3/dist-packages/django', keepFolderName: true },

  { name: 'requests', language: 'python', deb: 'python3-requests=2.28.1+dfsg-1',
    folder: 'usr/lib/python3/dist-packages/requests', keepFolderName: true },
  { name: 'flask', language: 'python', deb: 'python3-flask=2.2.2-3',
    folder: 'usr/lib/python3/dist-packages/flask', keepFolderName: true },
  { name: 'django', language: 'python', deb: 'python3-django=3:3.2.25-0+deb12u7',
    folder: 'usr/lib/python3/dist-packages/django', keepFolderName: true },
  { name: 'click', language: 'python', deb: 'python3-click=8.1.3-2',
    folder: 'usr/lib/python3/dist-packages/click', keepFolderName: true },

  { name: 'cobra', language: 'go', deb: 'golang-github-spf13-cobra-dev=1.6.1-1',
    folder: 'usr/share/gocode/src/github.com/spf13/cobra' },
  { name: 'prometheus-client', language: 'go', deb: 'golang-github-prometheus-client-golang-dev=1.14.0-3',
    folder: 'usr/share/gocode/src/github.com/prometheus/client_golang' },
  { name: 'x-tools', language: 'go', deb: 'golang-golang-x-tools-dev=1:0.5.0+ds-1',
    folder: 'usr/share/gocode/src/golang.org/x/tools' },

  // Java: modules of OpenJFX's src.zip (`zip` is unpacked first; `folder` is then inside it).
  // `classpath`: the jars of the modules each one requires, from Debian's build of the same
  // version (given to javac only, so the oracle resolves every call; the index never sees them).
  { name: 'javafx-controls', language: 'java', deb: 'openjfx-source=11.0.11+1-3',
    zip: 'usr/share/openjfx/lib/src.zip', folder: 'javafx.controls', expectedFiles: 286,
    classpath: { deb: 'libopenjfx-java=11.0.11+1-3', jars: ['usr/share/java/javafx-base.jar', 'usr/share/java/javafx-graphics.jar'] } },
  { name: 'javafx-graphics', language: 'java', deb: 'openjfx-source=11.0.11+1-3',
    zip: 'usr/share/openjfx/lib/src.zip', folder: 'javafx.graphics', expectedFiles: 1432,
    classpath: { deb: 'libopenjfx-java=11.0.11+1-3', jars: ['usr/share/java/javafx-base.jar'] } },
];

/** The TypeScript/JavaScript corpora, in table order: what `npm run bench` measures by default. */
export const TS_CORPORA = CORPORA.filter((corpus) => corpus.language === 'ts').map((corpus) => corpus.name);

/** The table row for a corpus name; throws naming the known names. */
export function corpusSpec(name) {
  const spec = CORPORA.find((corpus) => corpus.name === name);
  if (!spec) {
    throw new Error(`bench: unknown corpus "${name}". Known: ${CORPORA.map((c) => c.name).join(', ')}.`);
  }
  return spec;
}

/** The folder a corpus is (or will be) fetched into. */
export function corpusDir(name) {
  return path.join(corporaDir, name);
}

/** The marker file written after a complete fetch, beside (not inside) the corpus folder. */
function markerPath(name) {
  return path.join(corporaDir, `${name}.corpus.json`);
}

/** What identifies a fetched copy: if any of it changes, the corpus is fetched again. */
function sourceKey(spec) {
  return { layout: LAYOUT_VERSION, npm: spec.npm ?? null, deb: spec.deb ?? null, folder: spec.folder,
    keepFolderName: Boolean(spec.keepFolderName), ...(spec.zip ? { zip: spec.zip } : {}) };
}

/** The marker of a complete cached copy, or null when the corpus must be fetched. */
export function readCorpusMarker(name) {
  return readCompleteMarker(markerPath(name), sourceKey(corpusSpec(name)), corpusDir(name));
}

/**
 * Fetches a corpus once and returns its folder (a git repository with one commit). Later calls
 * return the cached copy; a copy without a matching marker is fetched again from scratch.
 */
export async function ensureCorpus(name, { log = () => {} } = {}) {
  const spec = corpusSpec(name);
  const target = corpusDir(name);
  if (readCorpusMarker(name)) return target;
  return fetchCorpusRepository(spec, { name, target, markerFile: markerPath(name), source: sourceKey(spec),
    label: 'corpus', scratchPrefix: `repograph-corpus-${name}-`, log });
}

async function main(argv) {
  const [command, ...names] = argv;
  if (command === 'list') {
    for (const spec of CORPORA) {
      const state = readCorpusMarker(spec.name) ? 'fetched' : 'not fetched';
      console.log(`${spec.name.padEnd(18)} ${spec.language.padEnd(7)} ${(spec.npm ?? spec.deb).padEnd(55)} ${state}`);
    }
    return 0;
  }
  if (command !== 'fetch') {
    console.error('usage: node bench/corpora.mjs fetch [names...] | list');
    return 2;
  }
  for (const name of names.length ? names : TS_CORPORA) {
    const dir = await ensureCorpus(name, { log: (line) => console.error(line) });
    console.log(`${name}\t${dir}\t${readCorpusMarker(name).commit}`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
