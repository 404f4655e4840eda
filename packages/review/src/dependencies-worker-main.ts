/**
 * The dependency diff run in a worker thread (dependency-input.ts starts it for large manifests
 * and lockfiles): a lockfile of tens of megabytes takes seconds to parse. Owns nothing but running
 * diffDependencies on what it is handed and posting the result back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { diffDependencies } from './dependencies/diff.js';

const { files, imports } = workerData as { files: Parameters<typeof diffDependencies>[0]; imports: Parameters<typeof diffDependencies>[1] };
parentPort!.postMessage(diffDependencies(files, imports));
