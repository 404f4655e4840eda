// Ground truth for a corpus: runs the shared TypeScript-compiler oracle (<shared>/tools/ts-oracle.mjs)
// over a fetched corpus and caches its JSONL in bench/.work/oracle/<name>.jsonl. Owns running and
// caching the oracle, not scoring (that is <shared>/tools/score.mjs).
//
// The oracle loads `typescript` from the current directory, so it runs with cwd = the repository
// root (typescript is a devDependency). The cache key is the corpus commit, the oracle file's hash
// and the typescript version: change any and the oracle runs again.
//
// CLI: node bench/oracle.mjs [--force] [names...]   (no names: every TS/JS corpus)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensureCorpus, readCorpusMarker, TS_CORPORA } from './corpora.mjs';
import { run } from './lib/exec.mjs';
import { ensureDir, repoRoot, sharedRoot, workDir } from './lib/paths.mjs';

const oracleDir = path.join(workDir, 'oracle');

/** The cached oracle file of a corpus (it may not exist yet). */
export function oraclePath(name) {
  return path.join(oracleDir, `${name}.jsonl`);
}

function cacheKey(name) {
  const oracleFile = path.join(sharedRoot(), 'tools', 'ts-oracle.mjs');
  const oracleHash = crypto.createHash('sha256').update(fs.readFileSync(oracleFile)).digest('hex');
  const typescriptVersion = createRequire(path.join(repoRoot, 'package.json'))('typescript/package.json').version;
  return { corpusCommit: readCorpusMarker(name)?.commit ?? null, oracleHash, typescriptVersion };
}

/** Counts of an oracle file: resolved edges, distinct sites, sites resolved only outside the corpus. */
export function summarizeOracle(file) {
  let edges = 0;
  let external = 0;
  const sites = new Set();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const row = JSON.parse(line);
    sites.add(`${row.site.path}:${row.site.line}`);
    if (row.target == null) external++;
    else edges++;
  }
  return { edges, externalRows: external, sites: sites.size };
}

/**
 * Fetches the corpus if needed, then returns its oracle: {path, cached, files, edges, externalRows,
 * sites, key}. `force` runs the oracle even when the cache is current.
 */
export async function buildOracle(name, { force = false, log = () => {} } = {}) {
  const corpus = await ensureCorpus(name, { log });
  const file = oraclePath(name);
  const keyFile = file.replace(/\.jsonl$/, '.key.json');
  const key = cacheKey(name);
  if (!force && fs.existsSync(file)) {
    try {
      const cached = JSON.parse(fs.readFileSync(keyFile, 'utf8'));
      if (JSON.stringify(cached.key) === JSON.stringify(key)) return { path: file, cached: true, ...cached.summary, key };
    } catch {
      // No readable key: run the oracle again.
    }
  }

  ensureDir(oracleDir);
  log(`running the TypeScript oracle on ${name}`);
  const partial = `${file}.${process.pid}.tmp`;
  const oracleScript = path.join(sharedRoot(), 'tools', 'ts-oracle.mjs');
  try {
    const child = await run(process.execPath, [oracleScript, corpus], { cwd: repoRoot, stdoutFile: partial });
    fs.renameSync(partial, file);
    const files = Number(/ts-oracle: (\d+) files/.exec(child.stderr)?.[1] ?? NaN);
    const summary = { files, ...summarizeOracle(file), ms: Math.round(child.wallMs) };
    fs.writeFileSync(keyFile, JSON.stringify({ key, summary }, null, 2) + '\n');
    return { path: file, cached: false, ...summary, key };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

async function main(argv) {
  const force = argv.includes('--force');
  const names = argv.filter((arg) => arg !== '--force');
  for (const name of names.length ? names : TS_CORPORA) {
    const oracle = await buildOracle(name, { force, log: (line) => console.error(line) });
    console.log(
      `${name.padEnd(16)} files ${String(oracle.files).padStart(5)}  edges ${String(oracle.edges).padStart(6)}  ` +
        `external-only rows ${String(oracle.externalRows).padStart(6)}  sites ${String(oracle.sites).padStart(6)}  ` +
        `${oracle.cached ? 'cached' : `built in ${(oracle.ms / 1000).toFixed(1)} s`}  ${path.relative(repoRoot, oracle.path)}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
