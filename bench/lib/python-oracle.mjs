// The jedi oracle for Python corpora (../shared/tools/py-oracle.py with /usr/bin/python3 and
// Debian's python3-jedi, installed with apt-get when missing), cached in bench/.work/oracle/
// <name>.jsonl keyed by the corpus commit, the oracle file's hash and the jedi version. Used by
// bench/python-accuracy.mjs and the CI accuracy guard.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readCorpusMarker } from '../corpora.mjs';
import { summarizeOracle } from '../oracle.mjs';
import { run } from './exec.mjs';
import { ensureDir, sharedRoot, workDir } from './paths.mjs';

const PYTHON = '/usr/bin/python3';
const log = (line) => console.error(`[bench:python] ${line}`);

/** The installed jedi version, installing python3-jedi with apt-get when it is missing. */
export async function jediVersion() {
  const probe = () => run(PYTHON, ['-c', 'import jedi; print(jedi.__version__)'], { allowFailure: true });
  let result = await probe();
  if (result.status !== 0) {
    log('installing python3-jedi (apt-get)');
    await run('apt-get', ['update'], { allowFailure: true });
    await run('apt-get', ['install', '-y', 'python3-jedi']);
    result = await probe();
  }
  if (result.status !== 0) throw new Error('bench: jedi is not importable by /usr/bin/python3; install Debian\'s python3-jedi.');
  return result.stdout.trim();
}

/** Runs (or reuses) the jedi oracle of a corpus; returns {path, cached, ...summary}. */
export async function buildPythonOracle(name, corpus, jedi, force) {
  const oracleScript = path.join(sharedRoot(), 'tools', 'py-oracle.py');
  const key = {
    corpusCommit: readCorpusMarker(name)?.commit ?? null,
    oracleHash: crypto.createHash('sha256').update(fs.readFileSync(oracleScript)).digest('hex'),
    jedi,
  };
  const oracleDir = ensureDir(path.join(workDir, 'oracle'));
  const file = path.join(oracleDir, `${name}.jsonl`);
  const keyFile = file.replace(/\.jsonl$/, '.key.json');
  if (!force && fs.existsSync(file)) {
    try {
      const cached = JSON.parse(fs.readFileSync(keyFile, 'utf8'));
      if (JSON.stringify(cached.key) === JSON.stringify(key)) return { path: file, cached: true, ...cached.summary };
    } catch {
      // No readable key: run the oracle again.
    }
  }
  log(`running the jedi oracle on ${name}`);
  const partial = `${file}.${process.pid}.tmp`;
  try {
    const child = await run(PYTHON, [oracleScript, corpus, '-j', '2'], { stdoutFile: partial });
    fs.renameSync(partial, file);
    const files = Number(/py-oracle: (\d+) files \(/.exec(child.stderr)?.[1] ?? NaN);
    const summary = { files, ...summarizeOracle(file), ms: Math.round(child.wallMs) };
    fs.writeFileSync(keyFile, JSON.stringify({ key, summary }, null, 2) + '\n');
    return { path: file, cached: false, ...summary };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}


/**
 * The oracle without the sites jedi resolves only outside the corpus (`target: null, external`
 * with no in-corpus target at the same site): jedi ships django-stubs and sends many of Django's
 * own calls into those .pyi files, so an edge we draw into the real code there counts as wrong.
 * Written beside the oracle as `<name>.in-corpus.jsonl`; returns its path.
 */
export function withoutExternalOnlySites(file) {
  const rows = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const resolvedSites = new Set(rows.filter((r) => r.target != null).map((r) => `${r.site.path}:${r.site.line}`));
  const kept = rows.filter((r) => resolvedSites.has(`${r.site.path}:${r.site.line}`));
  const out = file.replace(/\.jsonl$/, '.in-corpus.jsonl');
  fs.writeFileSync(out, kept.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return out;
}
