/**
 * Streaming blob contents out of git: one `git cat-file --batch` process per readBlobs() call,
 * however many blobs. Owns the request writer (with back-pressure), the parser of the batch
 * framing (`<id> <type> <size>\n<bytes>\n`, or `<id> missing\n`), cancellation, and the errors.
 * It does not decide which blobs to read (the caller skips blobs whose facts are cached).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { RepographError } from '@repograph/core';
import { gitEnvironment, gitFailure, spawnError } from './git-run.js';

/** One blob's content. */
export interface BlobContent {
  blobId: string;
  bytes: Buffer;
}

/** Options of readBlobs. */
export interface ReadBlobsOptions {
  /** Aborting kills git and rejects with a `Cancelled` RepographError. */
  signal?: AbortSignal;
}

/** What readBlobs did: blobs delivered, and ids git does not have as blobs. */
export interface ReadBlobsResult {
  read: number;
  /** Ids that are missing from the object store, ambiguous, or not blobs. */
  missing: string[];
}

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const IDS_PER_WRITE = 512;
const HEADER_LIMIT = 1024;
const ARGS = ['cat-file', '--batch', '--buffer'];

/**
 * Reads the blobs `blobIds` (full hex ids; duplicates are read once) from the repository at
 * `root` and calls `onBlob` for each, in request order. When `onBlob` returns a promise, reading
 * pauses until it settles, so git never runs ahead of the consumer by more than a pipe buffer.
 * An `onBlob` throw kills git and rejects with that error.
 */
export async function readBlobs(
  root: string,
  blobIds: Iterable<string>,
  onBlob: (blob: BlobContent) => void | Promise<void>,
  options: ReadBlobsOptions = {},
): Promise<ReadBlobsResult> {
  const ids = [...new Set(blobIds)];
  for (const id of ids) {
    if (!OBJECT_ID.test(id)) throw new RepographError('InvalidParams', `"${id}" is not a full hex object id`, { blobId: id });
  }
  const { signal } = options;
  if (signal?.aborted) throw cancelled(root);
  if (ids.length === 0) return { read: 0, missing: [] };

  const child: ChildProcessByStdio<Writable, Readable, Readable> =
    spawn('git', ARGS, { cwd: root, env: gitEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 8192) stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; spawnFailure?: Error }>((resolve) => {
    child.on('error', (error) => resolve({ code: null, spawnFailure: error }));
    child.on('close', (code) => resolve({ code }));
  });
  child.stdin.on('error', () => {
    // EPIPE when git exits early: its exit status and stderr say why.
  });
  const abort = (): void => {
    child.kill('SIGKILL');
  };
  signal?.addEventListener('abort', abort, { once: true });

  const result: ReadBlobsResult = { read: 0, missing: [] };
  const parser = new BatchParser(ids);
  try {
    void writeRequests(child.stdin, ids);
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      for (const parsed of parser.feed(chunk)) {
        if (parsed.bytes === null) {
          result.missing.push(parsed.id);
          continue;
        }
        result.read++;
        await onBlob({ blobId: parsed.id, bytes: parsed.bytes });
        if (signal?.aborted) break;
      }
      if (signal?.aborted) break;
    }
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  if (signal?.aborted) {
    child.kill('SIGKILL');
    await exited;
    throw cancelled(root);
  }
  const exit = await exited;
  if (exit.spawnFailure !== undefined) throw spawnError(exit.spawnFailure, root, ARGS);
  if (exit.code !== 0) throw gitFailure(root, ARGS, { exitCode: exit.code ?? 128, stderr });
  parser.finish(root);
  return result;
}

/** Writes the ids to git's stdin in batches, waiting for 'drain' when the pipe is full. */
async function writeRequests(stdin: Writable, ids: readonly string[]): Promise<void> {
  try {
    for (let start = 0; start < ids.length; start += IDS_PER_WRITE) {
      const batch = ids.slice(start, start + IDS_PER_WRITE).join('\n') + '\n';
      if (!stdin.write(batch)) {
        await Promise.race([once(stdin, 'drain'), once(stdin, 'close')]);
        if (stdin.destroyed) return;
      }
    }
    stdin.end();
  } catch {
    // The stream failed because git exited; readBlobs reports the exit.
  }
}

function cancelled(root: string): RepographError {
  return new RepographError('Cancelled', `reading blobs from ${root} was cancelled`, { root });
}

/** A parsed batch response: content, or null bytes for a missing/ambiguous/non-blob id. */
interface ParsedObject {
  id: string;
  bytes: Buffer | null;
}

/**
 * Incremental parser of `git cat-file --batch` output. Checks that responses come in request
 * order, so a framing error is detected instead of shifting every later blob.
 */
class BatchParser {
  private state: 'header' | 'body' | 'trailer' = 'header';
  private headerParts: Buffer[] = [];
  private headerLength = 0;
  private body: Buffer = Buffer.alloc(0);
  private filled = 0;
  private current: { id: string; isBlob: boolean } = { id: '', isBlob: false };
  private answered = 0;

  constructor(private readonly ids: readonly string[]) {}

  *feed(chunk: Buffer): Generator<ParsedObject> {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.state === 'header') {
        const newline = chunk.indexOf(0x0a, offset);
        if (newline < 0) {
          this.headerParts.push(chunk.subarray(offset));
          this.headerLength += chunk.length - offset;
          if (this.headerLength > HEADER_LIMIT) throw this.protocolError('an over-long header line');
          return;
        }
        this.headerParts.push(chunk.subarray(offset, newline));
        offset = newline + 1;
        const missing = this.startObject(Buffer.concat(this.headerParts).toString('latin1'));
        this.headerParts = [];
        this.headerLength = 0;
        if (missing !== null) yield missing;
      } else if (this.state === 'body') {
        const count = Math.min(this.body.length - this.filled, chunk.length - offset);
        chunk.copy(this.body, this.filled, offset, offset + count);
        this.filled += count;
        offset += count;
        if (this.filled === this.body.length) this.state = 'trailer';
      } else {
        if (chunk[offset] !== 0x0a) throw this.protocolError('no newline after an object');
        offset++;
        this.state = 'header';
        yield { id: this.current.id, bytes: this.current.isBlob ? this.body : null };
      }
    }
  }

  /** Throws unless every request was answered and no object is cut off. */
  finish(root: string): void {
    if (this.state !== 'header' || this.headerLength > 0 || this.answered !== this.ids.length) {
      throw new RepographError('StoreError', `git cat-file --batch in ${root} stopped after ${this.answered} of ` +
        `${this.ids.length} objects; check the repository with git fsck`, { root });
    }
  }

  /** Handles a header line; returns the response for a missing id, or null when a body follows. */
  private startObject(line: string): ParsedObject | null {
    const expected = this.ids[this.answered];
    const fields = line.split(' ');
    if (fields[0] !== expected) throw this.protocolError(`a response for ${fields[0]} where ${expected} was due`);
    this.answered++;
    if (fields.length === 2 && (fields[1] === 'missing' || fields[1] === 'ambiguous')) return { id: expected, bytes: null };
    const size = Number(fields[2]);
    if (fields.length !== 3 || !Number.isSafeInteger(size) || size < 0) throw this.protocolError(`the header "${line}"`);
    this.current = { id: expected, isBlob: fields[1] === 'blob' };
    this.body = Buffer.allocUnsafe(size);
    this.filled = 0;
    this.state = size === 0 ? 'trailer' : 'body';
    return null;
  }

  private protocolError(what: string): RepographError {
    return new RepographError('StoreError', `git cat-file --batch sent ${what}; is git older than 2.0 or the ` +
      'repository damaged?', { answered: this.answered });
  }
}
