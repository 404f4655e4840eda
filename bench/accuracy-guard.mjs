// The CI accuracy guard (`npm run accuracy-guard`, run by .ci/run after the tests, never by
// `npm test`): for one small corpus per language (TypeScript: mobx, JavaScript typed by JSDoc:
// svelte, Python: requests, Go: cobra)
// indexes into a fresh data root, exports the graph and scores its call edges against the
// language's own resolver. It guards against regressions; the targets are higher and are
// recorded by the bench.
//
// Exit status: 0 PASS; 1 FAIL (below a threshold); 2 the guard could not run (no engine build, no
// shared workbench, a tool crashed), with a message that says what to do.
import fs from 'node:fs';
import path from 'node:path';
import { ensureCorpus } from './corpora.mjs';
import { buildOracle } from './oracle.mjs';
import { ensureGo, goOracle } from './lib/go-oracle.mjs';
import { buildPythonOracle, jediVersion } from './lib/python-oracle.mjs';
import { exportRepository, freshDataRoot, indexRepository, scoreExport } from './lib/engine-cli.mjs';
import { assertCliBuilt, repoRoot } from './lib/paths.mjs';

/**
 * One guard per language: a small corpus, its oracle, and the minimums. TypeScript's must run;
 * Python's and Go's need Debian's python3-jedi and golang-go (installed by the oracles when
 * missing): when their toolchain cannot be installed the guard says SKIP loudly instead of
 * failing CI for a reason that is not ours.
 */
const GUARDS = [
  {
    language: 'TypeScript', corpus: 'mobx',
    oracle: async (_corpus, log) => (await buildOracle('mobx', { log })).path,
  },
  {
    language: 'JavaScript typed by JSDoc', corpus: 'svelte',
    oracle: async (_corpus, log) => (await buildOracle('svelte', { log })).path,
  },
  {
    language: 'Python', corpus: 'requests', optional: true,
    toolchain: () => jediVersion(),
    oracle: async (corpus, _log, version) => (await buildPythonOracle('requests', corpus, version, false)).path,
  },
  {
    language: 'Go', corpus: 'cobra', optional: true,
    toolchain: () => ensureGo(),
    oracle: async (corpus, _log, version) => (await goOracle('cobra', corpus, version)).file,
  },
];
const MIN_RECALL = 0.85;
const MIN_PRECISION_KNOWN = 0.95;

async function main() {
  assertCliBuilt();
  let failed = 0;
  for (const guard of GUARDS) {
    const result = await runGuard(guard);
    if (result === 'fail') failed++;
  }
  return failed > 0 ? 1 : 0;
}

/** Runs one language's guard: 'pass', 'fail' or 'skip'. */
async function runGuard(guard) {
  const { corpus: CORPUS } = guard;
  const log = (line) => console.error(`[accuracy-guard:${guard.language}] ${line}`);
  // The corpus, the toolchain and the oracle are the environment: an optional guard skips when
  // they cannot be had. Indexing, exporting and scoring are ours: they fail the guard.
  let corpus;
  let oraclePath;
  try {
    const version = guard.toolchain ? await guard.toolchain() : undefined;
    corpus = await ensureCorpus(CORPUS, { log });
    oraclePath = await guard.oracle(corpus, log, version);
  } catch (error) {
    if (!guard.optional) throw error;
    console.log(`SKIP accuracy-guard: ${guard.language}: the corpus or its oracle could not be prepared (${String(error.message).split('\n')[0]})`);
    return 'skip';
  }
  const oracle = { path: oraclePath };
  const dataRoot = freshDataRoot(`guard-${CORPUS}`);
  try {
    log(`indexing ${path.relative(repoRoot, corpus)}`);
    const index = await indexRepository(corpus, dataRoot);
    const exported = await exportRepository(CORPUS, corpus, dataRoot);
    const score = await scoreExport(oracle.path, exported.path);
    const partial = index.report?.materials?.partial;
    console.log(
      `accuracy-guard: ${guard.language}: ${CORPUS}: oracle edges ${score.oracle}, our call edges ${score.candidate}, matched ${score.matched}; ` +
        `recall ${score.recall} (minimum ${MIN_RECALL}), precision@known ${score.precisionKnown} ` +
        `(minimum ${MIN_PRECISION_KNOWN}), precision(strict) ${score.precisionStrict}` +
        (partial != null ? `; partial files ${partial}` : ''),
    );
    const failures = [];
    if (!(score.recall >= MIN_RECALL)) failures.push(`recall ${score.recall} is below ${MIN_RECALL}`);
    if (!(score.precisionKnown >= MIN_PRECISION_KNOWN)) {
      failures.push(`precision@known ${score.precisionKnown} is below ${MIN_PRECISION_KNOWN}`);
    }
    if (failures.length) {
      console.log(
        `FAIL accuracy-guard: ${guard.language}: ${failures.join('; ')}. Compare ${path.relative(repoRoot, exported.path)} with ` +
          `${path.relative(repoRoot, oracle.path)} to find the call edges that were lost or are wrong.`,
      );
      return 'fail';
    }
    console.log(`PASS accuracy-guard: ${guard.language}: ${CORPUS} call edges are at or above recall ${MIN_RECALL} and precision@known ${MIN_PRECISION_KNOWN}`);
    return 'pass';
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.message);
    console.log('FAIL accuracy-guard: the guard could not run (see the message above)');
    process.exit(2);
  },
);
