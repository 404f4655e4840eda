/**
 * The timings of one refresh: each stage's milliseconds (one decimal) since the previous lap, and
 * the whole refresh's. Owns that bookkeeping; the report carries `timings` as laps named
 * `scanMs`, `readMs`, `extractMs`, `bindMs`, `selectMs`, `checkMs`, `publishMs`.
 */
export class Stopwatch {
  readonly timings: Record<string, number> = {};
  private readonly started = performance.now();
  private last = this.started;

  /** Records the time since the previous lap under `stage`. */
  lap(stage: string): void {
    const now = performance.now();
    this.timings[stage] = Math.round((now - this.last) * 10) / 10;
    this.last = now;
  }

  /** Whole milliseconds since the refresh started. */
  elapsedMs(): number {
    return Math.round(performance.now() - this.started);
  }
}
