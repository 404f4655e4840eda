/**
 * Extraction on the caller's own thread, every walker loaded: extractFile, and extractFileTimed
 * for benchmarks (`@repograph/extract/in-process`). For tests and tools; the daemon extracts in
 * its worker pool (./worker.ts), and its main thread loads only the package entry (./index.ts),
 * so none of these walkers.
 */
import type { FileFacts } from '@repograph/core';
import { extractWith, type ExtractTimings, type LanguageExtractors } from './extract-file.js';
import { extractJsText } from './js/extract.js';
import { extractPythonText } from './python/extract.js';
import { extractGoText } from './go/extract.js';
import { extractSyntaxText } from './syntax/extract.js';
import { extractJavaText } from './java/extract.js';

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
