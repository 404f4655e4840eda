/**
 * Doc comments and signature text. Owns how a declaration's JSDoc (or run of `//` lines) is found
 * from the comments the walk recorded, how comment markers are stripped, and how a one-line
 * signature is cut from the source. Pure string work over offsets; no cursor access.
 */

/** Longest doc text kept (characters). */
const MAX_DOC = 2000;
/** Longest signature kept (characters). */
export const MAX_SIGNATURE = 200;

const DIRECTIVE = /^(?:@ts-|eslint[- ]|prettier-|istanbul |tslint:|#region|#endregion|c8 |jshint|global )/;

/**
 * The doc comment that ends right before `leadingStart` (the start of the declaration including
 * `export` and decorators): a `/** ... *\/` block separated only by whitespace, or a run of `//`
 * lines each on its own line with no blank line before the declaration. `comments` holds the
 * start and end offsets of every comment in document order.
 */
export function docBefore(text: string, comments: readonly number[], leadingStart: number): string | undefined {
  // The last comment ending at or before leadingStart (binary search over the ends).
  let low = 0;
  let high = comments.length / 2 - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (comments[mid * 2 + 1]! <= leadingStart) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (found < 0) return undefined;
  const i = found * 2;
  const start = comments[i]!;
  const end = comments[i + 1]!;
  const gapNewlines = blankGapNewlines(text, end, leadingStart);
  if (gapNewlines < 0) return undefined;
  if (text.startsWith('/**', start) && !text.startsWith('/**/', start)) {
    return cleanBlock(text.slice(start, end));
  }
  if (!text.startsWith('//', start) || gapNewlines > 1) return undefined;
  let first = i;
  while (first >= 2) {
    const previousStart = comments[first - 2]!;
    if (!text.startsWith('//', previousStart)) break;
    if (blankGapNewlines(text, comments[first - 1]!, comments[first]!) !== 1) break;
    first -= 2;
  }
  const lineStart = text.lastIndexOf('\n', comments[first]! - 1) + 1;
  if (text.slice(lineStart, comments[first]!).trim() !== '') return undefined;
  const lines: string[] = [];
  for (let j = first; j <= i; j += 2) {
    const line = text.slice(comments[j]! + 2, comments[j + 1]!).replace(/^ /, '').trimEnd();
    if (!DIRECTIVE.test(line.trimStart())) lines.push(line);
  }
  return bounded(trimBlankLines(lines).join('\n'));
}

/** Newlines between `from` and `to` when only whitespace lies between them, else -1. */
function blankGapNewlines(text: string, from: number, to: number): number {
  let newlines = 0;
  for (let at = to - 1; at >= from; at--) {
    const ch = text.charCodeAt(at);
    if (ch === 10) newlines++;
    else if (ch !== 32 && ch !== 9 && ch !== 13 && ch !== 12 && ch !== 11 && ch !== 0xa0 && ch !== 0xfeff) return -1;
  }
  return newlines;
}

function cleanBlock(comment: string): string | undefined {
  const body = comment.slice(3, comment.endsWith('*/') ? -2 : undefined);
  const lines = body.split('\n').map((line) => {
    const star = /^\s*\*(?: |(?=\S)|$)?/.exec(line);
    return (star !== null ? line.slice(star[0].length) : line.trimStart()).trimEnd();
  });
  return bounded(trimBlankLines(lines).join('\n'));
}

function trimBlankLines(lines: string[]): string[] {
  let from = 0;
  let to = lines.length;
  while (from < to && lines[from]!.trim() === '') from++;
  while (to > from && lines[to - 1]!.trim() === '') to--;
  return lines.slice(from, to);
}

function bounded(doc: string): string | undefined {
  if (doc === '') return undefined;
  return doc.length > MAX_DOC ? `${doc.slice(0, MAX_DOC - 1)}…` : doc;
}

/**
 * One line: whitespace runs become one space, no space just inside `(`/`[`/`<` or before
 * `)`/`]`/`>`, no `,` before `)`, and no trailing `{`, `;`, `,` or `=>`.
 */
export function oneLine(source: string): string {
  if (!NEEDS_NORMALIZING.test(source)) {
    const line = source.trimEnd();
    return line.length > MAX_SIGNATURE ? `${line.slice(0, MAX_SIGNATURE - 1)}…` : line;
  }
  let line = '';
  let at = 0;
  const length = source.length;
  const limit = MAX_SIGNATURE * 2;
  while (at < length && line.length < limit) {
    // The next run of non-whitespace characters.
    while (at < length && isSpace(source.charCodeAt(at))) at++;
    if (at >= length) break;
    let end = at;
    while (end < length && !isSpace(source.charCodeAt(end))) end++;
    let word = source.slice(at, end);
    if (line.length > 0) {
      const last = line.charCodeAt(line.length - 1);
      const first = word.charCodeAt(0);
      if (first === 41 && last === 44) line = line.slice(0, -1);
      else if (first !== 41 && first !== 93 && first !== 62 && last !== 40 && last !== 91 && last !== 60) line += ' ';
    }
    if (word.includes(',)')) word = word.replace(/,\)/g, ')');
    line += word;
    at = end;
  }
  for (;;) {
    const last = line.charCodeAt(line.length - 1);
    if (last === 123 || last === 59 || last === 44) line = line.slice(0, -1).trimEnd();
    else if (last === 62 && line.charCodeAt(line.length - 2) === 61) line = line.slice(0, -2).trimEnd();
    else break;
  }
  return line.length > MAX_SIGNATURE ? `${line.slice(0, MAX_SIGNATURE - 1)}…` : line;
}

/** Anything oneLine would change (besides trailing spaces): a fast path skips the rest. */
const NEEDS_NORMALIZING = /\s\s|[\n\r\t\v\f]|^\s|[([<] | [)\]>]|,\)|[{;,]\s*$|=>\s*$/;

function isSpace(ch: number): boolean {
  return ch === 32 || ch === 10 || ch === 13 || ch === 9 || ch === 11 || ch === 12;
}

/** A pattern's text as a parameter name: one line, at most 40 characters. */
export function patternName(source: string): string {
  const line = source.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}
