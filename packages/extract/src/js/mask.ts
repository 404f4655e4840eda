/**
 * Masking of TypeScript syntax that tree-sitter-typescript 0.23.2 cannot parse (see
 * docs/ARCHITECTURE.md, "What we measured about our dependencies"): variance annotations on
 * type parameters (`<in T>`, `<out T>`,
 * `<in out T>`, `<const in T>`) and a call/construct-signature member written on the line after
 * another member without a `;` or `,`. Owns the text rewrite only: every edit keeps the text's
 * length, every line break and every identifier, so positions in the reparsed tree are true
 * positions of the original text. Variance keywords become spaces; for a call signature one
 * whitespace character of its indentation becomes `;`. Only lines that the first parse marked
 * with an error are touched; extract.ts keeps the masked tree only when it has fewer errors.
 */

/** `in`, `out`, `in out` (after `<`, `,`, or at line start; optionally after `const`). */
const VARIANCE = /(^|[<,])(\s*(?:const\s+)?)(in\s+out|in|out)(?=\s+[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b|$))/g;

/** A member line opening with `(` or `<` (type parameters, possibly spanning lines): a call signature. */
const CALL_SIGNATURE_LINE = /^([ \t]+)(?:new\s*)?[<(]/;

/** Characters that, ending the previous code line, mean the next line continues an expression. */
const CONTINUES = new Set([';', ',', '{', '(', '[', '<', '|', '&', '=', ':', '?', '+', '-', '*', '/', '%', '!', '~', '^', '.']);

/**
 * Words that, ending the previous code line, mean the next line continues a type or an
 * expression (`T extends` then a function type on the next line; `dual<` then its type arguments).
 */
const CONTINUING_WORD = /(?:^|[^\w$])(?:extends|keyof|typeof|infer|is|as|satisfies|in|instanceof|new|return|await|yield|readonly|unique|asserts)$/;

/**
 * `export type * from` and `export type * as ns from` (TypeScript 5.0), which the grammar does not
 * know: the `type` keyword becomes spaces, leaving a star re-export (the names it re-exports are
 * the same; only their use as values, which the compiler refuses anyway, differs).
 */
const EXPORT_TYPE_STAR = /^(\s*export\s+)type(?=\s+\*)/;

/**
 * Returns `text` with the unsupported syntax masked, or `text` itself when nothing was masked.
 * Variance keywords and `export type *` are masked on the given 0-based error rows; a call
 * signature is masked when its own row or the row of the member before it is an error row.
 */
export function maskUnsupportedSyntax(text: string, errorRows: ReadonlySet<number>): string {
  if (errorRows.size === 0) return text;
  const lines = text.split('\n');
  let changed = false;
  const starts: number[] = new Array(lines.length);
  let offset = 0;
  for (let row = 0; row < lines.length; row++) {
    starts[row] = offset;
    offset += lines[row]!.length + 1;
  }
  const chars = text.split('');
  for (const row of errorRows) {
    const line = lines[row];
    if (line === undefined || (!line.includes('in') && !line.includes('out'))) continue;
    VARIANCE.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = VARIANCE.exec(line)) !== null) {
      const keywordStart = match.index + match[1]!.length + match[2]!.length;
      for (let i = 0; i < match[3]!.length; i++) chars[starts[row]! + keywordStart + i] = ' ';
      changed = true;
    }
  }
  for (const row of errorRows) {
    const typeStar = EXPORT_TYPE_STAR.exec(lines[row] ?? '');
    if (typeStar === null) continue;
    for (let i = 0; i < 'type'.length; i++) chars[starts[row]! + typeStar[1]!.length + i] = ' ';
    changed = true;
  }
  for (let row = 1; row < lines.length; row++) {
    const signature = CALL_SIGNATURE_LINE.exec(lines[row]!);
    if (signature === null) continue;
    const previous = previousCodeRow(lines, row);
    if (previous < 0 || !(errorRows.has(row) || errorRows.has(previous))) continue;
    if (!endsMember(lines[previous]!)) continue;
    chars[starts[row]! + signature[1]!.length - 1] = ';';
    changed = true;
  }
  return changed ? chars.join('') : text;
}

/** The row of the previous code line (comments and blank lines skipped), or -1. */
function previousCodeRow(lines: string[], row: number): number {
  let inBlockComment = false;
  for (let r = row - 1; r >= 0; r--) {
    let code = lines[r]!.trim();
    if (inBlockComment) {
      const open = code.indexOf('/*');
      if (open < 0) continue;
      inBlockComment = false;
      code = code.slice(0, open).trim();
    }
    if (code.endsWith('*/')) {
      const open = code.lastIndexOf('/*');
      if (open < 0) {
        inBlockComment = true;
        continue;
      }
      code = code.slice(0, open).trim();
    }
    if (code === '' || code.startsWith('//') || code.startsWith('*')) continue;
    return r;
  }
  return -1;
}

/** True when a code line can end a member (it does not continue an expression or type). */
function endsMember(line: string): boolean {
  let code = line.trim();
  const lineComment = code.indexOf(' //');
  if (lineComment >= 0) code = code.slice(0, lineComment).trim();
  if (code.endsWith('*/')) {
    const open = code.lastIndexOf('/*');
    if (open >= 0) code = code.slice(0, open).trim();
  }
  if (code === '' || code.endsWith('=>') || CONTINUING_WORD.test(code)) return false;
  return !CONTINUES.has(code[code.length - 1]!);
}
