/**
 * Where the contract diff runs: inline for small specs, in a worker thread for large ones, so a
 * spec of several megabytes (seconds of YAML parsing) never stalls the requests of other clients.
 * Owns that choice and the worker's life; the diff is contract/'s.
 */
import { Worker } from 'node:worker_threads';
import { diffContracts, type ContractDiff, type ContractFileSides } from './contract/index.js';

/** Below this many bytes of spec text in all, the diff runs inline (a worker costs ~50 ms to start). */
const INLINE_BYTES = 256 * 1024;

export async function diffContractsOffThread(files: ContractFileSides[]): Promise<ContractDiff> {
  const bytes = files.reduce((sum, file) => sum + (file.before?.length ?? 0) + (file.after?.length ?? 0), 0);
  if (bytes < INLINE_BYTES) return diffContracts(files);
  return new Promise<ContractDiff>((resolve, reject) => {
    const worker = new Worker(new URL('./contract-worker-main.js', import.meta.url), { workerData: files });
    let settled = false;
    worker.once('message', (diff: ContractDiff) => {
      settled = true;
      resolve(diff);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the contract diff's worker stopped (exit ${code}) before it answered`));
    });
  });
}
