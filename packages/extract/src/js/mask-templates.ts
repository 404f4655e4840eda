/**
 * Masking of two template forms that tree-sitter-typescript 0.23.2 cannot parse (issue 16 item 5),
 * beside mask.ts's variance and call-signature rules:
 * - an escape inside a template literal type (`` `Missing \`Self\`` ``): the grammar has no escape
 *   in a template literal type, so an escaped backtick closes it early and everything after it is
 *   read as code (effect's Schema.ts, 19,700 lines, parsed as one ERROR node). Every escape of
 *   such a template becomes two spaces.
 * - type arguments of a tagged template (`` sql<{ id: string }>`SELECT ...` ``): the grammar reads
 *   `<` as a comparison. The type argument list becomes spaces, leaving a plain tagged template
 *   (the tag's call edge is kept; the row type is lost, as it is to a reader of the call).
 * Same contract as mask.ts: every edit keeps the text's length, every line break and every
 * identifier outside the masked spans, so positions stay true; only what the first parse marked
 * (templates holding an error, rows with an error) is touched, and extract.ts keeps the result
 * only when the reparse has fewer errors.
 */

/** The nodes this module reads of a tree (a node-tree-sitter SyntaxNode satisfies it). */
export interface TemplateTypeNode {
  startIndex: number;
  endIndex: number;
  hasError: boolean;
}

/** How far a template or a type argument list is followed before the rule gives up (characters). */
const SCAN_LIMIT = 1 << 16;

/** Characters that may end the tag of a tagged template (an identifier, a call, an index). */
const TAG_END = /[\w$)\]]/;

/**
 * The start of the first template literal type that an escape broke (one holding an error, or
 * ending right after a backslash: an escaped backtick taken as the closing one), as a list of
 * none or one. Only the first: after it the parser pairs backticks wrongly, so later "templates"
 * may be code, and their escapes are not a template's. The next masking round finds the next one.
 */
export function brokenTemplateTypeStarts(nodes: readonly TemplateTypeNode[], text: string): number[] {
  let first = -1;
  for (const node of nodes) {
    if (text[node.startIndex] !== '`') continue;
    if (!node.hasError && text[node.endIndex - 2] !== '\\') continue;
    if (first < 0 || node.startIndex < first) first = node.startIndex;
  }
  return first < 0 ? [] : [first];
}

/**
 * Returns `text` with the escapes of the given template literal types and the type arguments of
 * tagged templates on the given 0-based error rows masked, or `text` itself when nothing was.
 */
export function maskTemplateSyntax(text: string, errorRows: ReadonlySet<number>, templateTypeStarts: readonly number[]): string {
  if (errorRows.size === 0 && templateTypeStarts.length === 0) return text;
  const chars = text.split('');
  let changed = false;
  for (const start of templateTypeStarts) changed = maskEscapes(text, chars, start) || changed;
  if (errorRows.size > 0) changed = maskTaggedTypeArguments(text, chars, errorRows) || changed;
  return changed ? chars.join('') : text;
}

/** Masks every escape of the template opening at `start`, up to its true closing backtick. */
function maskEscapes(text: string, chars: string[], start: number): boolean {
  let changed = false;
  const end = Math.min(text.length, start + SCAN_LIMIT);
  for (let i = start + 1; i < end; i++) {
    const ch = text[i];
    if (ch === '`') break;
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === undefined || next === '\n' || next === '\r') continue;
      chars[i] = ' ';
      chars[i + 1] = ' ';
      changed = true;
      i++;
    } else if (ch === '$' && text[i + 1] === '{') {
      i = closingBrace(text, i + 1, end);
    }
  }
  return changed;
}

/** The offset of the `}` closing the `{` at `open` (or `limit` when none is found). */
function closingBrace(text: string, open: number, limit: number): number {
  let depth = 0;
  for (let i = open; i < limit; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return limit;
}

/** Masks `<...>` written between a tag and its template's backtick on an error row. */
function maskTaggedTypeArguments(text: string, chars: string[], errorRows: ReadonlySet<number>): boolean {
  let changed = false;
  let row = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') {
      row++;
      continue;
    }
    if (ch !== '`' || text[i - 1] !== '>' || text[i - 2] === '=' || !errorRows.has(row)) continue;
    const open = openingAngle(text, i - 1);
    if (open <= 0 || !TAG_END.test(text[open - 1]!)) continue;
    for (let j = open; j < i; j++) if (text[j] !== '\n' && text[j] !== '\r') chars[j] = ' ';
    changed = true;
  }
  return changed;
}

/**
 * The offset of the `<` matching the `>` at `close` (arrows `=>` skipped), or -1 when a statement
 * or block boundary comes first (a `;` or `{` outside the type literals of the list, a backtick).
 */
function openingAngle(text: string, close: number): number {
  let depth = 0;
  let braces = 0;
  const stop = Math.max(0, close - SCAN_LIMIT);
  for (let i = close; i >= stop; i--) {
    const ch = text[i];
    if (ch === '>') {
      if (text[i - 1] !== '=') depth++;
    } else if (ch === '<') {
      if (--depth === 0) return i;
    } else if (ch === '}') {
      braces++;
    } else if (ch === '{') {
      if (--braces < 0) return -1;
    } else if ((ch === ';' && braces === 0) || ch === '`') {
      return -1;
    }
  }
  return -1;
}
