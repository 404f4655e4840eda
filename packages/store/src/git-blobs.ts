/**
 * Streaming blob contents out of git: one `git cat-file --batch` process per readBlobs() call,
 * however many blobs (git-batch-parser.ts reads the framing); a few blobs go through the
 * repository's long-lived reader instead (git-objects.ts). Owns the request writer (with
 * back-pressure), cancellation, and the errors.
 * It does not decide which blobs to read (the caller skips blobs whose facts are cached).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { RepographError } from '@repograph/core';
import { BatchParser } from './git-batch-parser.js';
import { gitObjects } from './git-objects.js';
import { gitFailure, spawnError } from './git-run.js';
import { spawnGitStream, type GitStreamProcess } from './git-spawner.js';
import { isFullObjectId } from './object-id.js';

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

const IDS_PER_WRITE = 512;
/** Up to this many blobs (and no cancellation) are read through the long-lived reader. */
const FEW_BLOBS = 32;
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
    if (!isFullObjectId(id)) throw new RepographError('InvalidParams', `"${id}" is not a full hex object id`, { blobId: id });
  }
  const { signal } = options;
  if (signal?.aborted) throw cancelled(root);
  if (ids.length === 0) return { read: 0, missing: [] };
  if (ids.length <= FEW_BLOBS && signal === undefined) return readFew(root, ids, onBlob);

  const child = spawnGitStream(root, ARGS);
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
  const parser = new BatchParser((index) => ids[index], true);
  try {
    void writeRequests(child.stdin, ids);
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      for (const parsed of parser.feed(chunk)) {
        if (parsed.bytes === null || parsed.type !== 'blob') {
          result.missing.push(parsed.name);
          continue;
        }
        result.read++;
        await onBlob({ blobId: parsed.name, bytes: parsed.bytes });
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
  if (!parser.idle || parser.count !== ids.length) {
    throw new RepographError('StoreError', `git cat-file --batch in ${root} stopped after ${parser.count} of ` +
      `${ids.length} objects; check the repository with git fsck`, { root });
  }
  return result;
}

/** A few blobs (a push's changed files) through the repository's long-lived reader: no process started. */
async function readFew(root: string, ids: readonly string[], onBlob: (blob: BlobContent) => void | Promise<void>): Promise<ReadBlobsResult> {
  const objects = gitObjects(root);
  const read = await Promise.all(ids.map((id) => objects.read(id)));
  const result: ReadBlobsResult = { read: 0, missing: [] };
  for (const [index, object] of read.entries()) {
    const id = ids[index]!;
    if (object === null || object.type !== 'blob' || object.oid !== id) {
      result.missing.push(id);
      continue;
    }
    result.read++;
    await onBlob({ blobId: id, bytes: object.bytes });
  }
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
