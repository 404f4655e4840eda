/**
 * One long-lived `git cat-file --batch` per repository root, for the small object reads a
 * review or a baseline build makes again and again (a commit's parents, a changed file's blob,
 * a file at a commit): each read is a line written to a pipe instead of a git process, whose
 * start costs the daemon's thread several milliseconds once its heap is large. Requests are
 * pipelined and answered in order (git-batch-parser.ts reads the framing). The process starts on
 * the first read, ends after IDLE_MS without one, and is started again after it fails (every read
 * in flight then fails with a StoreError). It never keeps a process alive on its own: the child
 * is unref'ed while nothing is asked. It only reads the object store.
 */
import { RepographError } from '@repograph/core';
import { BatchParser } from './git-batch-parser.js';
import { spawnError } from './git-run.js';
import { spawnGitStream, type GitStreamProcess } from './git-spawner.js';

/** An object read: its id, type (blob, tree, commit, tag) and bytes. */
export interface GitObject {
  oid: string;
  type: string;
  bytes: Buffer;
}

/** How long the process outlives its last read. */
const IDLE_MS = 15_000;
/** The longest object name accepted (a revision expression, or `<commit>:<path>`). */
const MAX_NAME_LENGTH = 8192;
const ARGS = ['cat-file', '--batch'];

interface Pending {
  name: string;
  resolve: (object: GitObject | null) => void;
  reject: (error: Error) => void;
}

/** The readers by repository root (a daemon reads one repository; a test process several). */
const READERS = new Map<string, GitObjectReader>();

/** The shared object reader of the repository at `root`. */
export function gitObjects(root: string): GitObjectReader {
  let reader = READERS.get(root);
  if (!reader) READERS.set(root, (reader = new GitObjectReader(root)));
  return reader;
}

export class GitObjectReader {
  private child: GitStreamProcess | null = null;
  private parser: BatchParser | null = null;
  private pending: Pending[] = [];
  /** Responses this process has delivered (the parser counts from its first request). */
  private delivered = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly root: string) {}

  /**
   * The object `name` names (a full id, a revision such as `main^{commit}`, or
   * `<commit>:<path>`), or null when git has no such object or the name is ambiguous. A name
   * holding a newline or NUL, or over-long, names nothing here (null).
   */
  read(name: string): Promise<GitObject | null> {
    if (name === '' || name.length > MAX_NAME_LENGTH || /[\n\r\0]/.test(name)) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const child = this.process();
      this.pending.push({ name, resolve, reject });
      this.busy();
      child.stdin.write(`${name}\n`);
    });
  }

  /** Ends the process (pending reads fail); the next read starts another. */
  close(): void {
    this.stop(new RepographError('StoreError', `git cat-file in ${this.root} was closed while reading`, { root: this.root }));
  }

  private process(): GitStreamProcess {
    if (this.child) return this.child;
    const child = spawnGitStream(this.root, ARGS);
    this.child = child;
    this.delivered = 0;
    this.parser = new BatchParser((index) => this.pending[index - this.delivered]?.name, false);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.stdin.on('error', () => {
      // EPIPE when git exits: 'close' reports it.
    });
    child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    child.on('error', (error) => {
      if (this.child === child) this.stop(spawnError(error, this.root, ARGS));
    });
    child.on('close', (code) => {
      if (this.child !== child) return;
      this.stop(new RepographError('StoreError', `git cat-file --batch in ${this.root} exited (${code ?? 'signal'})` +
        `${stderr ? `: ${stderr.trim().split('\n')[0]}` : ''}; check that ${this.root} is a readable git repository`,
      { root: this.root, exitCode: code }));
    });
    return child;
  }

  private receive(chunk: Buffer): void {
    try {
      for (const response of this.parser!.feed(chunk)) {
        const request = this.pending.shift();
        this.delivered++;
        if (!request) continue;
        request.resolve(response.bytes === null ? null : { oid: response.oid, type: response.type, bytes: response.bytes });
      }
    } catch (error) {
      this.stop(error as Error);
      return;
    }
    if (this.pending.length === 0) this.idle();
  }

  /** While reads are in flight the process keeps the event loop alive; the idle timer is off. */
  private busy(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.child?.ref();
    (this.child?.stdout as { ref?: () => void } | undefined)?.ref?.();
  }

  private idle(): void {
    this.child?.unref();
    (this.child?.stdout as { unref?: () => void } | undefined)?.unref?.();
    (this.child?.stderr as { unref?: () => void } | undefined)?.unref?.();
    (this.child?.stdin as { unref?: () => void } | undefined)?.unref?.();
    this.idleTimer = setTimeout(() => this.close(), IDLE_MS);
    this.idleTimer.unref();
  }

  private stop(error: Error): void {
    const child = this.child;
    this.child = null;
    this.parser = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const pending = this.pending;
    this.pending = [];
    for (const request of pending) request.reject(error);
    if (child) {
      child.stdin.end();
      child.kill();
    }
  }
}
