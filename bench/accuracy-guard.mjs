// The CI accuracy guard (`npm run accuracy-guard`, run by .ci/run after the tests, never by
// `npm test`): indexes the mobx corpus into a fresh data root, exports the graph and scores its call
// edges against the TypeScript compiler. It guards against regressions; the targets of issue 2 are
// higher and are recorded by `npm run bench`.
//
// Exit status: 0 PASS; 1 FAIL (below a threshold); 2 the guard could not run (no engine build, no
// shared workbench, a tool crashed), with a message that says what to do.
import fs from 'node:fs';
import path from 'node:path';
import { ensureCorpus } from './corpora.mjs';
import { buildOracle } from './oracle.mjs';
import { exportRepository, freshDataRoot, indexRepository, scoreExport } from './lib/engine-cli.mjs';
import { assertCliBuilt, repoRoot } from './lib/paths.mjs';

const CORPUS = 'mobx';
const MIN_RECALL = 0.85;
const MIN_PRECISION_KNOWN = 0.95;

async function main() {
  assertCliBuilt();
  const log = (line) => console.error(`[accuracy-guard] ${line}`);
  const corpus = await ensureCorpus(CORPUS, { log });
  const oracle = await buildOracle(CORPUS, { log });
  const dataRoot = freshDataRoot(`guard-${CORPUS}`);
  try {
    log(`indexing ${path.relative(repoRoot, corpus)}`);
    const index = await indexRepository(corpus, dataRoot);
    const exported = await exportRepository(CORPUS, corpus, dataRoot);
    const score = await scoreExport(oracle.path, exported.path);
    const partial = index.report?.materials?.partial;
    console.log(
      `accuracy-guard: ${CORPUS}: oracle edges ${score.oracle}, our call edges ${score.candidate}, matched ${score.matched}; ` +
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
        `FAIL accuracy-guard: ${failures.join('; ')}. Compare ${path.relative(repoRoot, exported.path)} with ` +
          `${path.relative(repoRoot, oracle.path)} to find the call edges that were lost or are wrong.`,
      );
      return 1;
    }
    console.log(`PASS accuracy-guard: ${CORPUS} call edges are at or above recall ${MIN_RECALL} and precision@known ${MIN_PRECISION_KNOWN}`);
    return 0;
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
