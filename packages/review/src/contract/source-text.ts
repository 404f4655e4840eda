/**
 * One side's text of a spec to a plain value and a line lookup by JSON pointer, never throwing:
 *   - The size limit comes first: over SPEC_SIZE_LIMIT_BYTES (20 MB, UTF-8) the text is refused
 *     with a message naming the limit, before any parsing. GitHub's own description is about
 *     10 MB; the `yaml` parser reads about 1.7 MB of YAML a second (measured: 5.1 MB in 3.0 s),
 *     so a 20 MB YAML spec already costs about 12 s a side.
 *   - A text that starts with `{` or `[` is read by JSON.parse, and its positions by the scanner
 *     of json-lines.ts, built on the first lookup. JSON.parse refusing it, it goes on as YAML
 *     (JSON is YAML), which either reads it or says on which line it fails.
 *   - YAML is read by the `yaml` library (YAML 1.2 core schema, `<<` merge keys on, unique keys
 *     required, at most 10,000 alias expansions); its first error is the problem, with its line.
 * Owns the reading; what the value means is load.ts's.
 */
import { yamlLibrary } from '../libraries.js';
import { buildJsonLineTree, lineInTree, type LineNode } from './json-lines.js';
import { splitPointer } from './pointer.js';
import { yamlLineLookup } from './yaml-lines.js';

/** The size limit of one side of a spec, in UTF-8 bytes (decimal megabytes). */
export const SPEC_SIZE_LIMIT_BYTES = 20_000_000;

export interface SourceText {
  value: unknown;
  /** The 1-based line of a JSON pointer in the text (the nearest ancestor's when it has none). */
  lineOf(pointer: string): number;
}

export type SourceOutcome = { ok: true; source: SourceText } | { ok: false; message: string; line?: number };

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function readJson(text: string): SourceOutcome | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  let tree: LineNode | undefined;
  const lineOf = (pointer: string): number => {
    try {
      tree ??= buildJsonLineTree(text);
    } catch {
      tree = { line: 1, children: null };
    }
    return lineInTree(tree, splitPointer(pointer));
  };
  return { ok: true, source: { value, lineOf } };
}

function readYaml(text: string): SourceOutcome {
  const { LineCounter, parseDocument } = yamlLibrary();
  const lineCounter = new LineCounter();
  // yaml's own duplicate-key check compares every key of a map with every other (a 3,000-path
  // spec took seconds), so keys are checked here, once each.
  const document = parseDocument(text, { lineCounter, merge: true, uniqueKeys: false, prettyErrors: true });
  const duplicate = firstDuplicateKey(document, lineCounter);
  if (duplicate) return { ok: false, message: `is not valid YAML or JSON (the map key "${duplicate.key}" appears twice)`, line: duplicate.line };
  const error = document.errors[0];
  if (error) {
    const summary = (error.message.split('\n')[0] ?? error.message).replace(/:$/, '');
    const line = error.linePos?.[0]?.line;
    const message = `is not valid YAML or JSON (${summary})`;
    return line === undefined ? { ok: false, message } : { ok: false, message, line };
  }
  const value: unknown = document.toJS({ maxAliasCount: 10_000 });
  const lookup = yamlLineLookup(document, lineCounter);
  return { ok: true, source: { value, lineOf: (pointer) => lookup(splitPointer(pointer)) } };
}

/** The first map key written twice in its map (in document order), with its line. */
function firstDuplicateKey(document: ReturnType<ReturnType<typeof yamlLibrary>['parseDocument']>, lineCounter: InstanceType<ReturnType<typeof yamlLibrary>['LineCounter']>): { key: string; line: number } | null {
  const { visit, isScalar } = yamlLibrary();
  let found: { key: string; line: number } | null = null;
  visit(document, {
    Map(_key, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        if (name === '<<') continue;
        if (seen.has(name)) {
          found = { key: name, line: lineCounter.linePos(pair.key.range?.[0] ?? 0).line };
          return visit.BREAK;
        }
        seen.add(name);
      }
      return undefined;
    },
  });
  return found;
}

/** Reads one side's text; never throws. */
export function readSourceText(text: string): SourceOutcome {
  if (text.length * 3 > SPEC_SIZE_LIMIT_BYTES) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > SPEC_SIZE_LIMIT_BYTES) {
      return { ok: false, message: `is ${megabytes(bytes)}, over the ${megabytes(SPEC_SIZE_LIMIT_BYTES)} limit for API specs; it was not parsed` };
    }
  }
  try {
    const start = /\S/.exec(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)?.[0];
    if (start === '{' || start === '[') {
      const json = readJson(text);
      if (json) return json;
    }
    return readYaml(text);
  } catch (error) {
    return { ok: false, message: `could not be read (${error instanceof Error ? error.message : String(error)})` };
  }
}
