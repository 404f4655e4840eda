/**
 * Where the contract diff runs: inline for small specs, in a worker thread for large ones, so a
 * spec of several megabytes (seconds of YAML parsing) never stalls the requests of other clients.
 * Owns that choice and the worker's life; the diff is contract/'s.
 */
import { runOffThread, sidesBytes } from './off-thread.js';
import { diffContracts, type ContractDiff, type ContractFileSides } from './contract/index.js';

/** Below this many bytes of spec text in all, the diff runs inline (a worker costs ~50 ms to start). */
const INLINE_BYTES = 256 * 1024;

export async function diffContractsOffThread(files: ContractFileSides[]): Promise<ContractDiff> {
  if (sidesBytes(files) < INLINE_BYTES) return diffContracts(files);
  return runOffThread<ContractFileSides[], ContractDiff>(new URL('./contract-worker-main.js', import.meta.url), files);
}
