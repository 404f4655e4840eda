/**
 * @repograph/extract: one file in, FileFacts out, for TypeScript, TSX, JavaScript, Python and Go.
 * Owns the dispatch: decoding (./decode.ts), the generated flag (./generated.ts), and the choice
 * of walker by file name: js/ for the JavaScript family, python/, go/; the code every walker
 * shares (records, finishing, fingerprints, positions, grammars) sits beside this file. Pure and
 * total: `extractFile` never throws; bad input (binary, invalid UTF-8, syntax errors, internal
 * failures) comes back as facts plus diagnostics. The piscina worker entry is `./worker.js`.
 *
 * Public: EXTRACTOR_VERSION, languageOfPath, extractFile, isGeneratedFile (and extractFileTimed
 * for benchmarks). Everything else in this package is internal.
 */
import type { Diagnostic, FileFacts, LanguageId, MountFact, SurfaceFact } from '@repograph/core';
import { decodeSource } from './decode.js';
import { isGeneratedFile } from './generated.js';
import { extractJsText } from './js/extract.js';
import { LineTable } from './positions.js';
import { extractPythonText } from './python/extract.js';
import { extractGoText } from './go/extract.js';
import { extractSyntaxText } from './syntax/extract.js';
import { syntaxLanguageOfExtension } from './syntax/languages.js';
import { isSyntaxLanguage } from '@repograph/core';
import { extractJavaText } from './java/extract.js';

export { isGeneratedFile };

/**
 * Version of the facts this package produces. Bump it whenever the same input would produce
 * different FileFacts (a new field, a fixed bug, a changed hash or signature format): the store
 * caches facts by (blob id, extractor version), so a bump re-extracts every file. Do not bump for
 * refactors, performance work or comments that leave every output byte-identical (the snapshot
 * tests in test/extract/ tell).
 */
export const EXTRACTOR_VERSION = 12;

/** The language of a path by extension (`.d.ts` is TypeScript), or null when not JS/TS. */
export function languageOfPath(path: string): LanguageId | null {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  switch (path.slice(dot + 1).toLowerCase()) {
    case 'ts': case 'mts': case 'cts': return 'typescript';
    case 'tsx': return 'tsx';
    case 'js': case 'jsx': case 'mjs': case 'cjs': return 'javascript';
    case 'py': case 'pyi': return 'python';
    case 'go': return 'go';
    case 'java': return 'java';
    default: return syntaxLanguageOfExtension(path.slice(dot + 1).toLowerCase());
  }
}

/** Timings of one extraction, for benchmarks. */
export interface ExtractTimings {
  parseMs: number;
  walkMs: number;
}

/** Extracts the facts of one file. Never throws. */
export function extractFile(path: string, bytes: Uint8Array): FileFacts {
  return extractFileTimed(path, bytes).facts;
}

/** extractFile, also returning how long parsing and walking took. Never throws. */
export function extractFileTimed(path: string, bytes: Uint8Array): { facts: FileFacts; timings: ExtractTimings } {
  const language = languageOfPath(path);
  const facts: FileFacts = {
    path,
    language: language ?? 'typescript',
    extractorVersion: EXTRACTOR_VERSION,
    generated: false,
    partial: false,
    lineCount: 0,
    declarations: [],
    imports: [],
    exports: [],
    references: [],
    diagnostics: [],
  };
  const timings: ExtractTimings = { parseMs: 0, walkMs: 0 };
  try {
    if (language === null) {
      facts.diagnostics.push(failure(path, `No JavaScript/TypeScript extractor for this file name; expected .ts, .tsx, .js, .jsx, .mjs, .cjs, .mts or .cts.`));
      return { facts, timings };
    }
    const decoded = decodeSource(bytes);
    if (decoded.kind === 'binary') {
      facts.generated = isGeneratedFile(path, '');
      facts.diagnostics.push({
        code: 'binary_file', severity: 'warning', path,
        message: 'The file has a NUL byte in its first 8 KiB and was not parsed; exclude it or fix its encoding.',
      });
      return { facts, timings };
    }
    if (decoded.invalidUtf8) {
      facts.diagnostics.push({
        code: 'invalid_utf8', severity: 'warning', path,
        message: 'The file is not valid UTF-8; invalid bytes were replaced with U+FFFD before parsing.',
      });
    }
    const text = decoded.text;
    const lines = new LineTable(text);
    facts.generated = isGeneratedFile(path, text);
    facts.lineCount = lines.lineCount(text.length);
    if (language === 'go') {
      Object.assign(timings, extractGoText(path, text, lines, facts));
      return { facts, timings };
    }
    if (isSyntaxLanguage(language)) {
      Object.assign(timings, extractSyntaxText(path, language, text, lines, facts));
      return { facts, timings };
    }
    if (language === 'java') {
      Object.assign(timings, extractJavaText(path, text, lines, facts));
      return { facts, timings };
    }
    const extracted = language === 'python' ? extractPythonText(path, text, lines) : extractJsText(path, language, text, lines);
    facts.partial = extracted.partial;
    facts.declarations = extracted.declarations;
    facts.imports = extracted.imports;
    facts.exports = extracted.exports;
    facts.references = extracted.references;
    // Architecture facts (issue 17), where the walker found any.
    const architecture = extracted as { surfaces?: SurfaceFact[]; mounts?: MountFact[] };
    if (architecture.surfaces !== undefined && architecture.surfaces.length > 0) facts.surfaces = architecture.surfaces;
    if (architecture.mounts !== undefined && architecture.mounts.length > 0) facts.mounts = architecture.mounts;
    facts.diagnostics.push(...extracted.diagnostics);
    timings.parseMs = extracted.parseMs;
    timings.walkMs = extracted.walkMs;
  } catch (error) {
    facts.partial = true;
    facts.declarations = [];
    facts.imports = [];
    facts.exports = [];
    facts.references = [];
    delete facts.surfaces;
    delete facts.mounts;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    facts.diagnostics.push(failure(path, `The extractor failed on this file (${reason}); its facts are empty. Please report it with the file.`));
  }
  return { facts, timings };
}

function failure(path: string, message: string): Diagnostic {
  return { code: 'extractor_failure', severity: 'error', path, message };
}
