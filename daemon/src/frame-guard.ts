/**
 * Bounds on what one connection can make the daemon buffer before a frame is complete: a header
 * (up to its blank line) of at most `maxHeaderBytes`, a body of at most `maxBodyBytes`.
 * vscode-jsonrpc's reader keeps every byte until it finds the end of a header and rescans them
 * all on each chunk, so a client sending bytes that never end a header would grow the daemon's
 * memory without bound and stall its event loop for every other connection. The guard follows
 * the same framing over the same bytes (headers are scanned, bodies skipped by length) and names
 * the first violation; the session disconnects the client. Owns these limits only.
 */

export interface FrameLimits {
  maxHeaderBytes: number;
  maxBodyBytes: number;
}

export const DEFAULT_FRAME_LIMITS: FrameLimits = { maxHeaderBytes: 8 * 1024, maxBodyBytes: 128 * 1024 * 1024 };

const END_OF_HEADER = [13, 10, 13, 10];

export class FrameGuard {
  private header = '';
  /** Bytes of `\r\n\r\n` matched so far. */
  private matched = 0;
  /** Body bytes still to come. */
  private remaining = 0;

  constructor(private readonly limits: FrameLimits = DEFAULT_FRAME_LIMITS) {}

  /** Takes the next chunk; returns why the connection breaks the limits, or null. */
  feed(chunk: Uint8Array): string | null {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, chunk.length - offset);
        this.remaining -= take;
        offset += take;
        continue;
      }
      const start = offset;
      let complete = false;
      while (offset < chunk.length) {
        const byte = chunk[offset++]!;
        this.matched = byte === END_OF_HEADER[this.matched] ? this.matched + 1 : byte === 13 ? 1 : 0;
        if (this.matched === 4) {
          complete = true;
          break;
        }
      }
      this.header += Buffer.from(chunk.buffer, chunk.byteOffset + start, offset - start).toString('latin1');
      if (this.header.length > this.limits.maxHeaderBytes) {
        return `sent ${this.header.length} bytes without ending a frame header (the limit is ${this.limits.maxHeaderBytes}); not a JSON-RPC client`;
      }
      if (!complete) return null;
      const length = contentLength(this.header);
      this.header = '';
      this.matched = 0;
      // A header without a usable Content-Length is the reader's to report.
      if (length === null) continue;
      if (length < 0 || length > this.limits.maxBodyBytes) {
        return `announced a frame of ${length} bytes (the limit is ${this.limits.maxBodyBytes})`;
      }
      this.remaining = length;
    }
    return null;
  }
}

/** The Content-Length of a header block as vscode-jsonrpc reads it (the last one wins), or null. */
function contentLength(header: string): number | null {
  let value: number | null = null;
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0 || line.slice(0, colon).toLowerCase() !== 'content-length') continue;
    const parsed = Number.parseInt(line.slice(colon + 1).trim(), 10);
    value = Number.isNaN(parsed) ? null : parsed;
  }
  return value;
}
