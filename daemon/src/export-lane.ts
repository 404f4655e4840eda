/**
 * Per connection, how exports are sent: one at a time (a further `repo.export` waits for the one
 * before it), and paced by the client's reading. Before each chunk the export waits until the
 * socket holds less than `highWaterBytes` unread; a client that reads nothing for
 * `stallTimeoutMs` while an export waits has the export abandoned (a Cancelled error, and the
 * snapshot released), as does one that disconnects. Owns the pacing, not the records.
 */
import type { Socket } from 'node:net';
import { RepographError } from '@repograph/core';

export interface ExportPacing {
  /** Unread bytes in the socket above which the next chunk waits. */
  highWaterBytes: number;
  /** How long an export waits for a client that reads nothing before it is abandoned. */
  stallTimeoutMs: number;
}

export const DEFAULT_EXPORT_PACING: ExportPacing = { highWaterBytes: 1024 * 1024, stallTimeoutMs: 60_000 };

/** How often a waiting export checks whether the client read anything. */
const PROGRESS_CHECK_MS = 1000;

export class ExportLane {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly socket: Socket, private readonly pacing: ExportPacing = DEFAULT_EXPORT_PACING) {}

  /** Runs `task` once every export queued before it on this connection has finished (not once the client left). */
  run<T>(exportId: string, task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => {
      if (this.socket.destroyed) throw closedError(exportId);
      return task();
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves when the socket has room for the next chunk; rejects when the client stalled or left. */
  room(exportId: string): Promise<void> {
    const { socket } = this;
    if (socket.destroyed) return Promise.reject(closedError(exportId));
    if (socket.writableLength < this.pacing.highWaterBytes) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      let lastLength = socket.writableLength;
      let lastProgress = Date.now();
      const settle = (error: Error | null): void => {
        clearInterval(timer);
        socket.off('drain', onDrain);
        socket.off('close', onClose);
        if (error) reject(error); else resolve();
      };
      const onDrain = (): void => settle(null);
      const onClose = (): void => settle(closedError(exportId));
      const timer = setInterval(() => {
        const length = socket.writableLength;
        if (length < this.pacing.highWaterBytes) return settle(null);
        if (length < lastLength) lastProgress = Date.now();
        lastLength = length;
        if (Date.now() - lastProgress >= this.pacing.stallTimeoutMs) {
          settle(new RepographError('Cancelled',
            `repo.export ${exportId} was abandoned: the client read none of its chunks for ${Math.round(this.pacing.stallTimeoutMs / 1000)} s. ` +
            'Read the repo.exportChunk notifications as they arrive (repograph export does), then export again.',
            { exportId, stalledMs: this.pacing.stallTimeoutMs }));
        }
      }, Math.min(PROGRESS_CHECK_MS, this.pacing.stallTimeoutMs));
      socket.on('drain', onDrain);
      socket.on('close', onClose);
    });
  }
}

function closedError(exportId: string): RepographError {
  return new RepographError('Cancelled', `repo.export ${exportId} was abandoned: the client disconnected.`, { exportId });
}
