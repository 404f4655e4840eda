/**
 * @repograph/extract: one file in, FileFacts out, for TypeScript, TSX, JavaScript, Python, Go,
 * Java and the syntax tier. The dispatch (decoding, the generated flag, the choice of walker by file
 * name) is ./extract-file.ts's; this entry hands it every walker: js/ for the JavaScript family,
 * python/, go/, java/, syntax/. The code every walker shares (records, finishing, fingerprints,
 * positions, grammars) sits beside this file. Pure and total: `extractFile` never throws; bad
 * input (binary, invalid UTF-8, syntax errors, internal failures) comes back as facts plus
 * diagnostics. The piscina worker entry is `./worker.js`, which loads only the walkers its files
 * need.
 *
 * Public: EXTRACTOR_VERSION, languageOfPath, extractFile, isGeneratedFile (and extractFileTimed
 * for benchmarks). Everything else in this package is internal.
 */
import type { FileFacts } from '@repograph/core';
import { extractWith } from './extract-file.js';
import type { ExtractTimings, LanguageExtractors } from './extract-file.js';
import { extractJsText } from './js/extract.js';
import { extractPythonText } from './python/extract.js';
import { extractGoText } from './go/extract.js';
import { extractSyntaxText } from './syntax/extract.js';
import { extractJavaText } from './java/extract.js';

export { isGeneratedFile } from './generated.js';
export { EXTRACTOR_VERSION } from './facts-version.js';
export { languageOfPath } from './language-of-path.js';
export type { ExtractTimings } from './extract-file.js';

const EVERY_EXTRACTOR: LanguageExtractors = {
  js: extractJsText, python: extractPythonText, go: extractGoText, java: extractJavaText, syntax: extractSyntaxText,
};

/** Extracts the facts of one file. Never throws. */
export function extractFile(path: string, bytes: Uint8Array): FileFacts {
  return extractWith(EVERY_EXTRACTOR, path, bytes).facts;
}

/** extractFile, also returning how long parsing and walking took. Never throws. */
export function extractFileTimed(path: string, bytes: Uint8Array): { facts: FileFacts; timings: ExtractTimings } {
  return extractWith(EVERY_EXTRACTOR, path, bytes);
}
