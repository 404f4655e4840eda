/**
 * A commit's source text for queries in committed mode (`commit:` instead of `workspace:`): read
 * from git objects, never from the worktree, so an answer about `main` quotes `main` whatever is
 * checked out. A file of the commit's manifest is read by its blob id; any other path as
 * `<commit>:<path>` (a file the index did not admit), its size asked first. Answers read their
 * files ahead without holding the thread (`preloadAsync`: the store's readBlobs and object
 * reader, no git process forked from the daemon); a path read without that is read in one
 * synchronous `git cat-file --batch`. Files over 8 MiB are not read (as on disk). Owns that
 * reading and the batch parsing of the synchronous read.
 */
import { gitObjects, readBlobs, runGit, type FileEntry } from '@repograph/store';
import { gitSync } from './git-process.js';
import type { SessionText, TextSource } from './session-text.js';
import { MAX_SOURCE_BYTES, repositoryPath, type SourceProblem } from './source-text.js';

/** The text of commit `commit` of the repository at `root`; `entry` looks a path up in its manifest. */
export function commitText(root: string, commit: string, entry: (path: string) => FileEntry | undefined): SessionText {
  return {
    open: () => new CommitSource(root, commit, entry),
    // A commit's tree is read by path inside git: nothing on disk to resolve, no link to follow.
    checkPath: () => {},
  };
}

/** Most bytes asked of one synchronous batch. */
const BATCH_BYTES = 32 * 1024 * 1024;
/** Blobs per readBlobs call of a text search. */
const ASYNC_BATCH = 256;

type Loaded = { ok: true; text: string } | SourceProblem;

class CommitSource implements TextSource {
  private readonly loaded = new Map<string, Loaded>();
  private readonly lines = new Map<string, string[] | null>();

  constructor(private readonly root: string, private readonly commit: string, private readonly entry: (path: string) => FileEntry | undefined) {}

  read(path: string, field: string): string | SourceProblem {
    const normalized = repositoryPath(path, field);
    if (!this.loaded.has(normalized)) this.preload([normalized]);
    const found = this.loaded.get(normalized) ?? { ok: false, problem: 'unreadable' };
    return found.ok ? found.text : found;
  }

  text(path: string): string | null {
    const read = this.read(path, 'path');
    return typeof read === 'string' ? read : null;
  }

  linesOf(path: string): string[] | null {
    let found = this.lines.get(path);
    if (found === undefined) {
      const text = this.text(path);
      found = text === null ? null : text.split(/\r?\n/);
      this.lines.set(path, found);
      // Kept once, as lines (a text search over a whole commit holds every file it read).
      if (text !== null) this.loaded.delete(path);
    }
    return found;
  }

  preload(paths: Iterable<string>): void {
    // Known blobs in batches of at most BATCH_BYTES; each path outside the manifest on its own (its size is unknown).
    let batch: Array<{ path: string; name: string }> = [];
    let bytes = 0;
    const flush = (): void => {
      if (batch.length > 0) this.readBatch(batch, bytes);
      batch = [];
      bytes = 0;
    };
    for (const path of new Set(paths)) {
      if (this.loaded.has(path)) continue;
      if (/[\n\r\0]/.test(path)) { this.loaded.set(path, { ok: false, problem: 'missing' }); continue; }
      const entry = this.entry(path);
      if (entry?.blobId) {
        if (entry.size > MAX_SOURCE_BYTES) { this.loaded.set(path, { ok: false, problem: 'too_large', size: entry.size }); continue; }
        if (bytes + entry.size > BATCH_BYTES) flush();
        batch.push({ path, name: entry.blobId });
        bytes += entry.size;
      } else {
        this.readBatch([{ path, name: `${this.commit}:${path}` }], MAX_SOURCE_BYTES + 1);
      }
    }
    flush();
  }

  async preloadAsync(paths: readonly string[]): Promise<void> {
    const byBlob = new Map<string, string[]>();
    const outside: string[] = [];
    for (const path of new Set(paths)) {
      if (this.loaded.has(path)) continue;
      if (/[\n\r\0]/.test(path)) { this.loaded.set(path, { ok: false, problem: 'missing' }); continue; }
      const entry = this.entry(path);
      if (!entry?.blobId) { outside.push(path); continue; }
      if (entry.size > MAX_SOURCE_BYTES) { this.loaded.set(path, { ok: false, problem: 'too_large', size: entry.size }); continue; }
      byBlob.set(entry.blobId, [...(byBlob.get(entry.blobId) ?? []), path]);
    }
    for (const path of outside) this.loaded.set(path, await this.readOutside(path).catch((): Loaded => ({ ok: false, problem: 'unreadable' })));
    const ids = [...byBlob.keys()];
    for (let start = 0; start < ids.length; start += ASYNC_BATCH) {
      const result = await readBlobs(this.root, ids.slice(start, start + ASYNC_BATCH), (blob) => {
        for (const path of byBlob.get(blob.blobId) ?? []) this.loaded.set(path, decoded(blob.bytes));
      }).catch(() => null);
      for (const id of result?.missing ?? []) for (const path of byBlob.get(id) ?? []) this.loaded.set(path, { ok: false, problem: 'missing' });
    }
  }

  /**
   * A path outside the manifest, as `<commit>:<path>` through the object reader: its size first
   * (`cat-file -s`), since a file the index did not admit may be of any size.
   */
  private async readOutside(path: string): Promise<Loaded> {
    const name = `${this.commit}:${path}`;
    const sized = await runGit(this.root, ['cat-file', '-s', name]);
    if (sized.exitCode !== 0) return { ok: false, problem: 'missing' };
    const size = Number(sized.stdout.toString('utf8').trim());
    if (!Number.isSafeInteger(size)) return { ok: false, problem: 'unreadable' };
    if (size > MAX_SOURCE_BYTES) return { ok: false, problem: 'too_large', size };
    const object = await gitObjects(this.root).read(name);
    if (object === null) return { ok: false, problem: 'missing' };
    return object.type === 'blob' ? decoded(object.bytes) : { ok: false, problem: 'not_a_regular_file' };
  }

  /** One synchronous `git cat-file --batch` over `names`; every path gets its text or its problem. */
  private readBatch(items: Array<{ path: string; name: string }>, bytes: number): void {
    const output = gitSync(this.root, ['cat-file', '--batch'], `${items.map((item) => item.name).join('\n')}\n`, bytes + items.length * 256 + 4096);
    const answers = output === null ? [] : parseBatch(output);
    items.forEach((item, index) => {
      const answer = answers[index];
      if (answer === undefined) this.loaded.set(item.path, { ok: false, problem: 'unreadable' });
      else if (answer.type === 'missing') this.loaded.set(item.path, { ok: false, problem: 'missing' });
      else if (answer.type !== 'blob') this.loaded.set(item.path, { ok: false, problem: 'not_a_regular_file' });
      else if (answer.bytes.length > MAX_SOURCE_BYTES) this.loaded.set(item.path, { ok: false, problem: 'too_large', size: answer.bytes.length });
      else this.loaded.set(item.path, decoded(answer.bytes));
    });
  }
}

function decoded(bytes: Buffer): Loaded {
  return bytes.length > MAX_SOURCE_BYTES ? { ok: false, problem: 'too_large', size: bytes.length } : { ok: true, text: bytes.toString('utf8') };
}

/** The answers of `git cat-file --batch`, in request order: `<id> <type> <size>\n<bytes>\n`, or `<name> missing\n`. */
function parseBatch(output: Buffer): Array<{ type: string; bytes: Buffer }> {
  const answers: Array<{ type: string; bytes: Buffer }> = [];
  let at = 0;
  while (at < output.length) {
    const newline = output.indexOf(0x0a, at);
    if (newline < 0) break;
    const header = output.subarray(at, newline).toString('utf8');
    at = newline + 1;
    const match = /^\S+ (\S+) (\d+)$/.exec(header);
    if (!match) {
      // `<name> missing`, `<name> ambiguous`, ...: no content follows.
      answers.push({ type: 'missing', bytes: Buffer.alloc(0) });
      continue;
    }
    const size = Number(match[2]);
    answers.push({ type: match[1]!, bytes: output.subarray(at, at + size) });
    at += size + 1;
  }
  return answers;
}
