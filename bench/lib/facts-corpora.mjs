// The corpora of the architecture-fact benchmark (issue 17, bench/facts.mjs; bench/FACTS.md says
// why each was chosen): real, published applications fetched at run time from the npm registry and
// Debian at pinned versions into bench/.corpora/facts-<name>/ (git-ignored, never committed), each
// made a git repository with one commit, as a user's repository would be. The reviewed expected
// answer of each is bench/facts/<name>.json (names, paths and line numbers only). Owns the table
// and the cache's names; the fetching itself is bench/lib/fetch-package.mjs, shared with
// bench/corpora.mjs. It does not measure anything.
//
// CLI: node bench/lib/facts-corpora.mjs fetch [names...]   (no names: every corpus)
//      node bench/lib/facts-corpora.mjs list
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchCorpusRepository, readCompleteMarker } from './fetch-package.mjs';
import { benchDir, corporaDir } from './paths.mjs';

/** Bump when the layout of a fetched corpus changes, so cached copies are fetched again. */
const LAYOUT_VERSION = 1;

/**
 * Every corpus. `language`: ts (TypeScript/JavaScript), python or go. `folder`: the path inside
 * the unpacked package that becomes the corpus; `keepFolderName` puts that folder under the corpus
 * root (root/hyperkitty/...) so a Python package's absolute imports and a Django app's label
 * resolve inside it. `exclude`: paths (relative to `folder`) removed before the commit, so
 * bundles that are no source code never reach the index. `files`: source files of the corpus's
 * language after the fetch (checked, so a changed package is noticed).
 */
export const FACT_CORPORA = [
  {
    name: 'ghost', language: 'ts', npm: 'ghost@5.96.0', folder: 'package',
    exclude: ['core/built', 'components', 'content', 'yarn.lock'],
    why: 'Ghost 5, a published CommonJS Express application: about 220 routes on routers created through its own express wrapper and mounted over several files (lazyUse, BASE_API_PATH), process.env reads, Knex calls in its migrations',
  },
  {
    name: 'directus-api', language: 'ts', npm: '@directus/api@21.0.0', folder: 'package/dist',
    why: 'Directus 10 API (TypeScript published as ES modules): about 240 Express routes, one express.Router() per controller file mounted by app.use(prefix, router) in app.js, Knex query builders on its directus_* tables',
  },
  {
    name: 'hyperkitty', language: 'python', deb: 'python3-django-hyperkitty=1.3.7-1',
    folder: 'usr/lib/python3/dist-packages/hyperkitty', keepFolderName: true,
    why: 'HyperKitty (Mailman 3 archiver), a Django app: urls.py with path/re_path and nested include() lists, a dozen models with default <app_label>_<model> tables',
  },
  {
    name: 'postorius', language: 'python', deb: 'python3-django-postorius=1.3.8-3+deb12u1',
    folder: 'usr/lib/python3/dist-packages/postorius', keepFolderName: true,
    why: 'Postorius (Mailman 3 web UI), a Django app: about 50 URL patterns with include() prefixes, models with default tables',
  },
  {
    name: 'httpbin', language: 'python', deb: 'python3-httpbin=0.7.0+dfsg-5',
    folder: 'usr/lib/python3/dist-packages/httpbin', keepFolderName: true,
    why: 'httpbin, a Flask application: about 50 @app.route endpoints with methods= lists and converters, os.environ.get reads',
  },
  {
    name: 'searx', language: 'python', deb: 'python3-searx=1.1.0+dfsg1-1',
    folder: 'usr/lib/python3/dist-packages/searx', keepFolderName: true,
    why: 'searx, a Flask application of 177 files (mostly search engines): @app.route endpoints, os.environ reads',
  },
  {
    name: 'notary', language: 'go', deb: 'golang-github-docker-notary-dev=0.7.0+ds1-2',
    folder: 'usr/share/gocode/src/github.com/theupdateframework/notary',
    why: 'Notary server and signer: gorilla/mux routes with regular-expression variables, os.Getenv reads, GORM models with TableName()',
  },
  {
    name: 'crowdsec', language: 'go', deb: 'golang-github-crowdsecurity-crowdsec-dev=1.4.6-6~deb12u1',
    folder: 'usr/share/gocode/src/github.com/crowdsecurity/crowdsec',
    why: 'CrowdSec local API: gin routes on groups (/v1) and nested groups, os.Getenv reads',
  },
];

/** The table row for a corpus name; throws naming the known names. */
export function factCorpusSpec(name) {
  const spec = FACT_CORPORA.find((corpus) => corpus.name === name);
  if (!spec) throw new Error(`bench: unknown facts corpus "${name}". Known: ${FACT_CORPORA.map((c) => c.name).join(', ')}.`);
  return spec;
}

/** The folder a corpus is (or will be) fetched into. */
export function factCorpusDir(name) {
  return path.join(corporaDir, `facts-${name}`);
}

/** The reviewed expected answer of a corpus: bench/facts/<name>.json. */
export function factListPath(name) {
  return path.join(benchDir, 'facts', `${name}.json`);
}

function markerPath(name) {
  return path.join(corporaDir, `facts-${name}.corpus.json`);
}

function sourceKey(spec) {
  return { layout: LAYOUT_VERSION, npm: spec.npm ?? null, deb: spec.deb ?? null, folder: spec.folder,
    keepFolderName: Boolean(spec.keepFolderName), exclude: spec.exclude ?? [] };
}

/** The marker of a complete cached copy, or null when the corpus must be fetched. */
export function readFactCorpusMarker(name) {
  return readCompleteMarker(markerPath(name), sourceKey(factCorpusSpec(name)), factCorpusDir(name));
}

/**
 * Fetches a corpus once and returns its folder (a git repository with one commit). Later calls
 * return the cached copy; a copy without a matching marker is fetched again from scratch.
 */
export async function ensureFactCorpus(name, { log = () => {} } = {}) {
  const spec = factCorpusSpec(name);
  const target = factCorpusDir(name);
  if (readFactCorpusMarker(name)) return target;
  return fetchCorpusRepository(spec, { name, target, markerFile: markerPath(name), source: sourceKey(spec),
    label: 'facts corpus', scratchPrefix: `repograph-facts-${name}-`, log });
}

async function main(argv) {
  const [command, ...names] = argv;
  if (command === 'list') {
    for (const spec of FACT_CORPORA) {
      const state = readFactCorpusMarker(spec.name) ? 'fetched' : 'not fetched';
      console.log(`${spec.name.padEnd(14)} ${spec.language.padEnd(7)} ${(spec.npm ?? spec.deb).padEnd(60)} ${state}`);
    }
    return 0;
  }
  if (command !== 'fetch') {
    console.error('usage: node bench/lib/facts-corpora.mjs fetch [names...] | list');
    return 2;
  }
  for (const name of names.length ? names : FACT_CORPORA.map((spec) => spec.name)) {
    const dir = await ensureFactCorpus(name, { log: (line) => console.error(line) });
    console.log(`${name}\t${dir}\t${readFactCorpusMarker(name).commit}`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (error) => {
    console.error(error.message);
    process.exit(1);
  });
}
