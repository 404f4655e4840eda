/**
 * The extraction pool: piscina worker threads running @repograph/extract's worker entry. Owns
 * batching (files grouped by bytes so message overhead stays small), the queue bound, transfer
 * of file bytes, and cancellation through an AbortSignal. Knows nothing about the store.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { FileFacts } from '@repograph/core';

/** One file to extract. */
export interface ExtractionJob {
  path: string;
  bytes: Uint8Array;
}

/** The worker's typed contract (see packages/extract/src/worker.ts). */
interface WorkerInput {
  files: ExtractionJob[];
}
interface WorkerOutput {
  facts: FileFacts[];
}

export interface ExtractionPoolOptions {
  /** Worker threads; default: defaultExtractionThreads(). */
  threads?: number;
  /** Bytes per batch sent to one worker. */
  batchBytes?: number;
  /** Batches queued per thread before `extract` waits (the explicit queue bound). */
  queuePerThread?: number;
}

/** A pool of extraction workers; create once, reuse for every build, close at the end. */
export class ExtractionPool {
  private readonly piscina: Piscina<WorkerInput, WorkerOutput>;
  private readonly batchBytes: number;
  private readonly maxInFlight: number;

  constructor(options: ExtractionPoolOptions = {}) {
    const threads = Math.max(1, options.threads ?? defaultExtractionThreads());
    const workerUrl = import.meta.resolve('@repograph/extract/worker');
    this.piscina = new Piscina<WorkerInput, WorkerOutput>({
      filename: fileURLToPath(workerUrl),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 30_000,
    });
    this.batchBytes = options.batchBytes ?? 256 * 1024;
    this.maxInFlight = threads * (options.queuePerThread ?? 2);
  }

  /**
   * Extracts every job, calling `onFacts` as batches complete (in completion order). Rejects
   * with an AbortError when `signal` aborts; a worker failure rejects naming the batch's files.
   */
  async extract(jobs: ExtractionJob[], onFacts: (facts: FileFacts) => void, signal?: AbortSignal): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    let failure: unknown = null;
    let batch: ExtractionJob[] = [];
    let batchSize = 0;
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      const files = batch.map((f) => ({ path: f.path, bytes: ownedBytes(f.bytes) }));
      batch = [];
      batchSize = 0;
      const transferList = files.map((f) => f.bytes.buffer as ArrayBuffer);
      const task: Promise<void> = this.piscina
        .run({ files }, { transferList, signal: signal ?? null })
        .then((output) => { for (const facts of output.facts) onFacts(facts); })
        .catch((error: unknown) => {
          if (failure !== null) return;
          if (signal?.aborted) { failure = error; return; }
          const names = files.slice(0, 3).map((f) => f.path).join(', ');
          failure = new Error(`extraction worker failed on a batch of ${files.length} files (${names}${files.length > 3 ? ', ...' : ''}): ${String(error)}`);
        })
        .finally(() => { inFlight.delete(task); });
      inFlight.add(task);
      if (inFlight.size >= this.maxInFlight) await Promise.race(inFlight);
    };
    for (const job of jobs) {
      if (failure !== null) break;
      batch.push(job);
      batchSize += job.bytes.byteLength;
      if (batchSize >= this.batchBytes) await flush();
    }
    if (failure === null) await flush();
    await Promise.all(inFlight);
    if (failure !== null) throw failure;
  }

  /**
   * Starts every thread and loads, in each, what extracting `paths` needs (the walkers and
   * grammars of their languages), by extracting an empty file under each path; the facts are
   * dropped. Never rejects: a failure shows again on the first real batch.
   */
  warm(paths: readonly string[]): void {
    const files = paths.map((path) => ({ path, bytes: new Uint8Array(0) }));
    for (let thread = 0; thread < this.piscina.maxThreads; thread++) {
      this.piscina.run({ files }).catch(() => undefined);
    }
  }

  /** Threads the pool runs. */
  get threads(): number {
    return this.piscina.maxThreads;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}

/**
 * One thread fewer than the machine's parallelism (at least one): the main thread reads files,
 * writes the fact cache and answers requests while the workers extract. Measured on 2 cores
 * (bench/RESULTS.md, cold review): a second worker made extraction no faster (two extractions
 * at once each ran ~1.75x slower) and cost ~0.45 s more CPU on a 3,500-file repository.
 */
export function defaultExtractionThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** A Uint8Array that owns its whole ArrayBuffer, so the buffer can be transferred safely. */
function ownedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !(bytes.buffer instanceof SharedArrayBuffer)) {
    return bytes;
  }
  return new Uint8Array(bytes);
}
