/**
 * Offsets to positions. The walker keeps UTF-16 offsets (what node-tree-sitter reports for a
 * string input); this module turns them into 1-based lines and 1-based UTF-16 columns, the way
 * packages/core's Range wants them. Owns the line table of one file.
 */
import type { Position, Range } from '@repograph/core';

/** Start offsets of every line of one text (rows are split at `\n`, as tree-sitter does). */
export class LineTable {
  private readonly starts: number[];
  /** The row of the last lookup: positions are mostly asked for in order. */
  private hint = 0;

  constructor(text: string) {
    const starts = [0];
    let at = text.indexOf('\n');
    while (at >= 0) {
      starts.push(at + 1);
      at = text.indexOf('\n', at + 1);
    }
    this.starts = starts;
  }

  /** Number of lines: a final line break does not open another line; an empty text has none. */
  lineCount(textLength: number): number {
    const last = this.starts[this.starts.length - 1]!;
    return last === textLength ? this.starts.length - 1 : this.starts.length;
  }

  /** 0-based row of an offset. */
  rowOf(offset: number): number {
    const starts = this.starts;
    const hint = this.hint;
    if (starts[hint]! <= offset && (hint + 1 === starts.length || offset < starts[hint + 1]!)) return hint;
    if (hint + 1 < starts.length && starts[hint + 1]! <= offset && (hint + 2 === starts.length || offset < starts[hint + 2]!)) {
      return (this.hint = hint + 1);
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    this.hint = low;
    return low;
  }

  /** 1-based line and column of an offset. */
  position(offset: number): Position {
    const row = this.rowOf(offset);
    return { line: row + 1, column: offset - this.starts[row]! + 1 };
  }

  /** A range; the end row is searched forward from the start row (ranges are mostly short). */
  range(start: number, end: number): Range {
    const startRow = this.rowOf(start);
    const starts = this.starts;
    let endRow = startRow;
    if (startRow + 1 < starts.length && end >= starts[startRow + 1]!) {
      let step = 1;
      let low = startRow + 1;
      while (low + step < starts.length && starts[low + step]! <= end) {
        low += step;
        step *= 2;
      }
      let high = Math.min(low + step, starts.length - 1);
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (starts[mid]! <= end) low = mid;
        else high = mid - 1;
      }
      endRow = low;
    }
    return {
      start: { line: startRow + 1, column: start - starts[startRow]! + 1 },
      end: { line: endRow + 1, column: end - starts[endRow]! + 1 },
    };
  }
}
