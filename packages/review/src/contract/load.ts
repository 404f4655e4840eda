/**
 * One side of a spec file to a dereferenced document with line positions, or the one problem
 * that stopped it (never a throw). The steps:
 *   1. source-text.ts: the 20 MB limit, then JSON or YAML to a plain value and a line lookup.
 *   2. The version: `swagger: "2.0"`, `openapi: 3.0.x` or `openapi: 3.1.x`; anything else is
 *      refused (`notASpec` when the root has neither key, so a caller can skip a file that only
 *      has "swagger" in its name).
 *   3. refs.ts: every $ref checked before dereferencing. External refs (files, URLs) are
 *      problems and are never fetched; so are local refs that point at nothing. The first one in
 *      document order is the problem, with its line, and the count of the others.
 *   4. @readme/openapi-parser's dereference(), given the parsed object (never a path or URL, so
 *      it reads no file) with external resolution off, so it has nothing to fetch either.
 *      Circular $refs are kept as cycles in the object graph (its `circular: true`): the diff
 *      compares pairs of nodes with a visited set, so it ends on them. Schema validation
 *      (validate()) is not run: it costs about a second per 6 MB, and a readable spec with a
 *      validation error is still evidence worth diffing.
 * Owns loading; the operations view is operations.ts's.
 */
import { openApiParserLibrary } from '../libraries.js';
import { isObject, type JsonObject } from './json-value.js';
import type { ContractProblem } from './model.js';
import { scanSource } from './refs.js';
import { readSourceText } from './source-text.js';

export type SpecVersion = '2.0' | '3.0' | '3.1';

export interface LoadedSpec {
  version: SpecVersion;
  /** The version as written (`2.0`, `3.0.3`, `3.1.0`). */
  versionText: string;
  /** The dereferenced document: every $ref replaced by its target; circular ones are cycles. */
  document: JsonObject;
  /**
   * Objects of the document by identity to the JSON pointer where they are written: a node
   * reached through a $ref names its target's place. Normalizing may register the objects it
   * makes (a Swagger 2.0 parameter's schema) under the place they come from.
   */
  pointers: WeakMap<object, string>;
}

export type SpecLoad =
  | { ok: true; spec: LoadedSpec; positions: (pointer: string) => number }
  | { ok: false; problem: ContractProblem; notASpec?: boolean };

function versionOf(document: JsonObject): { version: SpecVersion; text: string } | null {
  const swagger = document.swagger;
  if (swagger === '2.0' || swagger === 2) return { version: '2.0', text: '2.0' };
  const openapi = typeof document.openapi === 'string' ? document.openapi : undefined;
  if (openapi?.startsWith('3.0')) return { version: '3.0', text: openapi };
  if (openapi?.startsWith('3.1')) return { version: '3.1', text: openapi };
  return null;
}

async function dereferenced(document: JsonObject): Promise<JsonObject> {
  const parser = openApiParserLibrary();
  type Api = Parameters<typeof parser.dereference>[0];
  const result: unknown = await parser.dereference(document as unknown as Api, {
    resolve: { external: false, file: false, http: { timeout: 1, redirects: 0 } },
    dereference: { circular: true },
  });
  if (!isObject(result)) throw new Error('the dereferenced document is not an object');
  return result;
}

/** Loads one side's text of the spec at `path`; never throws. */
export async function loadSpec(path: string, text: string): Promise<SpecLoad> {
  const read = readSourceText(text);
  if (!read.ok) return { ok: false, problem: read.line === undefined ? { path, message: read.message } : { path, line: read.line, message: read.message } };
  const { value, lineOf } = read.source;
  if (!isObject(value)) return { ok: false, problem: { path, line: 1, message: 'is not an OpenAPI or Swagger document (its root is not an object)' }, notASpec: true };
  const version = versionOf(value);
  if (!version) {
    const written = value.openapi ?? value.swagger;
    const message = written === undefined
      ? 'is not an OpenAPI or Swagger document (it has no `openapi` or `swagger` field)'
      : `is an unsupported version (${JSON.stringify(written)}): Swagger 2.0, OpenAPI 3.0 and 3.1 are diffed`;
    return { ok: false, problem: { path, line: lineOf(value.openapi === undefined ? '/swagger' : '/openapi'), message }, notASpec: written === undefined };
  }
  const scan = scanSource(value);
  const problems = scan.problems.map((problem) => ({ ...problem, line: lineOf(problem.pointer) })).sort((a, b) => a.line - b.line);
  const first = problems[0];
  if (first) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more $ref problem${problems.length > 2 ? 's' : ''})` : '';
    return { ok: false, problem: { path, line: first.line, message: `${first.message} at ${first.pointer || '/'}${more}` } };
  }
  try {
    const document = await dereferenced(value);
    return { ok: true, spec: { version: version.version, versionText: version.text, document, pointers: scan.pointers }, positions: lineOf };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error);
    return { ok: false, problem: { path, line: 1, message: `could not be dereferenced (${message.slice(0, 300)})` } };
  }
}
