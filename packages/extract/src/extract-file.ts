/**
 * One file in, FileFacts out, with the language extractors the caller hands over: decoding
 * (./decode.ts), the generated flag (./generated.ts), line positions, and the hand-off to the
 * walker of the file's language. The package entry hands over every extractor; the extraction
 * worker only those its files need (./lazy-extractors.ts). Never throws: bad input and internal
 * failures come back as facts plus diagnostics.
 */
import type { Diagnostic, FileFacts, MountFact, SurfaceFact } from '@repograph/core';
import { isSyntaxLanguage } from '@repograph/core';
import { decodeSource } from './decode.js';
import { EXTRACTOR_VERSION } from './facts-version.js';
import { isGeneratedFile } from './generated.js';
import { languageOfPath } from './language-of-path.js';
import { LineTable } from './positions.js';
import type { extractJsText } from './js/extract.js';
import type { extractPythonText } from './python/extract.js';
import type { extractGoText } from './go/extract.js';
import type { extractJavaText } from './java/extract.js';
import type { extractSyntaxText } from './syntax/extract.js';

/** Timings of one extraction, for benchmarks. */
export interface ExtractTimings {
  parseMs: number;
  walkMs: number;
}

/** The walkers, by the family of languages each reads (absent: not loaded). */
export interface LanguageExtractors {
  js?: typeof extractJsText;
  python?: typeof extractPythonText;
  go?: typeof extractGoText;
  java?: typeof extractJavaText;
  syntax?: typeof extractSyntaxText;
}

/**
 * Extracts one file with the extractors given (the one its language needs must be there), also
 * returning how long parsing and walking took. Never throws.
 */
export function extractWith(extractors: LanguageExtractors, path: string, bytes: Uint8Array): { facts: FileFacts; timings: ExtractTimings } {
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
      Object.assign(timings, loaded(extractors.go, 'go')(path, text, lines, facts));
      return { facts, timings };
    }
    if (isSyntaxLanguage(language)) {
      Object.assign(timings, loaded(extractors.syntax, 'syntax')(path, language, text, lines, facts));
      return { facts, timings };
    }
    if (language === 'java') {
      Object.assign(timings, loaded(extractors.java, 'java')(path, text, lines, facts));
      return { facts, timings };
    }
    const extracted = language === 'python' ? loaded(extractors.python, 'python')(path, text, lines) : loaded(extractors.js, 'js')(path, language, text, lines);
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

/** The extractor a file needs; a missing one is a bug of the caller, reported as the file's failure. */
function loaded<T>(extractor: T | undefined, family: keyof LanguageExtractors): T {
  if (extractor === undefined) throw new Error(`the ${family} extractor was not loaded`);
  return extractor;
}

function failure(path: string, message: string): Diagnostic {
  return { code: 'extractor_failure', severity: 'error', path, message };
}
