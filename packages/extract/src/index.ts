/**
 * @repograph/extract: one file in, FileFacts out, for TypeScript, TSX, JavaScript, Python, Go,
 * Java and the syntax tier. The dispatch (decoding, the generated flag, the choice of walker by file
 * name) is ./extract-file.ts's; the walkers are js/ for the JavaScript family, python/, go/, java/,
 * syntax/. The code every walker shares (records, finishing, fingerprints, positions, grammars)
 * sits beside this file. Pure and total: extraction never throws; bad input (binary, invalid
 * UTF-8, syntax errors, internal failures) comes back as facts plus diagnostics.
 *
 * Three ways in, each loading only what it needs:
 * - this entry, what a host driving extraction needs on its own thread: EXTRACTOR_VERSION,
 *   languageOfPath, isGeneratedFile. It loads no walker: the daemon's main thread never parses,
 *   and the walkers are ~100 modules (~60 ms of a daemon's start to compile, and the background
 *   compiler's time after it). Packages import this entry only (DESIGN.md).
 * - `./worker`, the file piscina runs in each extraction worker (./worker.ts), which loads only
 *   the walkers its files need.
 * - `./in-process` (./in-process.ts): extractFile and extractFileTimed on the caller's own
 *   thread, with every walker, for tests and tools.
 * Everything else in this package is internal.
 */
export { isGeneratedFile } from './generated.js';
export { EXTRACTOR_VERSION } from './facts-version.js';
export { languageOfPath } from './language-of-path.js';
export type { ExtractTimings } from './extract-file.js';
