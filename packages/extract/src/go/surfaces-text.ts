/**
 * The text a Go key expression denotes, for the architecture facts: a string literal
 * (interpreted or raw), `"a" + x` (each computed operand `*`, partial), `fmt.Sprintf("a_%s", x)`
 * (each verb `*`); and the joining of route prefixes. Owns these readings only. Never throws.
 */
import type { GoNode } from './lite.js';

/** A key as far as the text tells it. */
export interface KeyText {
  text: string;
  partial: boolean;
}

/** Keys longer than this are not facts. */
export const MAX_KEY_CHARS = 1024;
/** SQL texts are read up to this length of source. */
const MAX_SQL_SOURCE = 200_000;
/** A computed part of SQL text (a word no table is named); tables holding it get a `*`. */
export const SQL_HOLE = 'rg_computed_part';

/** Whether a node is a string literal. */
export function isStringLiteral(node: GoNode | undefined): boolean {
  return node !== undefined && (node.type === 'interpreted_string_literal' || node.type === 'raw_string_literal');
}

/** The value of a string literal node. */
export function literalValue(node: GoNode): string {
  const text = node.text;
  if (node.type === 'raw_string_literal') return text.slice(1, -1).replace(/\r/g, '');
  const body = text.slice(1, -1);
  if (!body.includes('\\')) return body;
  return body.replace(/\\(?:([nrt\\"'])|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4}))/g, (_m, simple: string | undefined, hex: string | undefined, uni: string | undefined) => {
    if (simple !== undefined) return simple === 'n' ? '\n' : simple === 't' ? '\t' : simple === 'r' ? '\r' : simple;
    return String.fromCharCode(parseInt(hex ?? uni!, 16));
  });
}

/** The string a name denotes where it names a string constant (null: it does not). */
export type ConstOf = (name: string) => string | null;

/**
 * The resolver of names to the string constants of this file: a package-level `const name =
 * "..."` (alone or in a `const (...)` block, with or without `string`) that the name denotes at
 * this point of the walk (not shadowed by a local). Constants of other files of the package are
 * not seen (a file's facts are its own).
 */
export function fileConstants(walker: { text: string; declarations: readonly { kind: string; scope: string; name: string; selection: { start: { line: number; column: number } } }[]; lookup(name: string): { k: string; decl?: number } }): ConstOf {
  let values: Map<number, string | null> | null = null;
  return (name) => {
    const found = walker.lookup(name);
    if (found.k !== 'decl' || found.decl === undefined) return null;
    const declaration = walker.declarations[found.decl];
    if (declaration === undefined || declaration.kind !== 'constant' || declaration.scope !== 'module') return null;
    if (values === null) values = new Map();
    if (!values.has(found.decl)) {
      const lines = lineStarts(walker.text);
      const start = lines[declaration.selection.start.line - 1];
      let value: string | null = null;
      if (start !== undefined) {
        const tail = walker.text.slice(start + declaration.selection.start.column - 1, start + declaration.selection.start.column + 1100);
        const m = /^[\p{L}_][\p{L}\p{N}_]*[ \t]*(?:string[ \t]*)?=[ \t]*("(?:[^"\\\n]|\\.)*"|`[^`]*`)[ \t]*(?:\/\/[^\n]*)?(?:\n|;|\)|$)/u.exec(tail);
        if (m !== null) value = m[1]![0] === '`' ? m[1]!.slice(1, -1) : literalValue({ type: 'interpreted_string_literal', text: m[1]! } as GoNode);
      }
      values.set(found.decl, value);
    }
    return values.get(found.decl) ?? null;
  };
}

const lineStartsOf = new Map<string, number[]>();

/** Offsets of each line's start (the last text only is kept). */
function lineStarts(text: string): number[] {
  let starts = lineStartsOf.get(text);
  if (starts === undefined) {
    starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    lineStartsOf.clear();
    lineStartsOf.set(text, starts);
  }
  return starts;
}

/** The key an expression denotes (null: no part of it is known text, or too long); `constOf` reads names of string constants. */
export function keyOf(node: GoNode | undefined, hole = '*', constOf?: ConstOf): KeyText | null {
  if (node === undefined) return null;
  if (node.endIndex - node.startIndex > (hole === '*' ? 8192 : MAX_SQL_SOURCE)) return null;
  const parts: KeyText = { text: '', partial: false };
  if (node.type === 'identifier' && constOf !== undefined) {
    const value = constOf(node.text);
    if (value === null) return null;
    parts.text = value;
  } else if (!collect(node, parts, hole, 0)) return null;
  if (hole === '*') {
    parts.text = parts.text.replace(/\*{2,}/g, '*');
    if (parts.text.length > MAX_KEY_CHARS || (parts.partial && !/[\p{L}\p{N}]/u.test(parts.text.replace(/\*/g, '')))) return null;
  }
  return parts;
}

function collect(node: GoNode, into: KeyText, hole: string, depth: number): boolean {
  if (depth > 64) return false;
  if (isStringLiteral(node)) {
    into.text += literalValue(node);
    return true;
  }
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((child) => child.type !== 'comment');
    return inner !== undefined && collect(inner, into, hole, depth + 1);
  }
  if (node.type === 'binary_expression') {
    const operator = node.children.find((child) => !child.isNamed)?.type;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (operator !== '+' || left === null || right === null) return false;
    return operand(left, into, hole, depth) && operand(right, into, hole, depth);
  }
  if (node.type === 'call_expression') {
    // `fmt.Sprintf("users_%s", x)`: the format with each verb computed.
    const fn = node.childForFieldName('function');
    const args = node.childForFieldName('arguments')?.namedChildren.filter((child) => child.type !== 'comment') ?? [];
    if (fn?.text !== 'fmt.Sprintf' || !isStringLiteral(args[0])) return false;
    const format = literalValue(args[0]!).replace(/%[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z%]/g, (m) => (m === '%%' ? '%' : hole));
    if (format.includes(hole)) into.partial = true;
    into.text += format;
    return true;
  }
  return false;
}

/** An operand of `+`: a literal or a concatenation, else a computed part. */
function operand(node: GoNode, into: KeyText, hole: string, depth: number): boolean {
  if (isStringLiteral(node) || node.type === 'binary_expression' || node.type === 'parenthesized_expression' || node.type === 'call_expression') {
    const before = into.text.length;
    const saved = into.partial;
    if (collect(node, into, hole, depth + 1)) return true;
    into.text = into.text.slice(0, before);
    into.partial = saved;
  }
  if (node.type !== 'identifier' && node.type !== 'selector_expression' && node.type !== 'call_expression' && node.type !== 'index_expression') return false;
  if (!into.text.endsWith(hole)) into.text += hole;
  into.partial = true;
  return true;
}

/** Joins a prefix and a path with one `/` where they meet. */
export function joinPath(prefix: string, path: string): string {
  if (prefix === '') return path;
  if (path === '') return prefix;
  const left = prefix.endsWith('/');
  const right = path.startsWith('/');
  if (left && right) return prefix + path.slice(1);
  if (left || right) return prefix + path;
  return `${prefix}/${path}`;
}

/** The source text of a default value, one line, bounded. */
export function sourceOf(node: GoNode): string {
  const text = node.text.replace(/\s+/g, ' ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
