/**
 * CI signals computed in a worker thread (ciSignalsOffThread starts it for large JUnit
 * documents): parsing tens of megabytes of XML takes seconds. Owns nothing but running ciSignals
 * on what it is handed and posting the result back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ciSignals } from './ci/index.js';

const { tests, results } = workerData as { tests: Parameters<typeof ciSignals>[0]; results: Parameters<typeof ciSignals>[1] };
parentPort!.postMessage(ciSignals(tests, results));
