/**
 * Running a parse-heavy computation in a worker thread, so megabytes of YAML, JSON or XML never
 * hold the daemon's thread: the worker script (a `*-worker-main.js` beside this file) receives
 * the input as workerData and posts one result. Owns the worker's life and its failure modes.
 */
import { Worker } from 'node:worker_threads';

/** Runs `script` (a module URL) on `input` in a worker thread; resolves with what it posts. */
export function runOffThread<Input, Output>(script: URL, input: Input): Promise<Output> {
  return new Promise<Output>((resolve, reject) => {
    const worker = new Worker(script, { workerData: input });
    let settled = false;
    worker.once('message', (output: Output) => {
      settled = true;
      resolve(output);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the worker ${script.pathname.split('/').pop()} stopped (exit ${code}) before it answered`));
    });
  });
}

/** The bytes of text in a list of two-sided files (what decides inline or off the thread). */
export function sidesBytes(files: ReadonlyArray<{ before: string | null; after: string | null }>): number {
  return files.reduce((sum, file) => sum + (file.before?.length ?? 0) + (file.after?.length ?? 0), 0);
}
