/**
 * Positions and ranges as the wire shows them: lines and columns 1-based, columns in UTF-16
 * code units (PROTOCOL.md). Owns the shapes and their ordering; no conversion from parser
 * coordinates happens here (extract does that).
 */

/** A point in a file: 1-based line, 1-based UTF-16 column. */
export interface Position {
  line: number;
  column: number;
}

/** A span in a file, start inclusive, end exclusive. */
export interface Range {
  start: Position;
  end: Position;
}

/** Where a relation was observed: the file and the position of the referencing name. */
export interface Site {
  path: string;
  line: number;
  column: number;
}

/** Orders positions: negative when a is before b. */
export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.column - b.column;
}

/** True when `inner` lies within `outer` (inclusive of both ends). */
export function rangeContains(outer: Range, inner: Range): boolean {
  return comparePositions(outer.start, inner.start) <= 0 && comparePositions(inner.end, outer.end) <= 0;
}
