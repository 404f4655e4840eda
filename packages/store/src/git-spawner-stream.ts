/**
 * A git process the spawner runs with piped stdio (a long-lived `cat-file --batch`), as this
 * process sees it: stdin written through the channel (each write done once its message is sent),
 * stdout and stderr read from it, and stdout paused at the spawner whenever this side's buffer is
 * full, so git never runs further ahead of the reader than a pipe and a buffer, as with a child
 * of our own. It has the part of ChildProcess its users read: the three streams, 'error' (git
 * could not start), 'close' (after stdout ended: exit code and signal), kill, ref and unref.
 * Owns that likeness; git-spawner.ts owns the channel.
 */
import { EventEmitter } from 'node:events';
import { finished, Readable, Writable } from 'node:stream';
import { asBuffer } from './git-exec.js';
import type { SpawnerControl, SpawnerOutput, SpawnerResponse } from './git-spawner-messages.js';

/** What a stream needs of the spawner: sending it orders, and holding the channel open while referenced. */
export interface StreamLink {
  send(control: SpawnerControl, done?: (error: Error | null) => void): void;
  hold(): void;
  release(): void;
}

export class SpawnedStream extends EventEmitter {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** The spawner was told to pause git's stdout (this side's buffer is full). */
  private paused = false;
  private held = false;
  private ended = false;

  constructor(private readonly id: number, private readonly link: StreamLink) {
    super();
    this.stdin = new Writable({
      write: (chunk: Buffer, _encoding, callback) => link.send({ id, input: chunk }, (error) => callback(error ?? undefined)),
      final: (callback) => {
        link.send({ id, endInput: true });
        callback();
      },
    });
    this.stdout = new Readable({
      read: () => {
        if (!this.paused) return;
        this.paused = false;
        link.send({ id, flow: 'resume' });
      },
    });
    this.stderr = new Readable({ read: () => undefined });
    this.ref();
  }

  /** A message of this command from the spawner: output, or its end. */
  deliver(message: SpawnerOutput | SpawnerResponse): void {
    if ('output' in message) {
      if (!this.stdout.push(asBuffer(message.output)) && !this.paused && !this.ended) {
        this.paused = true;
        this.link.send({ id: this.id, flow: 'pause' });
      }
    } else if ('errorOutput' in message) {
      this.stderr.push(message.errorOutput);
    } else {
      this.end(message);
    }
  }

  /** The command ended (or the spawner went): the streams end, then 'close' (or 'error' when git never started). */
  end(response: Omit<SpawnerResponse, 'id'>): void {
    if (this.ended) return;
    this.ended = true;
    this.unref();
    this.stdout.push(null);
    this.stderr.push(null);
    const { error } = response;
    if (error) {
      this.emit('error', Object.assign(new Error(error.message), error.code === null ? {} : { code: error.code }));
      return;
    }
    // As a child process's: 'close' once its stdout is read to the end (or destroyed).
    finished(this.stdout, () => this.emit('close', response.exitCode, response.signal));
  }

  kill(_signal?: NodeJS.Signals): boolean {
    if (this.ended) return false;
    this.link.send({ id: this.id, kill: true });
    return true;
  }

  /** Holds the spawner's channel (and so this process) open until unref(); a new stream is referenced. */
  ref(): void {
    if (this.held || this.ended) return;
    this.held = true;
    this.link.hold();
  }

  unref(): void {
    if (!this.held) return;
    this.held = false;
    this.link.release();
  }
}
