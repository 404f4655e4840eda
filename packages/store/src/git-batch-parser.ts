/**
 * The framing of `git cat-file --batch` output, parsed incrementally: `<id> <type> <size>\n`,
 * the object's bytes and a newline, or `<name> missing\n` / `<name> ambiguous\n`. Responses come
 * in request order; the caller says which request is due, so a framing error is detected instead
 * of shifting every later object. Shared by readBlobs (one process per call) and the long-lived
 * reader (git-objects.ts); owns the framing only.
 */
import { RepographError } from '@repograph/core';

/** The longest header line accepted. */
const HEADER_LIMIT = 1024;

/** One parsed response: the object, or null bytes for a missing or ambiguous name. */
export interface BatchResponse {
  /** The name the request asked for. */
  name: string;
  /** The object's id (the name itself when missing). */
  oid: string;
  type: string;
  bytes: Buffer | null;
}

export class BatchParser {
  private state: 'header' | 'body' | 'trailer' = 'header';
  private headerParts: Buffer[] = [];
  private headerLength = 0;
  private body: Buffer = Buffer.alloc(0);
  private filled = 0;
  private current: { name: string; oid: string; type: string } = { name: '', oid: '', type: '' };
  private answered = 0;

  /**
   * `due(n)` is the name of the n-th request (0-based), undefined when none is outstanding.
   * With `idsOnly`, every name is a full object id and a response must carry that id.
   */
  constructor(private readonly due: (index: number) => string | undefined, private readonly idsOnly: boolean) {}

  /** Responses answered so far. */
  get count(): number {
    return this.answered;
  }

  /** True between objects (nothing half read). */
  get idle(): boolean {
    return this.state === 'header' && this.headerLength === 0;
  }

  *feed(chunk: Buffer): Generator<BatchResponse> {
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
        yield { ...this.current, bytes: this.body };
      }
    }
  }

  /** Handles a header line; returns the response for a missing name, or null when a body follows. */
  private startObject(line: string): BatchResponse | null {
    const expected = this.due(this.answered);
    if (expected === undefined) throw this.protocolError(`"${line.slice(0, 80)}" with no request outstanding`);
    if (line === `${expected} missing` || line === `${expected} ambiguous`) {
      this.answered++;
      return { name: expected, oid: expected, type: line.slice(expected.length + 1), bytes: null };
    }
    const fields = line.split(' ');
    if (this.idsOnly && fields[0] !== expected) throw this.protocolError(`a response for ${fields[0]} where ${expected} was due`);
    const size = Number(fields[2]);
    if (fields.length !== 3 || !Number.isSafeInteger(size) || size < 0) throw this.protocolError(`the header "${line.slice(0, 200)}"`);
    this.answered++;
    this.current = { name: expected, oid: fields[0]!, type: fields[1]! };
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
