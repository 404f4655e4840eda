/**
 * A one-line progress bar for a TTY (stderr), redrawn at most every 100 ms.
 */
import type { WriteStream } from 'node:tty';

export class ProgressBar {
  private readonly stream: WriteStream;
  private lastDraw = 0;
  private drawn = false;

  constructor(stream: WriteStream) {
    this.stream = stream;
  }

  update(phase: string, done: number, total: number): void {
    const now = Date.now();
    if (now - this.lastDraw < 100 && done < total) return;
    this.lastDraw = now;
    const width = Math.max(10, Math.min(40, (this.stream.columns ?? 80) - 40));
    const filled = total > 0 ? Math.round((done / total) * width) : 0;
    this.stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${phase} ${done}/${total}\x1b[K`);
    this.drawn = true;
  }

  finish(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
