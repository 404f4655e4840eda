// The javac oracle for Java corpora (../shared/tools/java-oracle, compiled once into
// bench/.work/java-oracle and cached per corpus commit, oracle source, JDK version and class path).
// Needs a JDK 17+ (`javac`, `java`); runs with `--new=class`, so a `new` site targets the class (as
// the TypeScript oracle does), and with the corpus's libraries on `--cp` (the spec's `classpath`), so
// javac attributes every call. Used by bench/accuracy.mjs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { corpusSpec, readCorpusMarker } from '../corpora.mjs';
import { run } from './exec.mjs';
import { unpackDebian } from './fetch-package.mjs';
import { ensureDir, repoRoot, sharedRoot, workDir } from './paths.mjs';

const log = (message) => process.stderr.write(`java-bench: ${message}\n`);
const javaDir = path.join(workDir, 'java-oracle');

/** The JDK's version line; throws saying what to install when javac is missing. */
export async function ensureJdk() {
  const probe = await run('javac', ['-version'], { allowFailure: true }).catch(() => null);
  if (probe?.status !== 0) throw new Error('java-bench: `javac` is missing; install a JDK 17+ (Debian openjdk-17-jdk-headless).');
  return `${probe.stdout}${probe.stderr}`.trim();
}

async function oracleClasses() {
  const source = path.join(sharedRoot(), 'tools', 'java-oracle', 'JavaOracle.java');
  const out = ensureDir(path.join(javaDir, 'classes'));
  const hash = crypto.createHash('sha256').update(fs.readFileSync(source)).digest('hex');
  const stamp = path.join(javaDir, 'classes.sha256');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return { out, hash };
  log('compiling the javac oracle');
  await run('javac', ['-d', out, source]);
  fs.writeFileSync(stamp, hash);
  return { out, hash };
}

/**
 * The jars a corpus's libraries are in (its `classpath`: a Debian package, downloaded and unpacked
 * once into bench/.work/java-libs/, never installed), as a javac class path; '' when it has none.
 */
async function corpusClassPath(name) {
  const classpath = corpusSpec(name).classpath;
  if (!classpath) return '';
  const folder = path.join(workDir, 'java-libs', classpath.deb.replace(/[^a-z0-9._-]/gi, '_'));
  if (!fs.existsSync(path.join(folder, '.complete'))) {
    log(`fetching the class path of ${name} (${classpath.deb})`);
    const scratch = fs.mkdtempSync(path.join(ensureDir(path.join(workDir, 'java-libs')), 'scratch-'));
    try {
      const unpacked = await unpackDebian(classpath.deb, scratch);
      fs.rmSync(folder, { recursive: true, force: true });
      fs.renameSync(unpacked, folder);
      fs.writeFileSync(path.join(folder, '.complete'), '');
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  return classpath.jars.map((jar) => path.join(folder, jar)).join(':');
}

/** The oracle file of a Java corpus (`--new=class`, its libraries on the class path), built when missing or stale. */
export async function javaOracle(name, corpus, jdkVersion) {
  const { out, hash } = await oracleClasses();
  const file = path.join(javaDir, `${name}.jsonl`);
  const keyFile = `${file}.key.json`;
  const classPath = await corpusClassPath(name);
  const key = JSON.stringify({ commit: readCorpusMarker(name)?.commit ?? null, hash, jdkVersion, mode: 'new=class', classpath: corpusSpec(name).classpath ?? null });
  if (fs.existsSync(file) && fs.existsSync(keyFile) && fs.readFileSync(keyFile, 'utf8') === key) return { file, cached: true };
  log(`running the javac oracle on ${name}`);
  const result = await run('java', ['-Xss8m', '-cp', out, 'JavaOracle', '--new=class', ...(classPath ? ['--cp', classPath] : []), corpus], { cwd: repoRoot, stdoutFile: `${file}.tmp` });
  fs.renameSync(`${file}.tmp`, file);
  fs.writeFileSync(keyFile, key);
  return { file, cached: false, summary: result.stderr.trim() };
}
