/**
 * Generated-file detection, decided at extraction and stored on the file record: a file is
 * generated when its path follows a code generator's naming convention (PATH_RULE) or when a
 * banner in a comment near its top says so (LINE_RULES, RUN_RULES). Pure and language-agnostic;
 * owns the patterns, while admission and ranking decide what a generated file means.
 *
 * `isGeneratedFile(path, '')` is the path-only answer: engine/rebase.ts recomputes that part when
 * cached facts move to another path, and keeps the banner part.
 *
 * The banner window is the first BANNER_LINES lines and at most BANNER_CHARS characters. Within
 * it a banner counts only on a comment line (one that begins with a comment marker) or inside a
 * block comment opened in the window; a cheap case-insensitive prefilter skips the scan for the
 * hand-written files that never mention the word. The phrase rules live at the end of this
 * module, past its own window, so that this source is not taken for a generator's output.
 */

/** The banner is searched in the first 60 lines and at most this many characters. */
const BANNER_CHARS = 8192;
const BANNER_LINES = 60;

/** True when the path names a generated/minified file or the text opens with a generated banner. */
export function isGeneratedFile(path: string, text: string): boolean {
  return PATH_RULE.test(path) || (text.length > 0 && hasBanner(text));
}

/** True when a comment in the banner window carries one of the banner phrases. */
function hasBanner(text: string): boolean {
  const window = bannerWindow(text);
  const mentions = mentionsIn(window);
  return mentions.length > 0 && scanComments(window, mentions);
}

/** The first BANNER_LINES lines of the text, cut at BANNER_CHARS characters. */
function bannerWindow(text: string): string {
  const limit = text.length < BANNER_CHARS ? text.length : BANNER_CHARS;
  let at = -1;
  for (let line = 0; line < BANNER_LINES; line++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0 || at >= limit) return limit === text.length ? text : text.slice(0, limit);
  }
  return text.slice(0, at);
}

/** The prefilter: where the window mentions the stem every banner phrase holds (usually nowhere). */
function mentionsIn(window: string): number[] {
  const found: number[] = [];
  PREFILTER.lastIndex = 0;
  for (let match = PREFILTER.exec(window); match !== null; match = PREFILTER.exec(window)) found.push(match.index);
  return found;
}

/**
 * The comment run being collected (consecutive comments with only blank lines between: one
 * header) and the next mention not yet inside a comment seen.
 */
interface Run {
  mentions: number[];
  next: number;
  start: number;
  end: number;
  mentioned: boolean;
  /** The next position of each character SPECIAL holds (cached indexOf; the window length when none). */
  special: number[];
}

/**
 * Walks the window once. A line that begins with a line-comment marker is a comment to its end;
 * a block opener at the start of a line, or after code, makes a comment up to its closer (found
 * once, however many lines later). Code lines end the run and are scanned only for what would
 * make later lines look like comments: multi-line strings (backticks, triple quotes), one-line
 * strings, trailing comments. True at the first comment that matches a banner rule.
 */
function scanComments(window: string, mentions: number[]): boolean {
  const run: Run = { mentions, next: 0, start: -1, end: -1, mentioned: false, special: [-1, -1, -1, -1, -1, -1] };
  const n = window.length;
  const last = mentions[mentions.length - 1]!;
  let pos = 0;
  while (pos < n) {
    if (pos > last && !run.mentioned) return false; // no comment from here on can mention the stem
    let lineEnd = window.indexOf('\n', pos);
    if (lineEnd < 0) lineEnd = n;
    let p = pos;
    while (p < lineEnd && isBlank(window.charCodeAt(p))) p++;
    if (p === lineEnd) { pos = lineEnd + 1; continue; } // blank: neither extends nor ends the run
    const opened = openerAt(window, p, lineEnd);
    let code = p;
    if (opened > 0) {
      const from = p + MARKER_LENGTH[opened]!;
      const closer = OPENERS[opened]!;
      if (closer === '') {
        if (comment(window, from, lineEnd, run)) return true;
        pos = lineEnd + 1;
        continue;
      }
      const close = window.indexOf(closer, from);
      if (comment(window, from, close < 0 ? n : close, run)) return true;
      if (close < 0) break;
      code = close + closer.length;
      while (code < n && isBlank(window.charCodeAt(code))) code++;
      if (code >= n || window.charCodeAt(code) === 10) { pos = code + 1; continue; }
    }
    if (endRun(window, run)) return true;
    pos = scanCode(window, code, run);
    if (pos < 0) return true;
  }
  return endRun(window, run);
}

/**
 * Scans code from `i` to the end of its line, jumping over strings and block comments that run
 * onto later lines. Returns where the next line starts, or -1 when a comment met there matched.
 */
function scanCode(window: string, i: number, run: Run): number {
  const n = window.length;
  let lineEnd = endOfLine(window, i);
  for (;;) {
    i = nextSpecial(window, i, run.special);
    if (i >= lineEnd) return lineEnd + 1;
    const ch = window.charCodeAt(i);
    let close = -1;
    if (ch === 34 /* " */ || ch === 39 /* ' */) {
      const triple = ch === 34 ? '"""' : "'''";
      if (window.startsWith(triple, i)) {
        close = window.indexOf(triple, i + 3);
        if (close < 0) return n;
        i = close + 3;
      } else {
        close = quotedEnd(window, i, lineEnd, ch);
        i = close < 0 ? (ch === 34 ? lineEnd : i + 1) : close + 1;
      }
    } else if (ch === 96 /* ` */) {
      close = backtickEnd(window, i + 1);
      if (close < 0) return n;
      i = close + 1;
    } else if (ch === 47 /* / */ && window.charCodeAt(i + 1) === 47) {
      return lineEnd + 1; // a trailing comment is not a comment line
    } else if ((ch === 47 && window.charCodeAt(i + 1) === 42 /* * */) || (ch === 60 /* < */ && window.startsWith('<!--', i))) {
      const closer = ch === 47 ? '*/' : '-->';
      const from = i + (ch === 47 ? 2 : 4);
      close = window.indexOf(closer, from);
      if (comment(window, from, close < 0 ? n : close, run)) return -1;
      if (close < 0) return n;
      i = close + closer.length;
    } else if (ch === 35 /* # */ && isBlank(window.charCodeAt(i - 1))) {
      return lineEnd + 1;
    } else {
      i++;
    }
    if (i > lineEnd) lineEnd = endOfLine(window, i);
  }
}

/** The characters code scanning stops at; everything else is skipped with indexOf. */
const SPECIAL = ['"', "'", '`', '/', '<', '#'];

/** The first position at or after `i` holding one of SPECIAL (the window length when none). */
function nextSpecial(window: string, i: number, cache: number[]): number {
  let nearest = window.length;
  for (let k = 0; k < SPECIAL.length; k++) {
    let at = cache[k]!;
    if (at < i) {
      at = window.indexOf(SPECIAL[k]!, i);
      cache[k] = at = at < 0 ? window.length : at;
    }
    if (at < nearest) nearest = at;
  }
  return nearest;
}

/** A comment's text [from, to): extends the run and tests the lines that mention the stem. */
function comment(window: string, from: number, to: number, run: Run): boolean {
  if (run.start < 0) run.start = from;
  run.end = to;
  const mentions = run.mentions;
  while (run.next < mentions.length && mentions[run.next]! < from) run.next++;
  let tested = -1; // the end of the line last tested: later mentions on it are skipped
  while (run.next < mentions.length && mentions[run.next]! < to) {
    const at = mentions[run.next++]!;
    run.mentioned = true;
    if (at < tested) continue;
    let start = window.lastIndexOf('\n', at) + 1;
    if (start < from) start = from;
    let end = window.indexOf('\n', at);
    if (end < 0 || end > to) end = to;
    tested = end;
    const text = trimCloser(window.slice(start, end).replace(LEADING_DECORATION, '').trimEnd());
    for (const rule of LINE_RULES) if (rule.test(text)) return true;
  }
  return false;
}

/** Tests the finished comment run with the rules that may span its lines, then clears it. */
function endRun(window: string, run: Run): boolean {
  let hit = false;
  if (run.mentioned) {
    const text = window.slice(run.start, run.end);
    if (PROHIBITION.test(text)) {
      for (const rule of RUN_RULES) if (rule.test(text)) { hit = true; break; }
    }
  }
  run.start = -1;
  run.end = -1;
  run.mentioned = false;
  return hit;
}

/**
 * The comment marker opening the line at `p`: an index into OPENERS (0 = none). A line that
 * starts with a whole single-quoted literal (`'text',`) is code, not a `'` comment.
 */
function openerAt(window: string, p: number, lineEnd: number): number {
  const ch = window.charCodeAt(p);
  const next = window.charCodeAt(p + 1);
  switch (ch) {
    case 47: /* / */ return next === 42 ? 1 : next === 47 ? 7 : 0;
    case 60: /* < */ return window.startsWith('<!--', p) ? 2 : next === 35 ? 6 : 0;
    case 34: /* " */ return window.startsWith('"""', p) ? 3 : 0;
    case 39: /* ' */ return window.startsWith("'''", p) ? 4 : quotedLine(window, p, lineEnd) ? 0 : 8;
    case 61: /* = */ return window.startsWith('=begin', p) ? 5 : 0;
    case 35: /* # */ return 9;
    case 45: /* - */ return next === 45 ? 10 : 0;
    case 59: /* ; */ return 11;
    case 37: /* % */ return 12;
    case 40: /* ( */ return next === 42 ? 13 : 0;
    case 123: /* { */ return next === 45 ? 14 : 0;
    case 114: case 82: /* r R */ return isRem(window, p, lineEnd) ? 15 : 0;
    default: return 0;
  }
}

/** Closers by opener index ('' for a line comment) and the opener lengths. */
const OPENERS: readonly string[] = ['', '*/', '-->', '"""', "'''", '=end', '#>', '', '', '', '', '', '', '', '', ''];
const MARKER_LENGTH: readonly number[] = [0, 2, 4, 3, 3, 6, 2, 2, 1, 1, 2, 1, 1, 2, 2, 3];

/** `rem` (batch files) as a whole word, any case. */
function isRem(window: string, p: number, lineEnd: number): boolean {
  return (window.charCodeAt(p + 1) | 32) === 101 && (window.charCodeAt(p + 2) | 32) === 109 && (p + 3 === lineEnd || isBlank(window.charCodeAt(p + 3)));
}

/** True when the line from the quote at `p` ends with a closing quote and list/statement punctuation. */
function quotedLine(window: string, p: number, lineEnd: number): boolean {
  let i = lineEnd - 1;
  while (i > p && (isBlank(window.charCodeAt(i)) || ',;:)]}+'.includes(window[i]!))) i--;
  return i > p && window.charCodeAt(i) === 39;
}

/** The index of the quote closing a one-line string opened at `start`, or -1. */
function quotedEnd(window: string, start: number, lineEnd: number, quote: number): number {
  for (let i = start + 1; i < lineEnd; i++) {
    const ch = window.charCodeAt(i);
    if (ch === 92 /* \ */) i++;
    else if (ch === quote) return i;
  }
  return -1;
}

/** The index of the backtick closing a template or raw string (escapes skipped), or -1. */
function backtickEnd(window: string, from: number): number {
  for (let i = from; i < window.length; i++) {
    const ch = window.charCodeAt(i);
    if (ch === 92 /* \ */) i++;
    else if (ch === 96) return i;
  }
  return -1;
}

function endOfLine(window: string, i: number): number {
  const end = window.indexOf('\n', i);
  return end < 0 ? window.length : end;
}

/** Space, tab or carriage return. */
function isBlank(ch: number): boolean {
  return ch === 32 || ch === 9 || ch === 13;
}

/** Comment markers and decoration before a comment's text. */
const LEADING_DECORATION = /^[\s*/!#;%'=-]+/;

/** The text without a trailing Pascal `*)` or Haskell `-}` closer of a one-line comment. */
function trimCloser(text: string): string {
  return text.endsWith('*)') || text.endsWith('-}') ? text.slice(0, -2).trimEnd() : text;
}

/**
 * The path rule: generators' file-name conventions. Protocol Buffers and gRPC (Go, Python, JS/TS,
 * Dart, C++, Swift, Objective-C, Ruby), grpc-gateway, Kubernetes deepcopy, Dart build_runner
 * (json_serializable, freezed, auto_route, mockito), .NET designer and XAML files, `.generated.*`,
 * ANTLR-style `.g.ts`, and minified bundles.
 */
const PATH_RULE = new RegExp(
  '(?:' + [
    String.raw`\.pb(?:\.gw|\.validate)?\.go`, // x.pb.go, x_grpc.pb.go, x.pb.gw.go
    String.raw`(?:^|/)zz_generated[^/]*\.go`,
    String.raw`_pb2(?:_grpc)?\.pyi?`,
    String.raw`_(?:grpc_)?pb\.(?:[cm]?js|d\.ts|ts)`,
    String.raw`_(?:services_)?pb\.rb`,
    String.raw`\.pb\.(?:h|cc|swift)`,
    String.raw`\.pbobjc\.[hm]`,
    String.raw`\.(?:pb|pbenum|pbjson|pbgrpc|pbserver|g|freezed|gr|mocks)\.dart`,
    String.raw`\.g(?:\.i)?\.cs`,
    String.raw`\.designer\.(?:cs|vb)`,
    String.raw`\.g\.[cm]?tsx?`,
    String.raw`\.generated\.[a-z0-9]+`,
    String.raw`\.min\.(?:[cm]?js|css)`,
  ].join('|') + ')$',
  'i',
);

/** The prefilter over the window (global: mentionsIn lists every place): every banner phrase holds it. */
const PREFILTER = /generat/gi;

/**
 * Banner phrases tested on each comment line (its text without the comment marker):
 * - Go's convention (go.dev/s/generatedcode), any case: "Code generated by X. DO NOT EDIT."
 *   (also "This is code generated by Prisma. Do not edit directly.");
 * - the `@generated` marker (Relay, Thrift, Hack, Buck), not inside an address (foo@generated,
 *   @generated.example) nor doubled (@@generated);
 * - .NET's `<auto-generated>` / `<auto-generated />` element;
 * - "Generated by Wrangler by running `wrangler types`": the tool named and the command given;
 * - "GENERATED CODE -- DO NOT EDIT!" (protoc-gen-js, grpc-tools), "AUTO-GENERATED FILE. DO NOT
 *   MODIFY." (aapt): only punctuation between the two halves;
 * - a comment that opens with "(This file was) (automatically) generated by|from <tool> <version>"
 *   and ends with the version: "automatically generated by rust-bindgen 0.69.4", "Generated from
 *   Expr.g4 by ANTLR 4.13.1", "Autogenerated by Thrift Compiler (0.16.0)".
 */
const LINE_RULES: readonly RegExp[] = [
  /\bcode\s+generated\b.*\bdo\s+not\s+edit\b/i,
  /(?<![\w@])@generated\b(?![.-]\w)/,
  /<auto-?generated\b/i,
  /\bgenerated\s+by\s+\S.{0,80}?\bby\s+running\s+\S/i,
  /generated\s+(?:code|file|source)\b[\s:.,;!\-\u2013\u2014]*\bdo\s+not\s+(?:edit|modify|change)\b/i,
  /^(?:(?:this|the)\s+(?:file|code|source|module|class)\s+(?:is|was|has\s+been)\s+)?(?:auto(?:matically)?[- ]?)?generated\s+(?:by|from)\s+\S.{0,120}?\bv?\d+(?:\.\d+)+\)?[.!]?$/i,
];

/**
 * Banner phrases tested on a whole comment run, since their halves often sit on different lines
 * of one header: "(automatically) generated by|from|with ... do not edit|modify|change" (protoc
 * "Generated by the protocol buffer compiler.  DO NOT EDIT!", FlatBuffers, OpenAPI Generator,
 * Thrift), in either order (protoc-gen-swift opens with the prohibition). The bare phrase
 * without the prohibition is prose ("the table is automatically generated at runtime").
 */
const PROHIBITION = /\bdo\s+not\s+(?:edit|modify|change)\b/i;
const RUN_RULES: readonly RegExp[] = [
  /generated\s+(?:by|from|with)\b[\s\S]{0,400}?\bdo\s+not\s+(?:edit|modify|change)\b/i,
  /\bdo\s+not\s+(?:edit|modify|change)\b[\s\S]{0,400}?generated\s+(?:by|from|with)\b/i,
];
