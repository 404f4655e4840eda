/**
 * Where CI signals are computed: inline for small results, in a worker thread once the JUnit
 * documents passed hold more than INLINE_BYTES, so a large report never stalls other requests.
 * Owns that choice; the matching is ci/'s.
 */
import { ciSignals } from './ci/index.js';
import type { CiResults, CiSignals, TestRef } from './ci/shapes.js';
import { runOffThread } from './off-thread.js';

const INLINE_BYTES = 512 * 1024;

export async function ciSignalsOffThread(tests: readonly TestRef[], results: CiResults | undefined): Promise<CiSignals> {
  const bytes = (results?.junit ?? []).reduce((sum, document) => sum + document.xml.length, 0);
  if (bytes < INLINE_BYTES) return ciSignals(tests, results);
  return runOffThread<{ tests: readonly TestRef[]; results: CiResults | undefined }, CiSignals>(new URL('./ci-worker-main.js', import.meta.url), { tests, results });
}
