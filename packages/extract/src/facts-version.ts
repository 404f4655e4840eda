/**
 * Version of the facts this package produces (in a module of its own so that the extraction
 * worker stamps facts without loading every walker; the package entry re-exports it). Bump it
 * whenever the same input would produce different FileFacts (a new field, a fixed bug, a changed
 * hash or signature format): the store caches facts by (blob id, extractor version), so a bump
 * re-extracts every file. Do not bump for refactors, performance work or comments that leave
 * every output byte-identical (the snapshot tests in test/extract/ tell).
 */
export const EXTRACTOR_VERSION = 15;
