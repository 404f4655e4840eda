/**
 * The contract diff run in a worker thread (contract-worker.ts starts it): parsing a spec of
 * megabytes of YAML takes seconds, which must not hold the daemon's thread. Owns nothing but
 * running diffContracts on the sides it is handed and posting the result back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { diffContracts, type ContractFileSides } from './contract/index.js';

const sides = workerData as ContractFileSides[];
parentPort!.postMessage(await diffContracts(sides));
